// The style decision of docs/configuration.md "Maps": offline forces the bundled style, a URL is used as given, and
// unset means this server's own style when it has an extract, else the public OpenFreeMap style.
import { describe, expect, it } from "vitest";
import { mapStyleFor, OPENFREEMAP_STYLE_URL } from "./map-style";

const EXTRACT = "/srv/maps/region.pmtiles";
const CUSTOM = "https://tiles.example.com/styles/bright.json";

describe("mapStyleFor", () => {
  it("shows the public OpenFreeMap street style when nothing is configured", () => {
    expect(mapStyleFor({})).toEqual({ kind: "remote", url: OPENFREEMAP_STYLE_URL, pmtiles: false });
    expect(OPENFREEMAP_STYLE_URL).toBe("https://tiles.openfreemap.org/styles/liberty");
  });

  it("shows this server's own style over MAP_PMTILES when MAP_STYLE_URL is unset", () => {
    expect(mapStyleFor({ MAP_PMTILES: EXTRACT })).toEqual({ kind: "self-hosted", url: "/map/style.json" });
  });

  it("uses a configured style URL as given, noting whether this server also serves an extract", () => {
    expect(mapStyleFor({ MAP_STYLE_URL: CUSTOM })).toEqual({ kind: "remote", url: CUSTOM, pmtiles: false });
    expect(mapStyleFor({ MAP_STYLE_URL: CUSTOM, MAP_PMTILES: EXTRACT })).toEqual({ kind: "remote", url: CUSTOM, pmtiles: true });
  });

  it("forces the bundled style with MAP_STYLE_URL=offline, extract or not", () => {
    expect(mapStyleFor({ MAP_STYLE_URL: "offline" })).toEqual({ kind: "offline" });
    expect(mapStyleFor({ MAP_STYLE_URL: "offline", MAP_PMTILES: EXTRACT })).toEqual({ kind: "offline" });
  });
});
