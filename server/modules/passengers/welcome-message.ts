// The welcome message a passenger's contact receives (send-welcome): friendly, from the account's company, naming the
// route, with the passenger's own link and how to stop messages. The e-mail has room for the whole story; the text
// message says the same in two SMS segments or so.
import type { MailMessage } from "../../mail/mailer";
import { STOP_MESSAGES_LABEL } from "./passengers.schema";

export interface WelcomeFacts {
  /** the account's company name (its branding, else the account's name) */
  company: string;
  route: string;
  passengerName: string;
  /** who receives it, when the import named them */
  contactName: string | null;
  url: string;
  /** the account's published contact details, for questions */
  contactPhone: string | null;
  contactEmail: string | null;
}

export function welcomeEmail(to: string, facts: WelcomeFacts): MailMessage {
  const questions = [facts.contactPhone, facts.contactEmail].filter(Boolean).join(" or ");
  const text = [
    facts.contactName ? `Hello ${facts.contactName},` : "Hello,",
    "",
    `${facts.company} now shows the live position of the vehicle on ${facts.route} for ${facts.passengerName}. ` +
      "Open this link on your phone to see where the vehicle is and how far away it is:",
    "",
    facts.url,
    "",
    "The link is yours: anyone who has it can follow the vehicle, so please keep it to yourself.",
    "",
    `To stop these messages, open the link and choose "${STOP_MESSAGES_LABEL}" at the bottom of the page.`,
    ...(questions ? ["", `Questions? Contact us at ${questions}.`] : []),
    "",
    facts.company,
  ].join("\n");
  return { to, subject: `${facts.company}: follow ${facts.route} live`, text };
}

/** names are cut so that a long route name cannot push the link out of a short message */
const SMS_NAME_LENGTH = 60;

export function welcomeSms(facts: WelcomeFacts): string {
  const cut = (text: string) => (text.length > SMS_NAME_LENGTH ? `${text.slice(0, SMS_NAME_LENGTH - 1)}…` : text);
  return (
    `${cut(facts.company)}: follow ${cut(facts.route)} for ${cut(facts.passengerName)} live: ${facts.url} ` +
    `To stop messages, open the link and tap "${STOP_MESSAGES_LABEL}".`
  );
}
