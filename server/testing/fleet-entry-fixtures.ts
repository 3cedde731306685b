// Fixtures of fuel and odometer entry tests: an asset with a tracker and stored positions carrying named IO values
// (odometers, fuel level), written straight through Prisma as the reports' readers read them back.
import { db } from "../db/client";
import { makeAsset } from "./http-fixtures";
import { testImei } from "./test-imei";

export async function makeTrackedAsset(accountId: number, name: string) {
  const asset = await makeAsset(accountId, name, testImei());
  const tracker = await db().tracker.findUniqueOrThrow({ where: { assetId: asset.id }, select: { id: true } });
  return { id: asset.id, trackerId: tracker.id };
}

/** positions of the asset at the given times with these named IO values and pipeline odometer (metres) */
export async function storeFixes(asset: { id: number; trackerId: number }, fixes: Array<{ at: Date; io?: Record<string, number>; odometer?: number }>) {
  await db().position.createMany({
    data: fixes.map((fix) => ({
      assetId: asset.id,
      trackerId: asset.trackerId,
      fixTime: fix.at,
      receivedAt: fix.at,
      latitude: 54.68,
      longitude: 25.28,
      altitude: 100,
      speed: 0,
      course: 0,
      satellites: 9,
      priority: 0,
      eventIoId: 0,
      moving: false,
      odometer: fix.odometer ?? null,
      io: fix.io ?? {},
    })),
  });
}
