// `npm start`: the production server. Builds first when there is no build yet (`.next/BUILD_ID`), then runs
// server/main.ts with NODE_ENV=production (Node with tsx's loader, no tsx CLI in between), forwarding SIGTERM/SIGINT to it and exiting with its code,
// so process managers see the server's own graceful shutdown.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" };

if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.log("No production build yet: building first (npm run build) ...");
  const build = spawnSync(process.execPath, [path.join(root, "scripts", "build.mjs")], { cwd: root, env, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status || 1);
}

// Node runs the server directly with tsx's loader (`--import tsx`): the tsx CLI would sit between us and the server,
// and it SIGKILLs a child that does not acknowledge a relayed signal within 30 ms (e.g. while start-up work holds
// the event loop). Own process group: a Ctrl-C on the terminal reaches only this process, which forwards it once.
const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
  cwd: root,
  env,
  stdio: ["ignore", "inherit", "inherit"],
  detached: true,
});
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
child.once("error", (error) => {
  console.error(`could not start the server: ${error.message}`);
  process.exit(1);
});
child.once("exit", (code, signal) => {
  process.exit(code ?? (signal === "SIGTERM" || signal === "SIGINT" ? 0 : 1));
});
