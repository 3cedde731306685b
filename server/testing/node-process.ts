// Test support: a Fleetline node as a child process (server/testing/test-node.ts), for tests of several nodes on one
// PostgreSQL and one Redis. Its output is kept for failure messages and log assertions. It runs the bundle of
// test-node.ts that global setup builds for the run (global-setup.ts): plain Node, no TypeScript to compile per start.
// Its notification worker runs inline: the worker process's entry (notification-process.ts, started with tsx) is not
// beside the bundle, and these tests are about the nodes, not where the worker runs (notification-process.test.ts is).
import { spawn, type ChildProcess } from "node:child_process";
import { inject } from "vitest";

export interface NodeProcess {
  child: ChildProcess;
  url: string;
  teltonikaPort: number;
  output: () => string;
  exited: Promise<number | null>;
}

export function startNode(env: Record<string, string>): Promise<NodeProcess> {
  const child = spawn(process.execPath, ["--enable-source-maps", inject("testNodeBundle")], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", FLEET_DEMO: "0", NOTIFICATION_WORKER: "inline", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stderr!.on("data", (chunk) => (output += chunk));
    child.stdout!.on("data", (chunk) => {
      output += chunk;
      const ready = output.split("\n").find((line) => line.startsWith('{"ready":true'));
      if (ready) {
        const { port, teltonikaPort } = JSON.parse(ready) as { port: number; teltonikaPort: number };
        resolve({ child, url: `http://127.0.0.1:${port}`, teltonikaPort, output: () => output, exited });
      }
    });
    void exited.then((code) => reject(new Error(`node exited (${code}) before it was ready:\n${output}`)));
  });
}

export async function stopNode(node: NodeProcess): Promise<number | null> {
  if (node.child.exitCode !== null) return node.child.exitCode;
  node.child.kill("SIGTERM");
  const timer = setTimeout(() => node.child.kill("SIGKILL"), 30_000); // never let a stuck node hold the run
  const code = await node.exited;
  clearTimeout(timer);
  return code;
}
