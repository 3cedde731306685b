// The ingest pipeline, top to bottom for one packet of one asset (process() calls these steps in this order):
//   partition: judge (impossible or future records: stored flagged), order (older than the newest: history only),
//              drop duplicates (partition-records.ts)
//   -> history rows and flagged rows (enriched, stored, never live)
//   -> advance live: assign wsSeq, enrich (status, IO names, CAN, odometer, dateMoved), trip, address
//   -> store (batched) -> [listener acks]
//   -> publish (through a queue that retries while the hub is away)
// Packets of one asset run strictly one after another; different assets run concurrently and share write batches.
// A failure anywhere before the store commits rejects the packet: nothing is acknowledged, nothing is published,
// and the per-asset state is left as it was, so the device's resend is handled as if for the first time.
import type { Logger } from "pino";
import type { SqlClient } from "../../db/client";
import type { Hub } from "../../hub";
import type { Geocoder } from "../../modules/geocoding/geocoder";
import type { LivePosition } from "../../modules/positions/live-position";
import { isNullIsland } from "../../modules/positions/geo";
import { KeyedSerialQueue } from "../../keyed-serial-queue";
import { metrics } from "../../metrics/registry";
import type { BatchLoader } from "../batch-loader";
import type { TrackerRecord } from "../record";
import type { KnownTracker, TrackerSink } from "../tracker-sink";
import type { TrackerDirectory } from "../tracker-directory";
import { createAssetRuntimeLoader, type AssetRuntime } from "./asset-runtime";
import { enrichRecord, type AssetCarry } from "./enrich";
import {
  TrackerDisownedError,
  type PacketWrite,
  type PositionRow,
  type PositionWriter,
  type StateRow,
  type StoredRows,
  type TripRow,
} from "./position-writer";
import { PublishQueue } from "./publish-queue";
import { partitionRecords, type PartitionedRecords } from "./partition-records";
import type { PositionFlag } from "./record-flags";
import { advanceTrip, LIVE_TRAIL_POINTS, type OpenTrip } from "../../modules/trips/trip-detector";
import { TripIds } from "./trip-ids";
import type { WsSequence } from "./ws-sequence";

/** a device-reported harsh event as the trip rules' event code (any non-zero code counts one event) */
const HARSH_EVENT_CODE = { acceleration: 1, braking: 2, cornering: 3 } as const;

/** open trips are written back at most this often while they run */
const TRIP_SAVE_EVERY_MS = 60_000;

export class IngestPipeline implements TrackerSink {
  private readonly runtimes = new Map<number, AssetRuntime>();
  /** assets whose device logged in again: their cached runtime is used only if the database still agrees with it */
  private readonly unverified = new Set<number>();
  /** per asset, so one asset's packets run one after another whichever connection or node-local path they came by */
  private readonly perAsset = new KeyedSerialQueue<number>();
  private readonly runtimeLoader: BatchLoader<number, AssetRuntime | null>;
  private readonly tripIds: TripIds;
  private readonly publishing: PublishQueue;

  constructor(
    private readonly deps: {
      sql: SqlClient;
      /** the cluster-wide hub: every node hears every stored position (live stream, public tracking) */
      hub: Hub;
      /**
       * this process only: positions and connection changes of the devices connected here, each heard exactly once
       * in the cluster (alert, health and behaviour evaluators subscribe here, so nothing fires once per node)
       */
      local?: Hub;
      writer: PositionWriter;
      sequence: WsSequence;
      directory: TrackerDirectory;
      logger: Logger;
      geocoder?: Geocoder;
      now?: () => number;
    },
  ) {
    this.runtimeLoader = createAssetRuntimeLoader(deps.sql, () => this.now());
    this.tripIds = new TripIds(deps.sql);
    this.publishing = new PublishQueue(deps.hub, deps.logger);
  }

  /** waits (at most `timeoutMs`) until the stored positions are on the hub, then stops retrying (graceful stop) */
  async drainPublishing(timeoutMs: number): Promise<void> {
    await this.publishing.drain(timeoutMs);
    this.publishing.close();
  }

  identify(input: { imei: string; protocol: string; remoteAddress?: string }) {
    return this.deps.directory.identify(input);
  }

  ingest(tracker: KnownTracker, records: TrackerRecord[], meta: { protocol: string; receivedAt: number }): Promise<number> {
    const assetId = tracker.assetId;
    if (assetId === null) return Promise.reject(new Error(`tracker ${tracker.imei} has no asset`));
    return this.perAsset.run(assetId, () => this.process(tracker, assetId, records, meta));
  }

  connected(tracker: KnownTracker): void {
    // the device may have reported to another node since it was last here: what this node remembers of the asset is
    // checked against the database before its next packet
    if (tracker.assetId !== null) this.unverified.add(tracker.assetId);
    this.publishConnection(tracker, true);
  }

  disconnected(tracker: KnownTracker): void {
    this.publishConnection(tracker, false);
  }

  /**
   * A device without a session (a phone over HTTP) was heard but sent no position (cell or Wi-Fi data only): it
   * counts as heard for connectivity the way a login does (the connectivity gate records it in asset_presence and
   * ends an offline state), and nothing is stored or published as a position.
   */
  heard(tracker: KnownTracker): void {
    this.publishConnection(tracker, true);
  }

  private now() {
    return this.deps.now?.() ?? Date.now();
  }

  private publishConnection(tracker: KnownTracker, online: boolean) {
    const { accountId, assetId, trackerId, imei } = tracker;
    const event = { accountId, assetId, trackerId, imei, online, at: this.now() };
    void this.deps.local?.publish("tracker.connection", event);
    this.deps.hub
      .publish("tracker.connection", event)
      .catch((error) => this.deps.logger.error({ err: error, imei }, "tracker connection event not published"));
  }

  /** one packet of one asset, the steps in the order of the header */
  private async process(tracker: KnownTracker, assetId: number, records: TrackerRecord[], meta: { protocol: string; receivedAt: number }) {
    const packet: Packet = { tracker, assetId, receivedAt: meta.receivedAt };
    const runtime = await this.runtime(assetId);
    const parts = partitionRecords(records, meta.receivedAt, runtime.cursor.lastFixTime);
    this.reportKeptOut(tracker, meta.protocol, parts);
    const rows = [...(await this.historyRows(packet, runtime.cursor, parts.history)), ...flaggedRows(packet, runtime.cursor, parts.flagged)];
    const live = await this.advanceLive(packet, runtime, parts.live);
    rows.push(...live.rows);
    const stored = await this.store(packet, { rows, state: stateRow(packet, live), trips: live.trips });

    // committed: the new state becomes current, then the world hears about it
    const counted = countsFor(meta.protocol);
    counted.stored.inc(stored.size);
    counted.duplicate.inc(records.length - parts.unstorable - stored.size);
    runtime.cursor = live.cursor;
    runtime.trip = live.tripAfterCommit;
    this.publish(live.published, stored);
    return records.length - parts.unstorable;
  }

  /** records kept out of the live state are counted and logged (sampled by the logger's level, not per record) */
  private reportKeptOut(tracker: KnownTracker, protocol: string, { unstorable, flagged }: PartitionedRecords) {
    if (unstorable === 0 && flagged.length === 0) return;
    if (unstorable > 0) metrics().recordsRejected.inc({ protocol, reason: "unstorable" }, unstorable);
    for (const { flag } of flagged) metrics().recordsFlagged.inc({ flag });
    this.deps.logger.warn(
      { imei: tracker.imei, unstorable, flagged: flagged.map(({ record, flag }) => ({ timestamp: record.timestamp, flag })) },
      "records kept out of the live state",
    );
  }

  /**
   * Buffered records from before the newest one: stored for history, never live, state untouched; enriched like live
   * ones (the address here, the trip they fall in by the batch statement).
   */
  private async historyRows(packet: Packet, cursor: AssetCarry, history: TrackerRecord[]): Promise<PositionRow[]> {
    const rows: PositionRow[] = [];
    for (const record of history) {
      const { position } = enrichRecord({ ...packet, record, wsSeq: 0, cursor: { ...cursor, lastLatitude: null, lastLongitude: null } });
      await this.addAddress(position, record);
      rows.push(toRow(position, record, null, null, null));
    }
    return rows;
  }

  /** live records in fix order: each is enriched from the one before, advances the trip and gets its wsSeq */
  private async advanceLive(packet: Packet, runtime: AssetRuntime, live: TrackerRecord[]): Promise<LiveStep> {
    const { tracker, assetId, receivedAt } = packet;
    const now = this.now();
    const seqs = await this.deps.sequence.take(live.length);
    let cursor = runtime.cursor;
    let trip = runtime.trip;
    const rows: PositionRow[] = [];
    const published: LivePosition[] = [];
    const trips = new Map<number, TripRow>(); // by id: the trip as it stands after this packet
    let tripStarted = false;
    for (let i = 0; i < live.length; i++) {
      const record = live[i]!;
      const enriched = enrichRecord({ record, tracker, assetId, receivedAt, wsSeq: seqs[i]!, cursor });
      cursor = enriched.cursor;
      const position = enriched.position;
      const step = advanceTrip(trip, {
        time: record.timestamp,
        latitude: record.latitude,
        longitude: record.longitude,
        speed: record.speed,
        ignition: position.ignition,
        // the trip rules only ask whether the device reported a harsh event (else they derive one from speed)
        greenDrivingType: record.harshEvent === null ? null : HARSH_EVENT_CODE[record.harshEvent],
      });
      let tripId = trip?.id ?? null;
      for (const event of step.events) {
        if (event.kind === "started") {
          event.trip.id = await this.tripIds.next();
          tripStarted = true;
        } else {
          trips.set(event.trip.id, tripRow(assetId, event.trip, event.endedAt));
        }
        tripId = event.trip.id;
      }
      trip = step.open ? { ...step.open, savedAt: trip?.savedAt ?? now } : null;
      if (trip) position.startStopTrip = summary(trip);
      await this.addAddress(position, record);
      rows.push(toRow(position, record, position.wsSeq, tripId, null));
      published.push(position);
    }

    // a trip that started in this packet is inserted now; a running one is written back once a minute
    const tripSaveDue = trip !== null && (tripStarted || now - trip.savedAt >= TRIP_SAVE_EVERY_MS);
    if (trip && tripSaveDue) trips.set(trip.id, tripRow(assetId, trip, null));
    return {
      rows,
      published,
      cursor,
      openTripId: trip?.id ?? null,
      trips: [...trips.values()],
      tripAfterCommit: trip && tripSaveDue ? { ...trip, savedAt: now } : trip,
    };
  }

  private async store(packet: Packet, write: Pick<PacketWrite, "rows" | "state" | "trips">): Promise<StoredRows> {
    const { assetId, tracker } = packet;
    try {
      return await this.deps.writer.write({ owner: { assetId, trackerId: tracker.trackerId, imei: tracker.imei }, ...write });
    } catch (error) {
      // the tracker left the asset (deleted, removed, re-numbered): what this node knew of the asset is void
      if (error instanceof TrackerDisownedError) this.runtimes.delete(assetId);
      throw error;
    }
  }

  /** what was stored now (not a duplicate) goes to this node's evaluators and, through the queue, to the hub */
  private publish(published: LivePosition[], stored: StoredRows) {
    for (const position of published) {
      const wsSeq = stored.get(position.dateUpdated);
      if (wsSeq === undefined || wsSeq === null) continue; // a duplicate: stored and published before
      position.wsSeq = wsSeq; // raised by the statement when another node's block was higher
      void this.deps.local?.publish("position", position);
      this.publishing.push(position); // off the acknowledgement path: a hub outage delays the stream, never the device
    }
  }

  private async addAddress(position: LivePosition, record: TrackerRecord): Promise<void> {
    if (this.deps.geocoder && !isNullIsland(record.latitude, record.longitude)) {
      position.geoPoint = await this.deps.geocoder.lookup(record.latitude, record.longitude);
    }
  }

  private async runtime(assetId: number): Promise<AssetRuntime> {
    const cached = this.runtimes.get(assetId);
    if (cached && !this.unverified.has(assetId)) return cached;
    this.unverified.delete(assetId);
    const loaded = (await this.runtimeLoader.load(assetId)) ?? {
      cursor: { lastFixTime: 0, dateMoved: null, odometer: null, lastLatitude: null, lastLongitude: null },
      trip: null,
    };
    // nobody else stored a newer fix: the cached runtime is current, and it holds more (the open trip's progress
    // since its last once-a-minute save)
    if (cached && cached.cursor.lastFixTime === loaded.cursor.lastFixTime) return cached;
    this.runtimes.set(assetId, loaded);
    return loaded;
  }
}

/** what every step of one packet knows */
interface Packet {
  tracker: KnownTracker;
  assetId: number;
  receivedAt: number;
}

/** the live records of a packet, enriched and in their trip */
interface LiveStep {
  rows: PositionRow[];
  /** what is published once stored, in fix order */
  published: LivePosition[];
  /** the ordering cursor after the newest live record */
  cursor: AssetCarry;
  openTripId: number | null;
  /** trips to write: ended ones, one that started, a running one due for its once-a-minute save */
  trips: TripRow[];
  /** the open trip as the runtime keeps it once the write committed */
  tripAfterCommit: AssetRuntime["trip"];
}

/** kept for diagnosis and acknowledged, but no part of the asset's state, trips or history */
function flaggedRows(packet: Packet, cursor: AssetCarry, flagged: PartitionedRecords["flagged"]): PositionRow[] {
  return flagged.map(({ record, flag }) => {
    const { position } = enrichRecord({ ...packet, record, wsSeq: 0, cursor: { ...cursor, lastLatitude: null, lastLongitude: null } });
    return toRow(position, record, null, null, flag);
  });
}

/** the asset's newest state after the packet, or null when nothing in it was newer than what is stored */
function stateRow({ assetId, receivedAt }: Packet, live: LiveStep): StateRow | null {
  const newest = live.published.at(-1);
  if (!newest) return null;
  return {
    assetId,
    fixTime: newest.dateUpdated,
    receivedAt,
    wsSeq: newest.wsSeq,
    dateMoved: live.cursor.dateMoved,
    odometer: live.cursor.odometer,
    openTripId: live.openTripId,
    payload: withoutTrail(newest),
  };
}

/** the stored and duplicate counters of a protocol, bound once (a label lookup per packet is avoidable work) */
const boundCounters = new Map<string, { stored: { inc(n: number): void }; duplicate: { inc(n: number): void } }>();
function countsFor(protocol: string) {
  let counters = boundCounters.get(protocol);
  if (!counters) {
    counters = { stored: metrics().recordsStored.labels(protocol), duplicate: metrics().recordsDuplicate.labels(protocol) };
    boundCounters.set(protocol, counters);
  }
  return counters;
}

function summary(trip: OpenTrip) {
  return {
    id: trip.id,
    startedAt: trip.startedAt,
    distanceM: Math.round(trip.distanceM),
    durationS: trip.durationS,
    maxSpeed: trip.maxSpeed,
    score: trip.score,
    harshEvents: trip.harshEvents,
    // the newest points only: a live frame per fix must not carry the whole trail (the first message has it)
    trail: trip.trail.slice(-LIVE_TRAIL_POINTS),
  };
}

function tripRow(assetId: number, trip: OpenTrip, endedAt: number | null): TripRow {
  const start = trip.trail[0];
  return {
    id: trip.id,
    assetId,
    startedAt: trip.startedAt,
    endedAt,
    startLat: start ? start[1] : trip.endLat,
    startLng: start ? start[0] : trip.endLng,
    endLat: trip.endLat,
    endLng: trip.endLng,
    distanceM: trip.distanceM,
    maxSpeed: trip.maxSpeed,
    trail: trip.trail,
    score: trip.score,
    harshEvents: trip.harshEvents,
  };
}

/**
 * The stored snapshot (asset_states.payload) leaves the trip's trail out: it grows with every trip point and would be
 * rewritten with every packet; readers that need it take it from trips.trail (open_trip_id).
 */
function withoutTrail(position: LivePosition): LivePosition {
  return position.startStopTrip ? { ...position, startStopTrip: { ...position.startStopTrip, trail: [] } } : position;
}

function toRow(
  p: LivePosition,
  record: TrackerRecord,
  wsSeq: number | null,
  tripId: number | null,
  flag: PositionFlag | null,
): PositionRow {
  return {
    assetId: p.assetId,
    trackerId: p.trackerId,
    fixTime: p.dateUpdated,
    receivedAt: p.receivedAt,
    wsSeq,
    latitude: p.latitude,
    longitude: p.longitude,
    altitude: p.altitude,
    speed: p.speed,
    course: p.course,
    satellites: p.satellites,
    priority: p.priority,
    eventIoId: p.eventIoId,
    ignition: p.ignition,
    moving: p.moving,
    odometer: p.odometer,
    street: p.geoPoint?.street ?? null,
    town: p.geoPoint?.town ?? null,
    country: p.geoPoint?.country ?? null,
    avlIo: record.rawIo,
    tripId,
    flag,
  };
}
