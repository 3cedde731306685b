// The freshness of a bundle built by scripts/build-cli.mjs: beside `<bundle>.mjs` lies `<bundle>.sources.json`, the
// files it was built from (esbuild's own list of inputs, package root relative) and the time the build started. The
// bundle is fresh while every one of them still exists and none was modified since: one stat per source, a few ms.
// A new file only enters the graph through an edit to a file already in it, so the list cannot miss one.
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** the admin CLI's bundle, package root relative (bin/fleet.mjs runs it) */
export const CLI_BUNDLE = path.join(".build", "cli", "main.mjs");

const manifestOf = (bundle) => bundle.replace(/\.mjs$/, ".sources.json");

/** files besides the inputs that change what a bundle does (its alias and package resolution) */
const BUILD_INPUTS = ["package.json", "tsconfig.json"];

export function writeBundleManifest(root, bundle, inputs, builtAt) {
  const sources = [...new Set([...inputs, ...BUILD_INPUTS])].sort();
  const manifest = path.resolve(root, manifestOf(bundle));
  const partial = `${manifest}.${process.pid}.partial`;
  writeFileSync(partial, `${JSON.stringify({ builtAt, sources }, null, 1)}\n`);
  renameSync(partial, manifest);
}

/** the absolute path of the bundle when it exists and none of its sources changed since it was built, else null */
export function freshBundle(root, bundle) {
  const file = path.resolve(root, bundle);
  if (!existsSync(file)) return null;
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestOf(file), "utf8"));
  } catch {
    return null;
  }
  if (!Number.isFinite(manifest.builtAt) || !Array.isArray(manifest.sources)) return null;
  for (const source of manifest.sources) {
    const stat = statSync(path.resolve(root, source), { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs > manifest.builtAt) return null;
  }
  return file;
}
