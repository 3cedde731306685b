// POST /api/public/tracking/{uuid}/access-requests: a viewer of an authorised-only link asks the team for access.
// Every accepted call answers the same (202, ACCESS_REQUEST_RECEIVED), so nobody learns whether an address is on
// the list or has asked before. What happens behind that answer (docs/public-tracking.md, "Access requests"):
//
//   address already on the link's list                    -> nothing (the viewer can verify)
//   no request yet                                        -> a pending request; access_requested; the team is mailed
//   a pending request                                     -> nothing (asking again is idempotent)
//   rejected less than 24 hours ago                       -> nothing (the cool-down)
//   rejected earlier, or approved but since taken off the list -> a new pending request (the old one is replaced)
//
// Only calls that make a pending request spend the budgets: 100 an hour per link, and 5 of them an hour per link
// from one IP, so one source cannot use up a link's budget and lock its real requesters out. Each call is counted
// before it is recorded (parallel calls cannot exceed a budget) and given back when it changed nothing.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { rateLimiter } from "../../security/rate-limit";
import { log } from "../../log";
import { mailer } from "../../mail/mailer";
import { parseInput, isUniqueViolation } from "../parse-input";
import { emitWebhookEvent } from "../webhooks/webhook-events";
import { findTrackingLinkByUuid } from "../tracking-links/find-tracking-link";
import type { LinkRecord } from "../tracking-links/link-record";
import { PUBLIC_TRACKING_LIMITS } from "../tracking-links/public-tracking-limits";
import { assertOpen } from "../tracking-links/verify-viewer";
import { newRequestMail } from "./access-request-mails";
import { notifyAccessRequest } from "../notifications/inbox/notify-access-request";
import {
  ACCESS_REQUEST_LIMITS,
  ACCESS_REQUEST_RECEIVED,
  ZAccessRequestBody,
  type AccessRequestBody,
  type AccessRequestReceived,
} from "./access-requests.schema";

/** `ip` is the caller as per-IP budgets count it (an IPv6 client by its /64) */
export async function requestAccess(input: { uuid: string; body: unknown; ip: string }, now = Date.now()): Promise<AccessRequestReceived> {
  const link = await findTrackingLinkByUuid(input.uuid);
  if (!link) throw new AppError("LINK_NOT_FOUND", "Tracking link not found.");
  assertOpen(link);
  if (link.accessMode !== "authorized_only") {
    throw new AppError("LINK_NOT_PRIVATE", "This link does not take access requests: open it with your e-mail address instead.");
  }
  const body = parseInput(ZAccessRequestBody, input.body ?? {});
  const created = await withinBudgets(link, input.ip, () => recordRequest(link, body, now));
  if (created) {
    emitWebhookEvent(link.accountId, "access_requested", {
      request_id: created.id,
      link_uuid: link.uuid,
      email: body.email,
      name: body.name,
    });
    // in the background: the answer must not wait on (or reveal anything through) the team's mail or inboxes
    void notifyAccessRequest({ accountId: link.accountId, requestId: created.id, linkName: link.displayName, email: body.email, name: body.name });
    void tellTheTeam(link, body).catch((error: unknown) =>
      log("tracking").error({ err: error, linkId: link.id }, "access request e-mail to the team failed"),
    );
  }
  return ACCESS_REQUEST_RECEIVED;
}

/** counts a call against the link's budgets of new requests (the source's share first), returned if none was made */
async function withinBudgets<T>(link: LinkRecord, ip: string, record: () => Promise<T | null>): Promise<T | null> {
  const budgets = [
    { limiter: rateLimiter(PUBLIC_TRACKING_LIMITS.accessRequestsPerLinkAndIp), key: `${link.uuid}:${ip}` },
    { limiter: rateLimiter(PUBLIC_TRACKING_LIMITS.accessRequestsPerLink), key: link.uuid },
  ];
  const spent: typeof budgets = [];
  const giveBack = () => Promise.all(spent.map(({ limiter, key }) => limiter.refund(key)));
  let created: T | null = null;
  try {
    for (const budget of budgets) {
      await budget.limiter.consume(budget.key);
      spent.push(budget);
    }
    created = await record();
  } finally {
    if (created === null) await giveBack();
  }
  return created;
}

/** the new pending request, or null when the call changes nothing (see the table above) */
async function recordRequest(link: LinkRecord, body: AccessRequestBody, now: number): Promise<{ id: number } | null> {
  if (link.allowedEmails.includes(body.email)) return null;
  const prisma = db();
  const data = { accountId: link.accountId, linkId: link.id, email: body.email, name: body.name, message: body.message };
  const existing = await prisma.accessRequest.findUnique({
    where: { linkId_email: { linkId: link.id, email: body.email } },
    select: { id: true, status: true, decidedAt: true },
  });
  try {
    if (!existing) return await prisma.accessRequest.create({ data, select: { id: true } });
    if (existing.status === "pending") return null;
    const decidedAt = existing.decidedAt?.getTime() ?? 0;
    if (existing.status === "rejected" && now - decidedAt < ACCESS_REQUEST_LIMITS.rejectedCooldownMs) return null;
    // asked anew: a fresh row (a new id, so lists ordered by id show it as new); only one caller wins the old row
    return await prisma.$transaction(async (tx) => {
      const removed = await tx.accessRequest.deleteMany({ where: { id: existing.id, status: existing.status } });
      if (removed.count === 0) return null;
      return tx.accessRequest.create({ data, select: { id: true } });
    });
  } catch (error) {
    // the same address asked twice at once: the other call made the request
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

async function tellTheTeam(link: LinkRecord, body: AccessRequestBody): Promise<void> {
  const account = await db().account.findUnique({ where: { id: link.accountId }, select: { key: true, contactEmail: true } });
  if (!account?.contactEmail) return;
  await mailer().send(newRequestMail({ to: account.contactEmail, accountKey: account.key, link, request: body }));
}
