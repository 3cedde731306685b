// The ingest pipeline, top to bottom for one packet of one asset:
//   validate -> order (older than the newest: history only) -> drop duplicates -> assign wsSeq
//   -> enrich (status, IO names, CAN, odometer, dateMoved) -> trip -> store (batched) -> [listener acks] -> publish
// Packets of one asset run strictly one after another; different assets run concurrently and share write batches.
// A failure anywhere before the store commits rejects the packet: nothing is acknowledged, nothing is published,
// and the per-asset state is left as it was, so the device's resend is handled as if for the first time.
import type { Logger } from "pino";
import type { SqlClient } from "../../db/client";
import type { Hub } from "../../hub";
import type { Geocoder } from "../../modules/geocoding/geocoder";
import type { LivePosition } from "../../modules/positions/live-position";
import { isNullIsland } from "../../modules/positions/geo";
import type { BatchLoader } from "../batch-loader";
import type { DecodedRecord } from "../protocols/teltonika/decoder";
import { IO } from "../protocols/teltonika/io-elements";
import type { KnownTracker, TrackerSink } from "../tracker-sink";
import type { TrackerDirectory } from "../tracker-directory";
import { createAssetRuntimeLoader, type AssetRuntime } from "./asset-runtime";
import { enrichRecord } from "./enrich";
import type { PositionRow, PositionWriter, StateRow, TripRow } from "./position-writer";
import { advanceTrip, type OpenTrip } from "./trip-tracker";
import { TripIds } from "./trip-ids";
import type { WsSequence } from "./ws-sequence";

/** a fix more than this far in the future is a device clock error, not a position */
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60_000;
/** fixes before this are GNSS week-rollover garbage */
const EARLIEST_FIX = Date.UTC(2000, 0, 1);
/** open trips are written back at most this often while they run */
const TRIP_SAVE_EVERY_MS = 60_000;

export class IngestPipeline implements TrackerSink {
  private readonly runtimes = new Map<number, AssetRuntime>();
  private readonly chains = new Map<number, Promise<unknown>>();
  private readonly runtimeLoader: BatchLoader<number, AssetRuntime | null>;
  private readonly tripIds: TripIds;

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
  }

  identify(input: { imei: string; protocol: string; remoteAddress?: string }) {
    return this.deps.directory.identify(input);
  }

  ingest(tracker: KnownTracker, records: DecodedRecord[], meta: { protocol: string; receivedAt: number }): Promise<void> {
    const assetId = tracker.assetId;
    if (assetId === null) return Promise.reject(new Error(`tracker ${tracker.imei} has no asset`));
    const previous = this.chains.get(assetId) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => this.process(tracker, assetId, records, meta.receivedAt));
    const settled = run.catch(() => undefined);
    this.chains.set(assetId, settled);
    void settled.then(() => {
      if (this.chains.get(assetId) === settled) this.chains.delete(assetId);
    });
    return run;
  }

  connected(tracker: KnownTracker): void {
    this.publishConnection(tracker, true);
  }

  disconnected(tracker: KnownTracker): void {
    this.publishConnection(tracker, false);
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

  private async process(tracker: KnownTracker, assetId: number, records: DecodedRecord[], receivedAt: number) {
    const now = this.now();
    const runtime = await this.runtime(assetId);
    let cursor = runtime.cursor;
    let trip = runtime.trip;

    const valid = records
      .filter((r) => this.validate(r, now, tracker))
      .sort((a, b) => a.timestamp - b.timestamp);

    const seen = new Set<number>();
    const live: DecodedRecord[] = [];
    const history: DecodedRecord[] = [];
    for (const record of valid) {
      if (seen.has(record.timestamp) || record.timestamp === cursor.lastFixTime) continue; // duplicate
      seen.add(record.timestamp);
      (record.timestamp > cursor.lastFixTime ? live : history).push(record);
    }

    const seqs = await this.deps.sequence.take(live.length);
    const rows: PositionRow[] = [];
    const published: LivePosition[] = [];
    const trips = new Map<number, TripRow>(); // by id: the trip as it stands after this packet
    let tripStarted = false;

    for (const record of history) {
      // buffered records from before the newest one: stored for history, never live, state untouched
      const { position } = enrichRecord({ record, tracker, assetId, receivedAt, wsSeq: 0, cursor: { ...cursor, lastLatitude: null, lastLongitude: null } });
      rows.push(toRow(position, record, null, null));
    }
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
        greenDrivingType: typeof record.io[IO.GREEN_DRIVING_TYPE] === "number" ? (record.io[IO.GREEN_DRIVING_TYPE] as number) || null : null,
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
      if (this.deps.geocoder && !isNullIsland(record.latitude, record.longitude)) {
        position.geoPoint = await this.deps.geocoder.lookup(record.latitude, record.longitude);
      }
      rows.push(toRow(position, record, position.wsSeq, tripId));
      published.push(position);
    }

    // a trip that started in this packet is inserted now; a running one is written back once a minute
    const tripSaveDue = trip !== null && (tripStarted || now - trip.savedAt >= TRIP_SAVE_EVERY_MS);
    if (trip && tripSaveDue) trips.set(trip.id, tripRow(assetId, trip, null));

    const newest = published.at(-1);
    const state: StateRow | null = newest
      ? {
          assetId,
          fixTime: newest.dateUpdated,
          receivedAt,
          wsSeq: newest.wsSeq,
          dateMoved: cursor.dateMoved,
          odometer: cursor.odometer,
          openTripId: trip?.id ?? null,
          payload: withoutTrail(newest),
        }
      : null;

    const stored = await this.deps.writer.write({ rows, state, trips: [...trips.values()] });

    // committed: the new state becomes current, then the world hears about it
    runtime.cursor = cursor;
    runtime.trip = trip && tripSaveDue ? { ...trip, savedAt: now } : trip;
    for (const position of published) {
      if (!stored.has(position.dateUpdated)) continue;
      void this.deps.local?.publish("position", position);
      await this.deps.hub.publish("position", position);
    }
  }

  private validate(record: DecodedRecord, now: number, tracker: KnownTracker): boolean {
    const ok =
      Number.isFinite(record.latitude) &&
      Number.isFinite(record.longitude) &&
      Math.abs(record.latitude) <= 90 &&
      Math.abs(record.longitude) <= 180 &&
      record.timestamp >= EARLIEST_FIX &&
      record.timestamp <= now + MAX_CLOCK_SKEW_MS;
    if (!ok) this.deps.logger.warn({ imei: tracker.imei, timestamp: record.timestamp }, "invalid record dropped");
    return ok;
  }

  private async runtime(assetId: number): Promise<AssetRuntime> {
    const cached = this.runtimes.get(assetId);
    if (cached) return cached;
    const loaded = (await this.runtimeLoader.load(assetId)) ?? {
      cursor: { lastFixTime: 0, dateMoved: null, odometer: null, lastLatitude: null, lastLongitude: null },
      trip: null,
    };
    this.runtimes.set(assetId, loaded);
    return loaded;
  }
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
    trail: trip.trail,
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

function toRow(p: LivePosition, record: DecodedRecord, wsSeq: number | null, tripId: number | null): PositionRow {
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
    avlIo: record.io,
    tripId,
  };
}
