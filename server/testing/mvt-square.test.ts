// The hand-written test tile is checked with MapLibre's own MVT reader (@mapbox/vector-tile over pbf, both
// installed with maplibre-gl): one layer, one polygon, the tile's four corners.
import { VectorTile } from "@mapbox/vector-tile";
import { PbfReader } from "pbf";
import { describe, expect, it } from "vitest";
import { EXTENT, squareTile } from "./mvt-square";

describe("squareTile", () => {
  it("is a vector tile with one polygon covering the tile in the named layer", () => {
    const tile = new VectorTile(new PbfReader(squareTile("earth")));
    expect(Object.keys(tile.layers)).toEqual(["earth"]);
    const layer = tile.layers.earth!;
    expect(layer.version).toBe(2);
    expect(layer.extent).toBe(EXTENT);
    expect(layer.length).toBe(1);
    const feature = layer.feature(0);
    expect(feature.type).toBe(3);
    const ring = feature.loadGeometry()[0]!.map((p) => [p.x, p.y]);
    expect(ring).toEqual([[0, 0], [EXTENT, 0], [EXTENT, EXTENT], [0, EXTENT], [0, 0]]);
  });
});
