// Test support: decodes a GTFS-realtime feed with the specification's wire definition (server/testing/
// gtfs-realtime.proto) compiled by pbf, a protocol buffers implementation independent of the feed's own encoder.
// Absent optional fields read as their defaults (0, "", false, the first enum value), as in pbf.
import { readFileSync } from "node:fs";
import path from "node:path";
import { PbfReader } from "pbf";
import { compile } from "pbf/compile";
import parse from "protocol-buffers-schema";

const schema = parse(readFileSync(path.join(import.meta.dirname, "gtfs-realtime.proto"), "utf8"));
const messages = compile(schema) as unknown as { readFeedMessage: (pbf: PbfReader) => DecodedFeed };

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
  return messages.readFeedMessage(new PbfReader(bytes));
}
