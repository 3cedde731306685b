// The 2-hourly odometer poll: which odometer it takes, once per vehicle per slot with two nodes (two Prisma clients
// on one PostgreSQL database) polling at once, nothing new for a vehicle without a newer record, and no reading that
// breaks the sequence rule. The clock is injected: no waiting.
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, setDatabase, type Database } from "../../db/client";
import { makeAccount } from "../../testing/http-fixtures";
import { makeTrackedAsset } from "../../testing/fleet-entry-fixtures";
import { createTestDatabase, databaseKinds, useTestDatabase, type TestDatabase } from "../../testing/test-database";
import { createOdometerEntry } from "./create-odometer-entry";
import { ODOMETER_POLL_INTERVAL_MS, pollOdometers, pollSlotOf, polledOdometer, startOdometerPollWorker } from "./odometer-poll";

const logger = pino({ level: "silent" });
const SLOT_START = pollSlotOf(Date.UTC(2026, 10, 20)) * ODOMETER_POLL_INTERVAL_MS;

/** the asset's newest record as the pipeline leaves it in asset_states */
async function setState(database: Database, assetId: number, fixTime: number, io: Record<string, number>, odometer: number | null = null) {
  const payload = { ioData: io, sensors: Object.fromEntries(Object.entries(io).filter(([name]) => name.startsWith("can"))) };
  const data = { positionId: BigInt(fixTime), fixTime: new Date(fixTime), receivedAt: new Date(fixTime), wsSeq: 1n, odometer, payload };
  await database.prisma.assetState.upsert({ where: { assetId }, create: { assetId, ...data }, update: data });
}

describe("polledOdometer", () => {
  it.each([
    ["the CAN odometer first", { sensors: { canTotalMileage: 5000 }, ioData: { canTotalMileage: 5000, totalOdometer: 7000 } }, 9000, { valueM: 5000, meter: "can" }],
    ["else the tracker's own", { sensors: {}, ioData: { totalOdometer: 7000.4 } }, 9000, { valueM: 7000, meter: "tracker" }],
    ["else the server's GPS distance", { sensors: {}, ioData: {} }, 9000, { valueM: 9000, meter: "gps" }],
    ["a zero CAN value is no reading", { sensors: { canTotalMileage: 0 }, ioData: {} }, null, null],
  ])("%s", (_name, payload, state, expected) => {
    expect(polledOdometer(payload, state)).toEqual(expected);
  });
});

describe.each(databaseKinds())("odometer poll on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("writes a poll reading per vehicle once a slot, skips vehicles without a newer record and readings out of sequence", async () => {
    const account = await makeAccount();
    const [moving, parked, behind] = [await makeTrackedAsset(account.id, "Moving"), await makeTrackedAsset(account.id, "Parked"), await makeTrackedAsset(account.id, "Behind")];
    await setState(t.database, moving.id, SLOT_START - 60_000, { canTotalMileage: 100_000 });
    await setState(t.database, parked.id, SLOT_START - 60_000, { totalOdometer: 50_000 });
    await setState(t.database, behind.id, SLOT_START - 60_000, {}, 1_000);
    // someone entered 900 km for "Behind" an hour earlier: the tracker's 1 km is out of sequence
    await createOdometerEntry({ accountId: account.id, body: { asset_id: behind.id, read_at: new Date(SLOT_START - 3_600_000).toISOString(), value_km: 900 } });

    const worker = startOdometerPollWorker({ logger, autostart: false, now: () => SLOT_START + 1000 });
    expect(await worker.drain()).toBe(2);
    expect(await worker.drain()).toBe(0); // the same slot again: nothing
    // next slot: only the vehicle with a newer record gets a reading
    await setState(t.database, moving.id, SLOT_START + ODOMETER_POLL_INTERVAL_MS, { canTotalMileage: 130_000 });
    const next = await pollOdometers({ now: SLOT_START + ODOMETER_POLL_INTERVAL_MS + 1000 });
    expect(next).toEqual({ claimed: 3, written: 1, skipped: 2 });
    await worker.stop();

    const rows = await t.db.odometerEntry.findMany({ where: { source: "poll" }, orderBy: [{ assetId: "asc" }, { readAt: "asc" }], select: { assetId: true, valueM: true, trackerMeter: true, pollSlot: true } });
    const slot = pollSlotOf(SLOT_START);
    expect(rows).toEqual([
      { assetId: moving.id, valueM: 100_000, trackerMeter: "can", pollSlot: slot },
      { assetId: moving.id, valueM: 130_000, trackerMeter: "can", pollSlot: slot + 1 },
      { assetId: parked.id, valueM: 50_000, trackerMeter: "tracker", pollSlot: slot },
    ]);
  });
});

describe.skipIf(!databaseKinds().includes("postgres"))("odometer poll on two nodes sharing one PostgreSQL database", () => {
  let first: TestDatabase;
  let second: Database;
  beforeAll(async () => {
    first = await createTestDatabase("postgres");
    second = await openDatabase({ databaseUrl: first.url!, dataDir: "" });
    setDatabase(first.database);
  }, 60_000);
  afterAll(async () => {
    setDatabase(undefined);
    await second?.close();
    await first?.close();
  });

  it("writes exactly one reading per vehicle per slot when both nodes poll at once", async () => {
    const account = await makeAccount();
    const vehicles = [];
    for (let i = 0; i < 250; i++) vehicles.push(await makeTrackedAsset(account.id, `Truck ${i}`));
    for (const [i, vehicle] of vehicles.entries()) await setState(first.database, vehicle.id, SLOT_START - 1000, { canTotalMileage: 10_000 + i });

    const now = SLOT_START + 5_000;
    const [a, b] = await Promise.all([
      pollOdometers({ now, prisma: first.database.prisma }),
      pollOdometers({ now, prisma: second.prisma }),
    ]);
    expect(a.claimed + b.claimed).toBe(vehicles.length);
    expect(a.written + b.written).toBe(vehicles.length);
    // both nodes again in the same slot, and once more a minute later: nothing new
    const again = await Promise.all([pollOdometers({ now, prisma: first.database.prisma }), pollOdometers({ now: now + 60_000, prisma: second.prisma })]);
    expect(again.map((r) => r.claimed)).toEqual([0, 0]);

    const perVehicle = await first.database.prisma.odometerEntry.groupBy({ by: ["assetId", "pollSlot"], where: { source: "poll" }, _count: { _all: true } });
    expect(perVehicle).toHaveLength(vehicles.length);
    expect(perVehicle.every((row) => row._count._all === 1 && row.pollSlot === pollSlotOf(now))).toBe(true);
  }, 120_000);
});
