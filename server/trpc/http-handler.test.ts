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
import { TRPC_MAX_ANONYMOUS_BODY_BYTES, TRPC_MAX_BATCH_SIZE, TRPC_MAX_BODY_BYTES, TRPC_RATE_LIMIT, handleTrpcRequest } from "./http-handler";

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

  const sendsNothing = { chunk: new Uint8Array([0x61]), total: 0 };
  const spaces = new TextEncoder().encode(" ".repeat(64 * KIB));

  it("refuses an anonymous 8,000,000-byte POST with 401 without reading it, and answers small ones as before", async () => {
    userId = null;
    const url = `${server.url}/api/trpc/assets.create`;
    // declared: answered from the headers, not a byte read
    const declared = await streamUpload(url, { headers: { "content-type": "application/json", "content-length": "8000000" }, ...sendsNothing });
    expect(declared.status).toBe(401);
    expect(JSON.parse(declared.body)).toMatchObject({ error: { json: { message: "Sign in first.", data: { code: "UNAUTHORIZED" } } } });
    expect(server.bodyBytesRead()).toBe(0);
    // chunked: the read stops at the anonymous cap, within the first chunk
    const chunked = await streamUpload(url, { headers: { "content-type": "application/json" }, chunk: spaces, total: 8_000_000 });
    expect(chunked.status).toBe(401);
    expect(server.bodyBytesRead()).toBeLessThanOrEqual(64 * KIB);
    expect(TRPC_MAX_ANONYMOUS_BODY_BYTES).toBe(4 * KIB);
    // a small anonymous call is read and answered by the procedure: the usual UNAUTHORIZED
    const small = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ json: { name: "x" } }) });
    expect(small.status).toBe(401);
    expect(await small.json()).toMatchObject({ error: { json: { message: "Sign in first." } } });
  });

  it("refuses a POST from another site's page with 403 before reading it; own pages and non-browser callers pass", async () => {
    const account = await makeAccount();
    userId = account.adminId;
    // a mutation: refused with 403, or reaching the procedure, which refuses the empty input with 400
    const url = `${server.url}/api/trpc/assets.create`;
    const post = (headers: Record<string, string>) =>
      fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: "{}" });

    const foreign = await streamUpload(url, { headers: { "content-type": "application/json", origin: "https://evil.example" }, chunk: spaces, total: 8 * 1024 * KIB });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toMatchObject({
      error: { json: { message: `Refused: this request comes from a page of https://evil.example, not from this server's own pages (${server.url}).`, data: { code: "FORBIDDEN" } } },
    });
    expect(server.bodyBytesRead()).toBeLessThanOrEqual(64 * KIB);
    const noOriginCrossSite = await post({ "sec-fetch-site": "cross-site" });
    expect(noOriginCrossSite.status).toBe(403);
    expect(JSON.stringify(await noOriginCrossSite.json())).toContain("Sec-Fetch-Site: cross-site");
    expect((await post({ origin: "null" })).status).toBe(403);

    // the dashboard's own pages (the address the browser used, or PUBLIC_URL's), and callers that are no browser
    expect((await post({ origin: server.url, "sec-fetch-site": "same-origin" })).status).toBe(400);
    expect((await post({ origin: new URL(env().PUBLIC_URL).origin })).status).toBe(400);
    expect((await post({})).status).toBe(400);
    // queries (GET) change nothing and are not checked
    expect((await fetch(`${server.url}/api/trpc/accounts.invitations`, { headers: { origin: "https://evil.example" } })).status).toBe(200);
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
    // the budget is counted before the body is read: an exhausted caller's upload is not read
    const upload = await streamUpload(`${server.url}/api/trpc/assets.create`, { headers: { "content-type": "application/json" }, chunk: spaces, total: 8 * 1024 * KIB });
    expect(upload.status).toBe(429);
    expect(server.bodyBytesRead()).toBeLessThanOrEqual(64 * KIB);

    userId = (await makeAccount("Other")).adminId;
    expect((await fetch(`${server.url}/api/trpc/accounts.invitations`)).status).toBe(200);
  });
});
