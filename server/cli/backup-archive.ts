// The backup file of the embedded database (`fleet backup`, `fleet restore`, docs/cli.md): PGlite's data directory as
// a tar archive (Database.dump), gzip-compressed. PGlite's own dumpDataDir can compress too, but it would do so while
// it holds the database's statement queue; compressing here, after the copy is taken, keeps that pause to the copy
// itself. gzip (level 6) shrinks the mostly empty WAL segments and catalogs about tenfold, and PGlite's loadDataDir
// and `tar xzf` both read the result.
import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { CliError } from "./command";

/** the file holds password, secret and API-key hashes and encrypted webhook secrets: readable by its owner only */
export const BACKUP_FILE_MODE = 0o600;

const GZIP_MAGIC = [0x1f, 0x8b];
const TAR_BLOCK = 512;

/**
 * Writes the archive to `out` atomically: a temporary file beside it (owner-only from its creation), synced, then
 * moved into place, so `out` is either absent or complete. An existing `out` is refused unless `force`.
 */
export async function writeBackupFile(tar: Uint8Array, out: string, options: { force: boolean }): Promise<{ path: string; bytes: number }> {
  const target = path.resolve(out);
  refuseExisting(target, options.force);
  const compressed = await promisify(gzip)(tar);
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(4).toString("hex")}.partial`);
  let fd: number;
  try {
    fd = openSync(temporary, "wx", BACKUP_FILE_MODE);
  } catch (error) {
    throw new CliError(`cannot write the backup beside ${target}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  try {
    try {
      for (let offset = 0; offset < compressed.length; ) offset += writeSync(fd, compressed, offset);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (options.force) {
      renameSync(temporary, target);
    } else {
      // a hard link fails if `out` appeared meanwhile, where a rename would replace it
      try {
        linkSync(temporary, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") refuseExisting(target, false);
        throw error;
      }
      rmSync(temporary);
    }
  } finally {
    rmSync(temporary, { force: true });
  }
  syncDirectory(path.dirname(target));
  return { path: target, bytes: statSync(target).size };
}

function refuseExisting(target: string, force: boolean): void {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    const folder = path.dirname(target);
    try {
      if (statSync(folder).isDirectory()) return;
    } catch {
      // reported below
    }
    throw new CliError(`the folder ${folder} does not exist`);
  }
  if (stat.isDirectory()) throw new CliError(`${target} is a folder: give the backup file's path`);
  if (!force) throw new CliError(`${target} exists already: choose another path, or add --force to replace it`);
}

function syncDirectory(folder: string): void {
  const fd = openSync(folder, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads a backup file back as the tar archive of a PGlite data directory. Anything else (another file, a truncated
 * or corrupt archive, a tar of something else) is refused with a clear message before anything is touched.
 */
export async function readBackupFile(file: string): Promise<Uint8Array> {
  const source = path.resolve(file);
  let bytes: Buffer;
  try {
    bytes = readFileSync(source);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(code === "ENOENT" ? `no backup file at ${source}` : `cannot read ${source}: ${code ?? String(error)}`);
  }
  const notBackup = (why: string) => new CliError(`${source} is not a Fleetline backup (${why}); nothing was changed`);
  let tar: Uint8Array = bytes;
  if (bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1]) {
    try {
      tar = await promisify(gunzip)(bytes);
    } catch {
      throw notBackup("its gzip data is damaged or cut short");
    }
  }
  const entries = tarEntries(tar);
  if (!entries) throw notBackup("not a tar archive, or a damaged one");
  if (!entries.includes("/PG_VERSION")) throw notBackup("no database data directory in it");
  return tar;
}

/** the names in a ustar archive; null when the bytes are not one (or it is cut short) */
function tarEntries(tar: Uint8Array): string[] | null {
  const text = (from: number, length: number) => Buffer.from(tar.subarray(from, from + length)).toString("latin1").replace(/\0.*$/s, "");
  const names: string[] = [];
  let offset = 0;
  while (offset + TAR_BLOCK <= tar.length) {
    if (tar.subarray(offset, offset + TAR_BLOCK).every((byte) => byte === 0)) return names.length > 0 ? names : null;
    if (!text(offset + 257, 6).startsWith("ustar")) return null;
    const size = Number.parseInt(text(offset + 124, 12).trim() || "0", 8);
    if (!Number.isFinite(size) || size < 0) return null;
    const prefix = text(offset + 345, 155);
    const name = text(offset, 100);
    names.push(prefix ? `${prefix}/${name}` : name);
    offset += TAR_BLOCK + Math.ceil(size / TAR_BLOCK) * TAR_BLOCK;
  }
  // the archive ends before its end-of-archive blocks: cut short, unless the last entry ends exactly at the end
  return offset === tar.length && names.length > 0 ? names : null;
}
