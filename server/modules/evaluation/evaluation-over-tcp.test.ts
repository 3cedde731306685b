// End to end below the browser, on both databases: the real server (startFleetline without Next: database, hub,
// Teltonika listener, pipeline, evaluators) receives Codec 8E records from a device over TCP; a geofence entry and
// an ignition change fire alerts that arrive on the cluster hub and are stored, and the account's add-ons bring
// vehicle_health and driver_behavior messages.
import net from "node:net";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../../env";
import type { HubEvents } from "../../hub";
import { startFleetline, type RunningServer } from "../../server";
import { databaseKinds } from "../../testing/test-database";
import { encodeLogin, encodeTcpPacket8E, type RecordToEncode } from "../../tracker/protocols/teltonika/avl-encoder";
import { createAccount } from "../accounts/create-account";
import { createAlertRule } from "../alerts/create-alert-rule";
import { createAsset } from "../assets/create-asset";
import { createGeofence } from "../geofences/create-geofence";
import { db } from "../../db/client";
import { freePort } from "../../testing/free-port";
import { serverStore } from "../../testing/server-store";
import { testImei } from "../../testing/test-imei";
import { pollUntil } from "../../testing/poll-until";

/** pollUntil with this file's deadline */
const waitFor = <T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 15_000) => pollUntil(what, probe, timeoutMs);

/** a Teltonika device on one TCP connection */
async function device(port: number, imei: string) {
  const socket = net.connect({ host: "127.0.0.1", port });
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let received = Buffer.alloc(0);
  socket.on("data", (chunk) => (received = Buffer.concat([received, chunk])));
  const take = async (bytes: number) => {
    await waitFor(`${bytes} bytes from the server`, () => (received.length >= bytes ? true : undefined));
    const out = received.subarray(0, bytes);
    received = received.subarray(bytes);
    return out;
  };
  socket.write(encodeLogin(imei));
  expect((await take(1))[0]).toBe(0x01);
  return {
    async send(record: RecordToEncode) {
      socket.write(encodeTcpPacket8E([record]));
      expect((await take(4)).readUInt32BE(0)).toBe(1); // stored and acknowledged
    },
    close: () => socket.destroy(),
  };
}

const DEPOT = { latitude: 54.6872, longitude: 25.2797 };

function record(at: number, where: { latitude: number; longitude: number }, speed: number, io: RecordToEncode["io"]): RecordToEncode {
  return { timestamp: at, priority: 0, ...where, altitude: 110, angle: 180, satellites: 11, speed, eventIoId: 0, io };
}

describe.each(databaseKinds())("alerts from a device over TCP on %s", (kind) => {
  it("fires a geofence entry and an ignition alert that arrive on the hub, with health and behaviour", async () => {
    const port = await freePort();
    const base = { NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", GT06_PORT: "0", OSMAND_PORT: "0", TELTONIKA_PORT: String(port), LOG_LEVEL: "silent", FLEET_DEMO: "0" };
    const store = await serverStore(kind, "alerts");
    let running: RunningServer | undefined;
    let tracker: Awaited<ReturnType<typeof device>> | undefined;
    try {
      running = await startFleetline(parseEnv({ ...base, ...store.settings }), { next: false });
      const heard: { [E in "alert" | "vehicle_health" | "driver_behavior"]: HubEvents[E][] } = {
        alert: [],
        vehicle_health: [],
        driver_behavior: [],
      };
      running.hub.subscribe("alert", (m) => heard.alert.push(m));
      running.hub.subscribe("vehicle_health", (m) => heard.vehicle_health.push(m));
      running.hub.subscribe("driver_behavior", (m) => heard.driver_behavior.push(m));

      const account = await createAccount({ name: "Over TCP", plan: "detailed", addons: { mobility: true, driver: true } });
      const imei = testImei();
      const asset = await createAsset({ accountId: account.id, name: "Van 7", imei });
      const fence = await createGeofence({ accountId: account.id, body: { name: "Depot", shape: "circle", center: DEPOT, radius_m: 300 } });
      const enter = await createAlertRule({
        accountId: account.id,
        body: { name: "Back at the depot", type: "GEOFENCE", params: { geofence_id: fence.id, trigger: "enter" } },
      });
      await createAlertRule({ accountId: account.id, body: { name: "Engine", type: "IGNITION", params: { trigger: "off" } } });

      tracker = await device(port, imei);
      const t0 = Date.now() - 60_000;
      const on = { u8: { 239: 1, 240: 1 }, u16: { 66: 13_900 } };
      await tracker.send(record(t0, { latitude: 54.7, longitude: 25.3 }, 50, on)); // outside, the first fix
      await tracker.send(record(t0 + 2_000, { latitude: 54.699, longitude: 25.299 }, 75, { ...on, u8: { ...on.u8, 253: 1, 254: 41 } }));
      await tracker.send(record(t0 + 30_000, DEPOT, 12, on)); // inside: enters the depot
      await tracker.send(record(t0 + 40_000, DEPOT, 0, { u8: { 239: 0, 240: 0 }, u16: { 66: 12_500 } })); // switched off

      const alerts = await waitFor("two alerts", () => (heard.alert.length >= 2 ? heard.alert : undefined));
      expect(alerts).toMatchObject([
        {
          version: 1,
          accountId: account.id,
          assetId: asset.id,
          type: "GEOFENCE_ENTER",
          rule: { id: enter.id, name: "Back at the depot", type: "GEOFENCE" },
          firedAt: t0 + 30_000,
          message: "Entered Depot",
          position: { latitude: DEPOT.latitude, longitude: DEPOT.longitude, speed: 12, dateUpdated: t0 + 30_000 },
          details: { geofenceId: fence.id, geofenceName: "Depot" },
        },
        { type: "IGNITION_OFF", firedAt: t0 + 40_000 },
      ]);
      const stored = await db().alert.findMany({ where: { accountId: account.id }, orderBy: { id: "asc" } });
      expect(stored.map((row) => [row.id, row.type, row.latitude])).toEqual([
        [alerts[0]!.id, "GEOFENCE_ENTER", DEPOT.latitude],
        [alerts[1]!.id, "IGNITION_OFF", DEPOT.latitude],
      ]);

      expect(heard.vehicle_health[0]).toMatchObject({ version: 1, assetId: asset.id, externalVoltage: 13.9 });
      expect(heard.driver_behavior).toMatchObject([{ type: "harsh_acceleration", source: "device", assetId: asset.id }]);
    } finally {
      tracker?.close();
      await running?.stop();
      await store.remove();
    }
  }, 120_000);
});
