// Generates the Prisma client without letting the CLI reach for engine binaries it cannot download here:
// the schema engine path points at an existing file and telemetry checks are off (see docs/stack notes).
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const prismaCli = require.resolve("prisma/build/index.js");
const env = {
  ...process.env,
  CHECKPOINT_DISABLE: "1",
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
};
execFileSync(process.execPath, [prismaCli, "generate", ...process.argv.slice(2)], { stdio: "inherit", env });
