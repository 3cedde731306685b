// `npm run build`: the production build of the Next.js app (`next build`), the admin CLI's bundle (build-cli.mjs:
// `fleet` then starts without compiling TypeScript) and a type check of everything else (`tsc --noEmit`: the server
// runs from TypeScript through tsx, and the bundle too is built without checking types, so this is where a type error
// in server/ fails the build).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" };

function step(label, command, args) {
  console.log(`> ${label}`);
  const result = spawnSync(path.join(root, "node_modules", ".bin", command), args, { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`build failed: ${label} (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

// the map's worker and offline basemap are static files copied from node_modules (scripts/copy-maplibre-worker.mjs)
const copy = spawnSync(process.execPath, [path.join(root, "scripts", "copy-maplibre-worker.mjs")], { cwd: root, stdio: "inherit" });
if (copy.status !== 0) process.exit(copy.status || 1);
console.log("> admin CLI bundle (.build/cli)");
const cli = spawnSync(process.execPath, [path.join(root, "scripts", "build-cli.mjs")], { cwd: root, env, stdio: "inherit" });
if (cli.status !== 0) {
  console.error(`build failed: admin CLI bundle (exit ${cli.status ?? cli.signal})`);
  process.exit(cli.status || 1);
}
step("next build", "next", ["build"]);
step("type check (tsc --noEmit)", "tsc", ["--noEmit", "-p", "tsconfig.json"]);
