// Batched, durable position storage. Callers hand over what one packet of one asset produced (position rows, the
// asset's newest state, trip changes) and await their batch: packets of many devices are written together, flushed
// when MAX_BATCH rows wait or FLUSH_MS after the first one arrived, as one statement. Duplicates (same asset and fix
// time) are skipped by the database and reported back, so they are neither published nor counted twice. One packet
// the database refuses is isolated (the batch is bisected), so it never blocks the other devices' acknowledgements.
// The same statement checks that each packet's tracker still belongs to its asset and raises live rows' wsSeq above
// the asset's stored one (see STORE_BATCH).
import type { SqlClient } from "../../db/client";
import { metrics } from "../../metrics/registry";
import type { LivePosition } from "../../modules/positions/live-position";
import type { RawIoValue } from "../record";
import { EndSessionError } from "../tracker-sink";
import type { PositionFlag } from "./record-flags";

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
  /** IO elements as the device sent them, by the protocol's ids (named when read) */
  avlIo: Record<string, RawIoValue>;
  tripId: number | null;
  /** set for a record kept out of the live state (record-flags.ts) */
  flag: PositionFlag | null;
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

/** who sent the packet: it is stored only while this tracker (id and IMEI) is still fitted to this asset */
export interface PacketOwner {
  assetId: number;
  trackerId: number;
  imei: string;
}

export interface PacketWrite {
  owner: PacketOwner;
  rows: PositionRow[];
  state: StateRow | null;
  trips: TripRow[];
}

interface Pending extends PacketWrite {
  resolve: (stored: StoredRows) => void;
  reject: (error: Error) => void;
}

/** the database refused this packet's data on its own (it failed alone after its batch was split) */
export class PacketRefusedError extends EndSessionError {
  constructor(readonly cause: Error) {
    super(`the database refused the packet: ${cause.message}`);
    this.name = "PacketRefusedError";
  }
}

/**
 * The packet's tracker is no longer fitted to its asset (the asset was deleted, the tracker removed or re-numbered)
 * when the statement ran: nothing of it was stored, and the device's session must end (it is looked up afresh at its
 * next login).
 */
export class TrackerDisownedError extends EndSessionError {
  constructor(readonly owner: PacketOwner) {
    super(`tracker ${owner.trackerId} (IMEI ${owner.imei}) is no longer fitted to asset ${owner.assetId}`);
    this.name = "TrackerDisownedError";
  }
}

/** SQLSTATE classes 22 (data exception) and 23 (integrity constraint violation), from pg and PGlite alike */
function isDataError(error: unknown): boolean {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" && (code.startsWith("22") || code.startsWith("23"));
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

  private readonly statement: string;

  /**
   * `options.rollups` (default true; REPORT_ROLLUPS=0 turns it off, for measuring ingest without it): the batch
   * statement also marks the report day rollup of each stored record dirty (MARK_DAYS below).
   */
  constructor(
    private readonly sql: SqlClient,
    private readonly maxConcurrentFlushes = 2,
    options: { rollups?: boolean } = {},
  ) {
    this.statement = options.rollups === false ? STORE_BATCH : STORE_BATCH_MARKING_DAYS;
  }

  /** resolves with the rows of the packet that were stored now (not duplicates), once they are committed */
  write(packet: PacketWrite): Promise<StoredRows> {
    if (packet.rows.length === 0 && packet.trips.length === 0) return Promise.resolve(new Map());
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
    this.storeIsolating(batch).finally(() => {
      this.running--;
      this.idle.splice(0).forEach((wake) => wake());
      if (this.pending.length === 0) return;
      if (this.pendingRows >= MAX_BATCH || this.running === 0) this.flushSoon(0);
      else this.flushSoon(FLUSH_MS);
    });
  }

  /**
   * Stores a batch and settles each packet in it. When the database refuses the batch's data (SQLSTATE class 22 or
   * 23: a value out of range, a constraint), one packet is to blame and the others must not share its fate: the batch
   * is split in halves and each is stored again, down to the one packet that fails on its own, which alone is
   * refused. A statement is atomic, so a failed one left nothing behind. Other failures (the database unreachable)
   * refuse the whole batch: nothing is acknowledged and the devices resend.
   */
  private async storeIsolating(batch: Pending[]): Promise<void> {
    let stored: StoreResult;
    try {
      stored = await this.store(batch);
    } catch (error) {
      if (!isDataError(error)) {
        for (const item of batch) item.reject(error as Error);
      } else if (batch.length === 1) {
        batch[0]!.reject(new PacketRefusedError(error as Error));
      } else {
        const half = Math.ceil(batch.length / 2);
        await this.storeIsolating(batch.slice(0, half));
        await this.storeIsolating(batch.slice(half));
      }
      return;
    }
    for (const item of batch) {
      if (stored.disowned.has(item.owner.trackerId)) {
        item.reject(new TrackerDisownedError(item.owner));
        continue;
      }
      const mine: StoredRows = new Map();
      const ofAsset = stored.rows.get(item.owner.assetId);
      for (const row of item.rows) {
        const wsSeq = ofAsset?.get(row.fixTime);
        if (wsSeq !== undefined) mine.set(row.fixTime, wsSeq);
      }
      item.resolve(mine);
    }
  }

  /**
   * One statement per batch, one round trip: values go in as column arrays (unnest); duplicate positions are skipped
   * by the (asset_id, fix_time) key; trips are upserted by id; the per-asset state is upserted from the rows that were
   * really inserted, never over a newer one. A single statement is atomic, so all of it commits together.
   */
  private async store(batch: Pending[]): Promise<StoreResult> {
    const started = performance.now();
    const rows: PositionRow[] = [];
    const states: StateRow[] = [];
    const trips: TripRow[] = [];
    for (const item of batch) {
      for (const row of item.rows) rows.push(row);
      for (const trip of item.trips) trips.push(trip);
      if (item.state) states.push(item.state);
    }
    let result: StoreResultRow[];
    try {
      result = await this.sql.query<StoreResultRow>(this.statement, [
        ...positionColumns(rows),
        ...stateColumns(states),
        ...tripColumns(trips),
        ...ownerColumns(batch.map((item) => item.owner)),
      ]);
    } catch (error) {
      metrics().ingestBatchFailures.inc();
      throw error;
    }
    metrics().ingestBatchSize.observe(rows.length);
    metrics().ingestCommitSeconds.observe((performance.now() - started) / 1000);
    const byAsset = new Map<number, StoredRows>();
    const disowned = new Set<number>();
    for (const row of result) {
      if (row.t === null) {
        disowned.add(Number(row.tracker_id));
        continue;
      }
      let stored = byAsset.get(row.asset_id);
      if (!stored) byAsset.set(row.asset_id, (stored = new Map()));
      stored.set(Math.round(Number(row.t)), row.ws_seq === null ? null : Number(row.ws_seq));
    }
    return { rows: byAsset, disowned };
  }
}

/**
 * The rows of a packet stored now, by fix time, with the wsSeq they were stored with: a live row's wsSeq may be
 * raised by the statement above the asset's stored one (another node's block), so the position is published with it.
 */
export type StoredRows = Map<number, number | null>;

interface StoreResultRow {
  asset_id: number;
  tracker_id: number | null;
  t: number | null;
  ws_seq: string | number | null;
}

/** stored rows by asset, and the trackers whose packets were refused because they left their asset */
interface StoreResult {
  rows: Map<number, StoredRows>;
  disowned: Set<number>;
}

function ownerColumns(owners: PacketOwner[]): unknown[] {
  return [owners.map((o) => o.assetId), owners.map((o) => o.trackerId), owners.map((o) => o.imei)];
}

function positionColumns(rows: PositionRow[]): unknown[] {
  const n = rows.length;
  const cols = Array.from({ length: 22 }, () => new Array<unknown>(n));
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
    cols[21]![i] = r.flag;
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

// The ownership check and the writes are one statement: the trackers that still belong to their packet's asset are
// locked (FOR KEY SHARE) before anything is written, so a concurrent asset deletion, tracker removal or re-numbering
// either waits for this statement or has committed before it, and then nothing of that packet lands on the asset.
const STORE_BATCH = `
WITH owned AS (
  SELECT t.id AS tracker_id, t.asset_id
  FROM trackers t
  JOIN unnest($44::int[], $45::int[], $46::text[]) AS o(asset_id, tracker_id, imei)
    ON t.id = o.tracker_id AND t.asset_id = o.asset_id AND t.imei = o.imei
  FOR KEY SHARE OF t
), incoming AS (
  SELECT *
  FROM unnest($1::int[], $2::int[], $3::float8[], $4::float8[], $5::bigint[], $6::float8[], $7::float8[], $8::int[],
              $9::int[], $10::int[], $11::int[], $12::int[], $13::int[], $14::bool[], $15::bool[], $16::float8[],
              $17::text[], $18::text[], $19::text[], $20::text[], $21::int[], $22::text[])
       AS u(asset_id, tracker_id, fix_ms, received_ms, ws_seq, latitude, longitude, altitude, speed, course,
            satellites, priority, event_io_id, ignition, moving, odometer, street, town, country, avl_io, trip_id, flag)
), latest AS (
  -- the stored wsSeq of each asset with live rows here, locked until commit: another node writing the same asset
  -- waits, then sees this statement's result
  SELECT s.asset_id, s.ws_seq FROM asset_states s
  WHERE s.asset_id = ANY($23::int[])
  ORDER BY s.asset_id
  FOR NO KEY UPDATE OF s
), raise AS (
  -- wsSeq comes from per-node blocks; a device that moved here from a node with a higher block must still go up
  SELECT p.asset_id, GREATEST(0, l.ws_seq + 1 - min(p.ws_seq)) AS by
  FROM incoming p JOIN latest l ON l.asset_id = p.asset_id
  WHERE p.ws_seq IS NOT NULL
  GROUP BY p.asset_id, l.ws_seq
), ins AS (
  INSERT INTO positions (asset_id, tracker_id, fix_time, received_at, ws_seq, latitude, longitude, altitude, speed,
                         course, satellites, priority, event_io_id, ignition, moving, odometer, street, town, country,
                         avl_io, trip_id, flag)
  SELECT p.asset_id, p.tracker_id, ${ms("p.fix_ms")}, ${ms("p.received_ms")}, p.ws_seq + COALESCE(r.by, 0), p.latitude,
         p.longitude, p.altitude, p.speed, p.course, p.satellites, p.priority, p.event_io_id, p.ignition, p.moving,
         p.odometer, p.street, p.town, p.country, p.avl_io::jsonb,
         -- a buffered record (stored for history, never live) belongs to the trip that was running at its fix time
         CASE WHEN p.trip_id IS NOT NULL OR p.ws_seq IS NOT NULL OR p.flag IS NOT NULL THEN p.trip_id
              ELSE (SELECT tr.id FROM trips tr
                    WHERE tr.asset_id = p.asset_id AND tr.started_at <= ${ms("p.fix_ms")}
                      AND (tr.ended_at IS NULL OR tr.ended_at >= ${ms("p.fix_ms")})
                    ORDER BY tr.started_at DESC LIMIT 1) END,
         p.flag
  FROM incoming p LEFT JOIN raise r ON r.asset_id = p.asset_id
  WHERE EXISTS (SELECT 1 FROM owned w WHERE w.asset_id = p.asset_id AND w.tracker_id = p.tracker_id)
  ON CONFLICT (asset_id, fix_time) DO NOTHING
  RETURNING id, asset_id, fix_time, ws_seq
), states AS (
  INSERT INTO asset_states (asset_id, position_id, fix_time, received_at, ws_seq, date_moved, odometer, open_trip_id,
                            payload)
  SELECT s.asset_id, ins.id, ins.fix_time, ${ms("s.received_ms")}, ins.ws_seq, ${ms("s.moved_ms")}, s.odometer,
         s.open_trip_id, jsonb_set(s.payload::jsonb, '{wsSeq}', to_jsonb(ins.ws_seq))
  FROM unnest($23::int[], $24::float8[], $25::float8[], $26::bigint[], $27::float8[], $28::float8[], $29::int[],
              $30::text[])
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
  FROM unnest($31::int[], $32::int[], $33::float8[], $34::float8[], $35::float8[], $36::float8[], $37::float8[],
              $38::float8[], $39::float8[], $40::int[], $41::text[], $42::int[], $43::int[])
       AS t(id, asset_id, started_ms, ended_ms, start_lat, start_lng, end_lat, end_lng, distance_m, max_speed, trail,
            score, harsh_events)
  WHERE EXISTS (SELECT 1 FROM owned w WHERE w.asset_id = t.asset_id)
  ON CONFLICT (id) DO UPDATE SET
    ended_at = EXCLUDED.ended_at, end_lat = EXCLUDED.end_lat, end_lng = EXCLUDED.end_lng,
    distance_m = EXCLUDED.distance_m, max_speed = EXCLUDED.max_speed, trail = EXCLUDED.trail,
    score = EXCLUDED.score, harsh_events = EXCLUDED.harsh_events
)
SELECT asset_id, NULL::int AS tracker_id, extract(epoch FROM fix_time)::float8 * 1000 AS t, ws_seq FROM ins
UNION ALL
SELECT o.asset_id, o.tracker_id, NULL, NULL FROM unnest($44::int[], $45::int[]) AS o(asset_id, tracker_id)
WHERE NOT EXISTS (SELECT 1 FROM owned w WHERE w.tracker_id = o.tracker_id AND w.asset_id = o.asset_id)`;


// The report day rollups (server/modules/reports/rollups/): every (asset, local day) that received a stored record is
// marked dirty in the same statement, so no stored record can ever be missed by the rollups, late ones included (a
// record of an older day marks that day). A clean day turns dirty and its version goes up; a day already dirty is only
// locked for the statement (ON CONFLICT takes the row lock even when its WHERE is false), which keeps the cost to one
// index probe per asset-day of the batch and orders the mark against a recompute's claim of the same day.
const MARK_DAYS = `marked_days AS (
  INSERT INTO asset_days AS d (asset_id, day)
  SELECT DISTINCT i.asset_id, (i.fix_time AT TIME ZONE ac.time_zone)::date
  FROM ins i JOIN assets a ON a.id = i.asset_id JOIN accounts ac ON ac.id = a.account_id
  ON CONFLICT (asset_id, day) DO UPDATE SET dirty = true, version = d.version + 1
  WHERE NOT d.dirty
),`;

const STORE_BATCH_MARKING_DAYS = STORE_BATCH.replace("), states AS (", `), ${MARK_DAYS} states AS (`);
