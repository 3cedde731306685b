// Batched, durable position storage. Callers hand over what one packet of one asset produced (position rows, the
// asset's newest state, trip changes) and await their batch: packets of many devices are written together, flushed
// when MAX_BATCH rows wait or FLUSH_MS after the first one arrived, as one statement. Duplicates (same asset and fix
// time) are skipped by the database and reported back, so they are neither published nor counted twice.
import type { SqlClient } from "../../db/client";
import type { LivePosition } from "../../modules/positions/live-position";
import type { IoValue } from "../protocols/teltonika/decoder";

export interface PositionRow {
  assetId: number;
  trackerId: number;
  fixTime: number; // epoch ms
  receivedAt: number; // epoch ms
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
  /** IO elements as the device sent them, by AVL id (named when read) */
  avlIo: Record<number, IoValue>;
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

/** a trip as it stands after this packet (inserted when new, replaced otherwise) */
export interface TripRow {
  id: number;
  assetId: number;
  startedAt: number; // epoch ms
  endedAt: number | null;
  startLat: number;
  startLng: number;
  endLat: number;
  endLng: number;
  distanceM: number;
  maxSpeed: number;
  trail: [number, number, number][];
  score: number;
  harshEvents: number;
}

export interface PacketWrite {
  rows: PositionRow[];
  state: StateRow | null;
  trips: TripRow[];
}

interface Pending extends PacketWrite {
  resolve: (stored: Set<number>) => void; // fix times stored now (not duplicates)
  reject: (error: Error) => void;
}

export const FLUSH_MS = 15;
export const MAX_BATCH = 1000;

export class PositionWriter {
  private pending: Pending[] = [];
  private pendingRows = 0;
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private running = 0;
  private readonly idle: (() => void)[] = [];

  constructor(
    private readonly sql: SqlClient,
    private readonly maxConcurrentFlushes = 2,
  ) {}

  /** resolves with the fix times of `rows` that were stored (not duplicates), once they are committed */
  write(packet: PacketWrite): Promise<Set<number>> {
    if (packet.rows.length === 0 && packet.trips.length === 0) return Promise.resolve(new Set());
    return new Promise((resolve, reject) => {
      this.pending.push({ ...packet, resolve, reject });
      this.pendingRows += Math.max(1, packet.rows.length);
      if (this.pendingRows >= MAX_BATCH) this.flushSoon(0);
      else if (this.running === 0) this.flushImmediately();
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

  /**
   * Nothing is being written: write what arrived in this turn of the event loop right away instead of waiting for the
   * timer. Under load a flush is always running and batches grow by themselves while it runs (group commit), so the
   * wait only costs latency when the database is idle anyway.
   */
  private flushImmediately() {
    if (this.immediate) return;
    this.immediate = setImmediate(() => {
      this.immediate = undefined;
      clearTimeout(this.timer);
      this.timer = undefined;
      this.flush();
    });
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
        if (this.pending.length === 0) return;
        if (this.pendingRows >= MAX_BATCH || this.running === 0) this.flushSoon(0);
        else this.flushSoon(FLUSH_MS);
      });
  }

  /**
   * One statement per batch, one round trip: values go in as column arrays (unnest); duplicate positions are skipped
   * by the (asset_id, fix_time) key; trips are upserted by id; the per-asset state is upserted from the rows that were
   * really inserted, never over a newer one. A single statement is atomic, so all of it commits together.
   */
  private async store(batch: Pending[]): Promise<Map<number, Set<number>>> {
    const rows: PositionRow[] = [];
    const states: StateRow[] = [];
    const trips: TripRow[] = [];
    for (const item of batch) {
      for (const row of item.rows) rows.push(row);
      for (const trip of item.trips) trips.push(trip);
      if (item.state) states.push(item.state);
    }
    const inserted = await this.sql.query<{ asset_id: number; t: number }>(STORE_BATCH, [
      ...positionColumns(rows),
      ...stateColumns(states),
      ...tripColumns(trips),
    ]);
    const stored = new Map<number, Set<number>>();
    for (const row of inserted) {
      let times = stored.get(row.asset_id);
      if (!times) stored.set(row.asset_id, (times = new Set()));
      times.add(Math.round(Number(row.t)));
    }
    return stored;
  }
}

function positionColumns(rows: PositionRow[]): unknown[] {
  const n = rows.length;
  const cols = Array.from({ length: 21 }, () => new Array<unknown>(n));
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    cols[0]![i] = r.assetId;
    cols[1]![i] = r.trackerId;
    cols[2]![i] = r.fixTime;
    cols[3]![i] = r.receivedAt;
    cols[4]![i] = r.wsSeq;
    cols[5]![i] = r.latitude;
    cols[6]![i] = r.longitude;
    cols[7]![i] = r.altitude;
    cols[8]![i] = r.speed;
    cols[9]![i] = r.course;
    cols[10]![i] = r.satellites;
    cols[11]![i] = r.priority;
    cols[12]![i] = r.eventIoId;
    cols[13]![i] = r.ignition;
    cols[14]![i] = r.moving;
    cols[15]![i] = r.odometer;
    cols[16]![i] = r.street;
    cols[17]![i] = r.town;
    cols[18]![i] = r.country;
    cols[19]![i] = JSON.stringify(r.avlIo);
    cols[20]![i] = r.tripId;
  }
  return cols;
}

function stateColumns(states: StateRow[]): unknown[] {
  return [
    states.map((s) => s.assetId),
    states.map((s) => s.fixTime),
    states.map((s) => s.receivedAt),
    states.map((s) => s.wsSeq),
    states.map((s) => s.dateMoved),
    states.map((s) => s.odometer),
    states.map((s) => s.openTripId),
    states.map((s) => JSON.stringify(s.payload)),
  ];
}

function tripColumns(trips: TripRow[]): unknown[] {
  return [
    trips.map((t) => t.id),
    trips.map((t) => t.assetId),
    trips.map((t) => t.startedAt),
    trips.map((t) => t.endedAt),
    trips.map((t) => t.startLat),
    trips.map((t) => t.startLng),
    trips.map((t) => t.endLat),
    trips.map((t) => t.endLng),
    trips.map((t) => t.distanceM),
    trips.map((t) => t.maxSpeed),
    trips.map((t) => JSON.stringify(t.trail)),
    trips.map((t) => t.score),
    trips.map((t) => t.harshEvents),
  ];
}

// Times travel as epoch milliseconds (float8) and become timestamptz in the database: no date strings to build
// and parse for every row.
const ms = (param: string) => `to_timestamp(${param} / 1000.0)`;

const STORE_BATCH = `
WITH ins AS (
  INSERT INTO positions (asset_id, tracker_id, fix_time, received_at, ws_seq, latitude, longitude, altitude, speed,
                         course, satellites, priority, event_io_id, ignition, moving, odometer, street, town, country,
                         avl_io, trip_id)
  SELECT asset_id, tracker_id, ${ms("fix_ms")}, ${ms("received_ms")}, ws_seq, latitude, longitude, altitude, speed,
         course, satellites, priority, event_io_id, ignition, moving, odometer, street, town, country, avl_io::jsonb,
         trip_id
  FROM unnest($1::int[], $2::int[], $3::float8[], $4::float8[], $5::bigint[], $6::float8[], $7::float8[], $8::int[],
              $9::int[], $10::int[], $11::int[], $12::int[], $13::int[], $14::bool[], $15::bool[], $16::float8[],
              $17::text[], $18::text[], $19::text[], $20::text[], $21::int[])
       AS p(asset_id, tracker_id, fix_ms, received_ms, ws_seq, latitude, longitude, altitude, speed, course,
            satellites, priority, event_io_id, ignition, moving, odometer, street, town, country, avl_io, trip_id)
  ON CONFLICT (asset_id, fix_time) DO NOTHING
  RETURNING id, asset_id, fix_time
), states AS (
  INSERT INTO asset_states (asset_id, position_id, fix_time, received_at, ws_seq, date_moved, odometer, open_trip_id,
                            payload)
  SELECT s.asset_id, ins.id, ins.fix_time, ${ms("s.received_ms")}, s.ws_seq, ${ms("s.moved_ms")}, s.odometer,
         s.open_trip_id, s.payload::jsonb
  FROM unnest($22::int[], $23::float8[], $24::float8[], $25::bigint[], $26::float8[], $27::float8[], $28::int[],
              $29::text[])
       AS s(asset_id, fix_ms, received_ms, ws_seq, moved_ms, odometer, open_trip_id, payload)
  JOIN ins ON ins.asset_id = s.asset_id AND ins.fix_time = ${ms("s.fix_ms")}::timestamptz(3)
  ON CONFLICT (asset_id) DO UPDATE SET
    position_id = EXCLUDED.position_id, fix_time = EXCLUDED.fix_time, received_at = EXCLUDED.received_at,
    ws_seq = EXCLUDED.ws_seq, date_moved = EXCLUDED.date_moved, odometer = EXCLUDED.odometer,
    open_trip_id = EXCLUDED.open_trip_id, payload = EXCLUDED.payload
  WHERE asset_states.fix_time < EXCLUDED.fix_time -- an older packet arriving late never overwrites a newer state
), trips_written AS (
  INSERT INTO trips (id, asset_id, started_at, ended_at, start_lat, start_lng, end_lat, end_lng, distance_m, max_speed,
                     trail, score, harsh_events)
  SELECT id, asset_id, ${ms("started_ms")}, ${ms("ended_ms")}, start_lat, start_lng, end_lat, end_lng, distance_m,
         max_speed, trail::jsonb, score, harsh_events
  FROM unnest($30::int[], $31::int[], $32::float8[], $33::float8[], $34::float8[], $35::float8[], $36::float8[],
              $37::float8[], $38::float8[], $39::int[], $40::text[], $41::int[], $42::int[])
       AS t(id, asset_id, started_ms, ended_ms, start_lat, start_lng, end_lat, end_lng, distance_m, max_speed, trail,
            score, harsh_events)
  ON CONFLICT (id) DO UPDATE SET
    ended_at = EXCLUDED.ended_at, end_lat = EXCLUDED.end_lat, end_lng = EXCLUDED.end_lng,
    distance_m = EXCLUDED.distance_m, max_speed = EXCLUDED.max_speed, trail = EXCLUDED.trail,
    score = EXCLUDED.score, harsh_events = EXCLUDED.harsh_events
)
SELECT asset_id, extract(epoch FROM fix_time)::float8 * 1000 AS t FROM ins`;
