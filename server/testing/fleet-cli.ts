// Test support: the admin CLI, in this process or as a process of its own.
//
// In this process (runFleet): the CLI's own executeCli (server/cli/execute.ts), which the `fleet` process runs, with
// the same parsing, database opening, commands, errors and JSON answer, only without a process start (a few seconds
// of CPU each). For what a command does. Never on an embedded DATA_DIR this process holds (a server started here):
// the lock is per process, so only a process of its own finds it held (and hands the command to the server).
//
// As a process (spawnFleet): what only a process shows: the bin's exit code, standard input and terminals, signals,
// the embedded lock, the admin channel beside a server. It runs the bundle `npm run build` makes while it is fresh
// (bin/fleet.mjs decides the same way), else tsx on the TypeScript.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { CLI_BUNDLE, freshBundle } from "../../scripts/cli-bundle.mjs";
import { database, setDatabase, type Database } from "../db/client";
import { env, parseEnv, setEnv } from "../env";

export interface CliRun {
  code: number;
  /** the one JSON object on standard output, as parsed from its line (dates are strings, as a user sees them) */
  json: Record<string, unknown>;
  /** what the command wrote for people (help, notes, warnings) */
  stderr: string;
}

export interface FleetTarget {
  /** embedded database folder; a fresh empty one when neither this nor databaseUrl is given */
  dataDir?: string;
  databaseUrl?: string;
  /** the folder the user ran `fleet` in (relative --out, --password-file); default the package root */
  cwd?: string;
}

export const PACKAGE_ROOT = process.cwd();

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs one command line through executeCli as server/cli/main.ts does (`input`: what standard input holds). Runs one
 * at a time, as the process database and environment are global; the test's own database and environment are put
 * back afterwards.
 */
export function runFleet(args: string[], target: FleetTarget = {}, input = ""): Promise<CliRun> {
  const run = queue.then(() => runNow(args, target, input));
  queue = run.catch(() => undefined);
  return run;
}

async function runNow(args: string[], target: FleetTarget, input: string): Promise<CliRun> {
  // PGlite is single-process, and its lock lets its own process in: a second open here would lose rows
  const lock = target.dataDir ? path.join(target.dataDir, "fleetline.lock") : null;
  if (lock && existsSync(lock) && readFileSync(lock, "utf8").trim() === String(process.pid)) {
    throw new Error(`runFleet: this process holds ${target.dataDir}; run the CLI as a process (spawnFleet) beside it`);
  }
  const config = parseEnv(
    {
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      MAP_STYLE_URL: "offline",
      DATA_DIR: target.dataDir ?? mkdtempSync(path.join(tmpdir(), "fleet-cli-none-")),
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    },
    { requireSharedSecret: false },
  );
  const previousEnv = env();
  let previousDatabase: Database | undefined;
  try {
    previousDatabase = database();
  } catch {
    previousDatabase = undefined; // none open
  }
  const { executeCli } = await import("../cli/execute");
  let stderr = "";
  setEnv(config);
  try {
    const outcome = await executeCli(args, config, {
      stderr: (text) => void (stderr += text),
      database: "open",
      cwd: target.cwd ?? PACKAGE_ROOT,
      readStandardInput: async () => input,
    });
    expect(outcome.heldDataDir, "runFleet ran on a DATA_DIR held by another process: use spawnFleet").toBeUndefined();
    return { code: outcome.code, json: JSON.parse(JSON.stringify(outcome.json)) as Record<string, unknown>, stderr };
  } finally {
    setEnv(previousEnv);
    setDatabase(previousDatabase);
  }
}

export interface SpawnOptions {
  /** environment on top of this process's (DATABASE_URL and LOG_LEVEL are not inherited) */
  env?: Record<string, string | undefined>;
  /** standard input, closed after it */
  input?: string;
  /** "bin": bin/fleet.mjs, run from `cwd` as a user runs `fleet`; "direct" (default): the bundle or tsx from the package
   *  root, as `npm run fleet` runs it, with the user's folder in INIT_CWD */
  via?: "bin" | "direct";
  /** where the user runs it (default the package root) */
  cwd?: string;
}

/** the program that runs the CLI from the package root: the fresh bundle with Node, else the TypeScript with tsx */
export function fleetProgram(): string[] {
  const bundle = freshBundle(PACKAGE_ROOT, CLI_BUNDLE);
  return bundle
    ? [process.execPath, "--enable-source-maps", bundle]
    : [path.join(PACKAGE_ROOT, "node_modules", ".bin", "tsx"), path.join(PACKAGE_ROOT, "server", "cli", "main.ts")];
}

/** Runs the CLI as a process of its own; checks that standard output is exactly one JSON line. */
export function spawnFleet(args: string[], target: FleetTarget = {}, options: SpawnOptions = {}): Promise<CliRun> {
  const environment: NodeJS.ProcessEnv = { ...process.env };
  delete environment.DATABASE_URL;
  delete environment.LOG_LEVEL;
  environment.DATA_DIR = target.dataDir ?? mkdtempSync(path.join(tmpdir(), "fleet-cli-none-"));
  if (target.databaseUrl) environment.DATABASE_URL = target.databaseUrl;
  const userFolder = target.cwd ?? options.cwd ?? PACKAGE_ROOT;
  Object.assign(environment, options.env);
  const [file, ...programArgs] =
    options.via === "bin" ? [process.execPath, path.join(PACKAGE_ROOT, "bin", "fleet.mjs")] : fleetProgram();
  if (options.via !== "bin") environment.INIT_CWD = userFolder;
  const cwd = options.via === "bin" ? userFolder : PACKAGE_ROOT;
  return new Promise((resolve) => {
    const child = execFile(file!, [...programArgs, ...args], { env: environment, cwd, timeout: 120_000 }, (error, stdout, stderr) => {
      const lines = stdout.split("\n").filter(Boolean);
      expect(lines, `stdout must be exactly one JSON line, got: ${stdout}\nstderr: ${stderr}`).toHaveLength(1);
      resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, json: JSON.parse(lines[0]!), stderr });
    });
    child.stdin!.end(options.input ?? "");
  });
}
