// The ingest pipeline, top to bottom for one packet of one asset:
//   validate -> order (older than the newest: history only) -> drop duplicates -> assign wsSeq
//   -> enrich (status, IO names, CAN, odometer, dateMoved) -> trip -> store (batched) -> [listener acks] -> publish
// Packets of one asset run strictly one after another; different assets run concurrently and share write batches.
// A failure anywhere before the store commits rejects the packet: nothing is acknowledged, nothing is published,
// and the per-asset state is left as it was, so the device's resend is handled as if for the first time.
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import type { Hub } from "../../hub";
import type { Geocoder } from "../../modules/geocoding/geocoder";
import type { LivePosition } from "../../modules/positions/live-position";
import { isNullIsland } from "../../modules/positions/geo";
import type { DecodedRecord } from "../protocols/teltonika/decoder";
import { IO } from "../protocols/teltonika/io-elements";
import type { KnownTracker, TrackerSink } from "../tracker-sink";
import type { TrackerDirectory } from "../tracker-directory";
import { enrichRecord, type AssetCursor } from "./enrich";
import type { PositionRow, PositionWriter, StateRow } from "./position-writer";
import { advanceTrip, type OpenTrip, type TripEvent } from "./trip-tracker";
import type { WsSequence } from "./ws-sequence";

/** a fix more than this far in the future is a device clock error, not a position */
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60_000;
/** fixes before this are GNSS week-rollover garbage */
const EARLIEST_FIX = Date.UTC(2000, 0, 1);
/** open trips are written back at most this often while they run */
const TRIP_SAVE_EVERY_MS = 60_000;

interface AssetRuntime {
  cursor: AssetCursor;
  trip: (OpenTrip & { savedAt: number }) | null;
}

export class IngestPipeline implements TrackerSink {
  private readonly runtimes = new Map<number, AssetRuntime>();
  private readonly chains = new Map<number, Promise<unknown>>();

  constructor(
    private readonly deps: {
      prisma: Db;
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
  ) {}

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

  private publishConnection(tracker: KnownTracker, online: boolean) {
    const { accountId, assetId, trackerId, imei } = tracker;
    const at = this.deps.now?.() ?? Date.now();
    const event = { accountId, assetId, trackerId, imei, online, at };
    void this.deps.local?.publish("tracker.connection", event);
    this.deps.hub
      .publish("tracker.connection", event)
      .catch((error) => this.deps.logger.error({ err: error, imei }, "tracker connection event not published"));
  }

  private async process(tracker: KnownTracker, assetId: number, records: DecodedRecord[], receivedAt: number) {
    const now = this.deps.now?.() ?? Date.now();
    const runtime = await this.runtime(assetId);
    let cursor = runtime.cursor;
    let trip = runtime.trip;
    const tripEvents: TripEvent[] = [];

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

    for (const record of history) {
      // buffered records from before the newest one: stored for history, never live, state untouched
      const { position } = enrichRecord({ record, tracker, assetId, receivedAt, wsSeq: 0, cursor: { ...cursor, lastLatitude: null, lastLongitude: null } });
      rows.push(toRow(position, null, null));
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
      for (const event of step.events) {
        if (event.kind === "started") {
          const saved = await this.deps.prisma.trip.create({
            data: { assetId, startedAt: new Date(event.trip.startedAt), startLat: event.trip.trail[0]![1], startLng: event.trip.trail[0]![0], trail: event.trip.trail },
            select: { id: true },
          });
          event.trip.id = saved.id;
        }
        tripEvents.push(event);
      }
      const tripId = step.open?.id ?? step.events.find((e) => e.kind === "ended")?.trip.id ?? trip?.id ?? null;
      trip = step.open ? { ...step.open, id: step.open.id || tripId || 0, savedAt: trip?.savedAt ?? now } : null;
      if (trip) position.startStopTrip = summary(trip);
      if (this.deps.geocoder && !isNullIsland(record.latitude, record.longitude)) {
        position.geoPoint = await this.deps.geocoder.lookup(record.latitude, record.longitude);
      }
      rows.push(toRow(position, position.wsSeq, tripId));
      published.push(position);
    }

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
          payload: newest,
        }
      : null;

    const stored = await this.deps.writer.write(rows, state);
    const tripSaveDue = trip !== null && trip.id > 0 && now - trip.savedAt >= TRIP_SAVE_EVERY_MS;
    await this.saveTrips(tripEvents, tripSaveDue ? trip : null);

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

  /** writes ended trips, and the open one when its periodic save is due */
  private async saveTrips(events: TripEvent[], due: OpenTrip | null) {
    for (const event of events) {
      if (event.kind !== "ended") continue;
      await this.deps.prisma.trip.update({
        where: { id: event.trip.id },
        data: { ...tripColumns(event.trip), endedAt: new Date(event.endedAt) },
      });
    }
    if (due) await this.deps.prisma.trip.update({ where: { id: due.id }, data: tripColumns(due) });
  }

  private async runtime(assetId: number): Promise<AssetRuntime> {
    const cached = this.runtimes.get(assetId);
    if (cached) return cached;
    const state = await this.deps.prisma.assetState.findUnique({
      where: { assetId },
      select: { fixTime: true, dateMoved: true, odometer: true, openTripId: true, payload: true },
    });
    const payload = state?.payload as Partial<LivePosition> | undefined;
    let trip: AssetRuntime["trip"] = null;
    if (state?.openTripId) {
      const row = await this.deps.prisma.trip.findUnique({ where: { id: state.openTripId } });
      if (row && !row.endedAt) {
        trip = {
          id: row.id,
          startedAt: row.startedAt.getTime(),
          distanceM: row.distanceM,
          durationS: 0,
          maxSpeed: row.maxSpeed,
          score: row.score,
          harshEvents: row.harshEvents,
          trail: row.trail as OpenTrip["trail"],
          endLat: payload?.latitude ?? row.startLat,
          endLng: payload?.longitude ?? row.startLng,
          lastTime: state.fixTime.getTime(),
          lastSpeed: payload?.speed ?? 0,
          stoppedSince: null,
          overspeedMs: 0,
          savedAt: Date.now(),
        };
      }
    }
    const runtime: AssetRuntime = {
      cursor: {
        lastFixTime: state?.fixTime.getTime() ?? 0,
        dateMoved: state?.dateMoved?.getTime() ?? null,
        odometer: state?.odometer ?? null,
        lastLatitude: payload?.latitude ?? null,
        lastLongitude: payload?.longitude ?? null,
      },
      trip,
    };
    this.runtimes.set(assetId, runtime);
    return runtime;
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

function tripColumns(trip: OpenTrip) {
  return {
    endLat: trip.endLat,
    endLng: trip.endLng,
    distanceM: trip.distanceM,
    maxSpeed: trip.maxSpeed,
    trail: trip.trail,
    score: trip.score,
    harshEvents: trip.harshEvents,
  };
}

function toRow(p: LivePosition, wsSeq: number | null, tripId: number | null): PositionRow {
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
    io: p.ioData,
    tripId,
  };
}
