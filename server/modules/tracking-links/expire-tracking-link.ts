// Records that a link expired and tells its viewers, exactly once in a cluster: the update only applies while the
// link is enabled and not yet expired (compare-and-set), so of several nodes seeing the same arrival only the one
// whose update lands announces it.
import { announce } from "../../announce";
import { db } from "../../db/client";

export async function expireTrackingLink(input: {
  accountId: number;
  linkId: number;
  uuid: string;
  reason: "arrival" | "time_expired" | "schedule_ended";
  at: Date;
}): Promise<boolean> {
  const { count } = await db().trackingLink.updateMany({
    where: { id: input.linkId, active: true, expiredAt: null },
    data: { expiredAt: input.at, expiredReason: input.reason, nextCheckAt: null },
  });
  if (count === 1) await announce("tracking-link.changed", { accountId: input.accountId, linkId: input.linkId, uuid: input.uuid });
  return count === 1;
}
