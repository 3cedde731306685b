// The GTFS-realtime feed as plain objects, with the field names of gtfs-realtime.proto (GTFS-realtime 2.0) and enum
// values by name: the protobuf encoder (gtfs-realtime-encode.ts) writes it, and `?format=json` shows it as it is.
// Only the messages and fields Fleetline fills are modelled.

export interface FeedMessage {
  header: FeedHeader;
  entity: FeedEntity[];
}

export interface FeedHeader {
  gtfs_realtime_version: "2.0";
  incrementality: "FULL_DATASET";
  /** when the feed was made, POSIX seconds */
  timestamp: number;
}

/** exactly one of trip_update and vehicle */
export interface FeedEntity {
  id: string;
  trip_update?: TripUpdate;
  vehicle?: VehiclePosition;
}

export interface TripDescriptor {
  trip_id: string;
  route_id: string;
  /** YYYYMMDD: the service day */
  start_date: string;
  schedule_relationship: "SCHEDULED";
}

export interface VehicleDescriptor {
  id: string;
  label?: string;
  license_plate?: string;
}

/** delay (seconds late; negative: early) and/or time (POSIX seconds); uncertainty in seconds, 0 for what happened */
export interface StopTimeEvent {
  delay?: number;
  time?: number;
  uncertainty?: number;
}

export interface StopTimeUpdate {
  stop_sequence: number;
  stop_id: string;
  arrival?: StopTimeEvent;
  departure?: StopTimeEvent;
  schedule_relationship: "SCHEDULED" | "SKIPPED" | "NO_DATA";
}

export interface TripUpdate {
  trip: TripDescriptor;
  vehicle?: VehicleDescriptor;
  /** by stop_sequence */
  stop_time_update: StopTimeUpdate[];
  /** when the vehicle's progress was measured (its last fix), POSIX seconds */
  timestamp?: number;
  /** the trip's delay now, seconds (experimental in GTFS-realtime; the stop updates take precedence) */
  delay?: number;
}

export interface Position {
  latitude: number;
  longitude: number;
  /** degrees clockwise from north */
  bearing?: number;
  /** metres */
  odometer?: number;
  /** metres per second */
  speed?: number;
}

export interface VehiclePosition {
  trip: TripDescriptor;
  vehicle: VehicleDescriptor;
  position?: Position;
  current_stop_sequence?: number;
  stop_id?: string;
  current_status?: "INCOMING_AT" | "STOPPED_AT" | "IN_TRANSIT_TO";
  /** the fix time, POSIX seconds */
  timestamp?: number;
}
