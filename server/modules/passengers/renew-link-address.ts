// A passenger's link under a new address (a new uuid on the same link: its settings, form and history stay). The old
// address ends at once: it is unknown from then on (404 LINK_NOT_FOUND on every public call), the link's viewer
// sessions and access codes are deleted (their tokens answer 401), and the old uuid is announced, so every gateway
// sends its viewers `link.expired` and closes them as for a deleted link (4003). An expired link is re-armed under
// its new address. The passenger's welcome_sent_at is cleared: the welcome they had carries an address that no
// longer works, so the next send-welcome sends the new one without `force`.
import { randomUUID } from "node:crypto";
import { announce } from "../../announce";
import { db } from "../../db/client";

export interface RenewedLink {
  id: number;
  uuid: string;
}

/** null when another caller renewed (or deleted) the link first: read it again */
export async function renewLinkAddress(link: { id: number; uuid: string; accountId: number; passengerId: number }, now = Date.now()): Promise<RenewedLink | null> {
  const uuid = randomUUID();
  const renewed = await db().$transaction(async (tx) => {
    const { count } = await tx.trackingLink.updateMany({
      where: { id: link.id, uuid: link.uuid },
      // due for the scheduler at once: it judges the re-armed link and arms its next boundary
      data: { uuid, expiredAt: null, expiredReason: null, nextCheckAt: new Date(now) },
    });
    if (count !== 1) return false;
    await tx.viewerSession.deleteMany({ where: { linkId: link.id } });
    await tx.trackingAccessCode.deleteMany({ where: { linkId: link.id } });
    await tx.passenger.update({ where: { id: link.passengerId }, data: { welcomeSentAt: null } });
    return true;
  });
  if (!renewed) return null;
  await announce("tracking-link.changed", { accountId: link.accountId, linkId: link.id, uuid: link.uuid });
  return { id: link.id, uuid };
}
