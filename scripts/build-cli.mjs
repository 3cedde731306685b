// Bundles the admin CLI (server/cli/main.ts) into one ESM file, .build/cli/main.mjs, so that `fleet` starts with plain
// Node instead of tsx compiling the CLI's TypeScript import graph first. Run by `npm run build` (scripts/build.mjs) and
// by `npm test` when the bundle is missing or stale; bin/fleet.mjs uses the bundle only while it is fresh
// (cli-bundle.mjs) and falls back to tsx otherwise, so a source edited after the build never runs from a stale bundle.
//
// Packages stay external (resolved from node_modules at run time, as under tsx: PGlite's wasm, Prisma's runtime).
// Nothing in the CLI's graph resolves files relative to its own module: migrations are found from the working
// directory (server/db/migrate.ts), which bin/fleet.mjs sets to the package root either way. `@/` is tsconfig's alias.
import { build } from "esbuild";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CLI_BUNDLE, writeBundleManifest } from "./cli-bundle.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** builds `entry` (package root relative) into `bundle`, with its manifest of sources beside it */
export async function buildBundle(entry, bundle, { packageRoot = root } = {}) {
  const startedAt = Date.now();
  const outfile = path.resolve(packageRoot, bundle);
  const result = await build({
    absWorkingDir: packageRoot,
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    alias: { "@": packageRoot },
    sourcemap: true,
    metafile: true,
    write: false,
    logLevel: "warning",
  });
  // written beside and renamed over: a `fleet` starting meanwhile (a test run) reads the old bundle or the new one
  mkdirSync(path.dirname(outfile), { recursive: true });
  for (const output of result.outputFiles) {
    const partial = `${output.path}.${process.pid}.partial`;
    writeFileSync(partial, output.contents);
    renameSync(partial, output.path);
  }
  writeBundleManifest(packageRoot, bundle, Object.keys(result.metafile.inputs), startedAt);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildBundle("server/cli/main.ts", CLI_BUNDLE);
}
