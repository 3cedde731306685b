// `fleet backup` and `fleet restore` as operators run them: real CLI processes (spawnFleet: the CLI's bundle, or tsx
// without a fresh one) against a real server holding an embedded DATA_DIR while a Teltonika device sends, then a
// restore into a fresh DATA_DIR and a server started on it. Refusals: a restore beside a server (by the CLI and by the
// server's admin channel), an existing file without --force; and, in this process through the CLI's executeCli
// (runFleet: nothing holds those databases, so no process is needed), PostgreSQL and files that are not backups
// (DATA_DIR left as it was).
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../db/client";
import { parseEnv } from "../env";
import { createAccount } from "../modules/accounts/create-account";
import { createAsset } from "../modules/assets/create-asset";
import { authenticateUser } from "../modules/users/authenticate-user";
import { createUser } from "../modules/users/create-user";
import { startFleetline, type RunningServer } from "../server";
import { freePort } from "../testing/free-port";
import { TestDevice, testRecord } from "../testing/teltonika-test-device";
import { createTestDatabase } from "../testing/test-database";
import { testImei } from "../testing/test-imei";
import { PACKAGE_ROOT, runFleet, spawnFleet, type CliRun } from "../testing/fleet-cli";

const ROOT = PACKAGE_ROOT;
const temporary: string[] = [];

function tempDir(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `fleet-backup-${name}-`));
  temporary.push(dir);
  return dir;
}

/** the CLI as a process, as `npm run fleet` runs it: from the package root, with the user's folder in INIT_CWD */
function fleet(args: string[], target: { dataDir: string; databaseUrl?: string; userFolder?: string }): Promise<CliRun> {
  return spawnFleet(args, { dataDir: target.dataDir, databaseUrl: target.databaseUrl, cwd: target.userFolder });
}

/** a server holding `dataDir`, with its Teltonika port on (0 turns it off) */
async function startServer(dataDir: string): Promise<RunningServer> {
  const teltonikaPort = String(await freePort());
  return startFleetline(
    parseEnv({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", GT06_PORT: "0", OSMAND_PORT: "0", TELTONIKA_PORT: teltonikaPort, LOG_LEVEL: "silent", FLEET_DEMO: "0", DATA_DIR: dataDir }),
    { next: false },
  );
}

/** one raw request on the server's admin channel, as a CLI would send it */
function adminRequest(dataDir: string, args: string[]): Promise<{ code: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(path.join(dataDir, "admin.sock"));
    let answer = "";
    socket.on("connect", () => socket.write(`${JSON.stringify({ args, cwd: ROOT })}\n`));
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
    socket.on("end", () => resolve(JSON.parse(answer.split("\n")[0]!)));
    socket.on("error", reject);
  });
}

const mode = (file: string) => statSync(file).mode & 0o777;

afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

describe("fleet backup and restore on the embedded database", () => {
  it("backs up a running server's database while a device sends, restores it into a fresh DATA_DIR, and a server there has the same data", async () => {
    const held = tempDir("held");
    const userFolder = tempDir("user");
    const imei = testImei();
    const base = Date.UTC(2026, 10, 24, 8, 0, 0);
    const server = await startServer(held);
    let account: { id: number; key: string };
    let assetId: number;
    let storedBefore: Date[];
    try {
      account = await createAccount({ name: "Backup Co", plan: "detailed" });
      await createUser(
        { accountId: account.id, email: "ops@backup.test", name: "Ops", password: "correct horse", role: "admin" },
        { existingUser: "add" },
      );
      assetId = (await createAsset({ accountId: account.id, name: "Van 7", imei })).id;
      const device = await TestDevice.connect(server.trackers.tcpPort!, imei);
      try {
        for (let packet = 0; packet < 3; packet++) {
          const records = Array.from({ length: 5 }, (_, r) => testRecord(base + (packet * 5 + r) * 10_000));
          expect(await device.send(records)).toBe(5); // acknowledged: stored
        }

        // relative --out: the user's folder, though the server (another process, another folder) writes the file
        const backup = await fleet(["backup", "--out", "fleet.tar.gz"], { dataDir: held, userFolder });
        const file = path.join(userFolder, "fleet.tar.gz");
        expect(backup).toMatchObject({ code: 0, json: { path: file, bytes: statSync(file).size } });
        expect(mode(file)).toBe(0o600);
        expect(readdirSync(userFolder)).toEqual(["fleet.tar.gz"]); // no temporary file left beside it

        // after the backup: not in it
        expect(await device.send([testRecord(base + 3_600_000)])).toBe(1);
        storedBefore = (await server.database.prisma.position.findMany({ where: { assetId }, orderBy: { fixTime: "asc" } }))
          .map((position) => position.fixTime)
          .filter((time) => time.getTime() < base + 3_600_000);
        expect(storedBefore).toHaveLength(15);

        const [again, forced, restoreBeside, restoreForwarded] = await Promise.all([
          fleet(["backup", "--out", file], { dataDir: held }),
          fleet(["backup", "--out", path.join(userFolder, "forced.tar.gz"), "--force"], { dataDir: held }),
          fleet(["restore", "--from", file], { dataDir: held }),
          adminRequest(held, ["restore", "--from", file]),
        ]);
        expect(again).toMatchObject({ code: 1, json: { error: `${file} exists already: choose another path, or add --force to replace it` } });
        expect(backup.json.bytes).toBe(statSync(file).size);
        expect(forced).toMatchObject({ code: 0, json: { path: path.join(userFolder, "forced.tar.gz") } });
        expect(restoreBeside.code).toBe(1);
        expect(restoreBeside.json.error).toMatch(new RegExp(`running Fleetline server \\(pid ${process.pid}\\) holds the embedded database.*stop it`));
        expect(restoreForwarded).toMatchObject({ code: 1, json: { error: expect.stringMatching(/^restore replaces the database this server has open: stop the server/) } });
        expect(await server.database.prisma.position.count({ where: { assetId } })).toBe(16); // untouched
      } finally {
        device.destroy();
      }
    } finally {
      await server.stop();
    }

    // a fresh DATA_DIR (not created yet)
    const fresh = path.join(tempDir("fresh"), "data");
    const restored = await fleet(["restore", "--from", "fleet.tar.gz"], { dataDir: fresh, userFolder });
    expect(restored).toMatchObject({ code: 0, json: { restored: true, previous: null, migrated: [], positions: 15 } });
    expect(mode(fresh)).toBe(0o700);
    expect(mode(path.join(fresh, "pglite"))).toBe(0o700);
    expect(mode(path.join(fresh, "pglite", "PG_VERSION"))).toBe(0o600);
    expect(readdirSync(fresh)).toEqual(["pglite"]); // no staging directory or lock left

    const second = await startServer(fresh);
    try {
      const prisma = second.database.prisma;
      expect(await prisma.account.findUniqueOrThrow({ where: { key: account.key } })).toMatchObject({ id: account.id, name: "Backup Co", plan: "detailed" });
      expect(await authenticateUser({ email: "ops@backup.test", password: "correct horse" })).toMatchObject({ name: "Ops" });
      const positions = await prisma.position.findMany({ where: { assetId }, orderBy: { fixTime: "asc" } });
      expect(positions.map((position) => position.fixTime)).toEqual(storedBefore);
      // the restored tracker logs in and its records are stored
      const device = await TestDevice.connect(second.trackers.tcpPort!, imei);
      try {
        expect(await device.send([testRecord(base + 7_200_000)])).toBe(1);
      } finally {
        device.destroy();
      }
      expect(await prisma.position.count({ where: { assetId } })).toBe(16);
    } finally {
      await second.stop();
    }

    // over an existing database: the one replaced is kept beside it
    const over = await fleet(["restore", "--from", path.join(userFolder, "forced.tar.gz")], { dataDir: fresh });
    expect(over).toMatchObject({ code: 0, json: { restored: true, previous: expect.stringMatching(/pglite\.before-restore-/), positions: 16 } });
    expect(existsSync(path.join(over.json.previous as string, "PG_VERSION"))).toBe(true);
    expect(over.stderr).toContain("is kept in");
  }, 300_000);

  it("refuses files that are not backups and leaves DATA_DIR as it was", async () => {
    const dataDir = tempDir("refuse");
    const folder = tempDir("files");
    const database = await openDatabase({ dataDir });
    try {
      await database.prisma.account.create({ data: { key: "kept-00001", name: "Kept" } });
    } finally {
      await database.close();
    }
    const junk = path.join(folder, "junk.bin");
    writeFileSync(junk, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
    const foreign = path.join(folder, "foreign.tar.gz");
    const other = await (await import("@electric-sql/pglite")).PGlite.create();
    try {
      await other.exec("CREATE TABLE notes (body text); INSERT INTO notes VALUES ('not fleetline')");
      writeFileSync(foreign, Buffer.from(await (await other.dumpDataDir("gzip")).arrayBuffer()));
    } finally {
      await other.close();
    }
    const truncated = path.join(folder, "truncated.tar.gz");
    writeFileSync(truncated, (await import("node:fs")).readFileSync(foreign).subarray(0, 20_000));
    const before = readdirSync(dataDir).sort();

    const target = { dataDir };
    const [garbage, cut, missing, noFlag] = await Promise.all([
      runFleet(["restore", "--from", junk], target),
      runFleet(["restore", "--from", truncated], target),
      runFleet(["restore", "--from", path.join(folder, "nope.tar.gz")], target),
      runFleet(["restore"], target),
    ]);
    expect(garbage).toMatchObject({ code: 1, json: { error: `${junk} is not a Fleetline backup (not a tar archive, or a damaged one); nothing was changed` } });
    expect(cut).toMatchObject({ code: 1, json: { error: `${truncated} is not a Fleetline backup (its gzip data is damaged or cut short); nothing was changed` } });
    expect(missing).toMatchObject({ code: 1, json: { error: `no backup file at ${path.join(folder, "nope.tar.gz")}` } });
    expect(noFlag).toMatchObject({ code: 2, json: { error: "missing required flag --from for restore" } });
    // a database, but not Fleetline's: opened in staging, refused, staging removed
    const notOurs = await runFleet(["restore", "--from", foreign], target);
    expect(notOurs).toMatchObject({ code: 1, json: { error: "the backup holds a database, but not a Fleetline one; nothing was changed" } });

    expect(readdirSync(dataDir).sort()).toEqual(before);
    const reopened = await openDatabase({ dataDir });
    try {
      expect(await reopened.prisma.account.findUnique({ where: { key: "kept-00001" } })).toMatchObject({ name: "Kept" });
    } finally {
      await reopened.close();
    }
  }, 240_000);
});

describe.skipIf(!inject("postgres"))("fleet backup and restore on PostgreSQL", () => {
  it("refuse, naming pg_dump and pg_restore", async () => {
    const test = await createTestDatabase("postgres");
    try {
      const folder = tempDir("postgres");
      const target = { dataDir: folder, databaseUrl: test.url! };
      const [backup, restore] = await Promise.all([
        runFleet(["backup", "--out", path.join(folder, "x.tar.gz")], target),
        runFleet(["restore", "--from", path.join(folder, "x.tar.gz")], target),
      ]);
      expect(backup).toMatchObject({ code: 1, json: { error: expect.stringMatching(/^fleet backup copies the embedded database; on PostgreSQL \(DATABASE_URL\) back up with pg_dump: pg_dump --format=custom/) } });
      expect(restore).toMatchObject({ code: 1, json: { error: expect.stringMatching(/on PostgreSQL \(DATABASE_URL\) restore a pg_dump file with pg_restore: pg_restore --clean/) } });
      expect(existsSync(path.join(folder, "x.tar.gz"))).toBe(false);
    } finally {
      await test.close();
    }
  }, 120_000);
});
