// The admin CLI (docs/cli.md). What each command does runs in this process through the CLI's own executeCli
// (runFleet, server/testing/fleet-cli.ts: the same parsing, database opening, answers and exit codes as the `fleet`
// process, without the few seconds of CPU a process start costs); against a temporary embedded DATA_DIR and a fresh
// PostgreSQL database, checking the one JSON answer, the exit code and the effect in the database. What only a
// process shows runs as real processes (spawnFleet): bin/fleet.mjs's exit codes and JSON line from any folder, with
// the bundle and with the tsx fallback, a relative DATA_DIR, standard input and a terminal's hidden prompt, the
// embedded lock against another process, and the hand-over to a server holding DATA_DIR.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CLI_BUNDLE, freshBundle } from "../../scripts/cli-bundle.mjs";
import { buildBundle } from "../../scripts/build-cli.mjs";
import { openDatabase, setDatabase, type Db } from "../db/client";
import { verifySecret } from "../security/hashing";
import { authenticateUser } from "../modules/users/authenticate-user";
import { createTestDatabase, type TestDatabase } from "../testing/test-database";
import { parseEnv } from "../env";
import { ACCOUNT_QUOTAS } from "../modules/accounts/account-quotas";
import { startFleetline } from "../server";
import { freePort } from "../testing/free-port";
import { PACKAGE_ROOT, runFleet, spawnFleet, type FleetTarget } from "../testing/fleet-cli";
import { runOnServer } from "./admin-channel-client";

const fleet = runFleet;

/** util-linux `script`, which runs a command on a pseudo-terminal (the CLI at a terminal, as a person runs it) */
const SCRIPT = ["/usr/bin/script", "/bin/script"].find((file) => existsSync(file));

/**
 * Runs `fleet` (bin/fleet.mjs) on a pseudo-terminal and types `typed` once it prompts with `prompt`; resolves with
 * everything the terminal showed (the CLI's standard output and error, and any echo) and the exit code.
 */
function fleetAtTerminal(args: string[], dataDir: string, prompt: string, typed: string): Promise<{ screen: string; code: number | null }> {
  const quoted = [process.execPath, path.join(PACKAGE_ROOT, "bin", "fleet.mjs"), ...args].map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(" ");
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.LOG_LEVEL;
  return new Promise((resolve) => {
    const child = spawn(SCRIPT!, ["-qefc", quoted, "/dev/null"], { env, cwd: PACKAGE_ROOT, stdio: ["pipe", "pipe", "pipe"] });
    let screen = "";
    let typedYet = false;
    child.stdout!.on("data", (chunk: Buffer) => {
      screen += chunk.toString();
      if (!typedYet && screen.includes(prompt)) {
        typedYet = true;
        child.stdin!.write(typed);
      }
    });
    child.once("exit", (code) => resolve({ screen, code }));
  });
}

/** Runs every command of this work once against PostgreSQL; returns their output. */
async function createEverything(target: FleetTarget) {
  const account = await fleet(["account", "create", "--name", "Acme Logistics", "--plan", "detailed", "--addons", "mobility,driver"], target);
  expect(account).toMatchObject({ code: 0, json: { id: expect.any(Number), key: expect.stringMatching(/^acme-logistics-[a-z0-9]{5}$/) } });
  const key = account.json.key as string;
  const [user, client, asset, phone, typedPhone, weakPhone] = await Promise.all([
    fleet(["user", "create", "--account", key, "--email", "Ann@Acme.test", "--name", "Ann", "--password", "correct horse", "--role", "fleet_manager"], target),
    fleet(["oauth-client", "create", "--account", key, "--name", "ERP"], target),
    fleet(["asset", "create", "--account", key, "--name", "Van 1", "--plate", "AB12 CDE", "--vin", "wdb9066331s123456", "--imei", "356307042441013", "--adapter", "can-control", "--brand", "Ford", "--model", "Transit"], target),
    fleet(["asset", "create", "--account", key, "--name", "Driver phone", "--protocol", "osmand"], target),
    fleet(["asset", "create", "--account", key, "--name", "Driver phone 3", "--protocol", "osmand", "--imei", "driver-3"], target),
    fleet(["asset", "create", "--account", key, "--name", "Driver phone 4", "--protocol", "osmand", "--imei", "driver-4", "--allow-weak-device-id"], target),
  ]);
  // a phone gets a generated device id, printed once for the phone app; a typed one needs the explicit opt-in
  expect(phone).toMatchObject({ code: 0, json: { id: expect.any(Number), tracker_id: expect.any(Number), device_id: expect.stringMatching(/^[a-z2-9]{6}(-[a-z2-9]{6}){3}$/) } });
  expect(typedPhone.code).not.toBe(0);
  expect(typedPhone.json.error).toMatch(/^imei: a phone's device id is its only credential, and a typed one can be guessed/);
  expect(weakPhone).toMatchObject({ code: 0, json: { id: expect.any(Number), device_id: "driver-4" } });
  expect(user).toMatchObject({ code: 0, json: { id: expect.any(Number) } });
  expect(client).toMatchObject({ code: 0, json: { client_id: expect.any(String), client_secret: expect.any(String) } });
  expect(asset).toMatchObject({ code: 0, json: { id: expect.any(Number), tracker_id: expect.any(Number) } });
  const apiKey = await fleet(["api-key", "create", "--account", key, "--user-email", "ann@acme.test", "--name", "importer"], target);
  expect(apiKey).toMatchObject({ code: 0, json: { api_key: expect.stringMatching(/^flk_[a-z0-9]+_/) } });
  return { account: account.json, user: user.json, client: client.json, asset: asset.json, phone: phone.json, apiKey: apiKey.json };
}

/** Checks in the database what createEverything claims to have done. */
async function verifyEverything(prisma: Db, out: Awaited<ReturnType<typeof createEverything>>) {
  const account = await prisma.account.findUniqueOrThrow({ where: { key: out.account.key as string } });
  expect(account).toMatchObject({ id: out.account.id, name: "Acme Logistics", plan: "detailed", addonMobility: true, addonDriver: true });

  expect(await authenticateUser({ email: "ann@acme.test", password: "correct horse" })).toMatchObject({ id: out.user.id, name: "Ann" });
  const membership = await prisma.membership.findFirstOrThrow({ where: { userId: out.user.id as number } });
  expect(membership).toMatchObject({ accountId: account.id, role: "fleet_manager" });

  const client = await prisma.oAuthClient.findUniqueOrThrow({ where: { clientId: out.client.client_id as string } });
  expect(client.accountId).toBe(account.id);
  expect(await verifySecret(client.secretHash, out.client.client_secret as string)).toBe(true);

  const apiKey = out.apiKey.api_key as string;
  const key = await prisma.apiKey.findUniqueOrThrow({ where: { keyId: apiKey.split("_")[1]! } });
  expect(key).toMatchObject({ accountId: account.id, userId: out.user.id, name: "importer" });
  expect(await verifySecret(key.secretHash, apiKey)).toBe(true);

  const asset = await prisma.asset.findUniqueOrThrow({ where: { id: out.asset.id as number }, include: { tracker: true } });
  expect(asset).toMatchObject({ accountId: account.id, name: "Van 1", plate: "AB12 CDE", vin: "WDB9066331S123456", brand: "Ford", model: "Transit" });
  expect(asset.tracker).toMatchObject({ id: out.asset.tracker_id, imei: "356307042441013", protocol: "teltonika", canAdapter: "can-control" });
  const phone = await prisma.tracker.findUniqueOrThrow({ where: { id: out.phone.tracker_id as number } });
  expect(phone).toMatchObject({ accountId: account.id, assetId: out.phone.id, imei: out.phone.device_id, protocol: "osmand", deviceIdGenerated: true });
}

describe("fleet CLI without a database", () => {
  it("answers usage errors with {error} and exit 2, help on stderr", async () => {
    const unknown = await fleet(["vehicle", "fly"]);
    const missing = await fleet(["user", "create", "--account", "x", "--email", "a@b.c", "--name", "A"]);
    const badPlan = await fleet(["account", "create", "--name", "X", "--plan", "gold"]);
    const noOut = await fleet(["backup"]);
    const help = await fleet(["asset", "create", "--help"]);
    expect(unknown).toMatchObject({ code: 2, json: { error: 'unknown command "vehicle fly" (see the list above)' } });
    expect(unknown.stderr).toContain("account create");
    expect(missing).toMatchObject({ code: 2, json: { error: "missing required flag --password (or --password-file) for user create" } });
    expect(badPlan).toMatchObject({ code: 2, json: { error: 'bad value for --plan: "gold" (one of: standard, detailed)' } });
    expect(noOut).toMatchObject({ code: 2, json: { error: "missing required flag --out for backup" } });
    expect(help).toMatchObject({ code: 0, json: { command: "asset create" } });
    expect(help.stderr).toContain("--adapter KIND");
  });
});

describe("the fleet process (bin/fleet.mjs)", () => {
  beforeAll(async () => {
    // what `npm run build` makes (npm test builds first); built here when missing or stale, so the bundle is tested
    if (!freshBundle(PACKAGE_ROOT, CLI_BUNDLE)) await buildBundle("server/cli/main.ts", CLI_BUNDLE);
  }, 60_000);

  it("prints one JSON line and exits 2 on a usage error, 0 on help, from any folder: the bundle and the tsx fallback alike", async () => {
    expect(freshBundle(PACKAGE_ROOT, CLI_BUNDLE)).not.toBeNull(); // so the runs without FLEET_CLI_TSX use it
    const elsewhere = { via: "bin", cwd: tmpdir() } as const;
    const [unknown, help, helpByTsx] = await Promise.all([
      spawnFleet(["vehicle", "fly"], {}, elsewhere),
      spawnFleet(["asset", "create", "--help"], {}, elsewhere),
      spawnFleet(["asset", "create", "--help"], {}, { ...elsewhere, env: { FLEET_CLI_TSX: "1" } }),
    ]);
    expect(unknown).toMatchObject({ code: 2, json: { error: 'unknown command "vehicle fly" (see the list above)' } });
    expect(unknown.stderr).toContain("account create");
    for (const run of [help, helpByTsx]) {
      expect(run).toMatchObject({ code: 0, json: { command: "asset create" } });
      expect(run.stderr).toContain("--adapter KIND");
    }
    expect(helpByTsx.json).toEqual(help.json);
  }, 120_000);
});

describe("fleet CLI on the embedded database", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "fleet-cli-embedded-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("runs every command, and a fleet process refuses while another process holds DATA_DIR (given relative to where it runs)", async () => {
    const target = { dataDir };
    const account = await fleet(["account", "create", "--name", "Acme Logistics", "--plan", "detailed", "--addons", "mobility,driver"], target);
    const key = account.json.key as string;
    const user = await fleet(["user", "create", "--account", key, "--email", "Ann@Acme.test", "--name", "Ann", "--password", "correct horse", "--role", "fleet_manager"], target);
    // typed inline the password still works (scripts rely on it), with a warning
    expect(user.stderr).toContain("warning: --password VALUE puts the password in the process's arguments");
    const client = await fleet(["oauth-client", "create", "--account", key, "--name", "ERP"], target);
    const asset = await fleet(["asset", "create", "--account", key, "--name", "Van 1", "--plate", "AB12 CDE", "--vin", "wdb9066331s123456", "--imei", "356307042441013", "--adapter", "can-control", "--brand", "Ford", "--model", "Transit"], target);
    const phone = await fleet(["asset", "create", "--account", key, "--name", "Driver phone", "--protocol", "osmand"], target);
    const apiKey = await fleet(["api-key", "create", "--account", key, "--user-email", "ann@acme.test", "--name", "importer"], target);
    for (const run of [account, user, client, asset, phone, apiKey]) expect(run.code, JSON.stringify(run.json)).toBe(0);

    // this test process now opens the directory like a server would, and holds it
    const database = await openDatabase({ dataDir });
    setDatabase(database);
    try {
      await verifyEverything(database.prisma, {
        account: account.json,
        user: user.json,
        client: client.json,
        asset: asset.json,
        phone: phone.json,
        apiKey: apiKey.json,
      });
      // a `fleet` process run next to DATA_DIR, which it names relatively (relative to where it runs, not the package)
      const refused = await spawnFleet(["account", "create", "--name", "Blocked"], { dataDir: path.basename(dataDir) }, { via: "bin", cwd: path.dirname(dataDir) });
      expect(refused.code).toBe(1);
      expect(refused.json.error).toMatch(new RegExp(`held by a running Fleetline server \\(pid ${process.pid}\\).*Stop the server.*DATABASE_URL`));
      expect(refused.json.error).toContain(`the embedded database in ${dataDir} is held`);
      expect(await database.prisma.account.count({ where: { name: "Blocked" } })).toBe(0);
    } finally {
      setDatabase(undefined);
      await database.close();
    }
  }, 240_000);

  it("takes user create's password from standard input (--password -) or a file (--password-file), without a warning", async () => {
    const target = { dataDir };
    const account = await fleet(["account", "create", "--name", "Password Co"], target);
    const key = account.json.key as string;
    const passwordFile = path.join(dataDir, "..", `${path.basename(dataDir)}.pw`);
    writeFileSync(passwordFile, "from a file\n", { mode: 0o600 });
    const fromStdin = await fleet(["user", "create", "--account", key, "--email", "bob@acme.test", "--name", "Bob", "--password", "-"], target, "from standard input\n");
    // relative to the folder the user ran `fleet` in
    const fromFile = await fleet(["user", "create", "--account", key, "--email", "cy@acme.test", "--name", "Cy", "--password-file", path.basename(passwordFile)], { ...target, cwd: path.dirname(passwordFile) });
    rmSync(passwordFile);
    for (const run of [fromStdin, fromFile]) {
      expect(run).toMatchObject({ code: 0, json: { id: expect.any(Number) } });
      expect(run.stderr).not.toContain("warning");
    }
    const database = await openDatabase({ dataDir });
    setDatabase(database);
    try {
      expect(await authenticateUser({ email: "bob@acme.test", password: "from standard input" })).toMatchObject({ id: fromStdin.json.id });
      expect(await authenticateUser({ email: "cy@acme.test", password: "from a file" })).toMatchObject({ id: fromFile.json.id });
    } finally {
      setDatabase(undefined);
      await database.close();
    }
  }, 240_000);

  it.skipIf(!SCRIPT)("at a terminal, asks for the password of --password - and does not show what is typed", async () => {
    const account = await fleet(["account", "create", "--name", "Terminal Co"], { dataDir });
    const { screen, code } = await fleetAtTerminal(
      ["user", "create", "--account", account.json.key as string, "--email", "tess@terminal.test", "--name", "Tess", "--password", "-"],
      dataDir,
      "Password: ",
      "typed unseen 123\r",
    );
    expect(code, screen).toBe(0);
    expect(screen).not.toContain("typed unseen");
    const answer = JSON.parse(screen.trim().split(/\r?\n/).at(-1)!) as { id: number };
    const database = await openDatabase({ dataDir });
    setDatabase(database);
    try {
      expect(await authenticateUser({ email: "tess@terminal.test", password: "typed unseen 123" })).toMatchObject({ id: answer.id });
    } finally {
      setDatabase(undefined);
      await database.close();
    }
  }, 240_000);

  it("runs beside a server that holds DATA_DIR while its demo fleet drives: the server runs each command on its database and answers for it", async () => {
    const held = mkdtempSync(path.join(tmpdir(), "fleet-cli-beside-"));
    const running = await startFleetline(
      parseEnv({
        NODE_ENV: "test",
        PORT: "0",
        HOST: "127.0.0.1",
        GT06_PORT: "0",
        OSMAND_PORT: "0",
        TELTONIKA_PORT: String(await freePort()),
        LOG_LEVEL: "silent",
        FLEET_DEMO: "1",
        DATA_DIR: held,
      }),
      { next: false },
    );
    const socket = path.join(held, "admin.sock");
    const demoPositions = () => running.database.prisma.position.count();
    /** what a `fleet` process does once it finds DATA_DIR held: hands the command line to the server (admin-channel-client.ts) */
    const handedOver = async (args: string[]) => {
      let stderr = "";
      const outcome = await runOnServer(held, args, PACKAGE_ROOT, (text) => void (stderr += text));
      expect(outcome, "the server took the command").not.toBeNull();
      return { ...outcome!, stderr };
    };
    try {
      await expect.poll(demoPositions, { timeout: 60_000, interval: 500 }).toBeGreaterThan(0); // the demo fleet drives
      const drivenBefore = await demoPositions();
      expect(statSync(socket).mode & 0o777).toBe(0o600); // DATA_DIR's owner only
      const account = await handedOver(["account", "create", "--name", "Beside Co", "--plan", "detailed"]);
      expect(account).toMatchObject({ code: 0, json: { id: expect.any(Number), key: expect.stringMatching(/^beside-co-/) } });
      const key = account.json.key as string;
      const [asset, badImei, missingFlag] = await Promise.all([
        handedOver(["asset", "create", "--account", key, "--name", "Van", "--imei", "356307042441013"]),
        handedOver(["asset", "create", "--account", key, "--name", "X", "--imei", "123"]),
        handedOver(["account", "update", "--plan", "standard"]),
      ]);
      expect(asset).toMatchObject({ code: 0, json: { id: expect.any(Number), tracker_id: expect.any(Number) } });
      expect(badImei).toMatchObject({ code: 1, json: { error: "imei: must be 15 digits" } }); // the server's answer, relayed
      expect(missingFlag).toMatchObject({ code: 2, json: { error: "missing required flag --account for account update" } });
      // a real `fleet` process finds DATA_DIR held and hands its command over; a password from standard input reaches
      // the server that runs the command (stdin is the fleet process's own)
      const user = await spawnFleet(["user", "create", "--account", key, "--email", "dee@beside.test", "--name", "Dee", "--password", "-"], { dataDir: held }, { via: "bin", input: "piped to the server\n" });
      expect(user).toMatchObject({ code: 0, json: { id: expect.any(Number) } });
      expect(user.stderr).not.toContain("warning");
      expect(await authenticateUser({ email: "dee@beside.test", password: "piped to the server" })).toMatchObject({ id: user.json.id });
      const stored = await running.database.prisma.account.findUniqueOrThrow({ where: { key }, include: { assets: true } });
      expect(stored).toMatchObject({ name: "Beside Co", plan: "detailed", assets: [expect.objectContaining({ name: "Van" })] });
      // and the demo fleet kept driving into the same database meanwhile
      await expect.poll(demoPositions, { timeout: 60_000, interval: 500 }).toBeGreaterThan(drivenBefore);
    } finally {
      await running.stop();
      rmSync(held, { recursive: true, force: true });
    }
    expect(existsSync(socket)).toBe(false); // removed on stop
  }, 240_000);
});

describe.skipIf(!inject("postgres"))("fleet CLI on PostgreSQL", () => {
  let test: TestDatabase;
  afterAll(async () => {
    setDatabase(undefined);
    await test?.close();
  });

  it("runs every command on DATABASE_URL while another process has it open, and reports rule errors", async () => {
    test = await createTestDatabase("postgres");
    setDatabase(test.database); // this process holds connections, like a running server
    const target = { databaseUrl: test.url! };
    // a `fleet` process of its own first (PostgreSQL is shared between processes), then the rest in this one
    const first = await spawnFleet(["account", "create", "--name", "First Process Co"], target);
    expect(first).toMatchObject({ code: 0, json: { id: expect.any(Number), key: expect.stringMatching(/^first-process-co-/) } });
    expect(await test.database.prisma.account.findUniqueOrThrow({ where: { id: first.json.id as number } })).toMatchObject({ name: "First Process Co" });
    const out = await createEverything(target);
    await verifyEverything(test.database.prisma, out);
    // the platform operator: granted by e-mail (the dashboard cannot); an unknown e-mail is refused
    const [granted, nobody] = await Promise.all([
      fleet(["user", "grant-platform-admin", "--email", "Ann@Acme.test"], target),
      fleet(["user", "grant-platform-admin", "--email", "nobody@acme.test"], target),
    ]);
    expect(granted).toMatchObject({ code: 0, json: { id: out.user.id, platform_admin: true } });
    expect(nobody).toMatchObject({ code: 1, json: { error: "no user with e-mail nobody@acme.test" } });
    expect(await test.database.prisma.user.findUniqueOrThrow({ where: { id: out.user.id as number } })).toMatchObject({ platformAdmin: true });

    // the operator ends every dashboard session of a user (session-validity.ts reads the instant)
    const [revoked, unknown] = await Promise.all([
      fleet(["user", "revoke-sessions", "--email", "Ann@Acme.test"], target),
      fleet(["user", "revoke-sessions", "--email", "nobody@acme.test"], target),
    ]);
    expect(revoked).toMatchObject({ code: 0, json: { id: out.user.id, sessions_valid_after: expect.any(String) } });
    expect(unknown).toMatchObject({ code: 1, json: { error: "no user with e-mail nobody@acme.test" } });
    const { sessionsValidAfter } = await test.database.prisma.user.findUniqueOrThrow({ where: { id: out.user.id as number } });
    expect(sessionsValidAfter?.toISOString()).toBe((revoked.json as { sessions_valid_after: string }).sessions_valid_after);

    // the operator changes the plan and add-ons (the set is replaced; "" clears it), or just the name
    const accountKey = out.account.key as string;
    const downgraded = await fleet(["account", "update", "--account", accountKey, "--plan", "standard", "--addons", "driver"], target);
    expect(downgraded).toMatchObject({ code: 0, json: { id: out.account.id, key: accountKey, plan: "standard", addons: ["driver"] } });
    const [renamed, badAddon, noAccount] = await Promise.all([
      fleet(["account", "update", "--account", accountKey, "--name", "Acme Freight", "--addons", ""], target),
      fleet(["account", "update", "--account", accountKey, "--addons", "teleport"], target),
      fleet(["account", "update", "--account", "nope-00000", "--plan", "detailed"], target),
    ]);
    expect(renamed).toMatchObject({ code: 0, json: { plan: "standard", addons: [] } });
    expect(badAddon).toMatchObject({ code: 2, json: { error: 'bad value for --addons: "teleport" (comma-separated, from: mobility, driver)' } });
    expect(noAccount).toMatchObject({ code: 1, json: { error: 'account "nope-00000" not found' } });
    expect(await test.database.prisma.account.findUniqueOrThrow({ where: { id: out.account.id as number } })).toMatchObject({
      name: "Acme Freight",
      plan: "standard",
      addonMobility: false,
      addonDriver: false,
    });

    const [duplicate, unknownAccount, badImei, badVin] = await Promise.all([
      fleet(["asset", "create", "--account", out.account.key as string, "--name", "Twin", "--imei", "356307042441013"], target),
      fleet(["asset", "create", "--account", "nope-00000", "--name", "X"], target),
      fleet(["asset", "create", "--account", out.account.key as string, "--name", "X", "--imei", "123"], target),
      fleet(["asset", "create", "--account", out.account.key as string, "--name", "X", "--vin", "WDB9O66331S123456"], target),
    ]);
    expect(duplicate).toMatchObject({ code: 1, json: { error: "IMEI 356307042441013 is already fitted to another asset" } });
    expect(unknownAccount).toMatchObject({ code: 1, json: { error: 'account "nope-00000" not found' } });
    expect(badImei).toMatchObject({ code: 1, json: { error: "imei: must be 15 digits" } });
    expect(badVin).toMatchObject({ code: 1, json: { error: "vin: must be 17 letters and digits, without I, O or Q" } }); // an O, not a zero
    expect(await test.database.prisma.asset.count()).toBe(3); // the van and the two driver phones of createEverything (the typed id without the opt-in was refused)

    // tracking links: create with every flag, disable, and the errors
    const key = out.account.key as string;
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const link = await fleet(
      ["link", "create", "--account", key, "--asset", String(out.asset.id), "--mode", "authorized_only", "--name", "Morning run",
        "--expires-at", expiresAt, "--emails", "Ann@Acme.test,bob@acme.test", "--destination", "54.6872,25.2797"],
      target,
    );
    expect(link).toMatchObject({ code: 0, json: { uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    const uuid = link.json.uuid as string;
    expect(link.json.url).toBe(`http://localhost:3000/t/${uuid}`);
    expect(await test.database.prisma.trackingLink.findUniqueOrThrow({ where: { uuid } })).toMatchObject({
      assetId: out.asset.id,
      displayName: "Morning run",
      accessMode: "authorized_only",
      allowedEmails: ["ann@acme.test", "bob@acme.test"],
      expiresAt: new Date(expiresAt),
      destinationLat: 54.6872,
      destinationLng: 25.2797,
      arrivalRadiusM: 200,
      active: true,
    });
    const [plain, disabled, badDestination, unknownAsset, noList, unknownLink] = await Promise.all([
      fleet(["link", "create", "--account", key, "--asset", String(out.asset.id)], target),
      fleet(["link", "disable", "--uuid", uuid], target),
      fleet(["link", "create", "--account", key, "--asset", String(out.asset.id), "--destination", "north"], target),
      fleet(["link", "create", "--account", key, "--asset", "999999"], target),
      fleet(["link", "create", "--account", key, "--asset", String(out.asset.id), "--mode", "authorized_only"], target),
      fleet(["link", "disable", "--uuid", "00000000-0000-4000-8000-000000000000"], target),
    ]);
    expect(plain.code).toBe(0);
    expect(await test.database.prisma.trackingLink.findUniqueOrThrow({ where: { uuid: plain.json.uuid as string } })).toMatchObject({
      displayName: "Van 1",
      accessMode: "public",
      sessionMinutes: 240,
    });
    expect(disabled).toMatchObject({ code: 0, json: { uuid, is_active: false } });
    expect((await test.database.prisma.trackingLink.findUniqueOrThrow({ where: { uuid } })).active).toBe(false);
    expect(badDestination).toMatchObject({ code: 2, json: { error: expect.stringContaining("--destination must be LAT,LNG") } });
    expect(unknownAsset).toMatchObject({ code: 1, json: { error: "asset 999999 not found" } });
    expect(noList).toMatchObject({ code: 1, json: { error: "allowedEmails: list at least one address for authorised-only links" } });
    expect(unknownLink).toMatchObject({ code: 1, json: { error: "tracking link 00000000-0000-4000-8000-000000000000 not found" } });

    // at the account's quota of OAuth clients (50 not revoked) the CLI says so and creates nothing
    const accountId = out.account.id as number;
    const held = await test.database.prisma.oAuthClient.count({ where: { accountId, revokedAt: null } });
    await test.database.prisma.oAuthClient.createMany({
      data: Array.from({ length: ACCOUNT_QUOTAS.oauth_clients - held }, (_, i) => ({
        accountId,
        userId: out.user.id as number,
        name: `Filler ${i}`,
        clientId: `filler-${accountId}-${i}`,
        secretHash: "unused",
      })),
    });
    const overQuota = await fleet(["oauth-client", "create", "--account", key, "--name", "One too many"], target);
    expect(overQuota).toMatchObject({
      code: 1,
      json: { error: "An account can have at most 50 OAuth clients and this one has 50; revoke OAuth clients it no longer uses first." },
    });
    expect(await test.database.prisma.oAuthClient.count({ where: { accountId, name: "One too many" } })).toBe(0);
  }, 240_000);
});
