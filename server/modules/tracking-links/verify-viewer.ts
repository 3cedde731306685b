// POST /api/public/tracking/{uuid}/verify: what a viewer must show to get a session, by the link's access mode
// (spec, Authentication: public tracking sessions; docs/public-tracking.md):
//   public           {}                          -> session
//   email            {email}                     -> session (the address is kept with the session)
//   email_code       {email}                     -> 202, a 6-digit code is e-mailed
//                    {email, access_code}        -> session
//   authorized_only  as email_code, but codes go only to listed addresses; an unlisted one gets a decoy that is never
//                    mailed and that no code matches (access-codes.ts), so every answer, the first and each wrong
//                    code's, is the same either way and the list cannot be probed. An integrator's API client (bearer
//                    token of the link's account with tracking:write) may instead get a session for a listed address
//                    directly.
import { z } from "zod";
import { AppError } from "../../errors";
import { rateLimiter } from "../../security/rate-limit";
import { RateLimitedError } from "../../security/rate-limited-error";
import { log } from "../../log";
import { mailer } from "../../mail/mailer";
import { emitWebhookEvent } from "../webhooks/webhook-events";
import type { WebhookEventData } from "../webhooks/webhook-payload";
import { ACCESS_CODE, accessCodeExpired, consumeAccessCode, createAccessCode, createDecoyAccessCode } from "./access-codes";
import { findTrackingLinkByUuid } from "./find-tracking-link";
import { effectiveBranding, linkState, type LinkRecord } from "./link-record";
import type { CodeSentResponse, ViewerSessionResponse } from "./tracking-links.schema";
import { PUBLIC_TRACKING_LIMITS } from "./public-tracking-limits";
import { issueViewerSession } from "./viewer-sessions";

const ZEmail = z
  .string({ error: "is required" })
  .trim()
  .max(254, "must be at most 254 characters")
  .pipe(z.email("must be an e-mail address"))
  .transform((value) => value.toLowerCase());

const ZEmailBody = z.object({ email: ZEmail });
const ZCodeBody = z.object({
  email: ZEmail,
  access_code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${ACCESS_CODE.digits}}$`), `must be the ${ACCESS_CODE.digits}-digit code from the e-mail`)
    .optional(),
});

/** codes e-mailed per link and address: enough for a lost e-mail or two, too few to flood an inbox */
export const CODE_MAIL_LIMIT = { name: "tracking-code-mail", points: 3, duration: 15 * 60 };

export type VerifyResult = { status: 200; body: ViewerSessionResponse } | { status: 202; body: CodeSentResponse };

export interface VerifyInput {
  uuid: string;
  body: unknown;
  /** the account of a valid bearer token with tracking:write sent along, if any */
  apiAccountId?: number;
}

export async function verifyViewer(input: VerifyInput): Promise<VerifyResult> {
  const link = await findTrackingLinkByUuid(input.uuid);
  if (!link) throw new AppError("LINK_NOT_FOUND", "Tracking link not found.");
  assertOpen(link);
  switch (link.accessMode) {
    case "public":
      return session(link, null);
    case "email":
      return session(link, parseBody(ZEmailBody, input.body).email);
    case "email_code": {
      const { email, access_code } = parseBody(ZCodeBody, input.body);
      if (!access_code) return sendCode(link, email, { deliver: true, awaitDelivery: true });
      await checkCode(link, () => consumeAccessCode(link.id, email, access_code));
      return session(link, email);
    }
    case "authorized_only": {
      const { email, access_code } = parseBody(ZCodeBody, input.body);
      const listed = link.allowedEmails.includes(email);
      if (input.apiAccountId === link.accountId) {
        if (!listed) throw new AppError("EMAIL_NOT_AUTHORISED", "This address is not on the link's list.");
        return session(link, email);
      }
      // a code (mailed) or a decoy (not), written in the background, so neither the answer nor its timing tells them apart
      if (!access_code) return sendCode(link, email, { deliver: listed, awaitDelivery: false });
      await checkCode(link, async () => {
        await consumeAccessCode(link.id, email, access_code);
        // taken off the list since the code was mailed: the code is used up, as if it had expired
        if (!listed) throw accessCodeExpired();
      });
      return session(link, email);
    }
  }
}

/**
 * Checks a code against the link's budget of failed codes a day (PUBLIC_TRACKING_LIMITS.codeFailuresPerLink): each
 * try is counted before the check and given back when the code was right, so only failures use the budget up. Past
 * it every code for the link is refused (429, Retry-After) until the day is over, and the team is warned (at most
 * once an hour per link; the line names the link's id, never a code, an address or the uuid).
 */
async function checkCode(link: LinkRecord, check: () => Promise<void>): Promise<void> {
  // the uuid, not the id: ids start again in a new database, Redis counters outlive it
  const key = link.uuid;
  try {
    await codeFailures().consume(key);
  } catch (error) {
    if (error instanceof RateLimitedError) await warnTeam(link, error.retryAfterSeconds);
    throw error;
  }
  await check();
  await codeFailures().refund(key);
}

const codeFailures = () => rateLimiter(PUBLIC_TRACKING_LIMITS.codeFailuresPerLink);
/** one warning an hour per link while its budget is spent (a limiter of one point used as a gate, shared by nodes) */
const WARNING_GATE = { name: "tracking-code-failures-warned", points: 1, duration: 60 * 60 };

async function warnTeam(link: LinkRecord, retryAfterSeconds: number): Promise<void> {
  try {
    await rateLimiter(WARNING_GATE).consume(link.uuid);
  } catch {
    return; // warned within the hour
  }
  log("tracking").warn(
    { linkId: link.id, accountId: link.accountId, limit: PUBLIC_TRACKING_LIMITS.codeFailuresPerLink.points, retryAfterSeconds },
    "tracking link refuses access codes: too many failed access codes today (someone may be guessing); codes work again after Retry-After",
  );
}

/** a disabled or expired link lets nobody in (a link outside its schedule does: the page says when it opens) */
export function assertOpen(link: LinkRecord): void {
  const state = linkState(link, Date.now());
  if (!state.isActive) throw new AppError("LINK_INACTIVE", "This tracking link has been disabled.");
  if (state.isExpired) throw new AppError("LINK_EXPIRED", `This tracking link has expired (${state.expiredReason ?? "expired"}).`);
}

/** a session for the viewer, announced to the account's webhooks (viewer_joined) without waiting for them */
async function session(link: LinkRecord, email: string | null): Promise<VerifyResult> {
  const body = await issueViewerSession(link, email);
  const joined: WebhookEventData["viewer_joined"] = {
    link_uuid: link.uuid,
    link_display_name: link.displayName,
    passenger_id: link.passengerId,
    viewer_email: email,
  };
  emitWebhookEvent(link.accountId, "viewer_joined", joined);
  return { status: 200, body };
}

function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  return schema.parse(body ?? {});
}

async function sendCode(
  link: LinkRecord,
  email: string,
  options: { deliver: boolean; awaitDelivery: boolean },
): Promise<VerifyResult> {
  await rateLimiter(CODE_MAIL_LIMIT).consume(`${link.id}:${email}`);
  const expiresAt = new Date(Date.now() + ACCESS_CODE.ttlMs);
  const delivery = options.deliver
    ? createAccessCode(link.id, email).then(({ code }) => mailer().send(codeMail(link, email, code)))
    : createDecoyAccessCode(link.id, email);
  if (options.awaitDelivery) await delivery;
  else delivery.catch((error) => log("tracking").error({ err: error, linkId: link.id }, "access code could not be stored or e-mailed"));
  return {
    status: 202,
    body: {
      success: false,
      code_sent: true,
      expires_at: expiresAt.toISOString(),
      message:
        link.accessMode === "authorized_only"
          ? `If ${email} may view this link, a ${ACCESS_CODE.digits}-digit code is on its way to it.`
          : `A ${ACCESS_CODE.digits}-digit code is on its way to ${email}.`,
    },
  };
}

/** the code goes in the body only: subjects are shown in notification previews and mail lists, and were logged once */
function codeMail(link: LinkRecord, to: string, code: string) {
  const sender = effectiveBranding(link).companyName ?? "Fleetline";
  const minutes = ACCESS_CODE.ttlMs / 60_000;
  return {
    to,
    subject: `Your code for ${link.displayName}`,
    text:
      `Your code to follow "${link.displayName}" is ${code}.\n\n` +
      `It works for ${minutes} minutes. If you did not ask for it, you can ignore this e-mail.\n\n${sender}\n`,
  };
}
