// "Forgot password?" (docs/dashboard.md "Password links"). The answer is the same for every well-formed address,
// known or not, and comes before any mail is sent, so neither its words nor its timing tell whether somebody signs
// in with that address. Requests are counted per client address and per e-mail address before anything is looked
// up: a stranger cannot flood a person's inbox, nor probe addresses fast.
import { z } from "zod";
import { db } from "../../db/client";
import { log } from "../../log";
import { mailer, recipientTag } from "../../mail/mailer";
import { rateLimiter, type RateLimit } from "../../security/rate-limit";
import { isServiceUserEmail } from "./service-users";
import { parseInput } from "../parse-input";
import { passwordResetMail } from "./user-link-mails";
import { issueUserLink } from "./user-links";
import { ZEmail } from "./users.schema";

export const PASSWORD_RESET_IP_RATE_LIMIT: RateLimit = { name: "password-reset-ip", points: 10, duration: 15 * 60 };
export const PASSWORD_RESET_EMAIL_RATE_LIMIT: RateLimit = { name: "password-reset-email", points: 3, duration: 60 * 60 };

/** what the form says after every accepted request */
export const PASSWORD_RESET_ANSWER =
  "If that address signs in to Fleetline, a link to choose a new password is on its way to it. The link works for an hour.";

const perAddress = rateLimiter(PASSWORD_RESET_IP_RATE_LIMIT);
const perEmail = rateLimiter(PASSWORD_RESET_EMAIL_RATE_LIMIT);

const ZRequest = z.object({ email: ZEmail });

/**
 * Counts the request (RateLimitedError over a budget), then answers at once. `sent` settles when the e-mail, if any,
 * is out: true when a link was mailed. Callers answering a browser do not wait for it.
 */
export async function requestPasswordReset(input: { email: unknown; addressKey: string; now?: Date }): Promise<{ sent: Promise<boolean> }> {
  const { email } = parseInput(ZRequest, { email: input.email });
  await perAddress.consume(input.addressKey);
  await perEmail.consume(email);
  const sent = mailResetLink(email, input.now).catch((error: unknown) => {
    log("users").error({ err: error, recipient: recipientTag(email) }, "password reset e-mail failed");
    return false;
  });
  return { sent };
}

async function mailResetLink(email: string, now?: Date): Promise<boolean> {
  // service users act for API clients; their addresses receive nothing
  if (isServiceUserEmail(email)) return false;
  const user = await db().user.findUnique({ where: { email }, select: { id: true } });
  if (!user) return false;
  const { token } = await issueUserLink({ userId: user.id, purpose: "password_reset", now });
  await mailer().send(passwordResetMail({ to: email, token }));
  log("users").info({ userId: user.id }, "password reset link mailed");
  return true;
}
