// Batched, durable position storage. Callers hand over the rows of one packet and await their batch: rows from
// many devices are written together, flushed when MAX_BATCH rows wait or FLUSH_MS after the first one arrived,
// in one transaction with the per-asset latest state. Duplicates (same asset and fix time) are skipped by the
// database and reported back, so they are neither published nor counted twice.
import type { Db } from "../../db/client";
import type { LivePosition } from "../../modules/positions/live-position";
import { Prisma } from "../../generated/prisma/client";

export interface PositionRow {
  assetId: number;
  trackerId: number;
  fixTime: number; // epoch ms
  receivedAt: number;
  wsSeq: number | null;
  latitude: number;
  longitude: number;
  altitude: number;
  speed: number;
  course: number;
  satellites: number;
  priority: number;
  eventIoId: number;
  ignition: boolean | null;
  moving: boolean;
  odometer: number | null;
  street: string | null;
  town: string | null;
  country: string | null;
  io: Record<string, unknown>;
  tripId: number | null;
}

/** the newest live position of an asset in this packet, for asset_states */
export interface StateRow {
  assetId: number;
  fixTime: number;
  receivedAt: number;
  wsSeq: number;
  dateMoved: number | null;
  odometer: number | null;
  openTripId: number | null;
  payload: LivePosition;
}

interface Pending {
  rows: PositionRow[];
  state: StateRow | null;
  resolve: (stored: Set<number>) => void; // fix times stored now (not duplicates)
  reject: (error: Error) => void;
}

export const FLUSH_MS = 15;
export const MAX_BATCH = 1000;

export class PositionWriter {
  private pending: Pending[] = [];
  private pendingRows = 0;
  private timer: NodeJS.Timeout | undefined;
  private running = 0;
  private readonly idle: (() => void)[] = [];

  constructor(
    private readonly prisma: Db,
    private readonly maxConcurrentFlushes = 2,
  ) {}

  write(rows: PositionRow[], state: StateRow | null): Promise<Set<number>> {
    if (rows.length === 0) return Promise.resolve(new Set());
    return new Promise((resolve, reject) => {
      this.pending.push({ rows, state, resolve, reject });
      this.pendingRows += rows.length;
      if (this.pendingRows >= MAX_BATCH) this.flushSoon(0);
      else this.flushSoon(FLUSH_MS);
    });
  }

  /** resolves when everything handed over so far is stored (graceful shutdown) */
  async drain(): Promise<void> {
    while (this.pending.length > 0 || this.running > 0) {
      if (this.pending.length > 0 && this.running < this.maxConcurrentFlushes) this.flush();
      await new Promise<void>((resolve) => this.idle.push(resolve));
    }
  }

  private flushSoon(delay: number) {
    if (delay === 0) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.flush();
    } else {
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        this.flush();
      }, delay);
    }
  }

  private flush() {
    if (this.pending.length === 0) return;
    if (this.running >= this.maxConcurrentFlushes) return; // the running flush picks the rest up when it ends
    const batch = this.pending;
    this.pending = [];
    this.pendingRows = 0;
    this.running++;
    this.store(batch)
      .then(
        (stored) => {
          for (const item of batch) {
            const mine = new Set<number>();
            for (const row of item.rows) if (stored.get(row.assetId)?.has(row.fixTime)) mine.add(row.fixTime);
            item.resolve(mine);
          }
        },
        (error: Error) => batch.forEach((item) => item.reject(error)),
      )
      .finally(() => {
        this.running--;
        this.idle.splice(0).forEach((wake) => wake());
        if (this.pending.length > 0) this.flushSoon(this.pendingRows >= MAX_BATCH ? 0 : FLUSH_MS);
      });
  }

  private async store(batch: Pending[]): Promise<Map<number, Set<number>>> {
    const rows = batch.flatMap((item) => item.rows);
    const states = batch.map((item) => item.state).filter((s): s is StateRow => s !== null);
    return this.prisma.$transaction(async (tx) => {
      const inserted = await tx.position.createManyAndReturn({
        data: rows.map((row) => ({
          ...row,
          fixTime: new Date(row.fixTime),
          receivedAt: new Date(row.receivedAt),
          wsSeq: row.wsSeq === null ? null : BigInt(row.wsSeq),
          io: row.io as Prisma.InputJsonValue,
        })),
        skipDuplicates: true,
        select: { id: true, assetId: true, fixTime: true },
      });
      const stored = new Map<number, Set<number>>();
      const ids = new Map<string, bigint>();
      for (const row of inserted) {
        const time = row.fixTime.getTime();
        if (!stored.has(row.assetId)) stored.set(row.assetId, new Set());
        stored.get(row.assetId)!.add(time);
        ids.set(`${row.assetId}:${time}`, row.id);
      }
      const fresh = states.filter((s) => ids.has(`${s.assetId}:${s.fixTime}`));
      if (fresh.length > 0) await upsertStates(tx, fresh, ids);
      return stored;
    });
  }
}

async function upsertStates(tx: Prisma.TransactionClient, states: StateRow[], ids: Map<string, bigint>) {
  const values: unknown[] = [];
  const tuples = states.map((s) => {
    const base = values.length;
    values.push(
      s.assetId,
      ids.get(`${s.assetId}:${s.fixTime}`)!.toString(),
      new Date(s.fixTime).toISOString(),
      new Date(s.receivedAt).toISOString(),
      String(s.wsSeq),
      s.dateMoved === null ? null : new Date(s.dateMoved).toISOString(),
      s.odometer,
      s.openTripId,
      JSON.stringify(s.payload),
    );
    const p = (i: number) => `$${base + i}`;
    return `(${p(1)}::int, ${p(2)}::bigint, ${p(3)}::timestamptz, ${p(4)}::timestamptz, ${p(5)}::bigint, ${p(6)}::timestamptz, ${p(7)}::float8, ${p(8)}::int, ${p(9)}::jsonb)`;
  });
  // an older packet arriving late never overwrites a newer state
  await tx.$executeRawUnsafe(
    `INSERT INTO asset_states (asset_id, position_id, fix_time, received_at, ws_seq, date_moved, odometer, open_trip_id, payload)
     VALUES ${tuples.join(", ")}
     ON CONFLICT (asset_id) DO UPDATE SET
       position_id = EXCLUDED.position_id, fix_time = EXCLUDED.fix_time, received_at = EXCLUDED.received_at,
       ws_seq = EXCLUDED.ws_seq, date_moved = EXCLUDED.date_moved, odometer = EXCLUDED.odometer,
       open_trip_id = EXCLUDED.open_trip_id, payload = EXCLUDED.payload
     WHERE asset_states.fix_time < EXCLUDED.fix_time`,
    ...values,
  );
}
