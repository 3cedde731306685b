// One warm admin CLI per Playwright worker (e2e/support/cli-runner.ts): commands are sent over its standard input and
// answered on its standard output, so a test's `cli([...])` costs a database round trip instead of a process start.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

export interface CliAnswer {
  code: number;
  json: Record<string, unknown>;
  stderr: string;
}

interface Pending {
  resolve(answer: CliAnswer): void;
  reject(error: Error): void;
}

export class WarmCli {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private exited: Error | null = null;
  private stderrTail = "";

  constructor(root: string, env: NodeJS.ProcessEnv) {
    this.child = spawn(path.join(root, "node_modules", ".bin", "tsx"), ["e2e/support/cli-runner.ts"], { cwd: root, env, stdio: "pipe" });
    createInterface({ input: this.child.stdout }).on("line", (line) => this.answer(line));
    // logs and crashes; kept short, for the error of a command that never got its answer
    this.child.stderr.on("data", (chunk: Buffer) => (this.stderrTail = (this.stderrTail + chunk.toString()).slice(-4_000)));
    this.child.once("exit", (code, signal) => {
      this.exited = new Error(`the warm CLI exited (${signal ?? `exit ${code}`}): ${this.stderrTail.trim()}`);
      for (const waiting of this.pending.values()) waiting.reject(this.exited);
      this.pending.clear();
    });
  }

  run(args: string[]): Promise<CliAnswer> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.stdin.write(`${JSON.stringify({ id, args })}\n`);
    });
  }

  async close(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    this.child.stdin.end();
    this.child.kill("SIGTERM");
    await exited;
  }

  private answer(line: string): void {
    let message: { id: number } & CliAnswer;
    try {
      message = JSON.parse(line);
    } catch {
      return; // not an answer: a stray line on standard output
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    waiting.resolve({ code: message.code, json: message.json, stderr: message.stderr });
  }
}
