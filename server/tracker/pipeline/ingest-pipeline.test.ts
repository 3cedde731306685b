// Devices over real TCP into the real pipeline and database: acknowledged = stored = published.
import net from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryHub, type Hub } from "../../hub";
import type { LivePosition } from "../../modules/positions/live-position";
import { createAccount } from "../../modules/accounts/create-account";
import { createAsset } from "../../modules/assets/create-asset";
import { OfflineGeocoder } from "../../modules/geocoding/offline-geocoder";
import { listPositionHistory } from "../../modules/positions/list-position-history";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { DeviceSessions } from "../device-sessions";
import { encodeLogin, encodeTcpPacket8E, type RecordToEncode } from "../protocols/teltonika/avl-encoder";
import { startStreamListener, type TcpListener } from "../stream-listener";
import { TrackerDirectory } from "../tracker-directory";
import { IngestPipeline } from "./ingest-pipeline";
import { PositionWriter } from "./position-writer";
import { WsSequence } from "./ws-sequence";
import { testImei } from "../../testing/test-imei";
import { teltonikaTcp } from "../protocols/teltonika/protocol";

const T0 = Date.UTC(2026, 10, 22, 7, 0, 0);

function record(offsetS: number, over: Partial<RecordToEncode> = {}): RecordToEncode {
  return {
    timestamp: T0 + offsetS * 1000,
    priority: 0,
    longitude: 25.2797 + offsetS * 0.0001,
    latitude: 54.6872,
    altitude: 110,
    angle: 90,
    satellites: 12,
    speed: 40,
    eventIoId: 0,
    io: { u8: { 239: 1, 240: 1, 21: 4 }, u16: { 66: 13750, 85: 1800 }, u32: { 87: 1_000_000 + offsetS * 10 } },
    ...over,
  };
}

async function connect(port: number) {
  const socket = net.connect({ host: "127.0.0.1", port });
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let received = Buffer.alloc(0);
  socket.on("data", (chunk) => (received = Buffer.concat([received, chunk])));
  return {
    socket,
    async expectBytes(hex: string) {
      const deadline = Date.now() + 10_000;
      while (received.toString("hex") !== hex) {
        if (Date.now() > deadline) throw new Error(`expected ${hex}, got ${received.toString("hex")}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

describe.each(databaseKinds())("ingest pipeline on %s", (kind) => {
  const t = useTestDatabase(kind);
  let hub: Hub;
  let local: Hub;
  const localPositions: number[] = [];
  let listener: TcpListener;
  let writer: PositionWriter;
  const published: LivePosition[] = [];
  const imei = testImei();
  let assetId: number;

  beforeAll(async () => {
    hub = createMemoryHub();
    hub.subscribe("position", (p) => published.push(p));
    local = createMemoryHub();
    local.subscribe("position", (p) => localPositions.push(p.dateUpdated));
    const account = await createAccount({ name: "Ingest Test" });
    assetId = (await createAsset({ accountId: account.id, name: "Van 1", imei })).id;
    writer = new PositionWriter(t.database.sql);
    const logger = pino({ level: "silent" });
    const geocoder = new OfflineGeocoder();
    await geocoder.load();
    const pipeline = new IngestPipeline({
      sql: t.database.sql,
      hub,
      local,
      writer,
      sequence: new WsSequence(t.db, 100),
      directory: new TrackerDirectory(t.db),
      logger,
      geocoder,
    });
    listener = await startStreamListener({ protocol: teltonikaTcp, host: "127.0.0.1", port: 0, sink: pipeline, sessions: new DeviceSessions(), logger });
  });
  afterAll(async () => {
    await listener?.close();
    await hub?.close();
    await local?.close();
  });

  it("stores, acknowledges and publishes a multi-record packet in order", async () => {
    const device = await connect(listener.port);
    device.socket.write(encodeLogin(imei));
    await device.expectBytes("01");
    device.socket.write(encodeTcpPacket8E([record(20), record(0), record(10)])); // out of order inside the packet
    await device.expectBytes("0100000003");
    const rows = await t.db.position.findMany({ where: { assetId }, orderBy: { fixTime: "asc" } });
    expect(rows.map((r) => r.fixTime.getTime())).toEqual([T0, T0 + 10_000, T0 + 20_000]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(published.map((p) => p.dateUpdated)).toEqual([T0, T0 + 10_000, T0 + 20_000]);
    expect(localPositions).toEqual([T0, T0 + 10_000, T0 + 20_000]); // this process's evaluators hear them too
    const seqs = published.map((p) => p.wsSeq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(new Set(seqs).size).toBe(3);
    const newest = published[2]!;
    expect(newest).toMatchObject({
      assetId,
      trackerImei: imei,
      speed: 40,
      course: 90,
      ignition: true,
      moving: true,
      odometer: 1_000_200,
      status: { name: "moving" },
      power: { externalVoltage: 13.75 },
      gsmSignal: 4,
      sensors: { canEngineRpm: 1800, canTotalMileage: 1_000_200 },
    });
    expect(newest.geoPoint).toEqual({ street: null, town: "Vilnius", country: "Lithuania" });
    expect(rows[2]).toMatchObject({ town: "Vilnius", country: "Lithuania" });
    const state = await t.db.assetState.findUniqueOrThrow({ where: { assetId } });
    expect(state.fixTime.getTime()).toBe(T0 + 20_000);
    expect(Number(state.wsSeq)).toBe(newest.wsSeq);
    device.socket.destroy();
  });

  it("acknowledges a resent packet without storing or publishing it twice", async () => {
    const before = published.length;
    const device = await connect(listener.port);
    device.socket.write(Buffer.concat([encodeLogin(imei), encodeTcpPacket8E([record(10), record(20)])]));
    await device.expectBytes("0100000002");
    expect(await t.db.position.count({ where: { assetId } })).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(published.length).toBe(before);
    device.socket.destroy();
  });

  it("keeps buffered older records in history but never publishes them live", async () => {
    const before = published.length;
    const device = await connect(listener.port);
    device.socket.write(Buffer.concat([encodeLogin(imei), encodeTcpPacket8E([record(5), record(30)])]));
    await device.expectBytes("0100000002");
    const old = await t.db.position.findUniqueOrThrow({ where: { assetId_fixTime: { assetId, fixTime: new Date(T0 + 5000) } } });
    expect(old.wsSeq).toBeNull();
    // enriched like a live record: its address, and the trip running at its fix time (started by the first packet)
    const trip = await t.db.trip.findFirstOrThrow({ where: { assetId, startedAt: new Date(T0) } });
    expect(old).toMatchObject({ town: "Vilnius", country: "Lithuania", tripId: trip.id });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(published.slice(before).map((p) => p.dateUpdated)).toEqual([T0 + 30_000]);
    device.socket.destroy();
  });

  it("flags ignition-off resets as not measured and closes the trip", async () => {
    const device = await connect(listener.port);
    device.socket.write(
      Buffer.concat([
        encodeLogin(imei),
        encodeTcpPacket8E([
          record(60, { speed: 0, io: { u8: { 239: 0, 240: 0 }, u16: { 85: 0, 84: 420 }, u32: { 87: 1_000_700 } } }),
        ]),
      ]),
    );
    await device.expectBytes("0100000001");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const last = published.at(-1)!;
    expect(last.notMeasured).toContain("canEngineRpm");
    expect(last.sensors.canEngineRpm).toBeUndefined();
    expect(last.sensors.canFuelLevelLiters).toBe(42);
    expect(last.status.name).toBe("parked");
    const trips = await t.db.trip.findMany({ where: { assetId } });
    expect(trips).toHaveLength(1);
    expect(trips[0]!.endedAt?.getTime()).toBe(T0 + 60_000);
    expect(trips[0]!.distanceM).toBeGreaterThan(0);
    device.socket.destroy();
  });

  it("carries order, odometer and the open trip over a restart (a new pipeline on the same database)", async () => {
    // a trip is running again (the earlier test ended one at T0 + 60 s)
    const device = await connect(listener.port);
    device.socket.write(Buffer.concat([encodeLogin(imei), encodeTcpPacket8E([record(120), record(130)])]));
    await device.expectBytes("0100000002");
    device.socket.destroy();
    const openTrip = await t.db.trip.findFirstOrThrow({ where: { assetId, endedAt: null } });
    const lastSeq = published.at(-1)!.wsSeq;

    const restartedHub = createMemoryHub();
    const heard: LivePosition[] = [];
    restartedHub.subscribe("position", (p) => heard.push(p));
    const restarted = new IngestPipeline({
      sql: t.database.sql,
      hub: restartedHub,
      writer: new PositionWriter(t.database.sql),
      sequence: new WsSequence(t.db, 100),
      directory: new TrackerDirectory(t.db),
      logger: pino({ level: "silent" }),
    });
    const second = await startStreamListener({ protocol: teltonikaTcp, host: "127.0.0.1", port: 0, sink: restarted, sessions: new DeviceSessions(), logger: pino({ level: "silent" }) });
    try {
      const again = await connect(second.port);
      again.socket.write(Buffer.concat([encodeLogin(imei), encodeTcpPacket8E([record(125), record(140, { speed: 0, io: { u8: { 239: 0 } } })])]));
      await again.expectBytes("0100000002");
      again.socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      // 125 s is older than the stored newest (130 s): history only; 140 s is live, sequenced after everything before
      expect(heard.map((p) => p.dateUpdated)).toEqual([T0 + 140_000]);
      expect(heard[0]!.wsSeq).toBeGreaterThan(lastSeq);
      const trip = await t.db.trip.findUniqueOrThrow({ where: { id: openTrip.id } });
      expect(trip.endedAt?.getTime()).toBe(T0 + 140_000); // the trip the first process opened, ended by the second
      expect(trip.distanceM).toBeGreaterThan(openTrip.distanceM);
      expect(await t.db.trip.count({ where: { assetId } })).toBe(2);
    } finally {
      await second.close();
      await restartedHub.close();
    }
  });

  it("publishes the tracker's session opening and closing on the hub", async () => {
    // a tracker of its own: the closes of earlier tests' connections may still be on their way
    const ownImei = testImei();
    const account = await createAccount({ name: "Connection Test" });
    const ownAssetId = (await createAsset({ accountId: account.id, name: "Van 2", imei: ownImei })).id;
    const events: { online: boolean; assetId: number | null; imei: string }[] = [];
    const unsubscribe = hub.subscribe("tracker.connection", (e) => e.imei === ownImei && events.push(e));
    const localEvents: boolean[] = [];
    const unsubscribeLocal = local.subscribe("tracker.connection", (e) => e.imei === ownImei && localEvents.push(e.online));
    const device = await connect(listener.port);
    device.socket.write(encodeLogin(ownImei));
    await device.expectBytes("01");
    await new Promise((resolve) => setTimeout(resolve, 50));
    device.socket.destroy();
    const deadline = Date.now() + 5000;
    while (events.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    unsubscribe();
    unsubscribeLocal();
    expect(localEvents).toEqual([true, false]);
    expect(events).toMatchObject([
      { online: true, assetId: ownAssetId, imei: ownImei },
      { online: false, assetId: ownAssetId, imei: ownImei },
    ]);
  });

  it("stores a record far ahead of the server's clock flagged, never as the newest, and acknowledges what it stored", async () => {
    const ownImei = testImei();
    const account = await createAccount({ name: "Clock Test" });
    const ownAssetId = (await createAsset({ accountId: account.id, name: "Van 3", imei: ownImei })).id;
    const now = Date.now();
    const at = (timestamp: number, over: Partial<RecordToEncode> = {}) => record(0, { timestamp, ...over });
    const device = await connect(listener.port);
    device.socket.write(encodeLogin(ownImei));
    await device.expectBytes("01");
    // an hour ahead, a latitude no place has, a real fix, and a time no database can hold (the device resends
    // the packet until it is acknowledged in full, so that record is the one not counted)
    device.socket.write(
      encodeTcpPacket8E([at(now + 3_600_000), at(now - 90_000, { latitude: 95 }), at(now - 60_000), at(Date.UTC(20_000, 0, 1))]),
    );
    await device.expectBytes("0100000003");
    const stored = await t.db.position.findMany({ where: { assetId: ownAssetId }, orderBy: { fixTime: "asc" } });
    expect(stored.map((row) => [row.fixTime.getTime(), row.flag, row.wsSeq === null])).toEqual([
      [now - 90_000, "invalid", true],
      [now - 60_000, null, false],
      [now + 3_600_000, "future", true],
    ]);
    // the next real fix is live: the future one never became the asset's newest
    device.socket.write(encodeTcpPacket8E([at(now - 30_000)]));
    await device.expectBytes("010000000300000001");
    const state = await t.db.assetState.findUniqueOrThrow({ where: { assetId: ownAssetId } });
    expect(state.fixTime.getTime()).toBe(now - 30_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(published.filter((p) => p.assetId === ownAssetId).map((p) => p.dateUpdated)).toEqual([now - 60_000, now - 30_000]);
    const history = await listPositionHistory({
      accountId: account.id,
      assetId: ownAssetId,
      range: { from: now - 3_600_000, to: now + 7_200_000, cursor: undefined, limit: 100 },
    });
    expect(history.data.map((item) => item.dateUpdated)).toEqual([now - 60_000, now - 30_000]);
    device.socket.destroy();
  });

  it("sends only the newest trail points in detailed live frames; the trip keeps the whole trail", async () => {
    const ownImei = testImei();
    const account = await createAccount({ name: "Trail Test" });
    const ownAssetId = (await createAsset({ accountId: account.id, name: "Van 4", imei: ownImei })).id;
    const device = await connect(listener.port);
    device.socket.write(encodeLogin(ownImei));
    await device.expectBytes("01");
    // 40 fixes 10 s and about 64 m apart: every one is a trail point
    device.socket.write(encodeTcpPacket8E(Array.from({ length: 40 }, (_, i) => record(i * 10))));
    await device.expectBytes("0100000028");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const newest = published.filter((p) => p.assetId === ownAssetId).at(-1)!;
    const trip = await t.db.trip.findFirstOrThrow({ where: { assetId: ownAssetId } });
    const trail = trip.trail as [number, number, number][];
    expect(trail).toHaveLength(40);
    expect(newest.startStopTrip!.trail).toEqual(trail.slice(-20));
    device.socket.destroy();
  });

  it("refuses an unknown IMEI and records it for provisioning", async () => {
    const device = await connect(listener.port);
    device.socket.write(encodeLogin("990000000000002"));
    await device.expectBytes("00");
    const unknown = await t.db.unknownDevice.findUniqueOrThrow({ where: { imei: "990000000000002" } });
    expect(unknown.attempts).toBe(1);
  });
});
