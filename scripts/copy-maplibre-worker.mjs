// Copies what the dashboard map loads as static files into public/ (both paths are git-ignored, rebuilt from
// node_modules):
//   - maplibre-gl's worker (public/maplibre-gl-worker.mjs): under Turbopack maplibre cannot find its worker from the
//     bundle ("Worker failed to load", stack.md trap 5), so the map calls setWorkerUrl("/maplibre-gl-worker.mjs");
//   - the offline basemap's land polygons (public/map/land.geo.json) from @geo-maps/countries-land-10km.
// Run before `next build` and `next dev`, and after install. Copies only when the source changed (size or time).
import { copyFileSync, existsSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const FILES = [
  ["node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs", "public/maplibre-gl-worker.mjs"],
  ["node_modules/@geo-maps/countries-land-10km/map.geo.json", "public/map/land.geo.json"],
];

for (const [from, to] of FILES) {
  const source = path.join(root, from);
  const target = path.join(root, to);
  if (!existsSync(source)) {
    console.error(`copy-maplibre-worker: ${from} is missing; run npm install`);
    process.exit(1);
  }
  const a = statSync(source);
  const b = existsSync(target) ? statSync(target) : null;
  if (b && b.size === a.size && b.mtimeMs >= a.mtimeMs) continue;
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(source, target);
}
