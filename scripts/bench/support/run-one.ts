// Runs one benchmark file (scripts/bench.ts starts this once per file, each in a fresh process) when its name is
// among those asked for (or none were named), and prints its figures as JSON lines. Exits non-zero when it fails.
import { pathToFileURL } from "node:url";
import { parseEnv, setEnv } from "../../../server/env";
import { setAuthSecret } from "../../../server/security/auth-secret";
import { randomToken } from "../../../server/security/random";
import type { Bench } from "../types";

// A quiet, valid environment of our own: benchmarks never touch a developer's DATA_DIR or database.
setEnv(parseEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", PORT: "0", GT06_PORT: "0", OSMAND_PORT: "0", TELTONIKA_PORT: "0" }));
setAuthSecret(randomToken(48));

const [file, ...wanted] = process.argv.slice(2);
const bench = (await import(pathToFileURL(file!).href)).default as Bench;
if (wanted.length > 0 && !wanted.includes(bench.name)) process.exit(0);
try {
  for (const figure of await bench.run()) process.stdout.write(JSON.stringify(figure) + "\n");
  process.exit(0);
} catch (error) {
  process.stderr.write(`bench ${bench.name} failed: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
}
