// DATA_DIR holds the embedded database (password, secret and API-key hashes), the generated AUTH_SECRET and the mail
// and SMS outboxes: readable by the owner only. PGlite creates its files world-writable (0666) whatever the umask,
// so the directory itself is what keeps other local users out (0700 blocks traversal); every file is still
// tightened to 0600 at start, so a directory copied or restored elsewhere does not carry loose modes with it.
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

/** group and other bits: any of them set means someone besides the owner may read, write or enter */
const NOT_OWNER = 0o077;
/** the sticky bit marks a shared directory such as /tmp */
const STICKY = 0o1000;
/** what Fleetline writes into DATA_DIR: one of them present means the directory is Fleetline's */
const OWN_ENTRIES = ["PG_VERSION", "fleetline.lock", "auth-secret", "outbox", "sms-outbox", "demo-fleet", "demo-credentials.txt"];

export interface SecuredDataDir {
  /** the absolute directory */
  dir: string;
  /** true when this call created it */
  created: boolean;
  /** paths (relative to dir) whose modes were loosened before and are now owner-only */
  tightened: string[];
  /**
   * true when the directory was left as it is because it is not Fleetline's: a shared directory (sticky bit, as
   * /tmp) or one holding other things and nothing Fleetline writes. Changing modes there would break whatever else
   * lives in it (a recursive chmod of /tmp takes the execute bit off every program under it).
   */
  notOurs: boolean;
}

/**
 * Creates `dir` owner-only (0700) or, when it exists and is Fleetline's (empty, or holding what Fleetline writes),
 * takes group and other permissions away from it and from everything under it (directories 0700, files 0600).
 * Symbolic links are left alone (their targets are not ours). A directory that is not Fleetline's is not touched.
 */
export function secureDataDir(dir: string): SecuredDataDir {
  const absolute = path.resolve(dir);
  let created = false;
  try {
    lstatSync(absolute);
  } catch {
    // recursive mkdir applies the mode to every directory it creates
    mkdirSync(absolute, { recursive: true, mode: DATA_DIR_MODE });
    created = true;
  }
  if (!created && !isOurs(absolute)) return { dir: absolute, created, tightened: [], notOurs: true };
  const tightened: string[] = [];
  tighten(absolute, absolute, tightened);
  return { dir: absolute, created, tightened, notOurs: false };
}

/** an empty directory, or one holding something Fleetline writes, and not a shared one */
function isOurs(dir: string): boolean {
  if ((lstatSync(dir).mode & STICKY) !== 0) return false;
  return readdirSync(dir).length === 0 || OWN_ENTRIES.some((entry) => existsSync(path.join(dir, entry)));
}

function tighten(root: string, target: string, tightened: string[]): void {
  const stat = lstatSync(target);
  if (stat.isSymbolicLink()) return;
  const wanted = stat.isDirectory() ? DATA_DIR_MODE : DATA_FILE_MODE;
  if ((stat.mode & NOT_OWNER) !== 0) {
    chmodSync(target, wanted);
    tightened.push(path.relative(root, target) || ".");
  }
  if (!stat.isDirectory()) return;
  for (const entry of readdirSync(target)) tighten(root, path.join(target, entry), tightened);
}

/**
 * Why `dir` is not this process's alone, or null when it is: another user owns it (they could replace anything in
 * it, a socket included), or its mode lets other users enter or write it (group or other bits, a shared /tmp). The
 * admin channel opens only in an owner-only DATA_DIR, and the CLI connects only to a socket in one (N21).
 */
export function notOwnerOnly(dir: string): string | null {
  const stat = statSync(dir);
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) return `it belongs to another user: uid ${stat.uid}, this process runs as uid ${uid}`;
  if ((stat.mode & NOT_OWNER) !== 0) return `other users may enter it: mode ${(stat.mode & 0o7777).toString(8).padStart(4, "0")}`;
  return null;
}
