// `fleet simulate` as users run it: a real CLI process provisions vehicles in an account on PostgreSQL and drives
// them over TCP into a running server (in-process here), whose pipeline stores what the devices report; the same
// over GT06 (TCP) and OsmAnd (HTTP, as phones send it) with --protocol.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parseEnv, setEnv } from "../env";
import { createAccount } from "../modules/accounts/create-account";
import { startFleetline, type RunningServer } from "../server";
import { freePort } from "../testing/free-port";
import { createTestDatabase, type TestDatabase } from "../testing/test-database";
import { runFleet, spawnFleet, type CliRun } from "../testing/fleet-cli";

/** `fleet simulate` as a process of its own (the CLI's bundle, or tsx without a fresh one), in `env` */
function fleet(args: string[], env: Record<string, string | undefined>): Promise<CliRun> {
  return spawnFleet(args, {}, { env });
}

describe.runIf(inject("postgres"))("fleet simulate against a running server on PostgreSQL", () => {
  let database: TestDatabase;
  let server: RunningServer;
  let trackerPort: number;
  let gt06Port: number;
  let osmandPort: number;
  // a directory of the test's own: the server makes its DATA_DIR owner-only
  const dataDir = mkdtempSync(path.join(tmpdir(), "fleetline-simulate-"));

  beforeAll(async () => {
    [trackerPort, gt06Port, osmandPort] = [await freePort(), await freePort(), await freePort()];
    database = await createTestDatabase("postgres");
    await database.database.close(); // the server opens its own connection
    const config = setEnv(
      parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", PORT: "0", DATABASE_URL: database.url, GT06_PORT: String(gt06Port), OSMAND_PORT: String(osmandPort), TELTONIKA_PORT: String(trackerPort), FLEET_DEMO: "0", DATA_DIR: dataDir }),
    );
    server = await startFleetline(config, { next: false });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await database?.close().catch(() => undefined);
  });

  it("provisions the vehicles, drives them, and the server stores their positions", async () => {
    const { key } = await createAccount({ name: "Sim Fleet" });
    const env = { DATABASE_URL: database.url, LOG_LEVEL: "", DATA_DIR: dataDir };
    const run = await fleet(["simulate", "--account", key, "--vehicles", "3", "--interval", "1", "--duration", "4", "--port", String(trackerPort)], env);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ vehicles: 3, refused: 0, duration_s: expect.any(Number) });
    expect(run.json.records as number).toBeGreaterThanOrEqual(6);
    expect(run.stderr).toMatch(/provisioned 3 simulated vehicles/);
    const account = await server.database.prisma.account.findUniqueOrThrow({ where: { key }, select: { id: true } });
    const assets = await server.database.prisma.asset.findMany({ where: { accountId: account.id }, select: { id: true } });
    expect(assets).toHaveLength(3);
    const stored = await server.database.prisma.position.count({ where: { assetId: { in: assets.map((a) => a.id) } } });
    // every acknowledged record is stored; a packet in flight when the run ended may be stored without its ack
    expect(stored).toBeGreaterThanOrEqual(run.json.records as number);
    expect(stored).toBeLessThanOrEqual((run.json.records as number) + 3);

    // a second run reuses the same vehicles
    const again = await fleet(["simulate", "--account", key, "--vehicles", "3", "--interval", "1", "--duration", "2", "--port", String(trackerPort)], env);
    expect(again.code).toBe(0);
    expect(await server.database.prisma.asset.count({ where: { accountId: account.id } })).toBe(3);
  });

  it.each([
    ["gt06", () => gt06Port, /^\d{15}$/],
    ["osmand", () => osmandPort, /^sim-phone-\d+-\d$/],
  ] as const)("drives %s vehicles the server stores, with identifiers of their own", async (protocol, port, idShape) => {
    const { key } = await createAccount({ name: `Sim ${protocol}` });
    const env = { DATABASE_URL: database.url, LOG_LEVEL: "", DATA_DIR: dataDir, [`${protocol.toUpperCase()}_PORT`]: String(port()) };
    // the port comes from the protocol's variable: no --port
    const run = await fleet(["simulate", "--protocol", protocol, "--account", key, "--vehicles", "2", "--interval", "1", "--duration", "4"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.json).toMatchObject({ protocol, vehicles: 2, refused: 0 });
    expect(run.json.records as number).toBeGreaterThanOrEqual(4);
    const account = await server.database.prisma.account.findUniqueOrThrow({ where: { key }, select: { id: true } });
    const trackers = await server.database.prisma.tracker.findMany({ where: { accountId: account.id }, select: { imei: true, protocol: true, assetId: true } });
    expect(trackers).toHaveLength(2);
    for (const tracker of trackers) {
      expect(tracker.protocol).toBe(protocol);
      expect(tracker.imei).toMatch(idShape);
    }
    const stored = await server.database.prisma.position.count({ where: { assetId: { in: trackers.map((t) => t.assetId!) } } });
    // GT06 locations are unanswered: every one written is counted, and the server stores what arrived
    expect(stored).toBeGreaterThanOrEqual(protocol === "osmand" ? (run.json.records as number) : 4);
    expect(stored).toBeLessThanOrEqual((run.json.records as number) + 2);
  });

  it("stores nothing for phones the server does not know, though the port answers them as it answers known ones", async () => {
    const before = await server.database.prisma.position.count();
    const run = await fleet(["simulate", "--protocol", "osmand", "--vehicles", "2", "--interval", "1", "--duration", "2", "--port", String(osmandPort)], { DATABASE_URL: database.url });
    expect(run.code).toBe(0);
    // a device id is a credential: the answer must not tell a stranger which ids exist (docs/osmand.md)
    expect(run.json).toMatchObject({ protocol: "osmand", vehicles: 2, refused: 0 });
    expect(await server.database.prisma.position.count()).toBe(before);
    expect(await server.database.prisma.unknownDevice.count({ where: { protocol: "osmand" } })).toBeGreaterThanOrEqual(2);
  });

  it("reports devices the server does not know as refused", async () => {
    const run = await fleet(["simulate", "--vehicles", "2", "--interval", "1", "--duration", "2", "--port", String(trackerPort)], { DATABASE_URL: database.url });
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ vehicles: 2, refused: 2, records: 0 });
    expect(await server.database.prisma.unknownDevice.count()).toBeGreaterThanOrEqual(2);
  });

  it("refuses bad flag values", async () => {
    // flag checks need no process (the CLI's own executeCli, in this one)
    const run = await runFleet(["simulate", "--vehicles", "-1"]);
    expect(run.code).toBe(2);
    expect(run.json.error).toMatch(/--vehicles must be a number above 0/);
    const bad = await runFleet(["simulate", "--protocol", "nmea"]);
    expect(bad.code).toBe(2);
    expect(bad.json.error).toMatch(/--protocol/);
  });
});
