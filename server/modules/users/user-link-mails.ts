// The e-mails that carry a person's one-time links, and the note an existing user gets when an account invites them.
// The token is only in the body, never in the subject (mailer.ts keeps bodies out of logs).
import type { MailMessage } from "../../mail/mailer";
import { env } from "../../env";
import type { Role } from "./roles";
import { USER_LINK_LIFETIME_MS, userLinkUrl } from "./user-links";

const ROLE_WORDS: Record<Role, string> = { admin: "an admin", fleet_manager: "a fleet manager", office_staff: "office staff", viewer: "a viewer" };

export function passwordResetMail(input: { to: string; token: string }): MailMessage {
  const minutes = USER_LINK_LIFETIME_MS.password_reset / 60_000;
  return {
    to: input.to,
    subject: "Reset your Fleetline password",
    text: [
      "Somebody (we hope you) asked to reset the password of your Fleetline sign-in.",
      "",
      `Choose a new password here within ${minutes} minutes: ${userLinkUrl(input.token)}`,
      "",
      "The link works once. Using it signs you out on every browser and device.",
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
      "",
      "Fleetline",
      "",
    ].join("\n"),
  };
}

export function welcomeMail(input: { to: string; token: string; name: string; accountName: string; role: Role; invitedBy: string | null }): MailMessage {
  const days = USER_LINK_LIFETIME_MS.welcome / 86_400_000;
  const by = input.invitedBy ? `${input.invitedBy} added you` : "You were added";
  return {
    to: input.to,
    subject: `You're invited to ${input.accountName} on Fleetline`,
    text: [
      `Hello ${input.name},`,
      "",
      `${by} to ${input.accountName} on Fleetline as ${ROLE_WORDS[input.role]}.`,
      "",
      `Choose your password here within ${days} days, then sign in with this e-mail address: ${userLinkUrl(input.token)}`,
      "",
      "The link works once. If it has expired, ask for a new one on the sign-in page (Forgot password?).",
      "",
      "Fleetline",
      "",
    ].join("\n"),
  };
}

/** An existing user invited to one more account: they accept in the dashboard, no link needed. */
export function accountInvitationMail(input: { to: string; accountName: string; role: Role; invitedBy: string | null }): MailMessage {
  const by = input.invitedBy ? `${input.invitedBy} invites you` : "You are invited";
  return {
    to: input.to,
    subject: `You're invited to ${input.accountName} on Fleetline`,
    text: [
      `${by} to join ${input.accountName} on Fleetline as ${ROLE_WORDS[input.role]}.`,
      "",
      `Sign in as usual to accept or decline: ${new URL("/sign-in", env().PUBLIC_URL).toString()}`,
      "",
      "Fleetline",
      "",
    ].join("\n"),
  };
}
