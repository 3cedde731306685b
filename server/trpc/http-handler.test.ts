// The tRPC endpoint's limits over real HTTP on every database kind: at most 10 calls a batch, an 8 MiB body cap,
// and a per-user request budget counted in Redis (every node together) when Redis is reachable.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import superjson from "superjson";
import { env, setEnv } from "../env";
import { createClient } from "redis";
import { closeRateLimits, resetRateLimits } from "../security/rate-limit";
import { makeAccount } from "../testing/http-fixtures";
import { serveFetchHandler, streamUpload, type FetchHandlerServer } from "../testing/fetch-handler-server";
import { TEST_REDIS_URL } from "../testing/services";
import { databaseKinds, useTestDatabase } from "../testing/test-database";
import { KIB } from "../http/read-body";
import { TRPC_MAX_BATCH_SIZE, TRPC_MAX_BODY_BYTES, TRPC_RATE_LIMIT, handleTrpcRequest } from "./http-handler";

describe.each(databaseKinds())("tRPC over HTTP on %s", (kind) => {
  useTestDatabase(kind);
  const previous = env();
  let userId: number | null = null;
  let server: FetchHandlerServer;
  beforeAll(async () => {
    if (inject("redis")) setEnv({ ...previous, REDIS_URL: TEST_REDIS_URL });
    server = await serveFetchHandler((request) => handleTrpcRequest(request, async () => ({ userId })));
  });
  afterAll(async () => {
    await server.close();
    await closeRateLimits();
    setEnv(previous);
  });

  /** user ids start again in every fresh test database: start their counters from zero */
  async function forgetCounts(ids: number[]) {
    resetRateLimits();
    if (!env().REDIS_URL) return;
    const redis = createClient({ url: TEST_REDIS_URL });
    await redis.connect();
    try {
      await redis.del(ids.map((id) => `fleetline:rl:${TRPC_RATE_LIMIT.name}:user:${id}`));
    } finally {
      await redis.quit();
    }
  }

  const batchUrl = (size: number) => {
    const paths = Array.from({ length: size }, () => "accounts.invitations").join(",");
    const input = Object.fromEntries(Array.from({ length: size }, (_, i) => [i, superjson.serialize(undefined)]));
    return `${server.url}/api/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
  };

  it("answers a batch of up to 10 calls and refuses a larger one with 400", async () => {
    const account = await makeAccount();
    userId = account.adminId;
    const full = await fetch(batchUrl(TRPC_MAX_BATCH_SIZE));
    expect(full.status).toBe(200);
    expect(await full.json()).toHaveLength(TRPC_MAX_BATCH_SIZE);
    const over = await fetch(batchUrl(TRPC_MAX_BATCH_SIZE + 1));
    expect(over.status).toBe(400);
    expect(JSON.stringify(await over.json())).toMatch(/batch/i);
  });

  it("refuses a POST body above 8 MiB with 413 after reading no more than the cap", async () => {
    const account = await makeAccount();
    userId = account.adminId;
    const answer = await streamUpload(`${server.url}/api/trpc/assets.create`, {
      headers: { "content-type": "application/json" },
      chunk: new TextEncoder().encode(" ".repeat(64 * KIB)),
      total: 32 * 1024 * KIB,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: "The request body is larger than 8 MiB.", code: "PAYLOAD_TOO_LARGE" });
    expect(server.bodyBytesRead()).toBeLessThanOrEqual(TRPC_MAX_BODY_BYTES + 64 * KIB);
  });

  it("limits each user to its request budget a minute with 429 and Retry-After, other users unaffected", async () => {
    const account = await makeAccount();
    userId = account.adminId;
    await forgetCounts([account.adminId, account.adminId + 1]);
    for (let i = 0; i < TRPC_RATE_LIMIT.points; i++) {
      const response = await fetch(`${server.url}/api/trpc/nothing.here`);
      expect(response.status).toBe(404);
    }
    const limited = await fetch(`${server.url}/api/trpc/accounts.invitations`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // a tRPC error, so the dashboard shows its message and code like any other
    expect(await limited.json()).toMatchObject({
      error: { json: { message: "Too many requests. Try again later.", data: { code: "TOO_MANY_REQUESTS", appCode: "RATE_LIMITED" } } },
    });

    userId = (await makeAccount("Other")).adminId;
    expect((await fetch(`${server.url}/api/trpc/accounts.invitations`)).status).toBe(200);
  });
});
