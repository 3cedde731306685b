// Secrets on the command line (N23): a value typed as `--password VALUE` is in the process's arguments, which every
// local user can read (/proc/<pid>/cmdline, ps) and the shell keeps in its history. A flag declared `secret` also
// takes its value from standard input (`--password -`) or from a file (`--password-file PATH`), and a value typed
// inline still works, for the scripts that rely on it (operations.md), with a warning on standard error.
// Resolved in the `fleet` process, before anything else: standard input and the user's files are there, and a
// command handed to a running server (admin-channel.ts) carries the resolved value over the owner-only socket, never
// in any process's arguments.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import path from "node:path";
import { CliError, EXIT, type CliCommand, type FlagValues } from "./command";

/** more than this is no password: refuse rather than read a large file or stream into memory */
export const MAX_SECRET_BYTES = 4096;

export interface SecretSources {
  /** the user's folder: relative `--<name>-file` paths are relative to it */
  cwd: string;
  /**
   * reads the secret from this process's standard input (`prompt` is shown at a terminal); absent where there is none
   * to read (a server running a command for the CLI)
   */
  readStandardInput?: (prompt: string) => Promise<string>;
  /** the command line is this process's own arguments: a secret typed in it is warned about */
  fromArguments: boolean;
  warn(text: string): void;
}

/** the companion flag that names a file holding the secret */
export function secretFileFlag(name: string): string {
  return `${name}-file`;
}

/**
 * Replaces each secret flag's `-` or file with the secret itself, in `flags`; checks that one of them is given.
 * Returns true when a value came from standard input or a file (the command line to hand on must then carry it).
 */
export async function resolveSecretFlags(command: CliCommand, flags: FlagValues, sources: SecretSources): Promise<boolean> {
  let resolved = false;
  for (const spec of command.flags.filter((flag) => flag.secret)) {
    const fileFlag = secretFileFlag(spec.name);
    const inline = flags[spec.name] as string | undefined;
    const file = flags[fileFlag] as string | undefined;
    if (inline !== undefined && file !== undefined) {
      throw new CliError(`give --${spec.name} or --${fileFlag}, not both`, EXIT.USAGE);
    }
    if (inline === undefined && file === undefined) {
      throw new CliError(`missing required flag --${spec.name} (or --${fileFlag}) for ${command.name}`, EXIT.USAGE);
    }
    let secret: string;
    if (file !== undefined) {
      secret = readSecretFile(path.resolve(sources.cwd, file), `--${fileFlag}`);
    } else if (inline === "-") {
      if (!sources.readStandardInput) {
        throw new CliError(`--${spec.name} - reads standard input, which only the fleet command itself has`, EXIT.USAGE);
      }
      secret = withoutFinalNewline(await sources.readStandardInput(`${spec.name[0]!.toUpperCase()}${spec.name.slice(1)}: `));
      if (secret === "") throw new CliError(`--${spec.name} -: standard input held no ${spec.name}`, EXIT.USAGE);
    } else {
      if (sources.fromArguments) {
        sources.warn(
          `warning: --${spec.name} VALUE puts the ${spec.name} in the process's arguments, which other local users can ` +
            `read, and in your shell's history. Prefer --${spec.name} - (reads standard input) or --${fileFlag} PATH.\n`,
        );
      }
      continue;
    }
    flags[spec.name] = secret;
    delete flags[fileFlag];
    resolved = true;
  }
  return resolved;
}

/** the command line that gives `flags` to `command`, each flag in its `--name=value` form (so no value reads as a flag) */
export function commandLine(command: CliCommand, flags: FlagValues): string[] {
  const args = command.name.split(" ");
  for (const spec of command.flags) {
    const value = flags[spec.name];
    if (value === undefined) continue;
    args.push(spec.boolean ? `--${spec.name}` : `--${spec.name}=${Array.isArray(value) ? value.join(",") : value}`);
  }
  return args;
}

function readSecretFile(file: string, flag: string): string {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : code ?? "unreadable";
    throw new CliError(`cannot read ${flag} ${file}: ${why}`);
  }
  try {
    if (!fstatSync(fd).isFile()) throw new CliError(`${flag} ${file} is not a file`);
    const buffer = Buffer.alloc(MAX_SECRET_BYTES + 1);
    let length = 0;
    while (length < buffer.length) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    if (length > MAX_SECRET_BYTES) throw new CliError(`${flag} ${file} is larger than ${MAX_SECRET_BYTES} bytes: not a password file`);
    const secret = withoutFinalNewline(buffer.subarray(0, length).toString("utf8"));
    if (secret === "") throw new CliError(`${flag} ${file} is empty`);
    return secret;
  } finally {
    closeSync(fd);
  }
}

/** a file or a pipe usually ends its one line with a newline, which is not part of the secret */
function withoutFinalNewline(text: string): string {
  return text.replace(/\r?\n$/, "");
}

/**
 * Standard input of the `fleet` process as a secret: at a terminal one line typed without echo after `prompt` (on
 * standard error), otherwise everything up to the end of input (a pipe or a file), at most MAX_SECRET_BYTES.
 */
export function readSecretFromStandardInput(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (stdin.isTTY) return readHiddenLine(prompt);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length > MAX_SECRET_BYTES) {
        finish();
        reject(new CliError(`standard input is longer than ${MAX_SECRET_BYTES} bytes: not a password`));
      }
    };
    const onEnd = () => {
      finish();
      resolve(Buffer.concat(chunks).toString("utf8"));
    };
    const onError = (error: Error) => {
      finish();
      reject(new CliError(`cannot read standard input: ${error.message}`));
    };
    const finish = () => {
      stdin.off("data", onData).off("end", onEnd).off("error", onError);
      stdin.pause();
    };
    stdin.on("data", onData).on("end", onEnd).on("error", onError);
  });
}

function readHiddenLine(prompt: string): Promise<string> {
  const stdin = process.stdin;
  stdin.setRawMode(true); // no echo from here on; the prompt after it, so nothing typed in answer is ever shown
  stdin.setEncoding("utf8");
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let line = "";
    const finish = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write("\n");
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n" || char === "\u0004") {
          finish();
          return resolve(line);
        }
        if (char === "\u0003") {
          finish();
          return reject(new CliError("cancelled"));
        }
        if (char === "\u007f" || char === "\b") line = line.slice(0, -1);
        else if (line.length < MAX_SECRET_BYTES) line += char;
      }
    };
    stdin.on("data", onData);
    stdin.resume();
  });
}
