// The shape of one admin CLI command (operations.md "Admin CLI"): a noun and a verb, declared flags, and a run
// function that returns the one JSON object the CLI prints. Commands never print to stdout themselves.
import type { Env } from "../env";

export interface FlagSpec {
  /** without the dashes: "user-email" */
  name: string;
  description: string;
  required?: boolean;
  /** placeholder shown in help, e.g. "KEY" */
  value?: string;
  /** allowed values; for list flags, allowed items */
  choices?: readonly string[];
  /** comma-separated list ("mobility,driver") */
  list?: boolean;
  /** a switch given without a value (`--force`); its value is "true" when present */
  boolean?: boolean;
  /**
   * a secret (secret-flags.ts): `-` reads it from standard input, the flag `--<name>-file PATH` (declare it too) from
   * a file, and a value typed inline is warned about (it shows in the process list). One of the two is required.
   */
  secret?: boolean;
}

export type FlagValues = Record<string, string | string[] | undefined>;

export interface CommandContext {
  flags: FlagValues;
  env: Env;
  /** the folder the user ran `fleet` from: relative paths in flags are relative to it, also when a server runs the command */
  cwd: string;
  /** progress and notes for people: standard error, never standard output */
  note(message: string): void;
}

export interface CliCommand {
  /** "noun verb", e.g. "account create" */
  name: string;
  summary: string;
  flags: FlagSpec[];
  /** opens the database (and closes it afterwards) around `run` */
  database: boolean;
  /**
   * set on commands that must never run inside a server (the admin channel): the error the server answers instead.
   * Commands without the database run in the `fleet` process anyway; this names why for the one that must not.
   */
  refusedInServer?: string;
  example?: string;
  run(context: CommandContext): Promise<Record<string, unknown>>;
}

/** Identity helper that keeps each command file typed. */
export function defineCommand(command: CliCommand): CliCommand {
  return command;
}

/** A failure the CLI reports as `{"error": message}` with the given exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.FAILED,
  ) {
    super(message);
    this.name = "CliError";
  }
}

/** Exit codes (docs/cli.md "Exit codes"). */
export const EXIT = {
  OK: 0,
  /** the command ran and failed: a rule (unknown account, IMEI taken, ...), a locked DATA_DIR, an unexpected error */
  FAILED: 1,
  /** the command line is wrong: unknown command or flag, missing flag, bad flag value */
  USAGE: 2,
  /** the environment is invalid (same code as the server: EX_CONFIG) */
  CONFIG: 78,
} as const;

/** The string value of a flag the parser has already checked. */
export function text(flags: FlagValues, name: string): string | undefined {
  const value = flags[name];
  return Array.isArray(value) ? value.join(",") : value;
}

export function required(flags: FlagValues, name: string): string {
  const value = text(flags, name);
  if (value === undefined) throw new CliError(`missing required flag --${name}`, EXIT.USAGE);
  return value;
}

export function list(flags: FlagValues, name: string): string[] {
  const value = flags[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}
