#!/usr/bin/env node
// The installed `fleet` command: runs the TypeScript CLI (server/cli/main.ts) with the project's tsx from the package
// root (migrations and the default DATA_DIR are found from there), passing arguments, signals and the exit code.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tsxCli = createRequire(path.join(root, "package.json")).resolve("tsx/cli");

// A relative DATA_DIR means relative to where the user ran `fleet`, not to the package root.
const environment = { ...process.env };
if (environment.DATA_DIR && !path.isAbsolute(environment.DATA_DIR)) {
  environment.DATA_DIR = path.resolve(process.cwd(), environment.DATA_DIR);
}
// Other relative paths (backup --out, restore --from) too: the CLI reads the user's folder from INIT_CWD, as npm sets it.
environment.INIT_CWD = process.cwd();

const child = spawn(process.execPath, [tsxCli, path.join(root, "server", "cli", "main.ts"), ...process.argv.slice(2)], {
  cwd: root,
  env: environment,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
