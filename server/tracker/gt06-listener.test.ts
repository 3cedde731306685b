// GT06 served by the generic stream listener, end to end on real sockets and a real database: the tracker service
// with GT06_PORT open, a Concox-style test device speaking real frames, the pipeline storing its records. Checks the
// vendor's answers and when they are sent (a heartbeat's or an alarm's acknowledgement only once what came before it
// is stored), device alarms reaching the positions alert rules read, and refusals (unknown IMEI, a tracker registered
// for another protocol, broken frames).
import { beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../modules/accounts/create-account";
import { createAsset } from "../modules/assets/create-asset";
import { listPositionHistory } from "../modules/positions/list-position-history";
import type { LivePosition } from "../modules/positions/live-position";
import { Gt06TestDevice, testFix } from "../testing/gt06-test-device";
import { databaseKinds, useTestDatabase } from "../testing/test-database";
import { testImei } from "../testing/test-imei";
import { useTestTrackerService } from "../testing/test-tracker-service";
import { encodeFrame } from "./protocols/gt06/encoder";
import { PROTOCOL } from "./protocols/gt06/messages";

const SOS = 0x01; // alarm byte of the Concox table

describe.each(databaseKinds())("GT06 listener on %s", (kind) => {
  const t = useTestDatabase(kind);
  const tracker = useTestTrackerService(kind, t, { gt06: true });
  let port: number;
  const heard: LivePosition[] = [];

  beforeAll(() => {
    port = tracker.service.streamPort("gt06")!;
    tracker.service.local.subscribe("position", (position) => void heard.push(position));
  });

  async function gt06Asset(name: string) {
    const imei = testImei();
    const account = await createAccount({ name });
    const asset = await createAsset({ accountId: account.id, name: "Van", imei, protocol: "gt06" });
    return { imei, accountId: account.id, assetId: asset.id };
  }

  const stored = (assetId: number) => t.db.position.count({ where: { assetId } });

  it("listens on its own port, beside no Teltonika listener", () => {
    expect(tracker.service.tcpPort).toBeNull();
    expect(tracker.service.listeners()).toEqual([{ name: "gt06-tcp", port, listening: true }]);
  });

  it("answers the login, stores locations, and acknowledges a heartbeat only after what came before it is stored", async () => {
    const { imei, accountId, assetId } = await gt06Asset("GT06 van");
    const device = await Gt06TestDevice.connect(port, imei);
    try {
      const t0 = Date.now() - 60_000;
      device.sendLocation(testFix(new Date(t0)), { protocol: 0x22, ignition: true });
      device.sendLocation(testFix(new Date(t0 + 10_000), { speed: 55 }), { protocol: 0x12 });
      const ack = await device.heartbeat({ ignition: true, gsmSignal: 3, voltageLevel: 5 });
      expect(ack.content.length).toBe(0); // a plain acknowledgement with the heartbeat's serial
      expect(await stored(assetId)).toBe(2); // in frame order: the heartbeat is answered after both are stored

      const page = await listPositionHistory({ accountId, assetId, range: { from: t0 - 1000, to: Date.now(), limit: 10, cursor: undefined } });
      expect(page.data.map((p) => [p.speed, p.ignition])).toEqual([
        [42, true],
        [55, true], // 0x12 carries no ACC byte: the newest known ignition applies
      ]);
      expect(page.data[0]!.io).toMatchObject({ gpsFixed: true, protocol: 0x22, mcc: 246 }); // named by GT06's dictionary
      expect(device.unsolicited).toEqual([]); // locations are not answered (the vendor's documents)
    } finally {
      device.destroy();
    }
  });

  it("acknowledges an alarm once its record is stored, and publishes the alarm as an alert input", async () => {
    const { imei, assetId } = await gt06Asset("GT06 alarm");
    const device = await Gt06TestDevice.connect(port, imei);
    try {
      const at = new Date(Date.now() - 5_000);
      const ack = await device.alarm(testFix(at), { alarmCode: SOS, gsmSignal: 4 }, 0x26);
      expect(ack.protocol).toBe(0x26);
      expect(await stored(assetId)).toBe(1);
      const position = heard.find((p) => p.assetId === assetId);
      expect(position).toMatchObject({ alarm: "sos", priority: 2, protocol: "gt06", dateUpdated: at.getTime() - (at.getTime() % 1000) });
    } finally {
      device.destroy();
    }
  });

  it("leaves a frame with a bad CRC unanswered and keeps the connection", async () => {
    const { imei } = await gt06Asset("GT06 CRC");
    const device = await Gt06TestDevice.connect(port, imei);
    try {
      const frame = encodeFrame(PROTOCOL.STATUS, Buffer.from([0x46, 4, 4, 0, 2]), 0x0777);
      frame.writeUInt8(frame.readUInt8(frame.length - 4) ^ 0xff, frame.length - 4); // break the CRC
      device.write(Buffer.concat([Buffer.from("garbage"), frame]));
      const ack = await device.heartbeat();
      expect(ack.serial).not.toBe(0x0777);
      expect(device.unsolicited).toEqual([]);
      expect(device.open).toBe(true);
    } finally {
      device.destroy();
    }
  });

  it("refuses an unknown IMEI and a tracker registered for another protocol without an answer", async () => {
    await expect(Gt06TestDevice.connect(port, testImei(), "127.0.0.1", 2_000)).rejects.toThrow(/not acknowledged/);
    const imei = testImei();
    const account = await createAccount({ name: "Teltonika van" });
    await createAsset({ accountId: account.id, name: "Van", imei }); // protocol teltonika
    await expect(Gt06TestDevice.connect(port, imei, "127.0.0.1", 2_000)).rejects.toThrow(/not acknowledged/);
  });
});
