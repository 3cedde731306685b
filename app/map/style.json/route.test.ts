// GET /map/style.json: a valid MapLibre style whose only source is this server's extract on the origin the browser
// used, needing no glyph or sprite server; 404 without MAP_PMTILES.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { validateStyleMin } from "@maplibre/maplibre-gl-style-spec";
import type { StyleSpecification } from "maplibre-gl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env, parseEnv, setEnv, type Env } from "@/server/env";
import { writePmtiles } from "@/server/testing/pmtiles-writer";
import { GET } from "./route";

let previous: Env;
let file: string;

beforeAll(() => {
  previous = env();
  file = path.join(mkdtempSync(path.join(tmpdir(), "fleetline-style-")), "region.pmtiles");
  writeFileSync(file, writePmtiles({ tiles: [{ z: 0, x: 0, y: 0, data: Buffer.from("tile") }] }));
});
afterAll(() => {
  setEnv(previous);
});

const request = (host: string) => new Request("http://localhost/map/style.json", { headers: { host } });

describe("GET /map/style.json", () => {
  it("answers a valid style over /map/basemap.pmtiles on the browser's origin, with no glyphs, sprite or outside address", async () => {
    setEnv(parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", PORT: "3000", MAP_PMTILES: file }));
    const response = GET(request("192.168.1.20:3000"));
    expect(response.status).toBe(200);
    const style = (await response.json()) as StyleSpecification;
    expect(validateStyleMin(style)).toEqual([]);
    expect(Object.values(style.sources)).toEqual([expect.objectContaining({ type: "vector", url: "pmtiles://http://192.168.1.20:3000/map/basemap.pmtiles" })]);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    // streets and their names are there; nothing asks for an icon there is no sprite for
    const ids = style.layers.map((layer) => layer.id);
    expect(ids).toEqual(expect.arrayContaining(["earth", "water", "roads_minor", "roads_major", "roads_labels_minor", "places_locality"]));
    expect(style.layers.filter((layer) => layer.type === "symbol" && layer.layout && "icon-image" in layer.layout)).toEqual([]);
    expect(JSON.stringify(style)).not.toMatch(/https?:\/\/(?!192\.168\.1\.20:3000|protomaps\.com|www\.openstreetmap\.org)/);
  });

  it("answers 404 when no extract is configured", async () => {
    setEnv(parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }));
    expect(GET(request("localhost:3000")).status).toBe(404);
  });
});
