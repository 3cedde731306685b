// One admin CLI invocation, from its arguments to the one JSON object it answers and its exit code. The `fleet`
// process runs it (server/cli/main.ts), and so does a running server for the CLI beside it when the server holds the
// embedded database (admin-channel.ts): the same parsing, help, errors and commands either way.
import { isAppError } from "../errors";
import type { Env } from "../env";
import { CliError, EXIT, type CliCommand } from "./command";
import { parseFlags } from "./flags";
import { commandHelp, usage } from "./help";
import { commandLine, resolveSecretFlags } from "./secret-flags";

const HELP_FLAGS = new Set(["--help", "-h"]);

export interface CliOutcome {
  code: number;
  json: Record<string, unknown>;
  /** set when the embedded database is held by a running server: the command may be run by that server instead */
  heldDataDir?: string;
  /** the command line to hand to that server, when it differs from the one given (a secret read from a file or stdin) */
  forwardArgs?: string[];
}

export interface ExecuteOptions {
  /** help and notes for people (standard error of the `fleet` process) */
  stderr(text: string): void;
  /**
   * "open": database commands open (and close) the database around their run, as the `fleet` process does;
   * "ready": the database of this process is open already (a server running a command for the CLI)
   */
  database: "open" | "ready";
  /** the folder the user ran `fleet` from (a server running a command for the CLI has another one); default: this process's */
  cwd?: string;
  /** the `fleet` process's standard input, for secrets given as `-` (secret-flags.ts); a server has none to offer */
  readStandardInput?: (prompt: string) => Promise<string>;
}

export async function executeCli(args: string[], config: Env, options: ExecuteOptions): Promise<CliOutcome> {
  const { COMMANDS, PLANNED_COMMANDS, findCommand } = await import("./registry");

  if (args.length === 0 || HELP_FLAGS.has(args[0]!) || args[0] === "help") {
    options.stderr(usage(COMMANDS, PLANNED_COMMANDS));
    if (args.length === 0) return failed("missing command (see the list above)", EXIT.USAGE);
    return { code: EXIT.OK, json: { commands: COMMANDS.map((c) => c.name) } };
  }

  const planned = [args[0]!, `${args[0]} ${args[1] ?? ""}`].find((name) => name in PLANNED_COMMANDS);
  if (planned) return failed(`${planned} is not available yet (${PLANNED_COMMANDS[planned]})`, EXIT.FAILED);

  // "noun verb" commands, and single-word ones such as `simulate`
  const command = findCommand(`${args[0]} ${args[1] ?? ""}`.trim()) ?? findCommand(args[0]!);
  const name = command?.name ?? `${args[0]} ${args[1] ?? ""}`.trim();
  if (!command) {
    options.stderr(usage(COMMANDS, PLANNED_COMMANDS));
    return failed(`unknown command ${JSON.stringify(name)} (see the list above)`, EXIT.USAGE);
  }
  const rest = args.slice(command.name.split(" ").length);
  if (rest.some((arg) => HELP_FLAGS.has(arg))) {
    options.stderr(commandHelp(command));
    return { code: EXIT.OK, json: { command: command.name, flags: command.flags } };
  }
  if (options.database === "ready" && command.refusedInServer) return failed(command.refusedInServer, EXIT.FAILED);
  if (options.database === "ready" && !command.database) {
    return failed(`${command.name} runs in the fleet process itself, not in the server`, EXIT.USAGE);
  }
  try {
    return { code: EXIT.OK, json: await runCommand(command, rest, config, options) };
  } catch (error) {
    if (error instanceof DataDirHeldError) {
      return { ...failed(error.message, EXIT.FAILED), heldDataDir: error.dataDir, forwardArgs: error.forwardArgs };
    }
    if (error instanceof CliError) {
      if (error.exitCode === EXIT.USAGE) options.stderr(`\n${commandHelp(command)}`);
      return failed(error.message, error.exitCode);
    }
    if (isAppError(error)) return failed(error.message, EXIT.FAILED);
    const { log } = await import("../log");
    log("cli").error({ err: error }, "command failed");
    const detail = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return failed(`unexpected error: ${detail}`, EXIT.FAILED);
  }
}

/** the embedded database is held by a running server (the command can be handed to it) */
export class DataDirHeldError extends CliError {
  /** the command line to hand over instead of the one given (runCommand sets it) */
  forwardArgs?: string[];

  constructor(
    message: string,
    readonly dataDir: string,
  ) {
    super(message, EXIT.FAILED);
    this.name = "DataDirHeldError";
  }
}

async function runCommand(command: CliCommand, args: string[], config: Env, options: ExecuteOptions): Promise<Record<string, unknown>> {
  const flags = parseFlags(args, command.flags, command.name);
  const cwd = options.cwd ?? process.cwd();
  const secretsRead = await resolveSecretFlags(command, flags, {
    cwd,
    readStandardInput: options.readStandardInput,
    fromArguments: options.database === "open", // the fleet process's own arguments; a server got them over its socket
    warn: options.stderr,
  });
  const context = { flags, env: config, cwd, note: (message: string) => options.stderr(`${message}\n`) };
  if (!command.database || options.database === "ready") return command.run(context);
  const { withDatabase } = await import("./database");
  try {
    return await withDatabase(config, () => command.run(context));
  } catch (error) {
    // the server that holds the database runs the command with the secret already read (stdin is not the server's)
    if (error instanceof DataDirHeldError && secretsRead) error.forwardArgs = commandLine(command, flags);
    throw error;
  }
}

function failed(message: string, code: number): CliOutcome {
  return { code, json: { error: message } };
}
