// Body caps over real HTTP (docs/api.md "Limits"): the token endpoint (8 KiB), JSON bodies (1 MiB by default) and
// the import rows call (8 MiB) answer 413 PAYLOAD_TOO_LARGE, for a declared length at once and for an endless
// chunked upload after reading no more than the cap, so an oversized body is never buffered.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { POST as importRowsPost } from "@/app/api/v1/[accountKey]/imports/rows/route";
import { POST as tokenPost } from "@/app/oauth/token/route";
import { databaseKinds, useTestDatabase } from "../testing/test-database";
import { serveFetchHandler, streamUpload, type FetchHandlerServer } from "../testing/fetch-handler-server";
import { KIB, MIB } from "./read-body";
import { readJson } from "./request-input";
import { runApiRequest } from "./run-api-request";
import { makeAccount, makeApiKey, routeContext } from "../testing/http-fixtures";

const echoJson = (request: Request) =>
  runApiRequest(request, async () => Response.json({ keys: Object.keys(await readJson(request, z.record(z.string(), z.unknown()))) }));

describe("body caps before authentication", () => {
  let token: FetchHandlerServer;
  let json: FetchHandlerServer;
  beforeAll(async () => {
    token = await serveFetchHandler(tokenPost);
    json = await serveFetchHandler(echoJson);
  });
  afterAll(async () => {
    await token.close();
    await json.close();
  });

  const form = { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "198.51.100.7" };

  it("refuses a token request that declares more than 8 KiB before reading a byte of it", async () => {
    // the client declares 100 MB but sends a single byte: only an answer from the header can arrive
    const answer = await streamUpload(`${token.url}/oauth/token`, {
      headers: { ...form, "content-length": String(100_000_000) },
      chunk: new Uint8Array([0x61]),
      total: 0,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      error: "invalid_request",
      error_description: "The request body is larger than 8 KiB.",
      message: "The request body is larger than 8 KiB.",
    });
  });

  it("stops reading a chunked token request past 8 KiB", async () => {
    const answer = await streamUpload(`${token.url}/oauth/token`, {
      headers: form,
      chunk: new TextEncoder().encode("a".repeat(KIB)),
      total: 256 * KIB,
    });
    expect(answer.status).toBe(413);
    // the handler pulled the cap and at most a chunk more; the rest was never read into memory
    expect(token.bodyBytesRead()).toBeGreaterThan(8 * KIB);
    expect(token.bodyBytesRead()).toBeLessThanOrEqual(9 * KIB);
  });

  it("caps JSON bodies at 1 MiB counted in bytes, not characters", async () => {
    const small = await fetch(`${json.url}/x`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "é".repeat(400_000) }),
    });
    expect(small.status).toBe(200);
    // 600,000 characters, 1.2 MB of UTF-8: under a character count, over the byte cap
    const multibyte = await fetch(`${json.url}/x`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "é".repeat(600_000) }),
    });
    expect(multibyte.status).toBe(413);
    expect(await multibyte.json()).toEqual({ message: "The request body is larger than 1 MiB.", code: "PAYLOAD_TOO_LARGE" });

    const chunked = await streamUpload(`${json.url}/x`, {
      headers: { "content-type": "application/json" },
      chunk: new TextEncoder().encode(" ".repeat(64 * KIB)),
      total: 16 * MIB,
    });
    expect(chunked.status).toBe(413);
    expect(json.bodyBytesRead()).toBeLessThanOrEqual(MIB + 64 * KIB);
  });
});

describe.each(databaseKinds())("import rows body cap on %s", (kind) => {
  useTestDatabase(kind);

  it("reads import bodies up to 8 MiB and refuses larger ones with 413", async () => {
    const account = await makeAccount();
    const key = await makeApiKey(account.id, "admin");
    const server = await serveFetchHandler((request) => importRowsPost(request, routeContext({ accountKey: account.key })));
    try {
      const headers = { "content-type": "application/json", authorization: `Bearer ${key.apiKey}` };
      // 2 MiB of JSON is read (and refused by the schema, not by size): the cap is not the default 1 MiB
      const padded = JSON.stringify({ target: "nothing", rows: [], padding: "x".repeat(2 * MIB) });
      const read = await fetch(`${server.url}/api/v1/${account.key}/imports/rows`, { method: "POST", headers, body: padded });
      expect(read.status).toBe(422);

      const tooLarge = await fetch(`${server.url}/api/v1/${account.key}/imports/rows`, {
        method: "POST",
        headers,
        body: JSON.stringify({ target: "routes", rows: [], padding: "x".repeat(9 * MIB) }),
      });
      expect(tooLarge.status).toBe(413);
      expect(await tooLarge.json()).toEqual({ message: "The request body is larger than 8 MiB.", code: "PAYLOAD_TOO_LARGE" });
    } finally {
      await server.close();
    }
  });

  it("refuses a million tiny rows with 413 IMPORT_TOO_LARGE while reading, before any row is parsed", async () => {
    const account = await makeAccount();
    const key = await makeApiKey(account.id, "admin");
    const server = await serveFetchHandler((request) => importRowsPost(request, routeContext({ accountKey: account.key })));
    try {
      const post = (body: string) =>
        fetch(`${server.url}/api/v1/${account.key}/imports/rows`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${key.apiKey}` },
          body,
        });
      // 8,000,026 bytes, under the byte cap: only the row count can refuse it, and it must do so from the first rows
      const rows = await post(`{"target":"runs","rows":[${Array.from({ length: 1_000_000 }, () => '{"x":1}').join(",")}]}`);
      expect(rows.status).toBe(413);
      expect(await rows.json()).toEqual({
        code: "IMPORT_TOO_LARGE",
        message: "This call holds more than 5,000 rows (each stop counting); one call takes at most 5,000, and nothing was imported. Split it into several calls.",
      });
      expect(server.bodyBytesRead()).toBeLessThan(256 * KIB);

      // stops nested in one route row count as rows too
      const stops = await post(`{"target":"routes","rows":[{"route_number":"R1","stops":[${Array.from({ length: 1_000_000 }, () => "{}").join(",")}]}]}`);
      expect(stops.status).toBe(413);
      expect(await stops.json()).toMatchObject({ code: "IMPORT_TOO_LARGE" });
      expect(server.bodyBytesRead()).toBeLessThan(256 * KIB);
    } finally {
      await server.close();
    }
  });
});
