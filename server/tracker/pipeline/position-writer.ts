// Batched, durable position storage. Callers hand over the rows of one packet and await their batch: rows from
// many devices are written together, flushed when MAX_BATCH rows wait or FLUSH_MS after the first one arrived,
// in one statement with the per-asset latest state. Duplicates (same asset and fix time) are skipped by the
// database and reported back, so they are neither published nor counted twice.
import type { Db } from "../../db/client";
import type { LivePosition } from "../../modules/positions/live-position";

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

  /**
   * One statement per batch, one round trip: the rows go in as column arrays (unnest), duplicates are skipped by the
   * (asset_id, fix_time) key, and the per-asset state is upserted from the rows that were really inserted. A single
   * statement is atomic, so positions and states commit together.
   */
  private async store(batch: Pending[]): Promise<Map<number, Set<number>>> {
    const rows = batch.flatMap((item) => item.rows);
    const states = batch.map((item) => item.state).filter((s): s is StateRow => s !== null);
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    const column = <T>(pick: (row: PositionRow) => T) => rows.map(pick);
    const inserted = await this.prisma.$queryRawUnsafe<{ asset_id: number; t: number }[]>(
      `WITH ins AS (
         INSERT INTO positions (asset_id, tracker_id, fix_time, received_at, ws_seq, latitude, longitude, altitude, speed,
                                course, satellites, priority, event_io_id, ignition, moving, odometer, street, town,
                                country, io, trip_id)
         SELECT * FROM unnest($1::int[], $2::int[], $3::text[]::timestamptz[], $4::text[]::timestamptz[], $5::bigint[],
                              $6::float8[], $7::float8[], $8::int[], $9::int[], $10::int[], $11::int[], $12::int[],
                              $13::int[], $14::bool[], $15::bool[], $16::float8[], $17::text[], $18::text[], $19::text[],
                              $20::text[]::jsonb[], $21::int[])
         ON CONFLICT (asset_id, fix_time) DO NOTHING
         RETURNING id, asset_id, fix_time
       ), states AS (
         INSERT INTO asset_states (asset_id, position_id, fix_time, received_at, ws_seq, date_moved, odometer, open_trip_id, payload)
         SELECT s.asset_id, ins.id, s.fix_time, s.received_at, s.ws_seq, s.date_moved, s.odometer, s.open_trip_id, s.payload
         FROM unnest($22::int[], $23::text[]::timestamptz[], $24::text[]::timestamptz[], $25::bigint[],
                     $26::text[]::timestamptz[], $27::float8[], $28::int[], $29::text[]::jsonb[])
              AS s(asset_id, fix_time, received_at, ws_seq, date_moved, odometer, open_trip_id, payload)
         JOIN ins ON ins.asset_id = s.asset_id AND ins.fix_time = s.fix_time
         ON CONFLICT (asset_id) DO UPDATE SET
           position_id = EXCLUDED.position_id, fix_time = EXCLUDED.fix_time, received_at = EXCLUDED.received_at,
           ws_seq = EXCLUDED.ws_seq, date_moved = EXCLUDED.date_moved, odometer = EXCLUDED.odometer,
           open_trip_id = EXCLUDED.open_trip_id, payload = EXCLUDED.payload
         WHERE asset_states.fix_time < EXCLUDED.fix_time -- an older packet arriving late never overwrites a newer state
       )
       SELECT asset_id, (extract(epoch FROM fix_time) * 1000)::float8 AS t FROM ins`,
      column((r) => r.assetId),
      column((r) => r.trackerId),
      column((r) => iso(r.fixTime)),
      column((r) => iso(r.receivedAt)),
      column((r) => (r.wsSeq === null ? null : String(r.wsSeq))),
      column((r) => r.latitude),
      column((r) => r.longitude),
      column((r) => r.altitude),
      column((r) => r.speed),
      column((r) => r.course),
      column((r) => r.satellites),
      column((r) => r.priority),
      column((r) => r.eventIoId),
      column((r) => r.ignition),
      column((r) => r.moving),
      column((r) => r.odometer),
      column((r) => r.street),
      column((r) => r.town),
      column((r) => r.country),
      column((r) => JSON.stringify(r.io)),
      column((r) => r.tripId),
      states.map((s) => s.assetId),
      states.map((s) => iso(s.fixTime)),
      states.map((s) => iso(s.receivedAt)),
      states.map((s) => String(s.wsSeq)),
      states.map((s) => iso(s.dateMoved)),
      states.map((s) => s.odometer),
      states.map((s) => s.openTripId),
      states.map((s) => JSON.stringify(s.payload)),
    );
    const stored = new Map<number, Set<number>>();
    for (const row of inserted) {
      const times = stored.get(row.asset_id) ?? new Set<number>();
      times.add(Math.round(Number(row.t)));
      stored.set(row.asset_id, times);
    }
    return stored;
  }
}
