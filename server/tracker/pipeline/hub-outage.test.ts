// Ingest through a hub (Redis) outage: the server publishes through a TCP proxy in front of Redis that the test cuts
// (the shared Redis itself is never stopped). Devices are acknowledged as soon as their records are stored, while
// the hub is away; the stored positions reach the hub's subscribers, in order, once it is back.
import net from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createRedisHub, type Hub } from "../../hub";
import type { LivePosition } from "../../modules/positions/live-position";
import { createAccount } from "../../modules/accounts/create-account";
import { createAsset } from "../../modules/assets/create-asset";
import { TEST_REDIS_URL } from "../../testing/services";
import { CuttableProxy } from "../../testing/tcp-proxy";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { DeviceSessions } from "../device-sessions";
import { encodeLogin, encodeTcpPacket8E } from "../protocols/teltonika/avl-encoder";
import { startStreamListener, type TcpListener } from "../stream-listener";
import { TrackerDirectory } from "../tracker-directory";
import { IngestPipeline } from "./ingest-pipeline";
import { PositionWriter } from "./position-writer";
import { WsSequence } from "./ws-sequence";
import { testImei } from "../../testing/test-imei";
import { teltonikaTcp } from "../protocols/teltonika/protocol";

const redisUp = inject("redis");

async function waitUntil(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!redisUp).each(databaseKinds())("ingest while the hub is away, on %s", (kind) => {
  const t = useTestDatabase(kind);
  let proxy: CuttableProxy;
  let hub: Hub;
  let audience: Hub;
  let listener: TcpListener;
  let pipeline: IngestPipeline;
  const heard: LivePosition[] = [];
  const imei = testImei();

  beforeAll(async () => {
    proxy = CuttableProxy.forUrl(TEST_REDIS_URL, 6379);
    await proxy.open();
    hub = await createRedisHub(proxy.through(TEST_REDIS_URL)); // the server's hub, through the proxy
    audience = await createRedisHub(TEST_REDIS_URL); // another node's, directly
    audience.subscribe("position", (position) => position.trackerImei === imei && heard.push(position));
    await audience.ready();
    const logger = pino({ level: "silent" });
    pipeline = new IngestPipeline({
      sql: t.database.sql,
      hub,
      writer: new PositionWriter(t.database.sql),
      sequence: new WsSequence(t.db, 100),
      directory: new TrackerDirectory(t.db),
      logger,
    });
    listener = await startStreamListener({ protocol: teltonikaTcp, host: "127.0.0.1", port: 0, sink: pipeline, sessions: new DeviceSessions(), logger });
  });
  afterAll(async () => {
    await listener?.close();
    await proxy?.open(); // a client still connected closes gracefully through its server
    await pipeline?.drainPublishing(1000);
    await hub?.close();
    await audience?.close();
    await proxy?.cut();
  });

  it("acknowledges stored records while the hub is cut, and publishes them in order once it is back", async () => {
    const account = await createAccount({ name: "Hub outage" });
    const { id: assetId } = await createAsset({ accountId: account.id, name: "Van", imei });
    const socket = net.connect({ host: "127.0.0.1", port: listener.port });
    await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("hex")));
    const t0 = Date.now() - 120_000;
    const send = (seconds: number) =>
      socket.write(
        encodeTcpPacket8E([
          { timestamp: t0 + seconds * 1000, priority: 0, latitude: 54.6872, longitude: 25.2797 + seconds * 1e-4, altitude: 110, angle: 90, satellites: 12, speed: 30, eventIoId: 0, io: { u8: { 239: 1 } } },
        ]),
      );
    socket.write(encodeLogin(imei));
    await waitUntil(() => received === "01", "the login answer");
    send(0);
    await waitUntil(() => received === "0100000001", "the first acknowledgement");
    await waitUntil(() => heard.length === 1, "the first position on the hub");

    await proxy.cut();
    for (const seconds of [10, 20, 30]) {
      const before = received.length;
      send(seconds);
      // acknowledged while the hub is away: the acknowledgement waits for the store only
      await waitUntil(() => received.length === before + 8, `the acknowledgement of the record at ${seconds} s`, 5_000);
    }
    expect(await t.db.position.count({ where: { assetId } })).toBe(4);
    expect(heard).toHaveLength(1);

    await proxy.open();
    await waitUntil(() => heard.length >= 4, "the positions stored during the outage on the hub");
    const times = heard.map((position) => position.dateUpdated);
    expect([...new Set(times)]).toEqual([0, 10, 20, 30].map((s) => t0 + s * 1000));
    socket.destroy();
  }, 60_000);
});
