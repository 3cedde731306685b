// The `fleet` admin CLI (operations.md "Admin CLI", docs/cli.md): `fleet <noun> <verb> [--flag value]...`.
// Contract: exactly one JSON object on standard output, everything else (logs, notes, help) on standard error,
// exit 0 on success and non-zero with {"error": "..."} on failure. It is a composition root like server/main.ts, so
// it reads the environment here, and it loads nothing but the database and the use cases (no Next.js, no sockets).
import path from "node:path";
import { EnvError, parseEnv, setEnv, type Env } from "../env";
import { useStandardErrorForLogs } from "../log";
import { EXIT } from "./command";

async function main(args: string[]): Promise<number> {
  let config: Env;
  try {
    // quieter than the server: a CLI user wants the answer, not info logs (LOG_LEVEL still wins when set)
    // it signs nothing, so it needs no AUTH_SECRET even where a production server on PostgreSQL does
    config = setEnv(parseEnv({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL || "warn" }, { requireSharedSecret: false }));
  } catch (error) {
    if (error instanceof EnvError) return fail(error.message.replace(/\n\s*/g, " "), EXIT.CONFIG);
    throw error;
  }
  useStandardErrorForLogs();
  // loaded after the logger is in place: modules may create their loggers at import time
  const { executeCli } = await import("./execute");
  const stderr = (text: string) => void process.stderr.write(text);
  // `npm run fleet` and the `fleet` bin both run this from the package root; the folder the user typed the command
  // in is INIT_CWD (npm's convention, which the bin follows): relative paths in flags (backup --out) are relative to it
  const cwd = path.resolve(process.env.INIT_CWD || process.cwd());
  const { readSecretFromStandardInput } = await import("./secret-flags");
  let outcome = await executeCli(args, config, { stderr, database: "open", cwd, readStandardInput: readSecretFromStandardInput });
  if (outcome.heldDataDir) {
    // a server holds the embedded database: it runs the command on it for us (admin-channel.ts)
    const { runOnServer } = await import("./admin-channel-client");
    outcome = (await runOnServer(outcome.heldDataDir, outcome.forwardArgs ?? args, cwd, stderr)) ?? outcome;
  }
  process.stdout.write(`${JSON.stringify(outcome.json)}\n`);
  return outcome.code;
}

function fail(message: string, code: number): number {
  process.stdout.write(`${JSON.stringify({ error: message })}\n`);
  return code;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    // open handles (a pg pool's idle timer, PGlite workers) must not keep a finished command alive
    process.stdout.write("", () => process.exit(code));
  },
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.stdout.write(`${JSON.stringify({ error: "unexpected error" })}\n`, () => process.exit(EXIT.FAILED));
  },
);
