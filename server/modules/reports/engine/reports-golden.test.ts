// Golden tests of the report engine on synthetic tracks with known answers, on both databases. Positions go in
// through the real ingest statement (PositionWriter), so the day marks are the ones ingest makes.
import { describe, expect, it } from "vitest";
import { createAccount } from "../../accounts/create-account";
import { createAsset } from "../../assets/create-asset";
import { haversineMeters } from "../../positions/geo";
import { databaseKinds, useTestDatabase } from "../../../testing/test-database";
import { testImei } from "../../../testing/test-imei";
import { PositionWriter, type PositionRow, type TripRow } from "../../../tracker/pipeline/position-writer";
import type { ReportRequest, ReportRow } from "../report-model";
import { parseReportRequest } from "../reports.schema";
import { readDataVersion } from "./data-version";
import { reportCost } from "./report-cost";
import { runReport, streamReport } from "./run-report";

const MIN = 60_000;
const HOUR = 60 * MIN;

interface Vehicle {
  accountId: number;
  assetId: number;
  trackerId: number;
  imei: string;
}

type Fix = Partial<PositionRow> & { t: number; io?: Record<string, number | string> };

describe.each(databaseKinds())("report engine on %s", (kind) => {
  const t = useTestDatabase(kind);
  let writer: PositionWriter;

  async function vehicle(name: string, timeZone = "Europe/Berlin"): Promise<Vehicle> {
    const account = await createAccount({ name: `Reports ${name}` });
    await t.db.account.update({ where: { id: account.id }, data: { timeZone } });
    const imei = testImei();
    const asset = await createAsset({ accountId: account.id, name, imei });
    return { accountId: account.id, assetId: asset.id, trackerId: asset.trackerId!, imei };
  }

  async function drive(v: Vehicle, fixes: Fix[], trips: TripRow[] = []): Promise<void> {
    writer ??= new PositionWriter(t.database.sql);
    const rows: PositionRow[] = fixes.map(({ t: time, io, ...over }) => ({
      assetId: v.assetId,
      trackerId: v.trackerId,
      fixTime: time,
      receivedAt: time + 1000,
      wsSeq: null,
      latitude: 52.52,
      longitude: 13.405,
      altitude: 40,
      speed: 0,
      course: 0,
      satellites: 10,
      priority: 0,
      eventIoId: 0,
      ignition: false,
      moving: false,
      odometer: null,
      street: "Unter den Linden",
      town: "Berlin",
      country: "Germany",
      avlIo: io ?? {},
      tripId: null,
      flag: null,
      ...over,
    }));
    await writer.write({ owner: { assetId: v.assetId, trackerId: v.trackerId, imei: v.imei }, rows, state: null, trips });
  }

  const request = (v: Vehicle, type: ReportRequest["type"], from: number, to: number, extra: Partial<ReportRequest> = {}): ReportRequest => ({
    accountId: v.accountId,
    type,
    assetIds: [v.assetId],
    from: new Date(from),
    to: new Date(to),
    ...extra,
  });

  async function allRows(r: ReportRequest): Promise<ReportRow[]> {
    const rows: ReportRow[] = [];
    for await (const batch of (await streamReport(r)).rows) rows.push(...batch);
    return rows;
  }

  // 2026-11-10 is a plain winter day in Berlin (UTC+1): local midnight is 23:00 UTC the day before
  const DAY = Date.UTC(2026, 10, 9, 23, 0, 0);

  it("a drive with CAN mileage: distance from the CAN odometer, source can, driving and parked time", async () => {
    const v = await vehicle("Van CAN");
    const fixes: Fix[] = [];
    for (let i = 0; i <= 10; i++) {
      // the GPS track wanders (0.02° a minute) while the CAN odometer says exactly 1 km a minute
      fixes.push({ t: DAY + 8 * HOUR + i * MIN, speed: i < 10 ? 60 : 0, ignition: i < 10, latitude: 52.5 + i * 0.02, io: { 87: 1_000_000 + i * 1000, 239: i < 10 ? 1 : 0 } });
    }
    fixes.push({ t: DAY + 20 * HOUR, latitude: 52.7, io: { 87: 1_010_000 } });
    await drive(v, fixes);
    const [activity] = (await runReport(request(v, "activity", DAY, DAY + 24 * HOUR), { limit: 10 })).data;
    expect(activity).toMatchObject({ period: "range", distance_km: 10, driving_s: 600, idling_s: 0, engine_s: 600 });
    // parked from the last driving fix to the day's last fix (11 h 50 min); before the first fix and after the last
    // one nothing is known, so nothing is counted
    expect(activity!.parked_s).toBe(11 * 3600 + 50 * 60);
    const [mileage] = (await runReport(request(v, "mileage", DAY, DAY + 24 * HOUR), { limit: 10 })).data;
    expect(mileage).toMatchObject({ period: "2026-11-10", distance_km: 10, source: "can", can_share: 1, gps_share: 0, start_odometer_km: 1000, end_odometer_km: 1010, odometer_resets: 0, gaps: 0 });
  });

  it("a GPS-only drive: haversine distance with a jump left out and noted", async () => {
    const v = await vehicle("Van GPS");
    const fixes: Fix[] = [];
    for (let i = 0; i < 10; i++) {
      fixes.push({ t: DAY + 9 * HOUR + i * MIN, speed: 66, ignition: true, latitude: 52.5 + i * 0.01 });
      // one fix 5° away between the fifth and sixth: both steps to and from it imply > 250 km/h
      if (i === 4) fixes.push({ t: DAY + 9 * HOUR + i * MIN + 30_000, speed: 66, ignition: true, latitude: 57.5 });
    }
    await drive(v, fixes);
    const step = haversineMeters(52.5, 13.405, 52.51, 13.405);
    const page = await runReport(request(v, "mileage", DAY, DAY + 24 * HOUR), { limit: 10 });
    expect(page.data[0]!.distance_km).toBeCloseTo((8 * step) / 1000, 3);
    expect(page.data[0]).toMatchObject({ source: "gps", gps_share: 1 });
    expect(page.meta.notes.join("\n")).toContain("Van GPS: 2 GPS jumps left out of the distance on 2026-11-10");
  });

  it("an odometer reset is counted and visible, never a negative distance", async () => {
    const v = await vehicle("Van 12");
    const base = DAY + 10 * HOUR;
    await drive(v, [
      { t: base, speed: 50, ignition: true, io: { 87: 100_000 } },
      { t: base + MIN, speed: 50, ignition: true, io: { 87: 101_000 } },
      // the CAN odometer restarts from 50 m; GPS did not move: that pair counts 0 m, not -100.95 km
      { t: base + 2 * MIN, speed: 50, ignition: true, io: { 87: 50 } },
      { t: base + 3 * MIN, speed: 0, ignition: false, io: { 87: 1_050 } },
    ]);
    const page = await runReport(request(v, "mileage", DAY, DAY + 24 * HOUR), { limit: 10 });
    expect(page.data[0]).toMatchObject({ distance_km: 2, odometer_resets: 1, source: "can", can_share: 1 });
    expect(page.meta.notes.join("\n")).toContain("Van 12: odometer reset on 2026-11-10");
  });

  it("a gap while driving is counted, noted and in no state", async () => {
    const v = await vehicle("Van Gap");
    const base = DAY + 10 * HOUR;
    await drive(v, [
      { t: base, speed: 50, ignition: true },
      { t: base + MIN, speed: 50, ignition: true },
      { t: base + 91 * MIN, speed: 0, ignition: false },
    ]);
    const page = await runReport(request(v, "activity", DAY, DAY + 24 * HOUR, { period: "day" }), { limit: 10 });
    expect(page.data[0]).toMatchObject({ period: "2026-11-10", driving_s: 60 });
    expect((await runReport(request(v, "mileage", DAY, DAY + 24 * HOUR), { limit: 10 })).data[0]!.gaps).toBe(1);
    expect(page.meta.notes.join("\n")).toContain("Van Gap: no data for 1.5 h on 2026-11-10 while not parked");
  });

  it("a 25-hour day at the end of daylight saving time (Europe/Berlin, 2026-10-25)", async () => {
    const v = await vehicle("Van DST");
    const start = Date.UTC(2026, 9, 24, 22, 0, 0); // 00:00 CEST
    const end = Date.UTC(2026, 9, 25, 23, 0, 0); // 00:00 CET the next day
    const fixes: Fix[] = [];
    for (let time = start - HOUR; time < end; time += 5 * HOUR) fixes.push({ t: time });
    fixes.push({ t: end + HOUR });
    await drive(v, fixes);
    const page = await runReport(request(v, "activity", start - 24 * HOUR, end + 24 * HOUR, { period: "day" }), { limit: 10 });
    const day = page.data.find((row) => row.period === "2026-10-25");
    expect(day).toMatchObject({ parked_s: 25 * 3600, driving_s: 0 });
    expect(page.meta.time_zone).toBe("Europe/Berlin");
  });

  it("a late record marks its older day dirty; the report recomputes it and the data version changes", async () => {
    const v = await vehicle("Van Late");
    const day1 = DAY;
    const day2 = DAY + 24 * HOUR;
    await drive(v, [
      { t: day1 + 8 * HOUR, speed: 40, ignition: true, io: { 87: 5_000 } },
      { t: day1 + 8 * HOUR + MIN, speed: 40, ignition: true, io: { 87: 5_500 } },
      { t: day2 + 8 * HOUR, speed: 40, ignition: true, io: { 87: 6_000 } },
      { t: day2 + 8 * HOUR + MIN, speed: 0, ignition: false, io: { 87: 7_000 } },
    ]);
    const r = request(v, "mileage", day1, day2 + 24 * HOUR);
    const before = await runReport(r, { limit: 10 });
    // the pair across midnight (5,500 m -> 6,000 m) is the second day's: it ends there
    expect(before.data.map((row) => row.distance_km)).toEqual([0.5, 1.5]);
    const version = await readDataVersion(r);
    const [clean] = await t.db.$queryRaw<{ dirty: boolean; version: number }[]>`
      SELECT dirty, version FROM asset_days WHERE asset_id = ${v.assetId} AND day = '2026-11-10'::date`;
    expect(clean!.dirty).toBe(false);
    expect(await readDataVersion(r)).toBe(version); // stable while nothing changes

    // a buffered record of yesterday arrives today
    await drive(v, [{ t: day1 + 8 * HOUR + 2 * MIN, speed: 0, ignition: false, io: { 87: 6_000 } }]);
    const day = await t.db.$queryRaw<{ dirty: boolean; version: number }[]>`
      SELECT dirty, version FROM asset_days WHERE asset_id = ${v.assetId} AND day = '2026-11-10'::date`;
    expect(day[0]).toEqual({ dirty: true, version: clean!.version + 1 });
    expect(await readDataVersion(r)).not.toBe(version);

    const after = await runReport(r, { limit: 10 });
    // yesterday gained 0.5 km; today's first pair now starts at 6,000 m (its rollup was marked through the neighbour
    // rule: yesterday's last fix changed)
    expect(after.data.map((row) => row.distance_km)).toEqual([1, 1]);
    const settled = await readDataVersion(r);
    expect(await readDataVersion(r)).toBe(settled);
    expect(settled).not.toBe(version);
  });

  it("temperature sensors: sentinels skipped and counted, time out of range from the readings", async () => {
    const v = await vehicle("Reefer");
    const base = DAY + 6 * HOUR;
    await drive(v, [
      { t: base, io: { 72: 50, 25: 250 } }, // 5.0 °C, 2.50 °C
      { t: base + 10 * MIN, io: { 72: 850, 25: 32767 } }, // Dallas not ready (85.0), BLE not found (327.67)
      { t: base + 20 * MIN, io: { 72: 80, 25: 300 } }, // 8.0 °C, 3.00 °C
      { t: base + 30 * MIN, io: { 72: 3000, 25: 260 } }, // Dallas 300.0 (not connected), 2.60 °C
      { t: base + 40 * MIN, io: { 72: 40, 25: 250 } }, // 4.0 °C, 2.50 °C
    ]);
    const page = await runReport(
      request(v, "temperature", DAY, DAY + 24 * HOUR, { options: { temperatureMinC: 0, temperatureMaxC: 6 } }),
      { limit: 10 },
    );
    const byName = Object.fromEntries(page.data.map((row) => [row.sensor, row]));
    expect(byName.dallasTemperature1).toMatchObject({ readings: 3, min_c: 4, max_c: 8, avg_c: 5.67, errors_skipped: 2 });
    // 8.0 °C held from +20 min to +30 min (the next fix, whose Dallas value was an error)
    expect(byName.dallasTemperature1!.out_of_range_s).toBe(600);
    expect(byName.bleTemperature1).toMatchObject({ readings: 4, min_c: 2.5, max_c: 3, errors_skipped: 1, out_of_range_s: 0 });
    expect(byName.bleTemperature1!.first_reading).toBe(new Date(base).toISOString());
  });

  it("trips from the trips table with CAN distance, odometers, addresses and the driver; stops between them", async () => {
    const v = await vehicle("Van Trips");
    const base = DAY + 7 * HOUR;
    await t.db.authorisedDriver.create({
      data: { accountId: v.accountId, assetId: v.assetId, keyId: "01A2B3C4D5E6F708", name: "Anna", position: 0 },
    });
    const trip = (id: number, from: number, to: number | null, distanceM: number): TripRow => ({
      id, assetId: v.assetId, startedAt: from, endedAt: to, startLat: 52.5, startLng: 13.4, endLat: 52.6, endLng: 13.5,
      distanceM, maxSpeed: 80, trail: [], score: 100, harshEvents: 0,
    });
    const tripId = 900_000 + v.assetId * 10;
    await drive(
      v,
      [
        { t: base, speed: 30, ignition: true, io: { 87: 20_000, 83: 1000, 78: "01a2b3c4d5e6f708" } },
        { t: base + 10 * MIN, speed: 0, ignition: true, street: "Alexanderplatz", io: { 87: 30_000, 83: 1012 } },
        { t: base + 15 * MIN, speed: 0, ignition: false, io: { 87: 30_000 } },
        { t: base + 40 * MIN, speed: 30, ignition: true, io: { 87: 30_000 } },
        { t: base + 50 * MIN, speed: 0, ignition: false, io: { 87: 38_000 } },
      ],
      [trip(tripId, base, base + 10 * MIN, 9_500), trip(tripId + 1, base + 40 * MIN, base + 50 * MIN, 7_900)],
    );
    const trips = await runReport(request(v, "trips", DAY, DAY + 24 * HOUR), { limit: 10 });
    expect(trips.data).toHaveLength(2);
    expect(trips.data[0]).toMatchObject({
      duration_s: 600, distance_km: 10, distance_source: "can", start_odometer_km: 20, end_odometer_km: 30,
      avg_speed_kmh: 60, max_speed_kmh: 80, driver: "Anna", fuel_used_l: 1.2, ongoing: false,
      start_address: "Unter den Linden, Berlin, Germany", end_address: "Alexanderplatz, Berlin, Germany",
    });
    expect(trips.data[1]).toMatchObject({ distance_km: 8, distance_source: "can" });
    const stops = await runReport(request(v, "stops", base, base + 2 * HOUR), { limit: 10 });
    // between the trips: 30 minutes, ignition on for the first 5 of them
    expect(stops.data[0]).toMatchObject({ duration_s: 1800, ignition_on_s: 300, address: "Alexanderplatz, Berlin, Germany" });
    // after the last trip: to the newest fix (the trip's end), so nothing more
    expect(stops.data).toHaveLength(1);
  });

  it("route: every position in keyset batches, with a cursor that resumes exactly, and IO columns", async () => {
    const v = await vehicle("Van Route");
    const base = DAY + HOUR;
    const fixes: Fix[] = Array.from({ length: 2_500 }, (_, i) => ({ t: base + i * 10_000, io: { 66: 12_000 + i } }));
    for (let i = 0; i < fixes.length; i += 500) await drive(v, fixes.slice(i, i + 500));
    const r = request(v, "route", DAY, DAY + 24 * HOUR, { options: { ioColumns: ["externalVoltage"] } });
    const times: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await runReport(r, { cursor, limit: 1_000 });
      times.push(...page.data.map((row) => row.time as string));
      cursor = page.next_cursor;
      pages++;
      if (pages === 1) expect(page.data[0]).toMatchObject({ io_externalVoltage: 12, address: "Unter den Linden, Berlin, Germany" });
    } while (cursor);
    expect(pages).toBe(3);
    expect(times).toHaveLength(2_500);
    expect(new Set(times).size).toBe(2_500);
    const stream = await streamReport(r);
    const sizes: number[] = [];
    for await (const batch of stream.rows) sizes.push(batch.length);
    expect(sizes).toEqual([1_000, 1_000, 500]);
    expect(stream.meta.columns.at(-1)).toMatchObject({ key: "io_externalVoltage" });
  });

  it("events: the fired alerts with their place", async () => {
    const v = await vehicle("Van Events");
    await t.db.alert.create({
      data: {
        accountId: v.accountId, assetId: v.assetId, ruleName: "Speed", type: "OVERSPEED", firedAt: new Date(DAY + HOUR),
        message: "Over 90 km/h", latitude: 52.5, longitude: 13.4, speed: 97, street: "A100", town: "Berlin", country: "Germany",
        details: { limitKmh: 90 },
      },
    });
    const rows = await allRows(request(v, "events", DAY, DAY + 24 * HOUR));
    expect(rows).toEqual([expect.objectContaining({ type: "OVERSPEED", address: "A100, Berlin, Germany", speed_kmh: 97, details: '{"limitKmh":90}' })]);
    expect(await allRows(request(v, "events", DAY, DAY + 24 * HOUR, { options: { eventTypes: ["IDLING"] } }))).toEqual([]);
  });

  it("validates requests: range, limits, ownership; cost decides sync or job", async () => {
    const v = await vehicle("Van Valid");
    const other = await vehicle("Not Mine");
    const query = { asset_ids: `${v.assetId}`, from: "2026-11-01T00:00:00+01:00", to: "2026-12-01T00:00:00+01:00" };
    const parsed = await parseReportRequest({ accountId: v.accountId, type: "mileage", query: { ...query, period: "week" } });
    expect(parsed.request).toMatchObject({ type: "mileage", assetIds: [v.assetId], period: "week" });
    expect(parsed.limit).toBe(1_000);
    await expect(parseReportRequest({ accountId: v.accountId, type: "trips", query: { ...query, to: query.from } })).rejects.toMatchObject({ code: "REPORT_RANGE_INVALID" });
    await expect(parseReportRequest({ accountId: v.accountId, type: "route", query: { ...query, to: "2026-12-03T00:00:00+01:00" } })).rejects.toMatchObject({ code: "REPORT_RANGE_INVALID" });
    await expect(parseReportRequest({ accountId: v.accountId, type: "trips", query: { ...query, asset_ids: `${v.assetId},${other.assetId}` } })).rejects.toMatchObject({ code: "ASSET_NOT_FOUND" });
    await expect(parseReportRequest({ accountId: v.accountId, type: "speeding", query })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await expect(parseReportRequest({ accountId: v.accountId, type: "trips", query: { ...query, period: "week" } })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await expect(runReport({ ...parsed.request, assetIds: [other.assetId] }, { limit: 10 })).rejects.toMatchObject({ code: "ASSET_NOT_FOUND" });
    await expect(runReport(parsed.request, { cursor: "bm90LWpzb24", limit: 10 })).rejects.toMatchObject({ code: "REPORT_CURSOR_INVALID" });
    const ids = Array.from({ length: 100 }, (_, i) => i + 1);
    const month = { from: new Date(Date.UTC(2026, 10, 1)), to: new Date(Date.UTC(2026, 11, 1)) };
    expect(reportCost({ type: "trips", assetIds: ids, ...month })).toBe(3_000);
    expect(reportCost({ type: "route", assetIds: [1], ...month })).toBe(600);
    expect(reportCost({ type: "route", assetIds: [1, 2, 3, 4, 5, 6, 7, 8, 9], ...month })).toBeGreaterThan(5_000);
  });
});
