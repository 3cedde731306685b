// Dashboard sign-in budgets (security review finding 8): each attempt costs an argon2 verify, so attempts are counted
// per client address and per e-mail address before the password is looked at. Over either budget the attempt is
// refused without hashing; the form says to wait. A successful sign-in gives its attempt back, so only failures use
// up the budgets (colleagues behind one address, or a person who signs in often, are not slowed). Attempts are
// counted before hashing, not after, so a burst of parallel guesses is bounded too. The e-mail budget also slows
// guessing one account from many addresses, at the price that such a flood can keep that account's owner waiting
// too (a minute after it stops).
import { rateLimiter, type RateLimit } from "../security/rate-limit";
import { clientAddressKey } from "../http/client-address-key";
import { clientIpFromHeader } from "../http/request-input";

export const SIGN_IN_IP_RATE_LIMIT: RateLimit = { name: "sign-in-ip", points: 10, duration: 60 };
export const SIGN_IN_EMAIL_RATE_LIMIT: RateLimit = { name: "sign-in-email", points: 5, duration: 60 };

const perAddress = rateLimiter(SIGN_IN_IP_RATE_LIMIT);
const perEmail = rateLimiter(SIGN_IN_EMAIL_RATE_LIMIT);

/** The caller's address from the headers next-auth passes to `authorize` (lower-case names). */
export function signInAddress(headers: Record<string, unknown> | undefined): string {
  const forwarded = headers?.["x-forwarded-for"];
  return clientIpFromHeader(typeof forwarded === "string" || Array.isArray(forwarded) ? (forwarded as string | string[]) : null) ?? "unknown";
}

/** Counts one attempt; throws RateLimitedError when the address or the e-mail address is over its budget. */
export async function countSignInAttempt(input: { email: string; address: string }): Promise<void> {
  await perAddress.consume(clientAddressKey(input.address));
  await perEmail.consume(input.email.toLowerCase());
}

/** Gives a successful attempt back to both budgets. */
export async function refundSignInAttempt(input: { email: string; address: string }): Promise<void> {
  await Promise.all([perAddress.refund(clientAddressKey(input.address)), perEmail.refund(input.email.toLowerCase())]);
}
