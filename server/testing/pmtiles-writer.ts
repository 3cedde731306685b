// A tiny PMTiles v3 writer for tests: the `pmtiles` package only reads, and a test needs a real archive it made
// itself. Follows the public PMTiles v3 specification (github.com/protomaps/PMTiles, spec/v3/spec.md): a 127-byte
// header, an uncompressed root directory (no leaf directories), uncompressed JSON metadata, then the tile data.
// Good for a handful of tiles; real extracts come from the go-pmtiles CLI (docs/configuration.md "Maps").

export const HEADER_BYTES = 127;
const SPEC_VERSION = 3;
const COMPRESSION_NONE = 1;
export const TILE_TYPE = { UNKNOWN: 0, MVT: 1, PNG: 2 } as const;

export interface TileInput {
  z: number;
  x: number;
  y: number;
  data: Uint8Array;
}

export interface ArchiveOptions {
  tiles: TileInput[];
  tileType?: number;
  /** [west, south, east, north], degrees */
  bounds?: [number, number, number, number];
  metadata?: Record<string, unknown>;
}

/** Hilbert-curve tile id (spec "Tile IDs"): the tiles of every lower zoom first, then the position on z's curve. */
export function tileId(z: number, x: number, y: number): number {
  let base = 0;
  for (let level = 0; level < z; level++) base += 4 ** level;
  const n = 2 ** z;
  let d = 0;
  let px = x;
  let py = y;
  for (let s = n / 2; s >= 1; s /= 2) {
    const rx = (px & s) > 0 ? 1 : 0;
    const ry = (py & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    // rotate the quadrant so the curve stays continuous
    if (ry === 0) {
      if (rx === 1) {
        px = s - 1 - px;
        py = s - 1 - py;
      }
      [px, py] = [py, px];
    }
  }
  return base + d;
}

function varint(value: number, out: number[]): void {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

interface Entry {
  tileId: number;
  offset: number; // bytes from the start of the tile data section
  length: number;
  runLength: number;
}

/** spec "Directories": entry count, then tile id deltas, run lengths, lengths and offsets, each a column of varints */
function directory(entries: Entry[]): Buffer {
  const out: number[] = [];
  varint(entries.length, out);
  let lastId = 0;
  for (const entry of entries) {
    varint(entry.tileId - lastId, out);
    lastId = entry.tileId;
  }
  for (const entry of entries) varint(entry.runLength, out);
  for (const entry of entries) varint(entry.length, out);
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    // 0 means "right after the previous entry's data"; otherwise the offset plus one
    const contiguous = previous && entry.offset === previous.offset + previous.length;
    varint(contiguous ? 0 : entry.offset + 1, out);
  });
  return Buffer.from(out);
}

export function writePmtiles(options: ArchiveOptions): Buffer {
  const tiles = [...options.tiles].map((t) => ({ ...t, id: tileId(t.z, t.x, t.y) })).sort((a, b) => a.id - b.id);
  const entries: Entry[] = [];
  let offset = 0;
  for (const tile of tiles) {
    entries.push({ tileId: tile.id, offset, length: tile.data.length, runLength: 1 });
    offset += tile.data.length;
  }
  const root = directory(entries);
  const metadata = Buffer.from(JSON.stringify(options.metadata ?? {}), "utf8");
  const tileData = Buffer.concat(tiles.map((t) => t.data));
  const [west, south, east, north] = options.bounds ?? [-180, -85, 180, 85];
  const zooms = tiles.map((t) => t.z);

  const header = Buffer.alloc(HEADER_BYTES);
  header.write("PMTiles", 0, "latin1"); // magic
  header.writeUInt8(SPEC_VERSION, 7);
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const tileDataOffset = metadataOffset + metadata.length;
  header.writeBigUInt64LE(BigInt(rootOffset), 8); // root directory offset
  header.writeBigUInt64LE(BigInt(root.length), 16); // root directory length
  header.writeBigUInt64LE(BigInt(metadataOffset), 24); // JSON metadata offset
  header.writeBigUInt64LE(BigInt(metadata.length), 32); // JSON metadata length
  header.writeBigUInt64LE(BigInt(tileDataOffset), 40); // leaf directories offset (none: zero length)
  header.writeBigUInt64LE(0n, 48); // leaf directories length
  header.writeBigUInt64LE(BigInt(tileDataOffset), 56); // tile data offset
  header.writeBigUInt64LE(BigInt(tileData.length), 64); // tile data length
  header.writeBigUInt64LE(BigInt(tiles.length), 72); // addressed tiles
  header.writeBigUInt64LE(BigInt(entries.length), 80); // tile entries
  header.writeBigUInt64LE(BigInt(tiles.length), 88); // tile contents
  header.writeUInt8(1, 96); // clustered: tile data is in tile id order
  header.writeUInt8(COMPRESSION_NONE, 97); // internal (directories, metadata) compression
  header.writeUInt8(COMPRESSION_NONE, 98); // tile compression
  header.writeUInt8(options.tileType ?? TILE_TYPE.MVT, 99);
  header.writeUInt8(Math.min(...zooms), 100); // min zoom
  header.writeUInt8(Math.max(...zooms), 101); // max zoom
  header.writeInt32LE(Math.round(west * 1e7), 102); // min longitude, 1e-7 degrees
  header.writeInt32LE(Math.round(south * 1e7), 106); // min latitude
  header.writeInt32LE(Math.round(east * 1e7), 110); // max longitude
  header.writeInt32LE(Math.round(north * 1e7), 114); // max latitude
  header.writeUInt8(Math.min(...zooms), 118); // center zoom
  header.writeInt32LE(Math.round(((west + east) / 2) * 1e7), 119); // center longitude
  header.writeInt32LE(Math.round(((south + north) / 2) * 1e7), 123); // center latitude

  return Buffer.concat([header, root, metadata, tileData]);
}
