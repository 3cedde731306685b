#!/usr/bin/env node
// The installed `fleet` command: runs the admin CLI (server/cli/main.ts) from the package root (migrations and the
// default DATA_DIR are found from there), passing arguments, signals and the exit code. It runs the bundle that
// `npm run build` makes (.build/cli/main.mjs, scripts/build-cli.mjs) with plain Node while no source of it changed
// since, and the TypeScript through the project's tsx otherwise: the same program either way, the bundle only
// starts without compiling the CLI's import graph first. FLEET_CLI_TSX=1 forces tsx.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CLI_BUNDLE, freshBundle } from "../scripts/cli-bundle.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bundle = process.env.FLEET_CLI_TSX === "1" ? null : freshBundle(root, CLI_BUNDLE);
const program = bundle
  ? ["--enable-source-maps", bundle]
  : [createRequire(path.join(root, "package.json")).resolve("tsx/cli"), path.join(root, "server", "cli", "main.ts")];

// A relative DATA_DIR means relative to where the user ran `fleet`, not to the package root.
const environment = { ...process.env };
delete environment.FLEET_CLI_TSX;
if (environment.DATA_DIR && !path.isAbsolute(environment.DATA_DIR)) {
  environment.DATA_DIR = path.resolve(process.cwd(), environment.DATA_DIR);
}
// Other relative paths (backup --out, restore --from) too: the CLI reads the user's folder from INIT_CWD, as npm sets it.
environment.INIT_CWD = process.cwd();

const child = spawn(process.execPath, [...program, ...process.argv.slice(2)], {
  cwd: root,
  env: environment,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
