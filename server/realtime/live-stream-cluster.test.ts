// The live stream on several nodes sharing one Redis (and one PostgreSQL):
//   - the per-account connection cap is counted over every node (two gateways in this process, one Redis);
//   - a tracker connected over TCP to node A reaches a socket.io client on node B, once, with two real server
//     processes (server/testing/test-node.ts: the real composition without Next.js).
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { setDatabase } from "../db/client";
import { makeAccount, makeAsset, makeToken } from "../testing/http-fixtures";
import { StreamRefusalCode } from "../modules/stream/stream-refusal";
import { authSecret } from "../security/auth-secret";
import { randomId } from "../security/random";
import { createTestDatabase, useTestDatabase, type TestDatabase } from "../testing/test-database";
import { TEST_POSTGRES_URL, TEST_REDIS_URL } from "../testing/services";
import { encodeLogin, encodeTcpPacket8E } from "../tracker/protocols/teltonika/avl-encoder";
import { connectStream, startStreamHarness, streamQuery, type StreamClient, type StreamHarness } from "../testing/live-stream-harness";
import { freePort } from "../testing/free-port";
import { startNode, stopNode, type NodeProcess } from "../testing/node-process";
import { testImei } from "../testing/test-imei";

const redisUp = inject("redis");
const postgresUp = inject("postgres");

describe.skipIf(!redisUp)(`connection cap over two nodes (Redis${redisUp ? "" : `: skipped, not reachable at ${TEST_REDIS_URL}`})`, () => {
  useTestDatabase("embedded");
  const nodes: StreamHarness[] = [];
  beforeAll(async () => {
    const capKeyPrefix = `fleetline:test:${randomId(8)}:`; // this run's own counters on a shared Redis
    for (let i = 0; i < 2; i++) {
      nodes.push(await startStreamHarness({ redisUrl: TEST_REDIS_URL, capKeyPrefix, maxConnectionsPerAccount: 5, installHub: false }));
    }
  });
  afterAll(async () => {
    for (const node of nodes) await node.close();
  });

  it("counts an account's connections on every node and refuses the one over the cap on either", async () => {
    const [a, b] = nodes as [StreamHarness, StreamHarness];
    const account = await makeAccount("Cluster cap");
    const { token } = await makeToken(account.id);
    const query = streamQuery(token, []);
    const open = [a, a, a, b, b].map((node) => node.connect(query));
    await Promise.all(open.map((client) => client.first));
    for (const node of [a, b]) {
      const refusal = await node.connect(query).refused();
      expect(refusal.data?.code).toBe(StreamRefusalCode.CONNECTION_LIMIT);
    }
    // a slot freed on B is free for A
    open[4]!.close();
    while (b.gateway.stats().connections > 1) await new Promise((resolve) => setTimeout(resolve, 10));
    const again = a.connect(query);
    await again.first;
    for (const client of [...open, again]) client.close();
  });
});

/** a Teltonika device on a TCP connection: logs in, then sends one record per call and waits for the ack */
async function device(port: number, imei: string) {
  const socket = net.connect({ host: "127.0.0.1", port });
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const reply = () => new Promise<Buffer>((resolve) => socket.once("data", (chunk: Buffer) => resolve(chunk)));
  socket.write(encodeLogin(imei));
  expect((await reply())[0]).toBe(1);
  return {
    async send(timestamp: number, speed: number) {
      socket.write(
        encodeTcpPacket8E([{ timestamp, priority: 0, latitude: 54.6872, longitude: 25.2797, altitude: 110, angle: 90, satellites: 12, speed, eventIoId: 0, io: { u8: { 239: 1 } } }]),
      );
      expect((await reply()).readUInt32BE(0)).toBe(1);
    },
    close: () => socket.destroy(),
  };
}

describe.skipIf(!redisUp || !postgresUp)(
  `two server processes on one PostgreSQL and one Redis${redisUp && postgresUp ? "" : ": skipped, PostgreSQL or Redis not reachable"}`,
  () => {
    let database: TestDatabase;
    const nodes: NodeProcess[] = [];
    const dirs: string[] = [];

    beforeAll(async () => {
      database = await createTestDatabase("postgres");
      setDatabase(database.database);
      const shared = { DATABASE_URL: database.url!, REDIS_URL: TEST_REDIS_URL, AUTH_SECRET: authSecret(), STREAM_MAX_CONNECTIONS_PER_ACCOUNT: "3" };
      for (let i = 0; i < 2; i++) {
        const dataDir = mkdtempSync(path.join(tmpdir(), "fleetline-node-"));
        dirs.push(dataDir);
        nodes.push(await startNode({ ...shared, DATA_DIR: dataDir, GT06_PORT: "0", OSMAND_PORT: "0", TELTONIKA_PORT: String(await freePort()) }));
      }
    }, 120_000);

    afterAll(async () => {
      await Promise.all(nodes.map((node) => stopNode(node)));
      setDatabase(undefined);
      await database?.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    it("delivers a position a tracker sends to node A to clients on both nodes, each frame once", async () => {
      const [a, b] = nodes as [NodeProcess, NodeProcess];
      const account = await makeAccount("Two nodes");
      await database.database.prisma.account.update({ where: { id: account.id }, data: { plan: "detailed" } });
      const { token } = await makeToken(account.id);
      const imei = testImei();
      const { id: assetId } = await makeAsset(account.id, "Van", imei);
      const query = streamQuery(token, [assetId], { style: "detailed" });
      const onB = connectStream(b.url, query);
      const onA = connectStream(a.url, query);
      const clients: StreamClient[] = [onA, onB];
      try {
        expect(await onB.first).toEqual([]);
        expect(await onA.first).toEqual([]);

        const tracker = await device(a.teltonikaPort, imei);
        const start = Date.now() - 60_000;
        await tracker.send(start, 30);
        await tracker.send(start + 1_000, 31);
        tracker.close();
        const frames = await Promise.all(
          clients.map((client) => client.next((e) => e.event === "location" && (e.payload as { speed?: number }).speed === 31)),
        );
        for (const client of clients) {
          const seqs = client.seqs(assetId);
          expect(seqs).toHaveLength(2); // each position once: the hub carries it, no adapter broadcast repeats it
          expect(seqs[0]!).toBeLessThan(seqs[1]!);
        }
        expect(frames[1]!.payload).toMatchObject({ assetId, trackerImei: imei, dateUpdated: start + 1_000, speed: 31 });

        // the cap of 3 counts both nodes: a third connection on B is admitted, a fourth on A refused
        const third = connectStream(b.url, query);
        clients.push(third);
        await third.first;
        const fourth = connectStream(a.url, query);
        clients.push(fourth);
        expect((await fourth.refused()).data?.code).toBe(StreamRefusalCode.CONNECTION_LIMIT);
      } catch (error) {
        throw new Error(`${(error as Error).message}\nnode A:\n${a.output()}\nnode B:\n${b.output()}`);
      } finally {
        for (const client of clients) client.close();
      }
      // graceful stop is part of the contract
      expect(await stopNode(a)).toBe(0);
      expect(await stopNode(b)).toBe(0);
      // connections and refusals are logged by client_id (logs are complete once the nodes stopped), never the token
      for (const node of [a, b]) {
        expect(node.output()).toMatch(/"msg":"stream connected"/);
        expect(node.output()).not.toContain(token);
      }
      expect(a.output()).toMatch(/"code":"CONNECTION_LIMIT","msg":"stream connection refused"/);
    }, 120_000);
  },
);
