// The CLI beside a running server on the embedded database (operations.md "Admin CLI": "the server lends its
// database to local tools"). PGlite serves one process, so the server that holds DATA_DIR listens on a Unix socket
// in it; a `fleet` command that finds the database held sends its command line there, and the server runs it, with
// the CLI's own parsing and use cases (execute.ts), on its open database, and answers the one JSON object the CLI
// prints. Only DATA_DIR's owner can reach the socket (owner-only directory and socket), the same person who could
// stop the server and open the database. A change made this way is announced on the server's hub, so it reaches
// open streams and evaluators at once. Flags are never logged: they may carry a password.
// The barrier is the file system (N21): the socket is created under umask 0177, so it is 0600 from the moment it
// exists (no window with the umask's mode), in a DATA_DIR the server's user owns and nobody else may enter; the
// channel is not opened in any other DATA_DIR. Node has no API for the peer's credentials (SO_PEERCRED) without a
// native addon, and it would add nothing here: connecting needs write permission on the socket and search permission
// on the directory, which only the server's own user (and root, who can read the database files anyway) has.
import { chmodSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Logger } from "pino";
import { notOwnerOnly } from "../data-dir";
import type { Env } from "../env";
import { adminSocketPath, MAX_ADMIN_MESSAGE_BYTES, MAX_SOCKET_PATH } from "./admin-channel-path";
import { EXIT } from "./command";
import { executeCli, type CliOutcome } from "./execute";

/** the umask while the socket is created: read and write for the owner only (0600) */
const SOCKET_UMASK = 0o177;

/** a client that sends nothing complete within this long is dropped */
const REQUEST_TIMEOUT_MS = 10_000;

export interface AdminChannel {
  path: string;
  close(): Promise<void>;
}

export async function startAdminChannel(options: { dataDir: string; config: Env; logger: Logger }): Promise<AdminChannel | null> {
  const { logger } = options;
  const socketPath = adminSocketPath(options.dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    logger.warn({ path: socketPath }, "admin channel off: DATA_DIR's path is too long for a Unix socket (the CLI cannot run beside this server)");
    return null;
  }
  const exposed = notOwnerOnly(options.dataDir);
  if (exposed) {
    const dir = path.resolve(options.dataDir);
    logger.warn(
      { dataDir: dir },
      `admin channel off: DATA_DIR is not owner-only (${exposed}), so its socket would be the only barrier to every ` +
        `admin command. Make it owner-only (chmod 700 ${dir}) or give Fleetline a directory of its own, then restart ` +
        "the server; until then the CLI cannot run beside this server",
    );
    return null;
  }
  // this server holds DATA_DIR's lock: a socket file here is one a stopped server left behind
  rmSync(socketPath, { force: true });
  const running = new Set<Promise<unknown>>();

  const server = net.createServer((socket) => {
    let request = "";
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
    socket.on("error", () => {});
    const reply = (outcome: CliOutcome & { stderr?: string }) => socket.end(`${JSON.stringify(outcome)}\n`);
    socket.on("data", (chunk: Buffer) => {
      if (request.includes("\n")) return; // one command per connection; the rest is ignored
      request += chunk.toString("utf8");
      if (request.length > MAX_ADMIN_MESSAGE_BYTES) return void reply({ code: EXIT.USAGE, json: { error: "command line too long" } });
      const end = request.indexOf("\n");
      if (end === -1) return;
      socket.setTimeout(0); // the command may take long (a backup); the client bounds its own wait
      const parsed = parseRequest(request.slice(0, end));
      if (!parsed) return void reply({ code: EXIT.USAGE, json: { error: "malformed admin request" } });
      const { args, cwd } = parsed;
      let stderr = "";
      const work = executeCli(args, options.config, { stderr: (text) => void (stderr += text), database: "ready", cwd })
        .then((outcome) => {
          logger.info({ command: args.slice(0, 2).join(" "), code: outcome.code }, "command run for the CLI");
          reply({ code: outcome.code, json: outcome.json, stderr });
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, "admin command failed");
          reply({ code: EXIT.FAILED, json: { error: "unexpected error" } });
        });
      running.add(work);
      void work.finally(() => running.delete(work));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // listen() binds a path synchronously: the umask in force then is the socket's mode, 0600 from its first moment.
    // The umask is the process's, so it is put back at once (nothing else runs in between).
    const umask = process.umask(SOCKET_UMASK);
    try {
      server.listen(socketPath, () => {
        server.off("error", reject);
        resolve();
      });
    } finally {
      process.umask(umask);
    }
  });
  chmodSync(socketPath, 0o600); // already so; says what the mode is meant to be
  logger.info({ path: socketPath }, "admin channel listening (the CLI runs beside this server)");

  return {
    path: socketPath,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled(running);
      rmSync(socketPath, { force: true });
    },
  };
}

/** `{"args": [...], "cwd": "/abs"}`: the command line, and the CLI's folder for relative paths (e.g. backup --out) */
function parseRequest(line: string): { args: string[]; cwd?: string } | null {
  try {
    const parsed = JSON.parse(line) as { args?: unknown; cwd?: unknown };
    if (!Array.isArray(parsed.args) || parsed.args.length > 200) return null;
    if (!parsed.args.every((arg): arg is string => typeof arg === "string")) return null;
    if (parsed.cwd !== undefined && (typeof parsed.cwd !== "string" || !path.isAbsolute(parsed.cwd))) return null;
    return { args: parsed.args, cwd: parsed.cwd };
  } catch {
    return null;
  }
}
