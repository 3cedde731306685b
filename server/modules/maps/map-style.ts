// Which basemap the dashboard and public pages show (docs/configuration.md "Maps"). Decided on the server from the
// environment and handed to <FleetMap> as a plain object, so every page that shows a map agrees:
//   - MAP_STYLE_URL=offline: the bundled land-and-water style (tests, CI, installs that want no outside requests);
//   - MAP_STYLE_URL=<url>: that style, as given;
//   - unset, MAP_PMTILES set: this server's own street style over the operator's extract (/map/style.json);
//   - unset: OpenFreeMap's public, key-free OpenStreetMap style.
// The browser falls back to the bundled style by itself whenever another one cannot be loaded (fleet-map.tsx). The
// server never fetches map data: only a user's browser loads a remote style and its tiles.
import type { Env } from "../../env";

/** OpenFreeMap's "liberty" style: OpenStreetMap data, no key, attribution in the style's sources */
export const OPENFREEMAP_STYLE_URL = "https://tiles.openfreemap.org/styles/liberty";
/** this server's style over MAP_PMTILES (app/map/style.json/route.ts) */
export const SELF_HOSTED_STYLE_PATH = "/map/style.json";
/** MAP_PMTILES itself, served with range requests (app/map/basemap.pmtiles/route.ts) */
export const BASEMAP_PMTILES_PATH = "/map/basemap.pmtiles";
/** the value of MAP_STYLE_URL that forces the bundled style */
export const OFFLINE_STYLE = "offline";

export type MapStyle =
  /** the bundled land-and-water style, served by this server */
  | { kind: "offline" }
  /** a style from elsewhere; `pmtiles`: this server also serves MAP_PMTILES, which the style may reference as pmtiles:// */
  | { kind: "remote"; url: string; pmtiles: boolean }
  /** this server's street style over MAP_PMTILES; `url` is a path on this origin */
  | { kind: "self-hosted"; url: string };

export function mapStyleFor(config: Pick<Env, "MAP_STYLE_URL" | "MAP_PMTILES">): MapStyle {
  const pmtiles = config.MAP_PMTILES !== undefined;
  if (config.MAP_STYLE_URL === OFFLINE_STYLE) return { kind: "offline" };
  if (config.MAP_STYLE_URL) return { kind: "remote", url: config.MAP_STYLE_URL, pmtiles };
  if (pmtiles) return { kind: "self-hosted", url: SELF_HOSTED_STYLE_PATH };
  return { kind: "remote", url: OPENFREEMAP_STYLE_URL, pmtiles: false };
}
