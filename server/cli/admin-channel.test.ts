// N21: the admin channel (admin-channel.ts) runs every CLI command, user and key creation included, for whoever can
// connect to its socket. The socket exists owner-only from the moment it is created (never with the umask's mode
// first), and the channel stays closed in a DATA_DIR that other users may enter or that another user owns, saying in
// the log how to fix it; the CLI then neither connects to whatever socket lies there nor leaves the user guessing.
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "../env";
import { startAdminChannel } from "./admin-channel";
import { runOnServer } from "./admin-channel-client";
import { adminSocketPath } from "./admin-channel-path";
import { heldDataDirMessage } from "./database";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function dataDir(mode = 0o700): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fleetline-admin-"));
  dirs.push(dir);
  chmodSync(dir, mode);
  return dir;
}

function capturingLogger() {
  const lines: { level: number; msg: string; dataDir?: string }[] = [];
  const logger = pino({ level: "debug", base: undefined }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const config = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: tmpdir() });

describe("the admin channel's socket", () => {
  it("is owner-only the moment it exists, whatever the umask, and the umask is put back", async () => {
    const dir = dataDir();
    const modesAtCreation: number[] = [];
    const listen = net.Server.prototype.listen;
    // observe the socket file as soon as listen() has bound it (synchronously, for a path), before anything else runs
    vi.spyOn(net.Server.prototype, "listen").mockImplementation(function (this: net.Server, ...args: unknown[]) {
      const result = (listen as (...a: unknown[]) => net.Server).apply(this, args);
      if (typeof args[0] === "string") modesAtCreation.push(statSync(args[0]).mode & 0o777);
      return result;
    });
    const previous = process.umask(0o022); // the common umask: a socket created under it is 0755
    let channel;
    try {
      channel = await startAdminChannel({ dataDir: dir, config, logger: capturingLogger().logger });
      expect(process.umask(0o022)).toBe(0o022);
    } finally {
      process.umask(previous);
    }
    try {
      expect(channel).not.toBeNull();
      expect(modesAtCreation).toEqual([0o600]);
      expect(statSync(adminSocketPath(dir)).mode & 0o777).toBe(0o600);
      // and it answers the CLI
      const answer = await runOnServer(dir, ["account", "create", "--help"], dir, () => {});
      expect(answer).toMatchObject({ code: 0, json: { command: "account create" } });
    } finally {
      await channel?.close();
    }
  });

  it("stays closed in a DATA_DIR other users may enter, with a log line saying how to fix it", async () => {
    for (const mode of [0o755, 0o1777, 0o770]) {
      const dir = dataDir(mode);
      writeFileSync(path.join(dir, "notes.txt"), "not Fleetline's"); // the "not ours" case: the server leaves modes alone
      const { logger, lines } = capturingLogger();
      const channel = await startAdminChannel({ dataDir: dir, config, logger });
      expect(channel).toBeNull();
      expect(existsSync(adminSocketPath(dir))).toBe(false);
      expect(lines).toEqual([
        expect.objectContaining({
          level: 40,
          dataDir: dir,
          msg:
            `admin channel off: DATA_DIR is not owner-only (other users may enter it: mode ${(mode & 0o7777).toString(8).padStart(4, "0")}), ` +
            "so its socket would be the only barrier to every admin command. Make it owner-only " +
            `(chmod 700 ${dir}) or give Fleetline a directory of its own, then restart the server; until then the CLI cannot run beside this server`,
        }),
      ]);
    }
  });

  it.skipIf(process.getuid?.() !== 0)("stays closed in a DATA_DIR that another user owns (they could replace the socket)", async () => {
    const dir = dataDir(0o700);
    chownSync(dir, 65534, 65534);
    const { logger, lines } = capturingLogger();
    expect(await startAdminChannel({ dataDir: dir, config, logger })).toBeNull();
    expect(lines[0]!.msg).toContain("not owner-only (it belongs to another user: uid 65534, this process runs as uid 0)");
  });
});

describe("the CLI beside a server whose DATA_DIR is not owner-only", () => {
  it("does not connect to a socket it finds there, and says why it cannot reach the server", async () => {
    const dir = dataDir(0o755);
    // someone else's socket, waiting for a command line (which may carry a password)
    const received: string[] = [];
    const impostor = net.createServer((socket) => socket.on("data", (chunk) => received.push(chunk.toString())));
    await new Promise<void>((resolve) => impostor.listen(adminSocketPath(dir), resolve));
    try {
      expect(await runOnServer(dir, ["user", "create", "--password", "secret-pass"], dir, () => {})).toBeNull();
      expect(received).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => impostor.close(() => resolve()));
    }
    expect(heldDataDirMessage(dir, 4242)).toBe(
      `the embedded database in ${dir} is held by a running Fleetline server (pid 4242), which does not open its admin ` +
        `channel because DATA_DIR is not owner-only (other users may enter it: mode 0755). Make it owner-only ` +
        `(chmod 700 ${dir}) and restart the server, or stop the server and run the command again, or run Fleetline on PostgreSQL (DATABASE_URL)`,
    );
    const ownerOnly = dataDir(0o700);
    expect(heldDataDirMessage(ownerOnly, 4242)).toBe(
      `the embedded database in ${ownerOnly} is held by a running Fleetline server (pid 4242), which did not take the command ` +
        "(its admin channel, admin.sock in DATA_DIR, did not answer). Stop the server and run the command again, or run Fleetline on PostgreSQL (DATABASE_URL)",
    );
  });
});
