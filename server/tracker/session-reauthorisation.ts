// A TCP session is authorised once, at the IMEI login, for the tracker and asset the IMEI named then. When an asset
// changes (deleted, its tracker removed or re-numbered), the sessions that logged in for it are checked again and
// those that no longer match are ended: the device logs in again and is looked up afresh (refused, or recognised
// under its new asset). The position writer checks the same ownership in its statement, so nothing lands in the old
// account even before this announcement arrives, or when it never does (a change made without the hub).
import type { Logger } from "pino";
import type { Db } from "../db/client";
import type { HubEvents } from "../hub";
import type { DeviceSessions } from "./device-sessions";

export async function reauthoriseSessions(input: {
  prisma: Db;
  sessions: DeviceSessions;
  change: HubEvents["asset.changed"];
  logger: Logger;
}): Promise<void> {
  const { prisma, sessions, change, logger } = input;
  const open = sessions.forAsset(change.assetId);
  if (open.length === 0) return;
  const trackers =
    change.change === "deleted"
      ? []
      : await prisma.tracker.findMany({
          where: { id: { in: open.map((session) => session.trackerId) } },
          select: { id: true, assetId: true, imei: true },
        });
  for (const session of open) {
    const current = trackers.find((tracker) => tracker.id === session.trackerId);
    if (current && current.assetId === session.assetId && current.imei === session.imei) continue;
    logger.info({ imei: session.imei, assetId: change.assetId, change: change.change }, "tracker session ended: the asset changed");
    session.end("the tracker no longer belongs to the asset it logged in for");
  }
}
