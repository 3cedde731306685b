// The CLI's side of the admin channel (admin-channel.ts): hands the command line to the server that holds the
// embedded database and relays what it answers. Null when no server answers there (an older server, a socket left
// behind, a DATA_DIR the server opens no channel in), so the CLI reports the held database and why.
import net from "node:net";
import { notOwnerOnly } from "../data-dir";
import type { CliOutcome } from "./execute";
import { adminSocketPath, MAX_ADMIN_MESSAGE_BYTES } from "./admin-channel-path";

/** a command the server is running may take this long (a large backup) */
const ANSWER_TIMEOUT_MS = 10 * 60_000;

/**
 * `cwd`: the user's folder, against which the server resolves relative paths in flags. Null without connecting when
 * DATA_DIR is not owner-only: the server opens no channel there, so a socket in it is someone else's, and the command
 * line may carry a password.
 */
export function runOnServer(dataDir: string, args: string[], cwd: string, stderr: (text: string) => void): Promise<CliOutcome | null> {
  if (notOwnerOnly(dataDir)) return Promise.resolve(null);
  return new Promise((resolve) => {
    const socket = net.connect(adminSocketPath(dataDir));
    let answer = "";
    let settled = false;
    const finish = (outcome: CliOutcome | null) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(outcome);
    };
    socket.setTimeout(ANSWER_TIMEOUT_MS, () => finish({ code: 1, json: { error: "the server did not answer the command in time" } }));
    socket.on("connect", () => socket.write(`${JSON.stringify({ args, cwd })}\n`));
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("utf8");
      if (answer.length > MAX_ADMIN_MESSAGE_BYTES) return finish({ code: 1, json: { error: "the server's answer was too large" } });
      const end = answer.indexOf("\n");
      if (end === -1) return;
      try {
        const reply = JSON.parse(answer.slice(0, end)) as { code: number; json: Record<string, unknown>; stderr?: string };
        if (reply.stderr) stderr(reply.stderr);
        finish({ code: reply.code, json: reply.json });
      } catch {
        finish({ code: 1, json: { error: "the server's answer could not be read" } });
      }
    });
    // nobody listening (ENOENT, ECONNREFUSED): the held-database message stands
    socket.on("error", () => finish(null));
    socket.on("close", () => finish(null));
  });
}
