// The two e-mails of access requests: the team hears of a new request (at the account's contact address, when it
// has one), and an approved requester gets the link's address. A rejection sends nothing: the address was typed by
// whoever asked, and silence is the kinder answer to a stranger. Nothing a viewer typed goes into a subject line.
import { env } from "../../env";
import type { MailMessage } from "../../mail/mailer";
import { effectiveBranding, linkUrl, type LinkRecord } from "../tracking-links/link-record";

export function newRequestMail(input: {
  to: string;
  accountKey: string;
  link: { displayName: string };
  request: { email: string; name: string | null; message: string | null };
}): MailMessage {
  const { request } = input;
  const lines = [
    `Someone asks to follow "${input.link.displayName}".`,
    "",
    `E-mail: ${request.email}`,
    ...(request.name ? [`Name: ${request.name}`] : []),
    ...(request.message ? ["Message:", request.message] : []),
    "",
    `Approve or reject it in the dashboard: ${env().PUBLIC_URL}/a/${input.accountKey}/access-requests`,
    "",
    "Fleetline",
  ];
  return { to: input.to, subject: `Access request for ${input.link.displayName}`, text: `${lines.join("\n")}\n` };
}

export function approvedMail(link: LinkRecord, to: string): MailMessage {
  const sender = effectiveBranding(link).companyName ?? "Fleetline";
  return {
    to,
    subject: `You can now follow ${link.displayName}`,
    text:
      `Your request to follow "${link.displayName}" has been approved.\n\n` +
      `Open ${linkUrl(link.uuid)} and enter ${to}: a 6-digit code will be sent to this address to let you in.\n\n` +
      `${sender}\n`,
  };
}
