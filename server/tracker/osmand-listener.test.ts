// OsmAnd wired into the tracker service, end to end over real HTTP and a real database: the tracker service with
// OSMAND_PORT open, requests as the Traccar Client and OsmAnd apps send them, the pipeline storing and publishing
// them. Checks that 200 means stored (and published live, named like any other protocol's values), that an unknown
// device id is answered like a known one and recorded for provisioning with its protocol, that malformed input is
// 400 with nothing stored, that a phone id registered as another protocol's tracker stores nothing, and that a
// request with cell or Wi-Fi data only marks the phone heard (connectivity) and stores nothing.
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAlertRule } from "../modules/alerts/create-alert-rule";
import { EvaluationService } from "../modules/evaluation/evaluation-service";
import { createAccount } from "../modules/accounts/create-account";
import { createAsset } from "../modules/assets/create-asset";
import { listPositionHistory } from "../modules/positions/list-position-history";
import type { LivePosition } from "../modules/positions/live-position";
import { databaseKinds, useTestDatabase } from "../testing/test-database";
import { testImei } from "../testing/test-imei";
import { useTestTrackerService } from "../testing/test-tracker-service";

describe.each(databaseKinds())("OsmAnd listener on %s", (kind) => {
  const t = useTestDatabase(kind);
  const tracker = useTestTrackerService(kind, t, { osmand: true, logLevel: process.env.TEST_LOG });
  let base: string;
  const heard: LivePosition[] = [];

  beforeAll(() => {
    base = `http://127.0.0.1:${tracker.service.osmandPort}`;
    tracker.service.local.subscribe("position", (position) => void heard.push(position));
  });

  let phones = 0;
  async function phoneAsset() {
    const account = await createAccount({ name: `Phones ${kind} ${++phones}` });
    // the server generates the device id, as for any phone created without a typed one
    const asset = await createAsset({ accountId: account.id, name: "Driver's phone", protocol: "osmand" });
    return { deviceId: asset.imei!, accountId: account.id, assetId: asset.id };
  }

  const stored = (assetId: number) => t.db.position.count({ where: { assetId } });

  it("listens on its own port, beside no Teltonika listener", () => {
    expect(tracker.service.tcpPort).toBeNull();
    expect(tracker.service.listeners()).toEqual([{ name: "osmand-http", port: tracker.service.osmandPort, listening: true }]);
  });

  it("answers 200 once a query-string upload is stored, and publishes it live with its named values", async () => {
    const { deviceId, accountId, assetId } = await phoneAsset();
    const fixTime = Math.floor(Date.now() / 1000) - 30;
    const query = new URLSearchParams({
      id: deviceId,
      lat: "54.6872",
      lon: "25.2797",
      timestamp: String(fixTime),
      speed: "10", // knots
      bearing: "90",
      altitude: "112",
      accuracy: "8",
      batt: "76",
      charge: "true",
      driverUniqueId: "A42",
    });
    const response = await fetch(`${base}/?${query}`);
    expect(response.status).toBe(200);
    expect(await stored(assetId)).toBe(1); // 200 means stored

    const page = await listPositionHistory({ accountId, assetId, range: { from: fixTime * 1000 - 1000, to: Date.now(), limit: 10, cursor: undefined } });
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ latitude: 54.6872, longitude: 25.2797, course: 90, altitude: 112, speed: 19 }); // 10 kn = 18.5 km/h
    // history names the stored IO back as the live frame showed it: flags stay booleans, numbers stay numbers
    expect(page.data[0]!.io).toMatchObject({ charging: true, accuracy: 8, driverUniqueId: "A42" });

    await expect.poll(() => heard.find((p) => p.assetId === assetId)).toBeTruthy();
    const live = heard.find((p) => p.assetId === assetId)!;
    expect(live).toMatchObject({ speed: 19, course: 90, protocol: "osmand", power: { batteryLevel: 76 } });
    expect(live.ioData).toMatchObject({ charging: true, accuracy: 8, driverUniqueId: "A42" });
  });

  it("stores a Traccar Client JSON upload with its location object", async () => {
    const { deviceId, assetId } = await phoneAsset();
    const body = {
      device_id: deviceId,
      location: {
        timestamp: new Date(Date.now() - 5_000).toISOString(),
        coords: { latitude: 52.52, longitude: 13.405, speed: 5, heading: 180, altitude: 34, accuracy: 5 },
        battery: { level: 0.5, is_charging: false },
        is_moving: true,
      },
    };
    const response = await fetch(base, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect(response.status).toBe(200);
    const row = await t.db.position.findFirstOrThrow({ where: { assetId } });
    expect(row.latitude).toBeCloseTo(52.52, 5);
    expect(row.speed).toBe(18); // 5 m/s
  });

  it("answers an unknown device id as it answers a known one, stores nothing, and records it for provisioning as an OsmAnd device", async () => {
    const { deviceId: known } = await phoneAsset();
    const deviceId = `stranger-${kind}-${Date.now()}`;
    const before = await t.db.position.count();
    const strange = await fetch(`${base}/?id=${deviceId}&lat=1&lon=2`);
    const real = await fetch(`${base}/?id=${known}&lat=1&lon=2`);
    expect([strange.status, await strange.text(), strange.headers.get("content-length")]).toEqual([200, "", "0"]);
    expect([real.status, await real.text(), real.headers.get("content-length")]).toEqual([200, "", "0"]);
    expect(await t.db.position.count()).toBe(before + 1); // the known phone's position only
    const unknown = await t.db.unknownDevice.findFirst({ where: { imei: deviceId } });
    expect(unknown).toMatchObject({ protocol: "osmand" });
  });

  it("answers 400 to malformed input and stores nothing", async () => {
    const { deviceId, assetId } = await phoneAsset();
    const response = await fetch(`${base}/?id=${deviceId}&lat=91&lon=2`);
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/lat/i);
    expect(await stored(assetId)).toBe(0);
  });

  it("stores nothing for a device id registered as another protocol's tracker (answered like an unknown id)", async () => {
    const imei = testImei();
    const account = await createAccount({ name: "Teltonika fleet" });
    const asset = await createAsset({ accountId: account.id, name: "Truck", imei });
    const response = await fetch(`${base}/?id=${imei}&lat=1&lon=2`);
    expect(response.status).toBe(200);
    expect(await stored(asset.id)).toBe(0);
  });

  describe("a request with cell or Wi-Fi data and no coordinates", () => {
    let evaluation: EvaluationService;
    beforeAll(() => {
      evaluation = new EvaluationService({ prisma: t.db, hub: tracker.hub, local: tracker.service.local, logger: pino({ level: "silent" }), timers: false }).start();
    });
    afterAll(() => evaluation.stop());

    it("answers 200, stores no position, and marks the phone heard for its connectivity rules", async () => {
      const { deviceId, accountId, assetId } = await phoneAsset();
      await createAlertRule({ accountId, body: { name: "Phone silent", type: "CONNECTIVITY", params: { silence_minutes: 10 } } });
      const connections: number[] = [];
      const off = tracker.service.local.subscribe("tracker.connection", (event) => {
        if (event.assetId === assetId && event.online) connections.push(event.at);
      });
      const sent = Date.now();
      const response = await fetch(`${base}/?id=${deviceId}&timestamp=${Math.floor(sent / 1000)}&cell=257,02,16,2224&wifi=00-14-22-01-23-45,-80`);
      expect([response.status, await response.text()]).toEqual([200, ""]);
      expect(await stored(assetId)).toBe(0);
      expect(await t.db.assetState.count({ where: { assetId } })).toBe(0); // no last position invented either
      await expect.poll(() => connections.length).toBe(1);
      off();
      // the connectivity gate counts it as heard, as it counts a TCP device's login (asset_presence.last_connected_at)
      await expect
        .poll(async () => (await t.db.assetPresence.findUnique({ where: { assetId } }))?.lastConnectedAt.getTime() ?? 0)
        .toBeGreaterThanOrEqual(sent);
    });
  });
});
