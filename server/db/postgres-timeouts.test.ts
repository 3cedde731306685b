// PostgreSQL during a partition (a proxy that goes silent: no resets, nothing answers), with short timeouts so the
// test is quick: opening fails within the connect timeout instead of hanging, queries (plain SQL and Prisma) fail
// within the query timeout, and once the network heals the same Database works again without being reopened.
// The defaults themselves are checked against docs/configuration.md "Timeouts".
import { afterAll, describe, expect, inject, it } from "vitest";
import { StallingProxy } from "../testing/stalling-proxy";
import { createTestDatabase, type TestDatabase } from "../testing/test-database";
import { openDatabase, POSTGRES_TIMEOUTS, type PostgresTimeouts } from "./client";

const postgresUp = inject("postgres");

const SHORT: PostgresTimeouts = { connectMs: 1_000, statementMs: 1_500, queryMs: 2_000, keepAliveDelayMs: 1_000 };

/** how long `work` took to fail, in ms; throws when it succeeded */
async function failsWithin(work: () => Promise<unknown>): Promise<{ ms: number; error: Error }> {
  const started = Date.now();
  try {
    await work();
  } catch (error) {
    return { ms: Date.now() - started, error: error as Error };
  }
  throw new Error("expected the work to fail");
}

describe("PostgreSQL timeouts", () => {
  it("are bounded by default: connect 5 s, statements 30 s, no answer 35 s, keepalive after 10 s", () => {
    expect(POSTGRES_TIMEOUTS).toEqual({ connectMs: 5_000, statementMs: 30_000, queryMs: 35_000, keepAliveDelayMs: 10_000 });
  });
});

describe.skipIf(!postgresUp)("PostgreSQL during a partition (a proxy that goes silent)", () => {
  let scratch: TestDatabase | undefined;
  const proxies: StallingProxy[] = [];
  afterAll(async () => {
    for (const proxy of proxies) await proxy.close();
    await scratch?.close();
  });

  async function proxyFor(url: string) {
    const proxy = StallingProxy.forUrl(url, 5432);
    proxies.push(proxy);
    await proxy.open();
    return proxy;
  }

  it("fails to open within the connect timeout instead of hanging", async () => {
    scratch = await createTestDatabase("postgres");
    const proxy = await proxyFor(scratch.url!);
    proxy.stall();
    const { ms, error } = await failsWithin(() => openDatabase({ databaseUrl: proxy.through(scratch!.url!), dataDir: "", timeouts: SHORT }));
    expect(error.message).toMatch(/timeout/i);
    expect(ms).toBeLessThan(SHORT.connectMs + 3_000);
  }, 30_000);

  it("fails queries within the query timeout while silent, and works again by itself once the network heals", async () => {
    scratch ??= await createTestDatabase("postgres");
    const proxy = await proxyFor(scratch.url!);
    const database = await openDatabase({ databaseUrl: proxy.through(scratch.url!), dataDir: "", timeouts: SHORT });
    try {
      expect(await database.sql.query<{ one: number }>("SELECT 1 AS one", [])).toEqual([{ one: 1 }]);
      await database.ping();

      proxy.stall();
      const plain = await failsWithin(() => database.sql.query("SELECT 1", []));
      expect(plain.ms).toBeLessThan(SHORT.queryMs + 3_000);
      const prisma = await failsWithin(() => database.ping());
      expect(prisma.ms).toBeLessThan(SHORT.queryMs + SHORT.connectMs + 3_000);

      proxy.resume();
      // the pools dropped the connections that failed; fresh ones serve the next queries
      expect(await database.sql.query<{ one: number }>("SELECT 1 AS one", [])).toEqual([{ one: 1 }]);
      await database.ping();
    } finally {
      await database.close();
    }
  }, 60_000);

  it("lets PostgreSQL cancel a statement that runs past the statement timeout", async () => {
    scratch ??= await createTestDatabase("postgres");
    const database = await openDatabase({ databaseUrl: scratch.url!, dataDir: "", timeouts: SHORT });
    try {
      const { error } = await failsWithin(() => database.sql.query("SELECT pg_sleep(5)", []));
      expect(error.message).toMatch(/statement timeout/);
      expect(await database.sql.query<{ one: number }>("SELECT 1 AS one", [])).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  }, 30_000);
});
