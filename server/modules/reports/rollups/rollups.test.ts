// The day rollups against real ingest: records sent as Teltonika frames over TCP mark their local days dirty in the
// store statement; the worker recomputes them; REPORT_ROLLUPS off leaves them alone; a time zone change rebuilds them.
import { describe, expect, it } from "vitest";
import { createAccount } from "../../accounts/create-account";
import { updateAccountSettings } from "../../accounts/update-account-settings";
import { createAsset } from "../../assets/create-asset";
import { TestDevice, testRecord } from "../../../testing/teltonika-test-device";
import { databaseKinds, useTestDatabase } from "../../../testing/test-database";
import { testImei } from "../../../testing/test-imei";
import { useTestTrackerService } from "../../../testing/test-tracker-service";
import { PositionWriter } from "../../../tracker/pipeline/position-writer";
import { recomputeDueDays } from "./rollup-worker";

interface DayRow {
  day: string;
  dirty: boolean;
  version: number;
  computed_version: number;
  positions: number;
  distance_m: number;
}

describe.each(databaseKinds())("report day rollups on %s", (kind) => {
  const t = useTestDatabase(kind);
  const tracker = useTestTrackerService(kind, t, { teltonika: true });

  const days = (assetId: number) =>
    t.db.$queryRaw<DayRow[]>`
      SELECT day::text AS day, dirty, version, computed_version, positions, distance_m FROM asset_days
      WHERE asset_id = ${assetId} ORDER BY day`;

  it("Teltonika frames mark their local days dirty; a late frame marks its older day; the worker recomputes", async () => {
    const account = await createAccount({ name: "Rollup Ingest" });
    await updateAccountSettings({ accountId: account.id, timeZone: "Europe/Berlin" });
    const imei = testImei();
    const asset = await createAsset({ accountId: account.id, name: "Truck", imei });
    const device = await TestDevice.connect(tracker.service.streamPort("teltonika")!, imei);
    try {
      // 23:30 and 23:50 UTC on 2026-11-10 are 00:30 and 00:50 on 2026-11-11 in Berlin
      const t0 = Date.UTC(2026, 10, 10, 23, 30);
      expect(
        await device.send([
          testRecord(t0, { io: { u8: { 239: 1 }, u32: { 87: 10_000 } } }),
          testRecord(t0 + 20 * 60_000, { io: { u8: { 239: 1 }, u32: { 87: 25_000 } } }),
        ]),
      ).toBe(2);
      expect(await days(asset.id)).toEqual([expect.objectContaining({ day: "2026-11-11", dirty: true, version: 1 })]);

      expect(await recomputeDueDays()).toBeGreaterThanOrEqual(1);
      expect(await days(asset.id)).toEqual([
        expect.objectContaining({ day: "2026-11-11", dirty: false, computed_version: 1, positions: 2, distance_m: 15_000 }),
      ]);

      // a buffered record of the day before (22:00 UTC on the 10th is 23:00 in Berlin) arrives late
      expect(await device.send([testRecord(Date.UTC(2026, 10, 10, 22, 0), { io: { u8: { 239: 1 }, u32: { 87: 9_000 } } })])).toBe(1);
      const marked = await days(asset.id);
      expect(marked.map((d) => [d.day, d.dirty])).toEqual([["2026-11-10", true], ["2026-11-11", false]]);

      await recomputeDueDays();
      const settled = await days(asset.id);
      // the 11th's first pair now starts at the late record (9,000 m): its figures follow through the neighbour rule
      expect(settled.map((d) => [d.day, d.dirty, d.positions, d.distance_m])).toEqual([
        ["2026-11-10", false, 1, 0],
        ["2026-11-11", false, 2, 16_000],
      ]);
    } finally {
      device.destroy();
    }
  });

  it("with rollups off the ingest statement marks nothing", async () => {
    const account = await createAccount({ name: "Rollups Off" });
    const imei = testImei();
    const asset = await createAsset({ accountId: account.id, name: "Van", imei });
    const writer = new PositionWriter(t.database.sql, 1, { rollups: false });
    const row = {
      assetId: asset.id, trackerId: asset.trackerId!, fixTime: Date.UTC(2026, 10, 12, 8), receivedAt: Date.UTC(2026, 10, 12, 8),
      wsSeq: null, latitude: 54.7, longitude: 25.3, altitude: 0, speed: 10, course: 0, satellites: 9, priority: 0, eventIoId: 0,
      ignition: true, moving: true, odometer: null, street: null, town: null, country: null, avlIo: {}, tripId: null, flag: null,
    };
    await writer.write({ owner: { assetId: asset.id, trackerId: asset.trackerId!, imei }, rows: [row], state: null, trips: [] });
    expect(await t.db.position.count({ where: { assetId: asset.id } })).toBe(1);
    expect(await days(asset.id)).toEqual([]);
    await new PositionWriter(t.database.sql).write({
      owner: { assetId: asset.id, trackerId: asset.trackerId!, imei },
      rows: [{ ...row, fixTime: row.fixTime + 1000 }],
      state: null,
      trips: [],
    });
    expect((await days(asset.id)).map((d) => d.day)).toEqual(["2026-11-12"]);
  });

  it("a time zone change rebuilds the account's days in the new zone", async () => {
    const account = await createAccount({ name: "Rollup Zone" });
    const imei = testImei();
    const asset = await createAsset({ accountId: account.id, name: "Bus", imei });
    await new PositionWriter(t.database.sql).write({
      owner: { assetId: asset.id, trackerId: asset.trackerId!, imei },
      rows: [{
        assetId: asset.id, trackerId: asset.trackerId!, fixTime: Date.UTC(2026, 10, 12, 23, 30), receivedAt: Date.UTC(2026, 10, 12, 23, 30),
        wsSeq: null, latitude: 54.7, longitude: 25.3, altitude: 0, speed: 0, course: 0, satellites: 9, priority: 0, eventIoId: 0,
        ignition: false, moving: false, odometer: null, street: null, town: null, country: null, avlIo: {}, tripId: null, flag: null,
      }],
      state: null,
      trips: [],
    });
    expect((await days(asset.id)).map((d) => d.day)).toEqual(["2026-11-12"]); // UTC
    await updateAccountSettings({ accountId: account.id, timeZone: "Europe/Vilnius" });
    expect(await days(asset.id)).toEqual([expect.objectContaining({ day: "2026-11-13", dirty: true })]);
    const stamp = await t.db.reportInputStamp.findUnique({ where: { accountId: account.id } });
    expect(stamp?.stamp).toBe(1);
  });
});
