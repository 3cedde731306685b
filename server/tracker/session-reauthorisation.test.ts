// Sessions are re-authorised when their asset changes: a device whose asset is deleted, or whose tracker is removed,
// re-numbered or fitted to another account, stops writing into the old asset at once. Real TCP, real Teltonika frames,
// the tracker service as the server starts it, on both databases (and the real CLI on PostgreSQL).
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../db/client";
import { createMemoryHub, setHub, type Hub } from "../hub";
import { createAccount } from "../modules/accounts/create-account";
import { createAsset } from "../modules/assets/create-asset";
import { deleteAsset } from "../modules/assets/delete-asset";
import { updateAsset } from "../modules/assets/update-asset";
import { freePort } from "../testing/free-port";
import { createTestDatabase, databaseKinds, useTestDatabase, type TestDatabase } from "../testing/test-database";
import { encodeLogin, encodeTcpPacket8E } from "./protocols/teltonika/avl-encoder";
import { startTrackerService, type TrackerService } from "./tracker-service";
import { testImei } from "../testing/test-imei";
import { useTestTrackerService } from "../testing/test-tracker-service";
import { fleetProgram } from "../testing/fleet-cli";

const nextImei = testImei;

/** a device on a real TCP connection that collects every byte it is sent and notices when it is disconnected */
async function device(port: number, imei: string) {
  const socket = net.connect({ host: "127.0.0.1", port });
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let received = Buffer.alloc(0);
  socket.on("data", (chunk) => (received = Buffer.concat([received, chunk])));
  socket.on("error", () => {});
  let isClosed = false;
  const closed = new Promise<void>((resolve) => socket.once("close", () => ((isClosed = true), resolve())));
  const waitFor = async (hex: string) => {
    const deadline = Date.now() + 10_000;
    while (received.toString("hex") !== hex) {
      if (Date.now() > deadline) throw new Error(`expected ${hex}, got ${received.toString("hex")}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  socket.write(encodeLogin(imei));
  await waitFor("01");
  return {
    received: () => received.toString("hex"),
    waitFor,
    closed,
    isClosed: () => isClosed,
    send(timestamp: number) {
      socket.write(
        encodeTcpPacket8E([
          { timestamp, priority: 0, latitude: 54.6872, longitude: 25.2797, altitude: 110, angle: 90, satellites: 12, speed: 30, eventIoId: 0, io: { u8: { 239: 1 } } },
        ]),
      );
    },
    destroy: () => socket.destroy(),
  };
}

async function loginAnswer(port: number, imei: string): Promise<number> {
  const socket = net.connect({ host: "127.0.0.1", port });
  try {
    await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    socket.write(encodeLogin(imei));
    return (await new Promise<Buffer>((resolve, reject) => socket.once("data", resolve).once("error", reject)))[0]!;
  } finally {
    socket.destroy();
  }
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms))]);
}

describe.each(databaseKinds())("tracker sessions after an asset change on %s", (kind) => {
  const t = useTestDatabase(kind);
  const tracker = useTestTrackerService(kind, t, { teltonika: true });
  let port: number;

  beforeAll(() => {
    port = tracker.service.tcpPort!;
  });

  it("ends the session of a device whose asset is deleted or whose tracker is re-numbered, as soon as it is announced", async () => {
    const account = await createAccount({ name: "Announced changes" });
    const [doomedImei, renumberedImei, newImei] = [nextImei(), nextImei(), nextImei()];
    const doomed = await createAsset({ accountId: account.id, name: "Van 1", imei: doomedImei });
    const renumbered = await createAsset({ accountId: account.id, name: "Van 2", imei: renumberedImei });
    const first = await device(port, doomedImei);
    const second = await device(port, renumberedImei);
    first.send(Date.now() - 10_000);
    await first.waitFor("0100000001");

    await deleteAsset({ accountId: account.id, assetId: doomed.id });
    await within(first.closed, 5000, "the deleted asset's device disconnected");
    await updateAsset({ accountId: account.id, assetId: renumbered.id, imei: newImei });
    await within(second.closed, 5000, "the re-numbered tracker's old device disconnected");
    expect(await loginAnswer(port, doomedImei)).toBe(0);
    expect(await loginAnswer(port, renumberedImei)).toBe(0);
  });

  it("stores nothing from a device whose tracker moved to another account unannounced, and acknowledges the others", async () => {
    const oldAccount = await createAccount({ name: "Old owner" });
    const newAccount = await createAccount({ name: "New owner" });
    const [movingImei, stayingImei] = [nextImei(), nextImei()];
    const moving = await createAsset({ accountId: oldAccount.id, name: "Sold van", imei: movingImei });
    const staying = await createAsset({ accountId: oldAccount.id, name: "Kept van", imei: stayingImei });
    const mover = await device(port, movingImei);
    const stayer = await device(port, stayingImei);
    const before = Date.now() - 60_000;
    mover.send(before);
    await mover.waitFor("0100000001");

    // the change is made where no hub hears it (a CLI without Redis, another tool): the session is not told
    setHub(undefined);
    try {
      await updateAsset({ accountId: oldAccount.id, assetId: moving.id, imei: null });
      await createAsset({ accountId: newAccount.id, name: "Bought van", imei: movingImei });
    } finally {
      setHub(tracker.hub);
    }
    const after = before + 30_000;
    mover.send(after);
    stayer.send(after);
    await stayer.waitFor("0100000001");
    await within(mover.closed, 5000, "the moved tracker's old session ended");
    expect(mover.received()).toBe("0100000001"); // the second packet was never acknowledged
    const times = async (assetId: number) =>
      (await t.db.position.findMany({ where: { assetId }, orderBy: { fixTime: "asc" } })).map((row) => row.fixTime.getTime());
    expect(await times(moving.id)).toEqual([before]); // nothing after the change landed in the old account
    expect(await times(staying.id)).toEqual([after]);
    stayer.destroy();
  });
});

const postgresUp = databaseKinds().includes("postgres");

describe.skipIf(!postgresUp)("fleet asset delete while the asset's device is connected (PostgreSQL)", () => {
  let database: TestDatabase;
  let hub: Hub;
  let service: TrackerService;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    setDatabase(database.database);
    hub = createMemoryHub();
    service = await startTrackerService({
      prisma: database.database.prisma,
      sql: database.database.sql,
      hub,
      host: "127.0.0.1",
      teltonikaPort: await freePort(),
      embedded: false,
      logger: pino({ level: "silent" }),
    });
  }, 60_000);
  afterAll(async () => {
    await service?.stop();
    await hub?.close();
    setDatabase(undefined);
    await database?.close();
  });

  it("deletes the asset; the device's next packet is refused and its session ends", async () => {
    const prisma = database.database.prisma;
    const account = await createAccount({ name: "CLI delete" });
    const imei = nextImei();
    const asset = await createAsset({ accountId: account.id, name: "Van", imei });
    const tracker = await device(service.tcpPort!, imei);
    tracker.send(Date.now() - 20_000);
    await tracker.waitFor("0100000001");

    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: database.url, DATA_DIR: mkdtempSync(path.join(tmpdir(), "fleet-cli-")) };
    delete env.REDIS_URL; // no hub: the server hears nothing, the writer's ownership check is what stops the device
    delete env.LOG_LEVEL;
    // the CLI as a process of its own (its bundle, or tsx without a fresh one): another process than the server's
    const [program, ...programArgs] = fleetProgram();
    const args = [...programArgs, "asset", "delete", "--account", account.key, "--id", String(asset.id)];
    const out = await new Promise<string>((resolve, reject) =>
      execFile(program!, args, { env, timeout: 90_000 }, (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
      ),
    );
    expect(JSON.parse(out)).toEqual({ id: asset.id, deleted: true });
    expect(await prisma.asset.count({ where: { id: asset.id } })).toBe(0);

    tracker.send(Date.now() - 10_000);
    await within(tracker.closed, 5000, "the deleted asset's device disconnected");
    expect(tracker.received()).toBe("0100000001");
    expect(await prisma.position.count({ where: { assetId: asset.id } })).toBe(0);
  }, 120_000);
});
