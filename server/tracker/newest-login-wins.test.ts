// A tracker connected twice: the newest login wins, on one node and across nodes (two tracker services on one
// database and one hub, as two server processes share PostgreSQL and Redis), and a tracker that logs in again and
// again is logged as flapping. Real TCP, real Teltonika frames, both databases.
import net from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryHub, type Hub } from "../hub";
import { createAccount } from "../modules/accounts/create-account";
import { createAsset } from "../modules/assets/create-asset";
import { freePort } from "../testing/free-port";
import { databaseKinds, useTestDatabase } from "../testing/test-database";
import { FLAPPING_LOGINS } from "./newest-login-wins";
import { encodeLogin, encodeTcpPacket8E } from "./protocols/teltonika/avl-encoder";
import { startTrackerService, type TrackerService } from "./tracker-service";
import { testImei } from "../testing/test-imei";

const nextImei = testImei;

async function device(port: number, imei: string) {
  const socket = net.connect({ host: "127.0.0.1", port });
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString("hex")));
  socket.on("error", () => {});
  let closed = false;
  socket.once("close", () => (closed = true));
  const waitFor = async (hex: string) => {
    const deadline = Date.now() + 10_000;
    while (received !== hex) {
      if (Date.now() > deadline) throw new Error(`expected ${hex}, got ${received}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  socket.write(encodeLogin(imei));
  await waitFor("01");
  return {
    waitFor,
    isClosed: () => closed,
    async untilClosed() {
      const deadline = Date.now() + 5_000;
      while (!closed) {
        if (Date.now() > deadline) throw new Error("the connection stayed open");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    send(timestamp: number) {
      socket.write(
        encodeTcpPacket8E([{ timestamp, priority: 0, latitude: 54.6872, longitude: 25.2797, altitude: 110, angle: 90, satellites: 12, speed: 30, eventIoId: 0, io: { u8: { 239: 1 } } }]),
      );
    },
    destroy: () => socket.destroy(),
  };
}

describe.each(databaseKinds())("newest login wins on %s", (kind) => {
  const t = useTestDatabase(kind);
  let hub: Hub;
  const nodes: TrackerService[] = [];
  const logs: string[] = [];

  beforeAll(async () => {
    hub = createMemoryHub();
    const logger = pino({ level: "info" }, { write: (line: string) => void logs.push(line) });
    for (const nodeId of ["node-a", "node-b"]) {
      nodes.push(
        await startTrackerService({
          prisma: t.db,
          sql: t.database.sql,
          hub,
          host: "127.0.0.1",
          teltonikaPort: await freePort(),
          embedded: kind === "embedded",
          logger: logger.child({ node: nodeId }),
          nodeId,
        }),
      );
    }
  });
  afterAll(async () => {
    for (const node of nodes) await node.stop();
    await hub?.close();
  });

  it("ends the older connection when the tracker logs in again on the same node; the tracker stays online", async () => {
    const [a] = nodes as [TrackerService];
    const imei = nextImei();
    const account = await createAccount({ name: "Same node" });
    const { trackerId } = await createAsset({ accountId: account.id, name: "Van", imei });
    const online: boolean[] = [];
    const stop = hub.subscribe("tracker.connection", (event) => event.imei === imei && online.push(event.online));

    const first = await device(a.tcpPort!, imei);
    const second = await device(a.tcpPort!, imei);
    await first.untilClosed();
    second.send(Date.now() - 5_000);
    await second.waitFor("0100000001");
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop();
    expect(online).toEqual([true, true]); // the replaced connection closing is not the tracker going offline
    expect(a.sessions.isOnline(trackerId!)).toBe(true);
    second.destroy();
  });

  it("ends the older connection on the other node when the tracker logs in here", async () => {
    const [a, b] = nodes as [TrackerService, TrackerService];
    const imei = nextImei();
    const account = await createAccount({ name: "Two nodes" });
    const { trackerId } = await createAsset({ accountId: account.id, name: "Van", imei });
    const onA = await device(a.tcpPort!, imei);
    onA.send(Date.now() - 10_000);
    await onA.waitFor("0100000001");
    await new Promise((resolve) => setTimeout(resolve, 5)); // a later millisecond for the second login

    const onB = await device(b.tcpPort!, imei);
    await onA.untilClosed();
    onB.send(Date.now() - 5_000);
    await onB.waitFor("0100000001");
    expect(a.sessions.isOnline(trackerId!)).toBe(false);
    expect(b.sessions.isOnline(trackerId!)).toBe(true);
    expect(onB.isClosed()).toBe(false);
    onB.destroy();
  });

  it("logs a tracker that keeps logging in as flapping", async () => {
    const [a] = nodes as [TrackerService];
    const imei = nextImei();
    const account = await createAccount({ name: "Flapping" });
    await createAsset({ accountId: account.id, name: "Van", imei });
    const flapping = () => logs.filter((line) => line.includes("tracker flapping") && line.includes(imei));
    for (let i = 0; i < FLAPPING_LOGINS; i++) (await device(a.tcpPort!, imei)).destroy();
    expect(flapping()).toHaveLength(0);
    const last = await device(a.tcpPort!, imei);
    expect(flapping()).toHaveLength(1);
    expect(JSON.parse(flapping()[0]!)).toMatchObject({ level: 40, imei, logins: FLAPPING_LOGINS + 1 });
    last.destroy();
  });
});
