// The `fleet` admin CLI (operations.md "Admin CLI", docs/cli.md): `fleet <noun> <verb> [--flag value]...`.
// Contract: exactly one JSON object on standard output, everything else (logs, notes, help) on standard error,
// exit 0 on success and non-zero with {"error": "..."} on failure. It is a composition root like server/main.ts, so
// it reads the environment here, and it loads nothing but the database and the use cases (no Next.js, no sockets).
import { isAppError } from "../errors";
import { EnvError, parseEnv, setEnv, type Env } from "../env";
import { useStandardErrorForLogs } from "../log";
import { CliError, EXIT, type CliCommand } from "./command";
import { parseFlags } from "./flags";
import { commandHelp, usage } from "./help";

const HELP_FLAGS = new Set(["--help", "-h"]);

async function main(args: string[]): Promise<number> {
  let config: Env;
  try {
    // quieter than the server: a CLI user wants the answer, not info logs (LOG_LEVEL still wins when set)
    config = setEnv(parseEnv({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL || "warn" }));
  } catch (error) {
    if (error instanceof EnvError) return fail(error.message.replace(/\n\s*/g, " "), EXIT.CONFIG);
    throw error;
  }
  useStandardErrorForLogs();
  // loaded after the logger is in place: modules may create their loggers at import time
  const { COMMANDS, PLANNED_COMMANDS, findCommand } = await import("./registry");

  if (args.length === 0 || HELP_FLAGS.has(args[0]!) || args[0] === "help") {
    process.stderr.write(usage(COMMANDS, PLANNED_COMMANDS));
    if (args.length === 0) return fail("missing command (see the list above)", EXIT.USAGE);
    return succeed({ commands: COMMANDS.map((c) => c.name) });
  }

  const planned = [args[0]!, `${args[0]} ${args[1] ?? ""}`].find((name) => name in PLANNED_COMMANDS);
  if (planned) return fail(`${planned} is not available yet (${PLANNED_COMMANDS[planned]})`, EXIT.FAILED);

  // "noun verb" commands, and single-word ones such as `simulate`
  const command = findCommand(`${args[0]} ${args[1] ?? ""}`.trim()) ?? findCommand(args[0]!);
  const name = command?.name ?? `${args[0]} ${args[1] ?? ""}`.trim();
  if (!command) {
    process.stderr.write(usage(COMMANDS, PLANNED_COMMANDS));
    return fail(`unknown command ${JSON.stringify(name)} (see the list above)`, EXIT.USAGE);
  }
  const rest = args.slice(command.name.split(" ").length);
  if (rest.some((arg) => HELP_FLAGS.has(arg))) {
    process.stderr.write(commandHelp(command));
    return succeed({ command: command.name, flags: command.flags });
  }
  try {
    return succeed(await runCommand(command, rest, config));
  } catch (error) {
    if (error instanceof CliError) {
      if (error.exitCode === EXIT.USAGE) process.stderr.write(`\n${commandHelp(command)}`);
      return fail(error.message, error.exitCode);
    }
    if (isAppError(error)) return fail(error.message, EXIT.FAILED);
    const { log } = await import("../log");
    log("cli").error({ err: error }, "command failed");
    const detail = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return fail(`unexpected error: ${detail}`, EXIT.FAILED);
  }
}

async function runCommand(command: CliCommand, args: string[], config: Env): Promise<Record<string, unknown>> {
  const flags = parseFlags(args, command.flags, command.name);
  const context = { flags, env: config, note: (message: string) => void process.stderr.write(`${message}\n`) };
  if (!command.database) return command.run(context);
  const { withDatabase } = await import("./database");
  return withDatabase(config, () => command.run(context));
}

function succeed(result: Record<string, unknown>): number {
  process.stdout.write(`${JSON.stringify(result)}\n`);
  return EXIT.OK;
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
