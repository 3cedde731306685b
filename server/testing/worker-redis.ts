// One Redis server per vitest worker, so test files running at the same time never hear each other. Redis keys
// could be kept apart by database number, but pub/sub channels are global to a server: two files publishing
// `fleetline:hub:position` for their own account 1 (every test database numbers from 1) would each receive the
// other's. Global setup starts them (redis-server from Debian's package, nothing kept on disk) and each worker's
// setup points TEST_REDIS_URL at its own (setup.ts, worker n taking the n-th), before any test file reads it.
//
// Without the redis-server program (a machine whose Redis runs elsewhere, in a container say), every worker uses
// TEST_REDIS_URL's server as before; a warning says that files running at once share it.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { freePort } from "./free-port";
import { pollUntil } from "./poll-until";
import { reachable } from "./services";

const CANDIDATES = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"];
const START_TIMEOUT_MS = 10_000;

export interface WorkerRedis {
  /** the URL of worker n (VITEST_POOL_ID n) at index n - 1 */
  urls: string[];
  stop(): Promise<void>;
}

export function redisServerProgram(): string | null {
  const onPath = (process.env.PATH ?? "").split(path.delimiter).map((dir) => path.join(dir, "redis-server"));
  return [...CANDIDATES, ...onPath].find((file) => existsSync(file)) ?? null;
}

export async function startWorkerRedis(program: string, workers: number): Promise<WorkerRedis> {
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGKILL");
          }),
      ),
    );
  };
  try {
    const urls = await Promise.all(
      Array.from({ length: workers }, async () => {
        const port = await freePort();
        // an empty `save` and no append-only file: nothing on disk, as the machine's own Redis is configured
        const child = spawn(program, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--logfile", ""], {
          stdio: "ignore",
        });
        children.push(child);
        const url = `redis://127.0.0.1:${port}`;
        await pollUntil(`${program} on port ${port}`, async () => {
          if (child.exitCode !== null) throw new Error(`${program} on port ${port} exited with code ${child.exitCode}`);
          return (await reachable(url, 200)) || undefined;
        }, START_TIMEOUT_MS);
        return url;
      }),
    );
    return { urls, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
