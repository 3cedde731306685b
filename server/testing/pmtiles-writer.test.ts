// The test archive writer is itself checked against the real reader: the `pmtiles` package finds every tile, and
// the tile ids agree with the package's own Hilbert numbering.
import { describe, expect, it } from "vitest";
import { PMTiles, zxyToTileId, type Source } from "pmtiles";
import { tileId, writePmtiles } from "./pmtiles-writer";

/** the reader's byte source over an in-memory archive */
function bufferSource(archive: Buffer): Source {
  return {
    getKey: () => "memory",
    getBytes: async (offset, length) => ({ data: archive.buffer.slice(archive.byteOffset + offset, archive.byteOffset + offset + length) as ArrayBuffer }),
  };
}

describe("writePmtiles", () => {
  it("numbers tiles as the spec's Hilbert curve does", () => {
    for (const [z, x, y] of [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 0, 1], [1, 1, 1], [3, 5, 2], [12, 2321, 1301]] as const) {
      expect(tileId(z, x, y)).toBe(zxyToTileId(z, x, y));
    }
  });

  it("writes an archive the pmtiles package reads back: header, metadata and every tile", async () => {
    const tiles = [
      { z: 0, x: 0, y: 0, data: Buffer.from("world") },
      { z: 1, x: 1, y: 0, data: Buffer.from("north-east") },
      { z: 1, x: 0, y: 1, data: Buffer.from("south-west") },
    ];
    const archive = writePmtiles({ tiles, bounds: [-10, -20, 30, 40], metadata: { name: "test" } });
    const reader = new PMTiles(bufferSource(archive));
    const header = await reader.getHeader();
    expect(header).toMatchObject({ specVersion: 3, minZoom: 0, maxZoom: 1, tileType: 1, numAddressedTiles: 3, minLon: -10, maxLat: 40 });
    expect(await reader.getMetadata()).toEqual({ name: "test" });
    for (const tile of tiles) {
      const found = await reader.getZxy(tile.z, tile.x, tile.y);
      expect(Buffer.from(found!.data).toString()).toBe(tile.data.toString());
    }
    expect(await reader.getZxy(1, 0, 0)).toBeUndefined();
  });
});
