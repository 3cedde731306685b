// Demo databases seeded before the listener checked IMEIs: their demo trackers are given valid IMEIs at start-up,
// so the demo keeps driving after an upgrade.
import pino from "pino";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNT_KEY, DEMO_IMEI_PREFIX, DEMO_IMEIS, seedDemo } from "../modules/demo/seed-demo";
import { databaseKinds, useTestDatabase } from "../testing/test-database";
import { isValidImei } from "../modules/assets/imei";
import { renumberOldDemoTrackers } from "./demo-fleet";

describe.each(databaseKinds())("demo fleet upgrade on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("gives demo trackers without a check digit the IMEIs the seed gives their vehicles now, and leaves valid ones", async () => {
    await seedDemo(t.db);
    const trackers = await t.db.tracker.findMany({ where: { account: { key: DEMO_ACCOUNT_KEY }, imei: { startsWith: DEMO_IMEI_PREFIX } }, orderBy: { id: "asc" } });
    expect(trackers.map((tracker) => tracker.imei).sort()).toEqual([...DEMO_IMEIS].sort());
    // as an older version seeded them: the prefix, then the vehicle number, no check digit (one in ten happens to
    // end in a valid one: those stay, the listener accepts them); the first vehicle's already valid
    const index = (imei: string) => DEMO_IMEIS.indexOf(imei);
    const old = trackers.map((tracker) => (index(tracker.imei) === 0 ? tracker.imei : `3500000${String(index(tracker.imei) + 1).padStart(8, "0")}`));
    for (const [i, tracker] of trackers.entries()) await t.db.tracker.update({ where: { id: tracker.id }, data: { imei: old[i]! } });
    expect(old.filter((imei) => !isValidImei(imei)).length).toBeGreaterThan(0);

    await renumberOldDemoTrackers(t.db, pino({ level: "silent" }));
    const after = await t.db.tracker.findMany({ where: { account: { key: DEMO_ACCOUNT_KEY }, imei: { startsWith: DEMO_IMEI_PREFIX } }, orderBy: { id: "asc" } });
    expect(after.map((tracker) => tracker.imei)).toEqual(old.map((imei, i) => (isValidImei(imei) ? imei : trackers[i]!.imei)));
    expect(after.every((tracker) => isValidImei(tracker.imei))).toBe(true);
    expect(after.map((tracker) => tracker.assetId)).toEqual(trackers.map((tracker) => tracker.assetId));
  });
});
