// The team approves an access request: in one transaction the request is decided and its address joins the link's
// allowed addresses (the link row locked, so approvals on one link never lose each other's address). Then the
// requester is e-mailed the link's address and access_approved is announced. A list already at its limit refuses
// the approval (CONFLICT) and leaves the request pending.
import type { z } from "zod";
import { AppError } from "../../errors";
import { log } from "../../log";
import { mailer } from "../../mail/mailer";
import { parseInput } from "../parse-input";
import { findTrackingLink } from "../tracking-links/find-tracking-link";
import { LINK_LIMITS } from "../tracking-links/tracking-links.schema";
import { emitWebhookEvent } from "../webhooks/webhook-events";
import { approvedMail } from "./access-request-mails";
import { ZAccessRequestDecision, type AccessRequestDto } from "./access-requests.schema";
import { decideAccessRequest } from "./decide-access-request";

export interface ApprovedAccessRequest extends AccessRequestDto {
  /** the requester's e-mail went out (false: the mail failed; the approval stands, the team can send the link) */
  notified: boolean;
}

export async function approveAccessRequest(input: z.input<typeof ZAccessRequestDecision>): Promise<ApprovedAccessRequest> {
  const decision = parseInput(ZAccessRequestDecision, input);
  const { request, linkId } = await decideAccessRequest(decision, "approved", async (tx, { linkId, email }) => {
    await tx.$queryRaw`SELECT id FROM tracking_links WHERE id = ${linkId} FOR UPDATE`;
    const link = await tx.trackingLink.findUniqueOrThrow({ where: { id: linkId }, select: { allowedEmails: true } });
    if (link.allowedEmails.includes(email)) return;
    if (link.allowedEmails.length >= LINK_LIMITS.maxAllowedEmails) {
      throw new AppError(
        "CONFLICT",
        `The link lists ${LINK_LIMITS.maxAllowedEmails} addresses already, its limit: remove one before approving another.`,
      );
    }
    await tx.trackingLink.update({ where: { id: linkId }, data: { allowedEmails: [...link.allowedEmails, email] } });
  });

  emitWebhookEvent(decision.accountId, "access_approved", {
    request_id: request.id,
    link_uuid: request.link.uuid,
    email: request.email,
    name: request.name,
  });
  const link = await findTrackingLink({ accountId: decision.accountId, linkId });
  let notified = false;
  if (link) {
    try {
      await mailer().send(approvedMail(link, request.email));
      notified = true;
    } catch (error) {
      log("tracking").error({ err: error, requestId: request.id }, "access approval e-mail failed");
    }
  }
  return { ...request, notified };
}
