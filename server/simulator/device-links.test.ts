// The simulator's GT06 and OsmAnd device links against the real tracker service (real sockets, real HTTP, a real
// database): what a simulated vehicle logs is stored with its position, speed and time as the vehicle had them, a
// GT06 link's heartbeat is acknowledged (only once the locations before it are stored, so send() resolving means
// stored), phones alternate GET and POST, a position the server finds malformed is skipped with its reason, and a
// device the server does not know is refused, not retried forever (a phone's is answered like a known one: the
// OsmAnd port does not tell ids apart).
import { describe, expect, it } from "vitest";
import { createAccount } from "../modules/accounts/create-account";
import { createAsset } from "../modules/assets/create-asset";
import { databaseKinds, useTestDatabase } from "../testing/test-database";
import { testImei } from "../testing/test-imei";
import { useTestTrackerService } from "../testing/test-tracker-service";
import type { RecordToEncode } from "../tracker/protocols/teltonika/avl-encoder";
import { DeviceRefusedError } from "./device-refused-error";
import { DEMO_ROUTES } from "../modules/demo/demo-routes";
import { Gt06DeviceClient } from "./gt06-device-client";
import { OsmandDeviceClient } from "./osmand-device-client";
import { SimulatedVehicle } from "./simulated-vehicle";

/** `count` records of a simulated vehicle, one every 10 s, ending a minute ago (whole seconds: GT06 and OsmAnd
 * carry no milliseconds) */
function drive(count: number, seed: number): RecordToEncode[] {
  const vehicle = new SimulatedVehicle("sim", DEMO_ROUTES[0]!, seed);
  const start = Math.floor(Date.now() / 1000) * 1000 - 60_000 - count * 10_000;
  return Array.from({ length: count }, (_, i) => vehicle.step(start + i * 10_000, 10_000));
}

describe.each(databaseKinds())("simulator device links on %s", (kind) => {
  const t = useTestDatabase(kind);
  const tracker = useTestTrackerService(kind, t, { gt06: true, osmand: true });

  async function asset(protocol: "gt06" | "osmand", id: string) {
    const account = await createAccount({ name: `Sim ${protocol} ${id}` });
    // simulated phones keep the readable ids the simulator gives them: weak by choice (docs/osmand.md)
    return createAsset({ accountId: account.id, name: "Simulated", imei: id, protocol, allowWeakDeviceId: protocol === "osmand" });
  }

  const positions = (assetId: number) =>
    t.db.position.findMany({ where: { assetId }, orderBy: { fixTime: "asc" }, select: { fixTime: true, latitude: true, longitude: true, speed: true } });

  it("GT06: the locations are stored once the heartbeat after them is acknowledged", async () => {
    const imei = testImei();
    const { id } = await asset("gt06", imei);
    const records = drive(5, 7); // five locations: the heartbeat follows the fifth
    const link = new Gt06DeviceClient(imei, "127.0.0.1", tracker.service.streamPort("gt06")!);
    try {
      await link.send(records);
    } finally {
      link.close();
    }
    const stored = await positions(id);
    expect(stored.map((p) => p.fixTime.getTime())).toEqual(records.map((r) => r.timestamp));
    for (const [i, p] of stored.entries()) {
      expect(p.latitude).toBeCloseTo(records[i]!.latitude, 5); // GT06 units: 1/1,800,000 degree
      expect(p.longitude).toBeCloseTo(records[i]!.longitude, 5);
      expect(p.speed).toBe(records[i]!.speed); // km/h on both sides
    }
  });

  it("GT06: an IMEI the server does not know is refused (its login goes unanswered)", async () => {
    const link = new Gt06DeviceClient(testImei(), "127.0.0.1", tracker.service.streamPort("gt06")!, 1_000);
    try {
      await expect(link.send(drive(1, 3))).rejects.toBeInstanceOf(DeviceRefusedError);
    } finally {
      link.close();
    }
  });

  it("OsmAnd: every position is stored, sent by GET and POST in turn, speed in knots back to km/h", async () => {
    const deviceId = `sim-phone-${kind}-${Date.now()}`;
    const { id } = await asset("osmand", deviceId);
    const records = drive(4, 11);
    const link = new OsmandDeviceClient(deviceId, "127.0.0.1", tracker.service.osmandPort!);
    try {
      await link.send(records);
    } finally {
      link.close();
    }
    const stored = await positions(id);
    expect(stored.map((p) => p.fixTime.getTime())).toEqual(records.map((r) => r.timestamp));
    for (const [i, p] of stored.entries()) {
      expect(p.latitude).toBeCloseTo(records[i]!.latitude, 6);
      expect(p.longitude).toBeCloseTo(records[i]!.longitude, 6);
      expect(Math.abs(p.speed - records[i]!.speed)).toBeLessThanOrEqual(1); // knots with two decimals, whole km/h
    }
  });

  it("OsmAnd: a position the server finds malformed (400) is skipped with its reason, the others stored", async () => {
    const deviceId = `sim-phone-bad-${kind}-${Date.now()}`;
    const { id } = await asset("osmand", deviceId);
    const [bad, good] = drive(2, 13);
    const link = new OsmandDeviceClient(deviceId, "127.0.0.1", tracker.service.osmandPort!);
    try {
      expect(await link.send([{ ...bad!, latitude: 95 }, good!])).toEqual({ rejected: 1, reason: expect.stringMatching(/lat must be between -90 and 90/) });
    } finally {
      link.close();
    }
    expect((await positions(id)).map((p) => p.fixTime.getTime())).toEqual([good!.timestamp]);
  });

  it("OsmAnd: a device id the server does not know is answered like a known one (ids cannot be guessed) and nothing is stored", async () => {
    const deviceId = `sim-phone-unknown-${kind}-${Date.now()}`;
    const before = await t.db.position.count();
    const link = new OsmandDeviceClient(deviceId, "127.0.0.1", tracker.service.osmandPort!);
    try {
      expect(await link.send(drive(1, 5))).toBeUndefined();
    } finally {
      link.close();
    }
    expect(await t.db.position.count()).toBe(before);
    expect(await t.db.unknownDevice.findUnique({ where: { imei: deviceId } })).toMatchObject({ protocol: "osmand" });
  });
});
