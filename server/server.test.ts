// The composition root as people run it. In-process (startFleetline without Next): health, 404s, graceful stop, and
// 503 when the database goes away. As a real process (`tsx server/main.ts`, Next in dev mode): the demo sign-in is
// announced once and only on the first start (its password in DATA_DIR, not on the piped output), a second process
// on the same DATA_DIR refuses, SIGTERM exits 0, and a bad variable stops start-up naming it.
//
// The spawned servers run Next in production mode when a build exists (`npm test` builds first): Next allows only
// one `next dev` per project directory, so dev mode would collide with a developer's running `npm run dev`.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, describe, expect, inject, it } from "vitest";
import { parseEnv } from "./env";
import { startFleetline, type RunningServer } from "./server";
import { TEST_POSTGRES_URL } from "./testing/services";
import { freePort } from "./testing/free-port";

const DEMO_SIGN_IN = /Sign in as ([^\s:]+)/g;

const dirs: string[] = [];
function tempDir(): string {
  // tmpfs where there is one: creating an embedded database writes ~40 MB
  const dir = mkdtempSync(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "fleetline-server-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});


async function healthStatus(url: string): Promise<number | "down"> {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(3000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return "down";
  }
}

describe("startFleetline (in-process, without Next)", () => {
  let running: RunningServer | undefined;
  afterEach(async () => {
    await running?.stop();
    running = undefined;
  });

  function config(extra: Record<string, string> = {}) {
    return parseEnv({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", GT06_PORT: "0", OSMAND_PORT: "0", TELTONIKA_PORT: "0", LOG_LEVEL: "silent", FLEET_DEMO: "0", DATA_DIR: tempDir(), ...extra });
  }

  it("answers /healthz 200 once started, 404 JSON without Next, and stops listening on stop()", async () => {
    running = await startFleetline(config(), { next: false });
    expect(running.database.kind).toBe("embedded");
    const response = await fetch(`${running.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    const missing = await fetch(`${running.url}/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Not found." });
    const url = running.url;
    await running.stop();
    running = undefined;
    expect(await healthStatus(url)).toBe("down");
  }, 120_000);

  it("on stop(), answers the requests under way before closing, ends streams at once and takes no new request", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let slowStarted = false;
    running = await startFleetline(config(), {
      next: false,
      fallback: async (request, response) => {
        if (request.url === "/events") {
          response.writeHead(200, { "content-type": "text/event-stream" });
          return void response.write("data: hello\n\n");
        }
        slowStarted = true;
        await released; // an import being written, say
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ written: true }));
      },
    });
    const url = running.url;
    const stream = await fetch(`${url}/events`);
    const streamBody = stream.text().then(
      (text) => ({ ended: true, text }),
      () => ({ ended: true, text: "" }),
    );
    const slow = fetch(`${url}/slow`).then(async (response) => ({ status: response.status, body: await response.json() }));
    await expect.poll(() => slowStarted).toBe(true);

    let stopped = false;
    const stopping = running.stop().then(() => (stopped = true));
    running = undefined;
    expect((await streamBody).ended).toBe(true); // the stream is not waited for
    await expect.poll(() => healthStatus(url)).toBe("down"); // nothing new gets in
    expect(stopped).toBe(false); // the request under way holds the stop

    release();
    expect(await slow).toEqual({ status: 200, body: { written: true } });
    await stopping;
  }, 120_000);

  it("holds the embedded DATA_DIR while running and releases it on stop()", async () => {
    const dataDir = tempDir();
    running = await startFleetline(config({ DATA_DIR: dataDir }), { next: false });
    const { dataDirHolder } = await import("./db/embedded-lock");
    // the holder is this very process, which dataDirHolder does not count as "another"
    expect(dataDirHolder(dataDir)).toBeNull();
    await running.stop();
    running = undefined;
    const again = await startFleetline(config({ DATA_DIR: dataDir }), { next: false });
    running = again;
    expect(await healthStatus(again.url)).toBe(200);
  }, 120_000);

  const postgresUp = inject("postgres");
  it.skipIf(!postgresUp)(
    `answers 503 when the database becomes unreachable (PostgreSQL${postgresUp ? "" : `: skipped, not reachable at ${TEST_POSTGRES_URL}`})`,
    async () => {
      const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await admin.connect();
      const name = `fleetline_test_health_${process.pid}_${Date.now()}`;
      try {
        await admin.query(`CREATE DATABASE "${name}"`);
        const url = new URL(TEST_POSTGRES_URL);
        url.pathname = `/${name}`;
        running = await startFleetline(config({ DATABASE_URL: url.toString(), AUTH_SECRET: "x".repeat(32) }), { next: false });
        expect(running.database.kind).toBe("postgres");
        expect(await healthStatus(running.url)).toBe(200);
        // the database disappears under the running server
        await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
        // the ping's outcome answers every prober for up to PING_CACHE_MS (1 s, shared-ping.ts): 503 comes within that
        await expect.poll(() => healthStatus(running!.url), { timeout: 10_000, interval: 200 }).toBe(503);
      } finally {
        await running?.stop().catch(() => {});
        running = undefined;
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    },
    120_000,
  );
});

interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

const NEXT_MODE = existsSync(path.resolve(".next/BUILD_ID")) ? "production" : "development";

function spawnServer(env: Record<string, string>): ServerProcess {
  // as `npm start` runs it: Node with tsx's loader, no tsx CLI relaying signals in between (scripts/start.mjs)
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: NEXT_MODE,
      HOST: "127.0.0.1",
      GT06_PORT: "0", OSMAND_PORT: "0",
      TELTONIKA_PORT: "0",
      LOG_LEVEL: "info",
      MAP_STYLE_URL: "offline",
      NEXT_TELEMETRY_DISABLED: "1",
      CHECKPOINT_DISABLE: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${env.PORT}`, output: () => output, exited };
}

/** Polls /healthz until 200; returns every status seen on the way ("down" = not listening yet). */
async function waitHealthy(server: ServerProcess, timeoutMs = 150_000): Promise<Array<number | "down">> {
  const seen: Array<number | "down"> = [];
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited during start-up:\n${server.output()}`);
    const status = await healthStatus(server.url);
    if (seen.at(-1) !== status) seen.push(status);
    if (status === 200) return seen;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output()}`);
}

async function stop(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode;
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 30_000);
  const code = await server.exited;
  clearTimeout(timer);
  return code;
}

describe(`server/main.ts as a process (Next in ${NEXT_MODE} mode)`, () => {
  const started: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(started.map((server) => stop(server)));
  });

  it("seeds the demo once, refuses a second process on the same DATA_DIR, and stops on SIGTERM with 0", async () => {
    const dataDir = tempDir();
    const first = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir, FLEET_DEMO: "1" });
    started.push(first);
    const statuses = await waitHealthy(first);
    expect(statuses.at(-1)).toBe(200);
    // health is never 200 before the server is ready: only "down" (not listening) or 503 (starting) come first
    expect(statuses.slice(0, -1).every((status) => status === "down" || status === 503)).toBe(true);

    const signIns = [...first.output().matchAll(DEMO_SIGN_IN)];
    expect(signIns).toHaveLength(1);
    expect(signIns[0]![1]).toBe("admin@demo.fleetline.local");
    expect(first.output()).toMatch(/Fleetline demo is ready at http:\/\/\S+\/a\/demo\/dashboard/);
    // standard output is a pipe here, as under a container runtime: the password is only in the owner-only file
    const credentials = path.join(dataDir, "demo-credentials.txt");
    expect(first.output()).toContain(`the password is in ${credentials}`);
    const password = /^password: {2}(\S+)$/m.exec(readFileSync(credentials, "utf8"))![1]!;
    expect(first.output()).not.toContain(password);

    const second = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir, FLEET_DEMO: "1" });
    started.push(second);
    const secondCode = await second.exited;
    expect(secondCode).not.toBe(0);
    expect(second.output()).toContain("in use by another Fleetline process");
    expect(second.output()).toMatch(/\(pid \d+\)/);
    // the first server is unaffected
    expect(await healthStatus(first.url)).toBe(200);

    expect(await stop(first)).toBe(0);
    expect(first.output()).toMatch(/"msg":"stopped"/);
  }, 300_000);

  it("does not print the demo sign-in again when the embedded database already exists", async () => {
    const dataDir = tempDir();
    const first = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    started.push(first);
    await waitHealthy(first);
    // FLEET_DEMO unset: a new embedded database gets the demo
    expect([...first.output().matchAll(DEMO_SIGN_IN)]).toHaveLength(1);
    expect(await stop(first)).toBe(0);

    const again = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir, FLEET_DEMO: "1" });
    started.push(again);
    await waitHealthy(again);
    expect([...again.output().matchAll(DEMO_SIGN_IN)]).toHaveLength(0);
    expect(await stop(again)).toBe(0);
  }, 300_000);

  it("stops at once on a bad variable with a message naming it", async () => {
    const server = spawnServer({ PORT: "abc", DATA_DIR: tempDir() });
    started.push(server);
    const code = await server.exited;
    expect(code).not.toBe(0);
    expect(server.output()).toMatch(/PORT: /);
    expect(server.output()).not.toMatch(/listening/);
  }, 60_000);
});
