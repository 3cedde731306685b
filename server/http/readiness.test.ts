// GET /readyz on the real server (startFleetline without Next): 200 naming each dependency while this node can take
// traffic; 503 naming the database when PostgreSQL is cut and Redis when Redis is cut (each behind a proxy the test
// cuts, never the shared services), back to 200 once they return. Each check is bounded: a dependency that hangs
// counts as down instead of holding the answer. The listeners' ports are named to local callers only, and a flood of
// probes costs the database one ping a second (counted through the database's ping, on a clock that stands still).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, inject, it, vi } from "vitest";
import { parseEnv } from "../env";
import { startFleetline, type RunningServer } from "../server";
import { freePort } from "../testing/free-port";
import { sampleValue } from "../testing/prometheus-text";
import { createScratchDatabase, type ScratchDatabase } from "../testing/scratch-postgres";
import { TEST_POSTGRES_URL, TEST_REDIS_URL } from "../testing/services";
import { CuttableProxy } from "../testing/tcp-proxy";
import { readiness, READY_CHECK_MS, type ReadinessState } from "./readiness";
import { PING_CACHE_MS } from "./shared-ping";

const TOKEN = "metrics-token-0123456789abcdef";

/** an address of this machine that is not loopback: a request to it arrives from it, as from another host */
function outsideAddress(): string | null {
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) if (entry.family === "IPv4" && !entry.internal) return entry.address;
  }
  return null;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "fleetline-readyz-"));
  dirs.push(dir);
  return dir;
}

async function readyz(server: RunningServer): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`http://127.0.0.1:${server.port}/readyz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

let running: RunningServer | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

describe("GET /readyz", () => {
  it("answers 200 on the embedded database, naming the database and every listener (no Redis without REDIS_URL)", async () => {
    const teltonikaPort = await freePort();
    running = await startFleetline(
      parseEnv({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", GT06_PORT: "0", OSMAND_PORT: "0", TELTONIKA_PORT: String(teltonikaPort), LOG_LEVEL: "silent", FLEET_DEMO: "0", DATA_DIR: tempDir() }),
      { next: false },
    );
    const answer = await readyz(running);
    expect(answer).toEqual({
      status: 200,
      body: {
        status: "ready",
        checks: {
          database: { status: "ok" },
          listeners: { status: "ok", ports: { http: running.port, "teltonika-tcp": teltonikaPort, "teltonika-udp": teltonikaPort } },
        },
      },
    });
    // the cheap liveness answer is unchanged
    const health = await fetch(`${running.url}/healthz`);
    expect(await health.json()).toEqual({ status: "ok" });
  }, 60_000);

  it("names the listeners' ports only to a local caller: not to a client behind the trusted proxy, unless it holds METRICS_TOKEN", async () => {
    const teltonikaPort = await freePort();
    running = await startFleetline(
      parseEnv({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", GT06_PORT: "0", OSMAND_PORT: "0", TELTONIKA_PORT: String(teltonikaPort), LOG_LEVEL: "silent", FLEET_DEMO: "0", DATA_DIR: tempDir(), TRUST_PROXY: "1", METRICS_TOKEN: TOKEN }),
      { next: false },
    );
    const url = `http://127.0.0.1:${running.port}/readyz`;
    // the proxy on this machine appended the address of a client elsewhere
    const proxied = { "x-forwarded-for": "203.0.113.9" };
    const remote = await fetch(url, { headers: proxied });
    expect(remote.status).toBe(200);
    expect(await remote.json()).toEqual({ status: "ready", checks: { database: { status: "ok" }, listeners: { status: "ok" } } });
    const withToken = await fetch(url, { headers: { ...proxied, authorization: `Bearer ${TOKEN}` } });
    expect(((await withToken.json()) as { checks: { listeners: unknown } }).checks.listeners).toEqual({
      status: "ok",
      ports: { http: running.port, "teltonika-tcp": teltonikaPort, "teltonika-udp": teltonikaPort },
    });
    const local = await fetch(url);
    expect(((await local.json()) as { checks: { listeners: { ports?: unknown } } }).checks.listeners.ports).toBeDefined();
  }, 60_000);

  const outside = outsideAddress();
  it.skipIf(!outside)(`names no port to another address (${outside ?? "none on this machine"})`, async () => {
    const teltonikaPort = await freePort();
    running = await startFleetline(
      parseEnv({ NODE_ENV: "test", PORT: "0", HOST: "0.0.0.0", GT06_PORT: "0", OSMAND_PORT: "0", TELTONIKA_PORT: String(teltonikaPort), LOG_LEVEL: "silent", FLEET_DEMO: "0", DATA_DIR: tempDir() }),
      { next: false },
    );
    const response = await fetch(`http://${outside}:${running.port}/readyz`, { headers: { "x-forwarded-for": "127.0.0.1" } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ status: "ready", checks: { database: { status: "ok" }, listeners: { status: "ok" } } });
    expect(text).not.toContain(String(teltonikaPort));
  }, 60_000);

  it("pings the database once for a flood of /healthz and /readyz, and again only once the second has passed", async () => {
    running = await startFleetline(
      parseEnv({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", GT06_PORT: "0", OSMAND_PORT: "0", TELTONIKA_PORT: "0", LOG_LEVEL: "silent", FLEET_DEMO: "0", DATA_DIR: tempDir() }),
      { next: false },
    );
    const server = running;
    const { database } = server;
    const realPing = database.ping;
    let pings = 0;
    database.ping = () => {
      pings++;
      return realPing();
    };
    // the cache's clock stands still unless the test moves it: the count cannot depend on how fast this machine is
    vi.useFakeTimers({ toFake: ["performance"] });
    try {
      const flood = Array.from({ length: 60 }, (_, i) => fetch(`http://127.0.0.1:${server.port}/${i % 2 ? "healthz" : "readyz"}`));
      const statuses = await Promise.all(flood.map(async (request) => (await request).status));
      expect(statuses.every((status) => status === 200)).toBe(true);
      expect(pings).toBe(1);
      vi.advanceTimersByTime(PING_CACHE_MS);
      expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${server.port}/readyz`)).status).toBe(200);
      expect(pings).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  }, 60_000);

  const servicesUp = inject("postgres") && inject("redis");
  describe.skipIf(!servicesUp)("with PostgreSQL and Redis behind proxies", () => {
    const cleanups: (() => Promise<unknown>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    });

    it("answers 503 naming the database while PostgreSQL is cut, and Redis while Redis is cut, then 200 again", async () => {
      const scratch: ScratchDatabase = await createScratchDatabase();
      cleanups.push(() => scratch.drop());
      const postgres = CuttableProxy.forUrl(TEST_POSTGRES_URL, 5432);
      const redis = CuttableProxy.forUrl(TEST_REDIS_URL, 6379);
      await postgres.open();
      await redis.open();
      cleanups.push(() => postgres.cut(), () => redis.cut());
      running = await startFleetline(
        parseEnv({
          NODE_ENV: "test",
          PORT: "0",
          HOST: "127.0.0.1",
          GT06_PORT: "0", OSMAND_PORT: "0",
          TELTONIKA_PORT: "0",
          LOG_LEVEL: "silent",
          FLEET_DEMO: "0",
          DATA_DIR: tempDir(),
          DATABASE_URL: postgres.through(scratch.url),
          REDIS_URL: redis.through(TEST_REDIS_URL),
          AUTH_SECRET: "x".repeat(32),
        }),
        { next: false },
      );
      const server = running;
      const scrape = async () => (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();

      // on PostgreSQL the notification worker is a process of the server's own: reported, never failing readiness
      await expect
        .poll(async () => ((await readyz(server)).body.checks as { notification_worker?: { status: string } }).notification_worker?.status, { timeout: 60_000, interval: 200 })
        .toBe("ok");
      expect(await readyz(server)).toEqual({
        status: 200,
        body: {
          status: "ready",
          checks: {
            database: { status: "ok" },
            redis: { status: "ok" },
            listeners: { status: "ok", ports: { http: server.port } },
            notification_worker: { status: "ok", restarts: 0 },
          },
        },
      });
      expect(sampleValue(await scrape(), "fleetline_redis_connected", { connection: "hub" })).toBe(1);
      expect(await scrape()).toMatch(/^fleetline_database_pool_connections\{state="total"\} \d+$/m);

      await postgres.cut();
      // the last ping's outcome may answer for up to a second (shared-ping.ts)
      await expect.poll(async () => (await readyz(server)).status, { timeout: 30_000, interval: 200 }).toBe(503);
      const withoutDatabase = await readyz(server);
      expect(withoutDatabase.status).toBe(503);
      expect(withoutDatabase.body).toMatchObject({
        status: "not_ready",
        failing: ["database"],
        checks: { database: { status: "down" }, redis: { status: "ok" }, listeners: { status: "ok" } },
      });
      // the kind of failure only: no address, no driver message
      expect((withoutDatabase.body.checks as { database: { reason: string } }).database.reason).toMatch(
        /^the database (unreachable|did not answer within 2 s)$/,
      );
      await postgres.open();
      await expect.poll(async () => (await readyz(server)).status, { timeout: 30_000, interval: 200 }).toBe(200);

      await redis.cut();
      await expect.poll(async () => (await readyz(server)).status, { timeout: 30_000, interval: 200 }).toBe(503);
      const withoutRedis = await readyz(server);
      expect(withoutRedis.status).toBe(503);
      expect(withoutRedis.body).toMatchObject({
        status: "not_ready",
        failing: ["redis"],
        checks: { database: { status: "ok" }, redis: { status: "down" }, listeners: { status: "ok" } },
      });
      expect(sampleValue(await scrape(), "fleetline_redis_connected", { connection: "hub" })).toBe(0);
      await redis.open();
      await expect.poll(async () => (await readyz(server)).status, { timeout: 30_000, interval: 200 }).toBe(200);
      await expect.poll(async () => sampleValue(await scrape(), "fleetline_redis_connected", { connection: "hub" })).toBe(1);
    }, 120_000);
  });
});

describe("readiness", () => {
  const healthy: ReadinessState = {
    phase: "running",
    pingDatabase: async () => {},
    pingRedis: null,
    listeners: () => [{ name: "http", port: 3000, listening: true }],
  };

  it("counts a dependency that does not answer as down, within its bound", async () => {
    const answer = await readiness({ ...healthy, pingRedis: () => new Promise(() => {}) });
    expect(answer).toEqual({
      status: 503,
      body: {
        status: "not_ready",
        failing: ["redis"],
        checks: {
          database: { status: "ok" },
          redis: { status: "down", reason: `Redis did not answer within ${READY_CHECK_MS / 1000} s` },
          listeners: { status: "ok", ports: { http: 3000 } },
        },
      },
    });
  });

  it("names a listener that is not listening, and says when the node is starting or stopping", async () => {
    const closed = await readiness({
      ...healthy,
      listeners: () => [
        { name: "http", port: 3000, listening: true },
        { name: "teltonika-tcp", port: 5027, listening: false },
      ],
    });
    expect(closed.status).toBe(503);
    expect(closed.body).toMatchObject({ failing: ["listeners"], checks: { listeners: { status: "down", reason: "not listening: teltonika-tcp" } } });
    for (const phase of ["starting", "stopping"] as const) {
      expect(await readiness({ ...healthy, phase })).toEqual({ status: 503, body: { status: phase, failing: [], checks: {} } });
    }
  });
});
