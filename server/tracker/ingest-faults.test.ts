// Fault injection on real server processes (server/testing/test-node.ts, the real composition without Next.js), with
// devices on real TCP speaking real Teltonika frames:
//   - kill -9 during a flood of acknowledged positions, then restart: every acknowledged position is in the database
//     (embedded PGlite and PostgreSQL);
//   - PostgreSQL cut (a TCP proxy in front of it): nothing is acknowledged without being stored, and ingest resumes
//     when it is back;
//   - Redis cut (a TCP proxy in front of the shared Redis, which is never stopped): devices are still acknowledged,
//     and what was stored reaches the hub once it is back;
//   - two nodes and a device moving between them: every stream sees its positions in wsSeq order, never backwards.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openDatabase, setDatabase, type Db } from "../db/client";
import { createRedisHub, type Hub } from "../hub";
import { makeAccount, makeAsset, makeToken } from "../testing/http-fixtures";
import type { LivePosition } from "../modules/positions/live-position";
import { connectStream, streamQuery, type StreamClient } from "../testing/live-stream-harness";
import { authSecret } from "../security/auth-secret";
import { freePort } from "../testing/free-port";
import { startNode, stopNode, type NodeProcess } from "../testing/node-process";
import { TEST_REDIS_URL } from "../testing/services";
import { CuttableProxy } from "../testing/tcp-proxy";
import { TestDevice, testRecord } from "../testing/teltonika-test-device";
import { createTestDatabase, databaseKinds, type DatabaseKind, type TestDatabase } from "../testing/test-database";
import { testImei } from "../testing/test-imei";

const redisUp = inject("redis");
const postgresUp = inject("postgres");

const nextImei = testImei;

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fleetline-faults-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function waitUntil(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** the node's output appended to a failure, so a failing run says what the server did */
async function withNodeOutput<T>(nodes: NodeProcess[], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const outputs = nodes.map((node, i) => `node ${i}:\n${node.output().slice(-6000)}`).join("\n");
    throw new Error(`${(error as Error).message}\n${outputs}`);
  }
}

/** positions of `assetId` in the database, by fix time (ms) */
async function storedTimes(prisma: Db, assetId: number): Promise<Set<number>> {
  const rows = await prisma.position.findMany({ where: { assetId }, select: { fixTime: true } });
  return new Set(rows.map((row) => row.fixTime.getTime()));
}

describe.each(databaseKinds())("kill -9 during a flood of positions, on %s", (kind: DatabaseKind) => {
  const DEVICES = 8;
  const RECORDS_PER_PACKET = 10;

  it("has every acknowledged position in the database after the restart", async () => {
    // the database and the fleet, prepared before the server starts (the embedded database serves one process)
    let postgres: TestDatabase | undefined;
    const dir = dataDir();
    const database = kind === "postgres" ? (postgres = await createTestDatabase("postgres")).database : await openDatabase({ dataDir: dir });
    setDatabase(database);
    const account = await makeAccount("Flood");
    const fleet: { imei: string; assetId: number }[] = [];
    for (let i = 0; i < DEVICES; i++) {
      const imei = nextImei();
      fleet.push({ imei, assetId: (await makeAsset(account.id, `Van ${i}`, imei)).id });
    }
    setDatabase(undefined);
    if (kind === "embedded") await database.close();

    const env = { DATA_DIR: dir, AUTH_SECRET: authSecret(), ...(postgres ? { DATABASE_URL: postgres.url! } : {}) };
    let node = await startNode({ ...env, GT06_PORT: "0", OSMAND_PORT: "0", TELTONIKA_PORT: String(await freePort()) });
    const nodes = [node];
    try {
      await withNodeOutput(nodes, async () => {
        // every device sends 10-record packets as fast as they are acknowledged, and keeps what was acknowledged
        const acknowledged = new Map<number, number[]>(fleet.map(({ assetId }) => [assetId, []]));
        const base = Date.now() - 86_400_000;
        let killed = false;
        const floods = fleet.map(async ({ imei, assetId }, d) => {
          const device = await TestDevice.connect(node.teltonikaPort, imei);
          for (let packet = 0; !killed; packet++) {
            const times = Array.from({ length: RECORDS_PER_PACKET }, (_, r) => base + d * 1000 + (packet * RECORDS_PER_PACKET + r) * 10_000);
            let count: number;
            try {
              count = await device.send(times.map((time) => testRecord(time)));
            } catch {
              break; // the server died: this packet was not acknowledged
            }
            expect(count).toBe(RECORDS_PER_PACKET);
            acknowledged.get(assetId)!.push(...times);
          }
          device.destroy();
        });
        await waitUntil(() => [...acknowledged.values()].every((times) => times.length >= 3 * RECORDS_PER_PACKET), "the flood to get going", 60_000);
        node.child.kill("SIGKILL");
        killed = true;
        await node.exited;
        await Promise.all(floods);
        const total = [...acknowledged.values()].reduce((n, times) => n + times.length, 0);
        expect(total).toBeGreaterThan(0);

        // restart on the same database: it opens, and ingest resumes
        node = await startNode({ ...env, GT06_PORT: "0", OSMAND_PORT: "0", TELTONIKA_PORT: String(await freePort()) });
        nodes.push(node);
        const again = await TestDevice.connect(node.teltonikaPort, fleet[0]!.imei);
        expect(await again.send([testRecord(Date.now() - 1000)])).toBe(1);
        again.destroy();
        expect(await stopNode(node), node.output().slice(-4000)).toBe(0);

        const check = kind === "postgres" ? postgres!.database : await openDatabase({ dataDir: dir });
        try {
          for (const { assetId } of fleet) {
            const stored = await storedTimes(check.prisma, assetId);
            const missing = acknowledged.get(assetId)!.filter((time) => !stored.has(time));
            expect(missing, `acknowledged but not stored (asset ${assetId})`).toEqual([]);
          }
        } finally {
          if (kind === "embedded") await check.close();
        }
      });
    } finally {
      for (const running of nodes) await stopNode(running);
      await postgres?.close();
    }
  }, 240_000);
});

describe.skipIf(!postgresUp)("PostgreSQL cut during ingest (a proxy in front of it)", () => {
  it("acknowledges nothing it could not store, and resumes when the database is back", async () => {
    const postgres = await createTestDatabase("postgres");
    setDatabase(postgres.database);
    const account = await makeAccount("Database cut");
    const imei = nextImei();
    const { id: assetId } = await makeAsset(account.id, "Van", imei);
    setDatabase(undefined);
    const proxy = CuttableProxy.forUrl(postgres.url!, 5432);
    await proxy.open();
    const node = await startNode({
      DATA_DIR: dataDir(),
      AUTH_SECRET: authSecret(),
      DATABASE_URL: proxy.through(postgres.url!),
      GT06_PORT: "0", OSMAND_PORT: "0",
      TELTONIKA_PORT: String(await freePort()),
    });
    try {
      await withNodeOutput([node], async () => {
        const device = await TestDevice.connect(node.teltonikaPort, imei);
        const t0 = Date.now() - 600_000;
        expect(await device.send([testRecord(t0)])).toBe(1);

        await proxy.cut();
        const during = [testRecord(t0 + 10_000), testRecord(t0 + 20_000)];
        await expect(device.send(during, 4_000)).rejects.toThrow(/no answer/); // not stored, so not acknowledged
        expect(device.open).toBe(true); // the connection stays: the device resends
        expect(await storedTimes(postgres.database.prisma, assetId)).toEqual(new Set([t0]));

        await proxy.open();
        // the device resends what went unacknowledged, as real devices do, until it is acknowledged
        await waitUntil(async () => {
          try {
            return (await device.send(during, 3_000)) === 2;
          } catch {
            return false;
          }
        }, "the resent packet to be acknowledged", 60_000);
        expect(await device.send([testRecord(t0 + 30_000)])).toBe(1);
        expect(await storedTimes(postgres.database.prisma, assetId)).toEqual(new Set([t0, t0 + 10_000, t0 + 20_000, t0 + 30_000]));
        device.destroy();
      });
      expect(await stopNode(node), node.output().slice(-4000)).toBe(0);
    } finally {
      await stopNode(node);
      await proxy.cut();
      await postgres.close();
    }
  }, 180_000);
});

describe.skipIf(!postgresUp || !redisUp)("Redis cut during ingest (a proxy in front of it)", () => {
  it("keeps acknowledging stored records, and publishes them once Redis is back", async () => {
    const postgres = await createTestDatabase("postgres");
    setDatabase(postgres.database);
    const account = await makeAccount("Redis cut");
    const imei = nextImei();
    const { id: assetId } = await makeAsset(account.id, "Van", imei);
    setDatabase(undefined);
    const proxy = CuttableProxy.forUrl(TEST_REDIS_URL, 6379);
    await proxy.open();
    const audience: Hub = await createRedisHub(TEST_REDIS_URL); // another node's hub, connected directly
    const heard: LivePosition[] = [];
    audience.subscribe("position", (position) => position.trackerImei === imei && heard.push(position));
    await audience.ready();
    const node = await startNode({
      DATA_DIR: dataDir(),
      AUTH_SECRET: authSecret(),
      DATABASE_URL: postgres.url!,
      REDIS_URL: proxy.through(TEST_REDIS_URL),
      GT06_PORT: "0", OSMAND_PORT: "0",
      TELTONIKA_PORT: String(await freePort()),
    });
    try {
      await withNodeOutput([node], async () => {
        const device = await TestDevice.connect(node.teltonikaPort, imei);
        const t0 = Date.now() - 600_000;
        expect(await device.send([testRecord(t0)])).toBe(1);
        await waitUntil(() => heard.length === 1, "the first position on the hub");

        await proxy.cut();
        for (const seconds of [10, 20, 30]) expect(await device.send([testRecord(t0 + seconds * 1000)], 5_000)).toBe(1);
        expect(await storedTimes(postgres.database.prisma, assetId)).toEqual(new Set([0, 10, 20, 30].map((s) => t0 + s * 1000)));
        expect(heard).toHaveLength(1);

        await proxy.open();
        await waitUntil(() => new Set(heard.map((p) => p.dateUpdated)).size === 4, "the positions stored during the cut on the hub", 60_000);
        expect(await device.send([testRecord(t0 + 40_000)])).toBe(1);
        await waitUntil(() => heard.some((p) => p.dateUpdated === t0 + 40_000), "a position after the cut on the hub");
        const times = heard.map((p) => p.dateUpdated);
        expect(times.filter((time, i) => i > 0 && time < times[i - 1]!)).toEqual([]); // in order
        device.destroy();
      });
      expect(await stopNode(node), node.output().slice(-4000)).toBe(0);
    } finally {
      await proxy.open();
      await stopNode(node);
      await audience.close();
      await proxy.cut();
      await postgres.close();
    }
  }, 180_000);
});

describe.skipIf(!postgresUp || !redisUp)("a device moving between two nodes", () => {
  it("reaches every stream in wsSeq order, never backwards, and only its newest connection is kept", async () => {
    const postgres = await createTestDatabase("postgres");
    setDatabase(postgres.database);
    const account = await makeAccount("Handover");
    await postgres.database.prisma.account.update({ where: { id: account.id }, data: { plan: "detailed" } });
    const { token } = await makeToken(account.id);
    const imei = nextImei();
    const { id: assetId } = await makeAsset(account.id, "Van", imei);
    const shared = { DATABASE_URL: postgres.url!, REDIS_URL: TEST_REDIS_URL, AUTH_SECRET: authSecret() };
    const nodes: NodeProcess[] = [];
    const clients: StreamClient[] = [];
    try {
      for (let i = 0; i < 2; i++) nodes.push(await startNode({ ...shared, DATA_DIR: dataDir(), GT06_PORT: "0", OSMAND_PORT: "0", TELTONIKA_PORT: String(await freePort()) }));
      const [a, b] = nodes as [NodeProcess, NodeProcess];
      await withNodeOutput(nodes, async () => {
        for (const node of nodes) clients.push(connectStream(node.url, streamQuery(token, [assetId], { style: "detailed" })));
        for (const client of clients) expect(await client.first).toEqual([]);
        const t0 = Date.now() - 600_000;
        const at = (seconds: number) => t0 + seconds * 1000;

        const first = await TestDevice.connect(a.teltonikaPort, imei);
        expect(await first.send([testRecord(at(0))])).toBe(1);
        expect(await first.send([testRecord(at(10))])).toBe(1);
        // the device reconnects through node B while its old connection to A lingers: A ends it
        const second = await TestDevice.connect(b.teltonikaPort, imei);
        await first.closed;
        expect(await second.send([testRecord(at(20))])).toBe(1);
        expect(await second.send([testRecord(at(30))])).toBe(1);
        // and back to A, with a record buffered from between A's newest and B's
        const third = await TestDevice.connect(a.teltonikaPort, imei);
        await second.closed;
        expect(await third.send([testRecord(at(15)), testRecord(at(40))])).toBe(2);
        third.destroy();

        for (const client of clients) {
          await client.next((e) => e.event === "location" && (e.payload as { dateUpdated?: number }).dateUpdated === at(40));
          const frames = client.events
            .filter((e) => e.event === "location" && !Array.isArray(e.payload))
            .map((e) => e.payload as { assetId: number; wsSeq: number; dateUpdated: number })
            .filter((frame) => frame.assetId === assetId);
          expect(frames.map((frame) => frame.dateUpdated)).toEqual([0, 10, 20, 30, 40].map(at));
          const seqs = frames.map((frame) => frame.wsSeq);
          for (let i = 1; i < seqs.length; i++) expect(seqs[i]!).toBeGreaterThan(seqs[i - 1]!);
        }
        const buffered = await postgres.database.prisma.position.findUniqueOrThrow({ where: { assetId_fixTime: { assetId, fixTime: new Date(at(15)) } } });
        expect(buffered.wsSeq).toBeNull();
      });
      for (const client of clients.splice(0)) client.close();
      for (const node of nodes) expect(await stopNode(node), node.output().slice(-4000)).toBe(0);
    } finally {
      for (const client of clients) client.close();
      for (const node of nodes) await stopNode(node);
      setDatabase(undefined);
      await postgres.close();
    }
  }, 240_000);
});
