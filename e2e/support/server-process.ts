// Starts the real server (`tsx server/main.ts`) as a child process, exactly as `npm start` does after the build,
// and waits until /healthz answers 200. Its output goes to a log file so a failing run can be read afterwards.
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import path from "node:path";

export { freePort } from "../../server/testing/free-port";

export function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

export interface StartOptions {
  root: string;
  env: Record<string, string>;
  logFile: string;
  timeoutMs?: number;
}

export async function startServerProcess(options: StartOptions): Promise<{ child: ChildProcess; url: string }> {
  const port = options.env.PORT;
  if (!port) throw new Error("PORT is required");
  const url = `http://127.0.0.1:${port}`;
  const log = openSync(options.logFile, "a");
  // Node with tsx's loader, as `npm start` runs it (scripts/start.mjs explains why not the tsx CLI)
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: options.root,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", log, log],
  });
  closeSync(log);

  let exited: string | null = null;
  child.once("exit", (code, signal) => (exited = `exit ${code ?? signal}`));

  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server stopped during start-up (${exited}); log ${options.logFile}:\n${tail(options.logFile)}`);
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return { child, url };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGKILL");
  throw new Error(`the server did not become healthy in time; log ${options.logFile}:\n${tail(options.logFile)}`);
}

/** Sends SIGTERM and resolves with the exit code (SIGKILL and null after the timeout). */
export function stopServerProcess(child: ChildProcess, timeoutMs = 20_000): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve(null);
    }, timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill("SIGTERM");
  });
}
