// Test support: decodes a GTFS-realtime feed with MobilityData's gtfs-realtime-bindings, the protobufjs code the
// GTFS-realtime maintainers generate from the official gtfs-realtime.proto: the specification's own wire definition,
// independent of the feed's encoder (server/modules/gtfs/gtfs-realtime-encode.ts). The bindings name fields in
// camelCase; the tests read the specification's snake_case names, so the decoded object's keys are turned back.
// Absent scalar fields read as their defaults (0, "", false, the first enum value), absent messages as null.
import GtfsRealtimeBindings from "gtfs-realtime-bindings";

const { FeedMessage } = GtfsRealtimeBindings.transit_realtime;

export interface DecodedEvent {
  delay: number;
  time: number;
  uncertainty: number;
}

export interface DecodedStopTimeUpdate {
  stop_sequence: number;
  stop_id: string;
  arrival: DecodedEvent | null;
  departure: DecodedEvent | null;
  /** 0 SCHEDULED, 1 SKIPPED, 2 NO_DATA */
  schedule_relationship: number;
}

export interface DecodedTrip {
  trip_id: string;
  route_id: string;
  start_date: string;
  schedule_relationship: number;
}

export interface DecodedVehicle {
  id: string;
  label: string;
  license_plate: string;
}

export interface DecodedFeed {
  header: { gtfs_realtime_version: string; incrementality: number; timestamp: number };
  entity: {
    id: string;
    trip_update: { trip: DecodedTrip; vehicle: DecodedVehicle | null; stop_time_update: DecodedStopTimeUpdate[]; timestamp: number; delay: number } | null;
    vehicle: {
      trip: DecodedTrip;
      vehicle: DecodedVehicle;
      position: { latitude: number; longitude: number; bearing: number; odometer: number; speed: number } | null;
      current_stop_sequence: number;
      stop_id: string;
      /** 0 INCOMING_AT, 1 STOPPED_AT, 2 IN_TRANSIT_TO */
      current_status: number;
      timestamp: number;
    } | null;
  }[];
}

export const STOP_SKIPPED = 1;
export const VEHICLE_STOPPED_AT = 1;
export const VEHICLE_IN_TRANSIT_TO = 2;

export function decodeGtfsRealtime(bytes: Uint8Array): DecodedFeed {
  // decode refuses bytes that break the wire format or leave out a required field (header, gtfs_realtime_version, id)
  const message = FeedMessage.decode(bytes);
  return specificationNames(FeedMessage.toObject(message, { longs: Number, enums: Number, defaults: true, arrays: true })) as DecodedFeed;
}

/** the same value with every object key in snake_case (stopTimeUpdate → stop_time_update) */
function specificationNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(specificationNames);
  if (value === null || typeof value !== "object" || value instanceof Uint8Array) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), specificationNames(field)]),
  );
}
