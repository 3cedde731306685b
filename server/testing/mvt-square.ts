// One Mapbox Vector Tile (MVT 2.1, github.com/mapbox/vector-tile-spec) holding a single layer with one polygon that
// fills the tile: enough for a real basemap to draw something from a test archive (a Protomaps "earth" layer shows
// as land). Protobuf written by hand: tests need no encoder package for four fields.

const VERSION = 2;
export const EXTENT = 4096;
const POLYGON = 3; // GeomType.POLYGON

function varint(value: number, out: number[]): void {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  out.push(rest);
}

/** field tag: number << 3 | wire type (0 varint, 2 length-delimited) */
const tag = (field: number, wire: 0 | 2) => (field << 3) | wire;
const zigzag = (n: number) => (n << 1) ^ (n >> 31);
const command = (id: number, count: number) => (id & 0x7) | (count << 3);
const MOVE_TO = 1;
const LINE_TO = 2;
const CLOSE_PATH = 7;

function bytesField(field: number, content: number[], out: number[]): void {
  out.push(tag(field, 2));
  varint(content.length, out);
  out.push(...content);
}

/** a tile whose layer `layerName` has one polygon covering the whole tile (clockwise with y down: an exterior ring) */
export function squareTile(layerName: string): Buffer {
  const geometry: number[] = [];
  for (const value of [
    command(MOVE_TO, 1), zigzag(0), zigzag(0),
    command(LINE_TO, 3), zigzag(EXTENT), zigzag(0), zigzag(0), zigzag(EXTENT), zigzag(-EXTENT), zigzag(0),
    command(CLOSE_PATH, 1),
  ]) varint(value, geometry);

  const feature: number[] = [tag(3, 0), POLYGON]; // Feature.type
  bytesField(4, geometry, feature); // Feature.geometry, packed

  const layer: number[] = [tag(15, 0), VERSION]; // Layer.version
  bytesField(1, [...Buffer.from(layerName, "utf8")], layer); // Layer.name
  bytesField(2, feature, layer); // Layer.features
  layer.push(tag(5, 0));
  varint(EXTENT, layer); // Layer.extent

  const tile: number[] = [];
  bytesField(3, layer, tile); // Tile.layers
  return Buffer.from(tile);
}
