// Where a server that holds the embedded database listens for the CLI beside it: a Unix socket in DATA_DIR, which
// only DATA_DIR's owner can reach (the directory is owner-only, the socket too).
import path from "node:path";

export const ADMIN_SOCKET = "admin.sock";

/** Unix socket paths are limited to about 107 bytes (sun_path); a longer one cannot be listened on */
export const MAX_SOCKET_PATH = 100;

export function adminSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), ADMIN_SOCKET);
}

/** the longest request or answer line: a command line, or the one JSON object it prints */
export const MAX_ADMIN_MESSAGE_BYTES = 1024 * 1024;
