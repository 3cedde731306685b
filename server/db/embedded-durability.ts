// Makes a commit on the embedded database (PGlite on its Node filesystem) durable: acknowledged means on disk, also
// across a power loss or a kernel crash, as on PostgreSQL.
//
// Out of the box PGlite 0.5 gives no such promise, for two reasons (docs/configuration.md "What the embedded
// default promises"):
// 1. it starts Postgres with `-F` (fsync = off), so Postgres never asks for a sync;
// 2. even when asked, Emscripten's NODEFS has no `fsync` stream operation: the `fsync()` syscall returns success
//    without touching the disk (and `fdatasync()` is a no-op of its own).
// So the database is started without `-F` and with `wal_sync_method = fsync` (the one method that reaches the
// stream operation), and NODEFS gets the missing operation: `fs.fsyncSync` on the real file descriptor. Postgres
// then syncs the WAL before each commit returns, and data files and directories at each checkpoint, as it does on
// any other file system.
import { closeSync, fsyncSync, openSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/** PGlite 0.5.16's own start parameters (PGlite.defaultStartParams), for when a release stops exposing them */
const PGLITE_DEFAULT_START_PARAMS = [
  "--single", "-F", "-O", "-j",
  "-c", "search_path=public",
  "-c", "exit_on_error=false",
  "-c", "log_checkpoints=false",
  "-c", "max_worker_processes=0",
  "-c", "max_parallel_workers=0",
  "-c", "max_parallel_workers_per_gather=0",
  "-c", "io_method=sync",
  "-c", "max_parallel_maintenance_workers=0",
];

/** PGlite's start parameters with syncing on: no `-F`, and the WAL synced with fsync() (see the header). */
export function durableStartParams(pgliteClass: unknown): string[] {
  const defaults = (pgliteClass as { defaultStartParams?: unknown }).defaultStartParams;
  const base = Array.isArray(defaults) && defaults.every((p) => typeof p === "string") ? defaults : PGLITE_DEFAULT_START_PARAMS;
  return [...base.filter((p) => p !== "-F"), "-c", "fsync=on", "-c", "wal_sync_method=fsync"];
}

/** What reached the disk since the database opened (tests and diagnostics). */
export interface SyncCounter {
  /** fsync() calls that Postgres made and that were passed to the file system */
  syncs: number;
  /** of those, on WAL segments (one per commit that wrote WAL) */
  walSyncs: number;
}

interface EmscriptenStream {
  nfd?: number;
  path?: string;
}
interface EmscriptenNode {
  stream_ops?: { fsync?: (stream: EmscriptenStream) => number; write?: unknown };
}
interface PGliteModule {
  FS?: { lookupPath(path: string): { node: EmscriptenNode } };
  ENV?: Record<string, string>;
}

export class EmbeddedDurabilityError extends Error {}

/**
 * Gives PGlite's NODEFS the `fsync` it lacks. Throws when this PGlite release is shaped differently, so an upgrade
 * can never quietly drop the promise (the start-up fails with a message instead).
 */
export function enableNodeFsync(pglite: PGlite): SyncCounter {
  const mod = (pglite as unknown as { mod?: PGliteModule }).mod;
  const pgData = mod?.ENV?.PGDATA;
  if (!mod?.FS || !pgData) throw new EmbeddedDurabilityError("this PGlite release does not expose its file system: commits could not be made durable");
  const ops = mod.FS.lookupPath(`${pgData}/PG_VERSION`).node.stream_ops;
  if (!ops || typeof ops.write !== "function") {
    throw new EmbeddedDurabilityError("this PGlite release keeps its data elsewhere than NODEFS: commits could not be made durable");
  }
  const counter: SyncCounter = { syncs: 0, walSyncs: 0 };
  const walPrefix = `${pgData}/pg_wal/`;
  // NODEFS shares one stream_ops object between all its nodes: this adds the operation for every file and directory
  ops.fsync = (stream) => {
    if (stream.nfd === undefined) return 0;
    fsyncSync(stream.nfd);
    counter.syncs++;
    if (stream.path?.startsWith(walPrefix)) counter.walSyncs++;
    return 0;
  };
  return counter;
}

/**
 * Syncs every file and directory under `dir` once. A new database is created (initdb) before the sync operation
 * exists, and its files would otherwise sit in the page cache until the kernel writes them back.
 */
export function syncTree(dir: string): number {
  let count = 0;
  const visit = (target: string) => {
    const stat = statSync(target);
    if (stat.isDirectory()) for (const entry of readdirSync(target)) visit(path.join(target, entry));
    if (!stat.isDirectory() && !stat.isFile()) return;
    const fd = openSync(target, "r");
    try {
      fsyncSync(fd);
      count++;
    } finally {
      closeSync(fd);
    }
  };
  visit(dir);
  return count;
}
