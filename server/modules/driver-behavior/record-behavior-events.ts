// Stores driver behaviour events as the detector published them (docs/alerts.md "driver_behavior"), many in one
// insert: the evaluation service queues them behind the hot path, so ingest never waits for this write. Driver
// scorecards count them per driver and period (server/modules/drivers/list-driver-scorecards.ts).
import type { Db } from "../../db/client";
import type { DriverBehaviorMessage } from "../stream/channel-messages";

export async function recordBehaviorEvents(prisma: Db, events: readonly DriverBehaviorMessage[]): Promise<void> {
  if (events.length === 0) return;
  await prisma.driverBehaviorEvent.createMany({
    data: events.map((event) => ({
      accountId: event.accountId,
      assetId: event.assetId,
      type: event.type,
      at: new Date(event.at),
      score: event.score,
      severity: event.severity,
      // keys as the authorised drivers list holds them; a tachograph card number as sent
      driverKey: event.driverId === null ? null : /^[0-9a-f]{16}$/i.test(event.driverId) ? event.driverId.toUpperCase() : event.driverId,
      tripId: event.tripId,
    })),
  });
}
