// A load generator runs as a process of its own, so the load and the service it measures never share an event loop:
// spawned with tsx and an IPC channel (options in, progress messages out), finished with one JSON line on stdout.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

export interface LoadProcess<T> {
  child: ChildProcess;
  /** the last JSON line the script printed, once it exited 0 */
  result: Promise<T>;
}

/** runs `script` (a file of scripts/bench/support/) with `options`; `onMessage` hears what it sends over IPC */
export function runLoadProcess<T = Record<string, unknown>>(
  script: string,
  options: object,
  onMessage?: (message: { type?: string }) => void,
): LoadProcess<T> {
  const tsx = path.join(process.cwd(), "node_modules", ".bin", "tsx");
  const child = spawn(tsx, [path.join(import.meta.dirname, script)], { stdio: ["ignore", "pipe", "inherit", "ipc"] });
  child.send(options);
  let out = "";
  child.stdout!.on("data", (chunk) => (out += chunk));
  if (onMessage) child.on("message", onMessage);
  const result = new Promise<T>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1)!) as T) : reject(new Error(`${script} exited ${code}`))));
  });
  return { child, result };
}
