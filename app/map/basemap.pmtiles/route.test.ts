// GET/HEAD /map/basemap.pmtiles against a real PMTiles v3 archive written by the test: byte ranges (206 with
// Content-Range), unsatisfiable ranges (416), HEAD, conditional requests, and the `pmtiles` reader finding every tile
// through the route alone.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PMTiles, type Source } from "pmtiles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env, parseEnv, setEnv, type Env } from "@/server/env";
import { HEADER_BYTES, writePmtiles } from "@/server/testing/pmtiles-writer";
import { GET, HEAD } from "./route";

const BASEMAP_URL = "http://127.0.0.1:3000/map/basemap.pmtiles";
const TILES = [
  { z: 0, x: 0, y: 0, data: Buffer.from("the whole world in one tile") },
  { z: 1, x: 0, y: 0, data: Buffer.from("north-west quarter") },
  { z: 1, x: 1, y: 1, data: Buffer.from("south-east quarter") },
];

let archive: Buffer;
let previous: Env;

beforeAll(() => {
  previous = env();
  const dir = mkdtempSync(path.join(tmpdir(), "fleetline-pmtiles-"));
  const file = path.join(dir, "region.pmtiles");
  archive = writePmtiles({ tiles: TILES, bounds: [20, 53, 27, 57], metadata: { name: "test extract" } });
  writeFileSync(file, archive);
  setEnv(parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", MAP_PMTILES: file }));
});
afterAll(() => {
  setEnv(previous);
});

function get(headers: Record<string, string> = {}, method = "GET"): Promise<Response> {
  const request = new Request(BASEMAP_URL, { method, headers });
  return method === "HEAD" ? HEAD(request) : GET(request);
}

async function bytes(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describe("GET /map/basemap.pmtiles", () => {
  it("answers a range with 206, Content-Range and exactly those bytes", async () => {
    const response = await get({ range: `bytes=0-${HEADER_BYTES - 1}` });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 0-${HEADER_BYTES - 1}/${archive.length}`);
    expect(response.headers.get("content-length")).toBe(String(HEADER_BYTES));
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(await bytes(response)).toEqual(archive.subarray(0, HEADER_BYTES));
  });

  it("clamps a range past the end (the reader's first 16 KiB of a small file) and answers open and suffix ranges", async () => {
    const past = await get({ range: "bytes=0-16383" });
    expect(past.status).toBe(206);
    expect(past.headers.get("content-range")).toBe(`bytes 0-${archive.length - 1}/${archive.length}`);
    expect(await bytes(past)).toEqual(archive);

    const open = await get({ range: `bytes=${archive.length - 10}-` });
    expect(await bytes(open)).toEqual(archive.subarray(archive.length - 10));
    const suffix = await get({ range: "bytes=-5" });
    expect(suffix.headers.get("content-range")).toBe(`bytes ${archive.length - 5}-${archive.length - 1}/${archive.length}`);
    expect(await bytes(suffix)).toEqual(archive.subarray(archive.length - 5));
  });

  it.each([`bytes=${10_000}-${10_010}`, "bytes=20-10", "bytes=0-1,5-6", "items=0-1", "bytes=-0", "bytes=-"])(
    "answers 416 with the size for the range %s",
    async (range) => {
      const response = await get({ range });
      expect(response.status).toBe(416);
      expect(response.headers.get("content-range")).toBe(`bytes */${archive.length}`);
    },
  );

  it("answers the whole file without a range, and when If-Range names another version", async () => {
    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-length")).toBe(String(archive.length));
    expect(await bytes(whole)).toEqual(archive);

    const etag = whole.headers.get("etag")!;
    const current = await get({ range: "bytes=0-6", "if-range": etag });
    expect(current.status).toBe(206);
    const stale = await get({ range: "bytes=0-6", "if-range": '"another-version"' });
    expect(stale.status).toBe(200);
    expect(await bytes(stale)).toEqual(archive);
  });

  it("gives a strong ETag, Last-Modified and a long cache, and answers 304 to a matching If-None-Match", async () => {
    const response = await get({ range: "bytes=0-6" });
    const etag = response.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(Date.parse(response.headers.get("last-modified")!)).not.toBeNaN();
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    const again = await get({ "if-none-match": etag! });
    expect(again.status).toBe(304);
  });

  it("answers HEAD with the same headers and no body", async () => {
    const head = await get({}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(archive.length));
    expect(head.headers.get("accept-ranges")).toBe("bytes");
    expect(head.body).toBeNull();
    const ranged = await get({ range: "bytes=7-7" }, "HEAD");
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe(`bytes 7-7/${archive.length}`);
    expect(ranged.body).toBeNull();
  });

  it("serves the archive so that the pmtiles reader finds every tile through the route", async () => {
    const throughRoute: Source = {
      getKey: () => BASEMAP_URL,
      getBytes: async (offset, length) => {
        const response = await get({ range: `bytes=${offset}-${offset + length - 1}` });
        expect(response.status).toBe(206);
        return { data: await response.arrayBuffer(), etag: response.headers.get("etag") ?? undefined };
      },
    };
    const reader = new PMTiles(throughRoute);
    expect(await reader.getMetadata()).toEqual({ name: "test extract" });
    for (const tile of TILES) {
      const found = await reader.getZxy(tile.z, tile.x, tile.y);
      expect(Buffer.from(found!.data).toString()).toBe(tile.data.toString());
    }
  });

  it("answers 404 when no extract is configured", async () => {
    const configured = env();
    setEnv(parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }));
    try {
      expect((await get()).status).toBe(404);
    } finally {
      setEnv(configured);
    }
  });
});
