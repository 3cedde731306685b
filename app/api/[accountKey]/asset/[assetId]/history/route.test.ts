// History and trips through their route handlers, with positions put in by the real ingest pipeline.
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { getRequest, makeAccount, makeAsset, makeToken, routeContext } from "@/server/testing/http-fixtures";
import { createMemoryHub } from "@/server/hub";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import { IngestPipeline } from "@/server/tracker/pipeline/ingest-pipeline";
import { PositionWriter } from "@/server/tracker/pipeline/position-writer";
import { WsSequence } from "@/server/tracker/pipeline/ws-sequence";
import type { DecodedRecord } from "@/server/tracker/protocols/teltonika/decoder";
import { normalizeRecord } from "@/server/tracker/protocols/teltonika/normalize";
import { TrackerDirectory } from "@/server/tracker/tracker-directory";
import { GET as getTrips } from "../trips/route";
import { GET as getHistory } from "./route";
import { testImei } from "../../../../../../server/testing/test-imei";

const T0 = Date.UTC(2026, 10, 20, 6, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

/** a Teltonika record as the listener hands it to the pipeline (normalized) */
function rec(offsetS: number, speed: number, ignition: 0 | 1) {
  const decoded: DecodedRecord = {
    timestamp: T0 + offsetS * 1000,
    priority: 0,
    latitude: 54.6872 + offsetS * 0.0001,
    longitude: 25.2797,
    altitude: 120,
    angle: 0,
    satellites: 11,
    speed,
    eventIoId: 0,
    io: { 239: ignition, 66: 12400, 85: speed ? 2000 : 0 },
  };
  return normalizeRecord(decoded);
}

describe.each(databaseKinds())("history and trips API on %s", (kind) => {
  const t = useTestDatabase(kind);
  let account: Awaited<ReturnType<typeof makeAccount>>;
  let token: string;
  let assetId: number;
  const imei = testImei();

  beforeAll(async () => {
    account = await makeAccount("History");
    assetId = (await makeAsset(account.id, "Bus 7", imei)).id;
    token = (await makeToken(account.id)).token;
    const hub = createMemoryHub();
    const pipeline = new IngestPipeline({
      sql: t.database.sql,
      hub,
      writer: new PositionWriter(t.database.sql),
      sequence: new WsSequence(t.db),
      directory: new TrackerDirectory(t.db),
      logger: pino({ level: "silent" }),
    });
    const tracker = (await pipeline.identify({ imei, protocol: "teltonika" }))!;
    // a drive: parked, 4 moving fixes, ignition off; then a buffered record from before arrives late
    await pipeline.ingest(tracker, [rec(0, 0, 1), rec(10, 30, 1), rec(20, 45, 1), rec(30, 50, 1), rec(40, 20, 1)], {
      protocol: "teltonika",
      receivedAt: T0 + 41_000,
    });
    await pipeline.ingest(tracker, [rec(50, 0, 0)], { protocol: "teltonika", receivedAt: T0 + 51_000 });
    await pipeline.ingest(tracker, [rec(5, 10, 1)], { protocol: "teltonika", receivedAt: T0 + 60_000 });
    await hub.close();
  });

  const history = async (query: string, who = token, key = account.key, id = String(assetId)) => {
    const response = await getHistory(
      getRequest(`/api/${key}/asset/${id}/history${query}`, who),
      routeContext({ accountKey: key, assetId: id }),
    );
    return { status: response.status, body: await response.json() };
  };

  it("answers the positions in fix-time order with the standard fields, address and named IO", async () => {
    const { status, body } = await history(`?from=${iso(T0)}&to=${iso(T0 + 3600_000)}`);
    expect(status).toBe(200);
    expect(body.next_cursor).toBeNull();
    expect(body.data.map((p: { dateUpdated: number }) => p.dateUpdated - T0)).toEqual([0, 5000, 10000, 20000, 30000, 40000, 50000]);
    const moving = body.data[3];
    expect(Object.keys(moving).sort()).toEqual(
      ["address", "altitude", "assetId", "course", "dateMoved", "dateUpdated", "ignition", "io", "latitude", "longitude", "odometer", "satellites", "speed", "status", "trackerImei", "wsSeq"].sort(),
    );
    expect(moving).toMatchObject({
      assetId,
      trackerImei: imei,
      speed: 45,
      dateMoved: T0 + 20_000,
      status: { name: "Moving", color: "#333333" },
      altitude: 120,
      satellites: 11,
      ignition: true,
      io: { ignition: 1, externalVoltage: 12.4, canEngineRpm: 2000 },
    });
    expect(body.data[6]).toMatchObject({ speed: 0, dateMoved: T0 + 40_000, status: { name: "Parked" } });
    // the late buffered record is history only
    expect(body.data[1].wsSeq).toBeNull();
    expect(typeof body.data[2].wsSeq).toBe("number");
  });

  it("pages with limit and cursor, carrying dateMoved across pages", async () => {
    const seen: number[] = [];
    let query = `?from=${iso(T0)}&to=${iso(T0 + 3600_000)}&limit=3`;
    for (let page = 0; page < 5; page++) {
      const { status, body } = await history(query);
      expect(status).toBe(200);
      seen.push(...body.data.map((p: { dateUpdated: number }) => p.dateUpdated - T0));
      if (page === 1) expect(body.data[0].dateMoved).toBe(T0 + 20_000);
      if (!body.next_cursor) break;
      query = `?from=${iso(T0)}&to=${iso(T0 + 3600_000)}&limit=3&cursor=${body.next_cursor}`;
    }
    expect(seen).toEqual([0, 5000, 10000, 20000, 30000, 40000, 50000]);
  });

  it("refuses bad ranges with 422 and unknown or foreign assets with 404", async () => {
    expect((await history(`?from=${iso(T0 + 1000)}&to=${iso(T0)}`)).status).toBe(422);
    expect((await history(`?from=yesterday`)).status).toBe(422);
    expect((await history(`?from=${iso(T0)}&to=${iso(T0 + 40 * 86_400_000)}`)).status).toBe(422);
    expect((await history("", token, account.key, "999999")).status).toBe(404);
    expect((await history("", token, account.key, "abc")).status).toBe(404);
    const other = await makeAccount("Other");
    const otherToken = (await makeToken(other.id)).token;
    expect((await history("", otherToken, other.key)).status).toBe(404); // B's token, A's asset
    expect((await history("", otherToken)).status).toBe(404); // B's token on A's path
    expect((await history("", "not-a-token")).status).toBe(401);
    const noScope = (await makeToken(account.id, { scopes: ["assets:read"] })).token;
    expect((await history("", noScope)).status).toBe(403);
  });

  it("lists the trip with distance, duration, score and trail", async () => {
    const response = await getTrips(
      getRequest(`/api/${account.key}/asset/${assetId}/trips?from=${iso(T0)}&to=${iso(T0 + 3600_000)}`, token),
      routeContext({ accountKey: account.key, assetId: String(assetId) }),
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      asset_id: assetId,
      started_at: iso(T0 + 10_000),
      ended_at: iso(T0 + 50_000),
      duration_s: 40,
      max_speed_kmh: 50,
      score: expect.any(Number),
    });
    expect(body.data[0].distance_m).toBeGreaterThan(300);
    expect(body.data[0].trail.length).toBeGreaterThanOrEqual(2);
  });

  it("pages trips in start order even when their ids are not (each node reserves trip ids in blocks)", async () => {
    const van = (await makeAsset(account.id, "Van 9", `36${String(Date.now()).slice(-13)}`)).id;
    const trip = (id: number, startS: number) => ({
      id,
      assetId: van,
      startedAt: new Date(T0 + startS * 1000),
      endedAt: new Date(T0 + (startS + 60) * 1000),
      startLat: 54.6,
      startLng: 25.2,
      trail: [],
    });
    // the later trips got the lower ids, as when the device moved to a node holding an older block
    await t.db.trip.createMany({ data: [trip(900_003, 0), trip(900_002, 600), trip(900_001, 1200)] });
    const page = async (cursor?: string) => {
      const query = `from=${iso(T0)}&to=${iso(T0 + 3600_000)}&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const response = await getTrips(getRequest(`/api/${account.key}/asset/${van}/trips?${query}`, token), routeContext({ accountKey: account.key, assetId: String(van) }));
      expect(response.status).toBe(200);
      return (await response.json()) as { data: { id: number; started_at: string }[]; next_cursor: string | null };
    };
    const first = await page();
    expect(first.data.map((trip) => trip.id)).toEqual([900_003, 900_002]);
    expect(first.next_cursor).not.toBeNull();
    const second = await page(first.next_cursor!);
    expect(second.data.map((trip) => trip.id)).toEqual([900_001]);
    expect(second.next_cursor).toBeNull();
  });
});
