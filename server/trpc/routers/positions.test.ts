// Positions through the dashboard API: the live subscription yields only the caller's account's positions (tested
// on the async generator itself with a memory hub), history and trips for playback, and the latest readings with
// units, with positions put in by the real ingest pipeline.
import pino from "pino";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryHub, hub } from "../../hub";
import { changeGroupAssets } from "../../modules/asset-groups/change-group-assets";
import { createAssetGroup } from "../../modules/asset-groups/create-asset-group";
import { useMemoryHub } from "../../testing/use-memory-hub";
import { createAsset } from "../../modules/assets/create-asset";
import { changeTagMembers } from "../../modules/tags/change-tag-members";
import { createTag } from "../../modules/tags/create-tag";
import type { LivePosition } from "../../modules/positions/live-position";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { IngestPipeline } from "../../tracker/pipeline/ingest-pipeline";
import { PositionWriter } from "../../tracker/pipeline/position-writer";
import { WsSequence } from "../../tracker/pipeline/ws-sequence";
import type { DecodedRecord } from "../../tracker/protocols/teltonika/decoder";
import { normalizeRecord } from "../../tracker/protocols/teltonika/normalize";
import { TrackerDirectory } from "../../tracker/tracker-directory";
import { createCaller } from "../root";
import { callerFor, createFixtureAccount, type FixtureAccount } from "../../testing/trpc-fixtures";
import { testImei } from "../../testing/test-imei";

const T0 = Date.now() - 60 * 60_000; // an hour ago: inside the default 24-hour range

/** a Teltonika record as the listener hands it to the pipeline (normalized) */
function rec(offsetS: number, speed: number, ignition: 0 | 1) {
  const decoded: DecodedRecord = {
    timestamp: T0 + offsetS * 1000,
    priority: 0,
    latitude: 54.6872 + offsetS * 0.0001,
    longitude: 25.2797,
    altitude: 120,
    angle: 90,
    satellites: 11,
    speed,
    eventIoId: 0,
    io: { 239: ignition, 66: 12400, 85: speed ? 2000 : 0 }, // ignition, external voltage (mV), engine rpm
  };
  return normalizeRecord(decoded);
}

function livePosition(accountId: number, assetId: number, wsSeq: number): LivePosition {
  return {
    assetId,
    accountId,
    wsSeq,
    trackerImei: "356307042441013",
    latitude: 54.7,
    longitude: 25.3,
    speed: 42,
    course: 180,
    dateUpdated: Date.now(),
    dateMoved: Date.now(),
    status: { name: "moving", label: "Moving", color: "#16a34a", thresholds: { movingSpeedKmh: 3, offlineAfterMinutes: 30 } },
    ignition: true,
    geoPoint: { street: null, town: "Vilnius", country: "LT" },
    ioData: { externalVoltage: 12.4 },
    sensors: {},
    driverId: "secret-driver",
  } as unknown as LivePosition;
}

async function nextWithin<T>(iterator: AsyncIterator<T>, ms: number): Promise<IteratorResult<T> | "timeout"> {
  return Promise.race([iterator.next(), new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), ms))]);
}

describe("positions.live subscription", () => {
  useMemoryHub();

  describe.each(databaseKinds())("on %s", (kind) => {
    useTestDatabase(kind);
    let a: FixtureAccount;
    let b: FixtureAccount;
    beforeAll(async () => {
      a = await createFixtureAccount("Live A");
      b = await createFixtureAccount("Live B");
    });

    it("yields the caller's account's positions, projected, and never another account's", async () => {
      const controller = new AbortController();
      const stream = await createCaller({ userId: a.users.viewer }, { signal: controller.signal }).positions.live({ accountKey: a.key });
      const iterator = (stream as AsyncIterable<unknown>)[Symbol.asyncIterator]();
      const first = iterator.next(); // starts the generator, which subscribes to the hub
      await new Promise((resolve) => setTimeout(resolve, 20));
      await hub().publish("position", livePosition(b.id, 999, 1)); // another account: never yielded
      await hub().publish("position", livePosition(a.id, 7, 2));
      const value = (await first).value;
      expect(value).toEqual({
        assetId: 7,
        latitude: 54.7,
        longitude: 25.3,
        speed: 42,
        course: 180,
        ignition: true,
        dateUpdated: expect.any(Number),
        wsSeq: 2,
        status: { name: "moving", label: "Moving", color: "#16a34a" },
        address: { street: null, town: "Vilnius", country: "LT" },
      });
      expect(value).not.toHaveProperty("driverId");
      await hub().publish("position", livePosition(b.id, 999, 3));
      expect(await nextWithin(iterator, 100)).toBe("timeout");
      controller.abort();
    });

    it("with a group or a tag, yields only the positions of the vehicles they pick (the group's subgroups too)", async () => {
      const [inSub, tagged, outside] = await Promise.all(
        ["In subgroup", "Tagged", "Outside"].map((name) => createAsset({ accountId: a.id, name })),
      );
      const region = await createAssetGroup({ accountId: a.id, body: { name: "Region" } });
      const depot = await createAssetGroup({ accountId: a.id, body: { name: "Depot", parent_id: region.id } });
      await changeGroupAssets({ accountId: a.id, groupId: depot.id, change: "add", assetIds: [inSub!.id] });
      const tag = await createTag({ accountId: a.id, body: { name: "Cold" } });
      await changeTagMembers({ accountId: a.id, tagId: tag.id, kind: "asset", change: "add", ids: [tagged!.id] });

      for (const [filter, expected] of [
        [{ groupId: region.id }, inSub!.id],
        [{ tagId: tag.id }, tagged!.id],
      ] as const) {
        const controller = new AbortController();
        const stream = await createCaller({ userId: a.users.viewer }, { signal: controller.signal }).positions.live({ accountKey: a.key, ...filter });
        const iterator = (stream as AsyncIterable<{ assetId: number }>)[Symbol.asyncIterator]();
        const first = iterator.next();
        await new Promise((resolve) => setTimeout(resolve, 50));
        await hub().publish("position", livePosition(a.id, outside!.id, 10));
        await hub().publish("position", livePosition(a.id, expected, 11));
        expect((await first).value).toMatchObject({ assetId: expected, wsSeq: 11 });
        await hub().publish("position", livePosition(a.id, outside!.id, 12));
        expect(await nextWithin(iterator, 100)).toBe("timeout");
        controller.abort();
      }
    });

    it("ends and unsubscribes when the client goes away", async () => {
      const controller = new AbortController();
      const stream = await createCaller({ userId: a.users.admin }, { signal: controller.signal }).positions.live({ accountKey: a.key });
      const iterator = (stream as AsyncIterable<unknown>)[Symbol.asyncIterator]();
      const pending = iterator.next();
      await new Promise((resolve) => setTimeout(resolve, 20));
      controller.abort();
      expect(await pending).toMatchObject({ done: true });
    });

    it("refuses outsiders and anonymous callers before subscribing", async () => {
      const outsider = await callerFor(b.users.admin)
        .positions.live({ accountKey: a.key })
        .catch((e: unknown) => e);
      expect((outsider as TRPCError).code).toBe("NOT_FOUND");
      const anonymous = await callerFor(null)
        .positions.live({ accountKey: a.key })
        .catch((e: unknown) => e);
      expect((anonymous as TRPCError).code).toBe("UNAUTHORIZED");
    });
  });
});

describe.each(databaseKinds())("positions history, trips and readings on %s", (kind) => {
  const t = useTestDatabase(kind);
  let a: FixtureAccount;
  let b: FixtureAccount;
  let assetId: number;
  const imei = testImei();

  beforeAll(async () => {
    a = await createFixtureAccount("History A");
    b = await createFixtureAccount("History B");
    assetId = (await createAsset({ accountId: a.id, name: "Bus 7", imei })).id;
    const pipeline = new IngestPipeline({
      sql: t.database.sql,
      hub: createMemoryHub(),
      writer: new PositionWriter(t.database.sql),
      sequence: new WsSequence(t.db),
      directory: new TrackerDirectory(t.db),
      logger: pino({ level: "silent" }),
    });
    const tracker = (await pipeline.identify({ imei, protocol: "teltonika" }))!;
    await pipeline.ingest(tracker, [rec(0, 0, 1), rec(10, 30, 1), rec(20, 45, 1), rec(30, 50, 1), rec(40, 20, 1)], {
      protocol: "teltonika",
      receivedAt: T0 + 41_000,
    });
    await pipeline.ingest(tracker, [rec(50, 0, 0)], { protocol: "teltonika", receivedAt: T0 + 51_000 });
  });

  it("returns the track of the last 24 hours, oldest first", async () => {
    const track = await callerFor(a.users.viewer).positions.history({ accountKey: a.key, assetId });
    expect(track.truncated).toBe(false);
    expect(track.points.map((p) => p.speed)).toEqual([0, 30, 45, 50, 20, 0]);
    expect(track.points[0]).toEqual({ t: T0, lat: 54.6872, lng: 25.2797, speed: 0, course: 90, ignition: true });
    expect(track.to - track.from).toBe(24 * 60 * 60_000);
  });

  it("honours a range and rejects a reversed one", async () => {
    const track = await callerFor(a.users.viewer).positions.history({
      accountKey: a.key,
      assetId,
      from: new Date(T0 + 15_000).toISOString(),
      to: new Date(T0 + 35_000).toISOString(),
    });
    expect(track.points.map((p) => p.speed)).toEqual([45, 50]);
    const error = await callerFor(a.users.viewer)
      .positions.history({ accountKey: a.key, assetId, from: new Date(T0).toISOString(), to: new Date(T0 - 1000).toISOString() })
      .catch((e: unknown) => e);
    expect((error as TRPCError).code).toBe("BAD_REQUEST");
  });

  it("lists the trip with its trail", async () => {
    const trips = await callerFor(a.users.viewer).positions.trips({ accountKey: a.key, assetId });
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({ asset_id: assetId, max_speed_kmh: 50, ended_at: expect.any(String) });
    expect(trips[0]!.trail.length).toBeGreaterThan(1);
  });

  it("gives the newest IO values with units and AVL ids from the AVL table", async () => {
    const { dateUpdated, readings } = await callerFor(a.users.viewer).positions.readings({ accountKey: a.key, assetId });
    expect(dateUpdated).toBe(T0 + 50_000);
    expect(readings).toContainEqual({
      name: "externalVoltage",
      value: 12.4,
      unit: "V",
      group: "permanent",
      measured: true,
      protocolId: "AVL 66",
      levelMax: null,
    });
    expect(readings).toContainEqual(expect.objectContaining({ name: "ignition", value: 0 }));
    // engine speed reads zero after ignition off: a reset, not a measurement
    expect(readings).toContainEqual({
      name: "canEngineRpm",
      value: 0,
      unit: "rpm",
      group: "can",
      measured: false,
      protocolId: "AVL 85",
      levelMax: null,
    });
  });

  it("hides another account's asset (NOT_FOUND)", async () => {
    for (const call of [
      () => callerFor(b.users.admin).positions.history({ accountKey: b.key, assetId }),
      () => callerFor(b.users.admin).positions.trips({ accountKey: b.key, assetId }),
      () => callerFor(b.users.admin).positions.readings({ accountKey: b.key, assetId }),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect((error as TRPCError).code).toBe("NOT_FOUND");
    }
  });
});
