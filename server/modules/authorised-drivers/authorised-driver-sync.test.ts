// The authorised-driver sync on real sockets: tracker services listening on TCP, devices speaking real Teltonika
// frames (Codec 12 commands answered by an emulated FMB parameter memory), the REST handlers taking the changes. Two
// nodes share the database and the hub, as two servers share PostgreSQL and Redis. Waits poll the sync status until
// it reaches the expected state (bounded, never a fixed sleep).
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as postImmobiliser } from "@/app/api/[accountKey]/asset/[assetId]/authorised-drivers/immobiliser/route";
import { PUT } from "@/app/api/[accountKey]/asset/[assetId]/authorised-drivers/route";
import { GET as getSyncStatus } from "@/app/api/[accountKey]/asset/[assetId]/authorised-drivers/sync-status/route";
import { getRequest, makeAccount, makeAsset, makeToken, routeContext } from "../../testing/http-fixtures";
import { createMemoryHub, createRedisHub, setHub, type Hub } from "../../hub";
import { FMB_REFUSAL, FmbParameterMemory } from "../../simulator/fmb-parameter-memory";
import { freePort } from "../../testing/free-port";
import { reachable, servicesRequired, TEST_REDIS_URL } from "../../testing/services";
import { TestDevice } from "../../testing/teltonika-test-device";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { testImei } from "../../testing/test-imei";
import { startTrackerService, type TrackerService } from "../../tracker/tracker-service";
import { type AuthorisedDriverSync, backoffMs, startAuthorisedDriverSync } from "./authorised-driver-sync";
import type { SyncStatusDto } from "./authorised-drivers.schema";

const A = "01A2B3C4D5E6F708";
const B = "01000000ABCDEF12";
const C = "0100000012345678";

const SETTINGS = { commandTimeoutMs: 2_000, sweepIntervalMs: 100, firstBackoffMs: 200, maxBackoffMs: 800, holderStaleMs: 2_000, offlineGraceMs: 300 };

interface Node {
  trackers: TrackerService;
  sync: AuthorisedDriverSync;
}

describe("retry back-off", () => {
  it("doubles from the first wait and stops growing at the cap", () => {
    const settings = { firstBackoffMs: 5_000, maxBackoffMs: 300_000 };
    expect([1, 2, 3, 4, 7, 8, 50].map((n) => backoffMs(n, settings))).toEqual([5_000, 10_000, 20_000, 40_000, 300_000, 300_000, 300_000]);
  });
});

describe.each(databaseKinds())("authorised-driver sync over Codec 12 on %s", (kind) => {
  const t = useTestDatabase(kind);
  let hub: Hub;
  const nodes: Node[] = [];
  const devices: TestDevice[] = [];
  let account: Awaited<ReturnType<typeof makeAccount>>;
  let token: string;

  async function startNode(name: string): Promise<Node> {
    const logger = pino({ level: "silent" });
    const trackers = await startTrackerService({
      prisma: t.db,
      sql: t.database.sql,
      hub,
      host: "127.0.0.1",
      teltonikaPort: await freePort(),
      teltonikaUdp: false,
      embedded: kind === "embedded",
      logger,
      nodeId: name,
    });
    const sync = startAuthorisedDriverSync({ prisma: t.db, hub, sessions: trackers.sessions, local: trackers.local, logger, nodeId: name, settings: SETTINGS });
    const node = { trackers, sync };
    nodes.push(node);
    return node;
  }

  beforeAll(async () => {
    hub = createMemoryHub();
    setHub(hub); // the REST handlers announce changes on the process hub, as in the server
    await startNode("node-a");
    await startNode("node-b");
    account = await makeAccount("Sync");
    token = (await makeToken(account.id)).token;
  });
  afterAll(async () => {
    for (const device of devices) device.destroy();
    for (const node of nodes) {
      await node.trackers.stop();
      await node.sync.stop();
    }
    setHub(undefined);
    await hub?.close();
  });

  async function vehicle() {
    const imei = testImei();
    const asset = await makeAsset(account.id, `Van ${imei.slice(-4)}`, imei);
    return { imei, assetId: asset.id };
  }

  async function connect(node: Node, imei: string, fmb: FmbParameterMemory | null) {
    const device = await TestDevice.connect(node.trackers.tcpPort!, imei, "127.0.0.1", fmb?.handler);
    devices.push(device);
    // the login starts a sync attempt (the session is added before the device reads its acceptance): let it end, so a
    // change made next is not also picked up by that attempt, which would count two attempts for one change
    await node.sync.idle();
    return device;
  }

  const context = (assetId: number) => routeContext({ accountKey: account.key, assetId: String(assetId) });
  const base = (assetId: number) => `/api/${account.key}/asset/${assetId}/authorised-drivers`;
  const body = (method: string, path: string, value: unknown) =>
    new Request(`http://fleetline.test${path}`, {
      method,
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(value),
    });

  async function put(assetId: number, keys: string[]) {
    const response = await PUT(body("PUT", base(assetId), { drivers: keys.map((key_id) => ({ key_id })) }), context(assetId));
    expect(response.status).toBe(200);
    return (await response.json()).data;
  }

  async function setImmobiliser(assetId: number, enabled: boolean) {
    const response = await postImmobiliser(body("POST", `${base(assetId)}/immobiliser`, { enabled }), context(assetId));
    expect(response.status).toBe(200);
    return (await response.json()).data;
  }

  async function status(assetId: number): Promise<SyncStatusDto> {
    const response = await getSyncStatus(getRequest(`${base(assetId)}/sync-status`, token), context(assetId));
    expect(response.status).toBe(200);
    return (await response.json()).data;
  }

  /** polls the sync status until `done` holds for it (fails after 15 s with the last status seen) */
  async function statusWhen(assetId: number, done: (s: SyncStatusDto) => boolean): Promise<SyncStatusDto> {
    const deadline = Date.now() + 15_000;
    let last = await status(assetId);
    while (!done(last)) {
      if (Date.now() > deadline) throw new Error(`sync status never matched; last: ${JSON.stringify(last)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      last = await status(assetId);
    }
    return last;
  }

  const keysOf = (s: SyncStatusDto) => s.enforced.drivers?.map((driver) => driver.key_id) ?? null;

  it("pushes the list to a connected tracker, reads it back, and then writes only the difference", async () => {
    const { imei, assetId } = await vehicle();
    const fmb = new FmbParameterMemory();
    fmb.values.set(30_003, C); // a key someone put there by hand: read on first contact and removed
    const device = await connect(nodes[0]!, imei, fmb);

    // the first change of an asset: no node is known to hold its tracker yet, so it starts out of sync
    expect((await put(assetId, [A, B])).sync_state).toMatch(/^(out_of_sync|syncing)$/);
    const synced = await statusWhen(assetId, (s) => s.state === "synced");
    expect(fmb.keys()).toEqual({ 0: A, 1: B });
    expect(synced).toMatchObject({
      enforced: { drivers: [{ key_id: A }, { key_id: B }], immobiliser: false },
      pending: { add: [], remove: [], immobiliser: null },
      device_connected: true,
      attempts: 0,
      last_error: null,
    });
    expect(synced.synced_at).not.toBeNull();
    // first contact: the whole list (50 reads of 10 slots) and the setting, then one write and its read-back
    const firstRead = device.commands.filter((command) => command.startsWith("getparam 30")).length;
    expect(firstRead).toBeGreaterThanOrEqual(50);
    expect(device.commands).toContain(`setparam 30000:${A};30001:${B};30003:0`);

    // from now on the node is known to hold the tracker: a change is syncing at once, and only the difference goes out
    const before = device.commands.length;
    expect((await put(assetId, [B, C])).sync_state).toBe("syncing");
    const again = await statusWhen(assetId, (s) => s.state === "synced" && keysOf(s)?.join() === [C, B].join());
    expect(fmb.keys()).toEqual({ 0: C, 1: B });
    expect(again.enforced.drivers).toEqual([
      { key_id: C, name: null, driver_id: null },
      { key_id: B, name: null, driver_id: null },
    ]);
    expect(device.commands.slice(before)).toEqual([`setparam 30000:${C}`, "getparam 30000"]);
  });

  it("writes the immobiliser setting for authorised drivers and reads it back", async () => {
    const { imei, assetId } = await vehicle();
    const fmb = new FmbParameterMemory();
    await connect(nodes[0]!, imei, fmb);
    await put(assetId, [A]);
    await statusWhen(assetId, (s) => s.state === "synced");

    expect((await setImmobiliser(assetId, true)).immobiliser).toEqual({ enabled: true });
    await statusWhen(assetId, (s) => s.state === "synced" && s.enforced.immobiliser === true);
    expect(fmb.values.get(11_700)).toBe("1");
    expect(fmb.values.get(11_703)).toBe("1");

    await setImmobiliser(assetId, false);
    await statusWhen(assetId, (s) => s.state === "synced" && s.enforced.immobiliser === false);
    expect(fmb.immobiliser).toBe(false);
  });

  it("stays out of sync with back-off while the tracker is offline, enforcing the previous list, and syncs when it logs in again", async () => {
    const { imei, assetId } = await vehicle();
    const fmb = new FmbParameterMemory();
    const device = await connect(nodes[0]!, imei, fmb);
    await put(assetId, [A]);
    await statusWhen(assetId, (s) => s.state === "synced");
    device.destroy();
    await statusWhen(assetId, (s) => !s.device_connected);

    expect((await put(assetId, [B, C])).sync_state).toBe("out_of_sync");
    const waiting = await statusWhen(assetId, (s) => s.attempts >= 3);
    expect(waiting).toMatchObject({
      state: "out_of_sync",
      enforced: { drivers: [{ key_id: A }] }, // the vehicle still enforces its previous list
      pending: { add: [B, C], remove: [A], immobiliser: null },
      device_connected: false,
      last_error: { code: "device_offline", message: "the tracker is not connected" },
    });
    expect(waiting.next_attempt_at).not.toBeNull();
    expect(fmb.keys()).toEqual({ 0: A });

    // it comes back on the other node: that node pushes, without the retry wait
    const back = await connect(nodes[1]!, imei, fmb);
    const synced = await statusWhen(assetId, (s) => s.state === "synced");
    expect(keysOf(synced)).toEqual([B, C]);
    expect(fmb.keys()).toEqual({ 0: B, 1: C });
    expect(synced).toMatchObject({ attempts: 0, last_error: null, device_connected: true, next_attempt_at: null });
    expect(back.commands.some((command) => command.startsWith("getparam 30499"))).toBe(false); // no full read again
  });

  it("syncs a list set while the tracker was never connected once it logs in", async () => {
    const { imei, assetId } = await vehicle();
    await put(assetId, [A, B]);
    const offline = await statusWhen(assetId, (s) => s.attempts >= 1);
    expect(offline).toMatchObject({ state: "out_of_sync", enforced: { drivers: null }, last_error: { code: "device_offline" } });
    const fmb = new FmbParameterMemory();
    await connect(nodes[1]!, imei, fmb);
    await statusWhen(assetId, (s) => s.state === "synced");
    expect(fmb.keys()).toEqual({ 0: A, 1: B });
  });

  it("leaves the sync out of sync with the tracker's own words when it refuses, without retrying on a timer", async () => {
    const { imei, assetId } = await vehicle();
    const fmb = new FmbParameterMemory();
    fmb.refuse.add(30_000);
    const device = await connect(nodes[0]!, imei, fmb);
    await put(assetId, [A]);
    const refused = await statusWhen(assetId, (s) => s.last_error !== null);
    expect(refused).toMatchObject({
      state: "out_of_sync",
      last_error: { code: "device_error", message: `the tracker refused the change: ${FMB_REFUSAL}` },
      enforced: { drivers: [] },
      pending: { add: [A], remove: [] },
      next_attempt_at: null,
      attempts: 1,
    });
    // after a reconnect (a new login tries again) with the parameter accepted, it ends synced
    fmb.refuse.clear();
    device.destroy();
    await connect(nodes[0]!, imei, fmb);
    await statusWhen(assetId, (s) => s.state === "synced");
    expect(fmb.keys()).toEqual({ 0: A });
  });

  it("asks a refusing tracker once, even when the retry pass finds the row due while the attempt runs", async () => {
    const { imei, assetId } = await vehicle();
    const fmb = new FmbParameterMemory();
    fmb.refuse.add(30_000);
    // the write waits until the test lets it go, so the retry pass below runs in the middle of the attempt
    let writeSent!: () => void;
    const writing = new Promise<void>((resolve) => (writeSent = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const gated = async (command: string) => {
      if (command.startsWith("setparam")) {
        writeSent();
        await released;
      }
      return fmb.handler(command);
    };
    const device = await TestDevice.connect(nodes[0]!.trackers.tcpPort!, imei, "127.0.0.1", gated);
    devices.push(device);
    await nodes[0]!.sync.idle();
    await put(assetId, [A]);
    await writing;
    // the moment a change is due and its attempt has not leased the row yet, made to last
    await t.db.authorisedDriverSync.update({ where: { assetId }, data: { nextAttemptAt: new Date(Date.now() - 1) } });
    await nodes[0]!.sync.sweepNow();
    release();
    await statusWhen(assetId, (s) => s.last_error !== null);
    await nodes[0]!.sync.idle(assetId);
    expect(await status(assetId)).toMatchObject({ state: "out_of_sync", attempts: 1, last_error: { code: "device_error" }, next_attempt_at: null });
    expect(device.commands.filter((command) => command.startsWith("setparam"))).toHaveLength(1);
  });

  it("reports verification_failed when the tracker reads back other values than it said it took", async () => {
    const { imei, assetId } = await vehicle();
    const fmb = new FmbParameterMemory();
    fmb.stuck.add(11_703);
    await connect(nodes[1]!, imei, fmb);
    await put(assetId, [A]);
    await statusWhen(assetId, (s) => s.state === "synced");
    await setImmobiliser(assetId, true);
    const failed = await statusWhen(assetId, (s) => s.last_error !== null);
    expect(failed).toMatchObject({
      state: "out_of_sync",
      last_error: { code: "verification_failed" },
      enforced: { drivers: [{ key_id: A }], immobiliser: false },
      pending: { immobiliser: true },
    });
  });

  it("retries a tracker that stays silent, with back-off, and keeps the list it had", async () => {
    const { imei, assetId } = await vehicle();
    const fmb = new FmbParameterMemory();
    const device = await connect(nodes[0]!, imei, fmb);
    await put(assetId, [A]);
    await statusWhen(assetId, (s) => s.state === "synced");
    fmb.silent = true;
    await put(assetId, [A, B]);
    const silent = await statusWhen(assetId, (s) => s.attempts >= 2);
    expect(silent).toMatchObject({
      state: expect.stringMatching(/^(out_of_sync|syncing)$/),
      enforced: { drivers: [{ key_id: A }] },
      pending: { add: [B], remove: [] },
      device_connected: true,
      last_error: { code: "device_timeout" },
    });
    // it answers again: the next retry completes the sync
    fmb.silent = false;
    await statusWhen(assetId, (s) => s.state === "synced");
    expect(fmb.keys()).toEqual({ 0: A, 1: B });
    expect(device.open).toBe(true);
  });
});

// Two nodes as two servers run them: each with its own Redis hub, so the change announced by the node that took the
// API call reaches the node holding the tracker's session only through Redis.
describe.runIf(servicesRequired() || (await reachable(TEST_REDIS_URL)))("authorised-driver sync across nodes over Redis", () => {
  const t = useTestDatabase(databaseKinds().at(-1)!);
  const hubs: Hub[] = [];
  const nodes: Node[] = [];
  const devices: TestDevice[] = [];
  let account: Awaited<ReturnType<typeof makeAccount>>;
  let token: string;

  beforeAll(async () => {
    for (const name of ["redis-a", "redis-b"]) {
      const hub = await createRedisHub(TEST_REDIS_URL);
      hubs.push(hub);
      const logger = pino({ level: "silent" });
      const trackers = await startTrackerService({
        prisma: t.db,
        sql: t.database.sql,
        hub,
        host: "127.0.0.1",
        teltonikaPort: await freePort(),
        teltonikaUdp: false,
        embedded: t.database.kind === "embedded",
        logger,
        nodeId: name,
      });
      const sync = startAuthorisedDriverSync({ prisma: t.db, hub, sessions: trackers.sessions, local: trackers.local, logger, nodeId: name, settings: SETTINGS });
      await hub.ready();
      nodes.push({ trackers, sync });
    }
    setHub(hubs[0]); // the API calls are taken by node A
    account = await makeAccount("Redis sync");
    token = (await makeToken(account.id)).token;
  });
  afterAll(async () => {
    for (const device of devices) device.destroy();
    for (const node of nodes) {
      await node.trackers.stop();
      await node.sync.stop();
    }
    setHub(undefined);
    for (const hub of hubs) await hub.close();
  });

  async function put(assetId: number, keys: string[]) {
    const request = new Request(`http://fleetline.test/api/${account.key}/asset/${assetId}/authorised-drivers`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ drivers: keys.map((key_id) => ({ key_id })) }),
    });
    const response = await PUT(request, routeContext({ accountKey: account.key, assetId: String(assetId) }));
    expect(response.status).toBe(200);
    return (await response.json()).data;
  }

  async function syncRow(assetId: number, done: (row: { state: string; sessionNode: string | null; attempts: number }) => boolean) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const row = await t.db.authorisedDriverSync.findUnique({ where: { assetId }, select: { state: true, sessionNode: true, attempts: true } });
      if (row && done(row)) return row;
      if (Date.now() > deadline) throw new Error(`sync row never matched; last: ${JSON.stringify(row)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it("pushes from whichever node holds the session, and follows the tracker when it moves", async () => {
    const imei = testImei();
    const { id: assetId } = await makeAsset(account.id, "Roaming van", imei);
    const fmb = new FmbParameterMemory();
    const onB = await TestDevice.connect(nodes[1]!.trackers.tcpPort!, imei, "127.0.0.1", fmb.handler);
    devices.push(onB);

    await put(assetId, [A]);
    expect(await syncRow(assetId, (row) => row.state === "synced")).toMatchObject({ sessionNode: "redis-b", attempts: 0 });
    expect(fmb.keys()).toEqual({ 0: A });

    // the tracker reconnects to node A; the next change is pushed there, and node B does not call it offline
    onB.destroy();
    await syncRow(assetId, (row) => row.sessionNode === null);
    const onA = await TestDevice.connect(nodes[0]!.trackers.tcpPort!, imei, "127.0.0.1", fmb.handler);
    devices.push(onA);
    expect((await put(assetId, [A, B])).sync_state).toMatch(/^(out_of_sync|syncing)$/);
    expect(await syncRow(assetId, (row) => row.state === "synced")).toMatchObject({ sessionNode: "redis-a", attempts: 0 });
    expect(fmb.keys()).toEqual({ 0: A, 1: B });
    expect(onB.commands.filter((command) => command.startsWith("setparam"))).toHaveLength(1);
  });
});
