// The GTFS-realtime feed (gtfs-realtime-feed.ts) in protocol buffers, field numbers and types as gtfs-realtime.proto
// (GTFS-realtime 2.0) gives them; the tests decode the result with that definition. Fields left undefined are not
// written (proto2 optional fields: absent is not the same as 0, e.g. a delay).
import type { FeedEntity, FeedMessage, Position, StopTimeEvent, StopTimeUpdate, TripDescriptor, TripUpdate, VehicleDescriptor, VehiclePosition } from "./gtfs-realtime-feed";
import { ProtobufWriter } from "./protobuf-writer";

const INCREMENTALITY = { FULL_DATASET: 0 } as const;
const TRIP_RELATIONSHIP = { SCHEDULED: 0 } as const;
const STOP_RELATIONSHIP = { SCHEDULED: 0, SKIPPED: 1, NO_DATA: 2 } as const;
const VEHICLE_STOP_STATUS = { INCOMING_AT: 0, STOPPED_AT: 1, IN_TRANSIT_TO: 2 } as const;

export function encodeFeedMessage(feed: FeedMessage): Buffer {
  const writer = new ProtobufWriter();
  writer.message(1, (header) => {
    header.string(1, feed.header.gtfs_realtime_version);
    header.varint(2, INCREMENTALITY[feed.header.incrementality]);
    header.varint(3, feed.header.timestamp);
  });
  for (const entity of feed.entity) writer.message(2, (w) => writeEntity(w, entity));
  return writer.finish();
}

function writeEntity(w: ProtobufWriter, entity: FeedEntity): void {
  w.string(1, entity.id);
  if (entity.trip_update) w.message(3, (inner) => writeTripUpdate(inner, entity.trip_update!));
  if (entity.vehicle) w.message(4, (inner) => writeVehiclePosition(inner, entity.vehicle!));
}

function writeTripUpdate(w: ProtobufWriter, update: TripUpdate): void {
  w.message(1, (inner) => writeTrip(inner, update.trip));
  for (const stop of update.stop_time_update) w.message(2, (inner) => writeStopTimeUpdate(inner, stop));
  if (update.vehicle) w.message(3, (inner) => writeVehicle(inner, update.vehicle!));
  if (update.timestamp !== undefined) w.varint(4, update.timestamp);
  if (update.delay !== undefined) w.varint(5, update.delay);
}

function writeStopTimeUpdate(w: ProtobufWriter, stop: StopTimeUpdate): void {
  w.varint(1, stop.stop_sequence);
  if (stop.arrival) w.message(2, (inner) => writeStopTimeEvent(inner, stop.arrival!));
  if (stop.departure) w.message(3, (inner) => writeStopTimeEvent(inner, stop.departure!));
  w.string(4, stop.stop_id);
  w.varint(5, STOP_RELATIONSHIP[stop.schedule_relationship]);
}

function writeStopTimeEvent(w: ProtobufWriter, event: StopTimeEvent): void {
  if (event.delay !== undefined) w.varint(1, event.delay);
  if (event.time !== undefined) w.varint(2, event.time);
  if (event.uncertainty !== undefined) w.varint(3, event.uncertainty);
}

function writeVehiclePosition(w: ProtobufWriter, vehicle: VehiclePosition): void {
  w.message(1, (inner) => writeTrip(inner, vehicle.trip));
  if (vehicle.position) w.message(2, (inner) => writePosition(inner, vehicle.position!));
  if (vehicle.current_stop_sequence !== undefined) w.varint(3, vehicle.current_stop_sequence);
  if (vehicle.current_status !== undefined) w.varint(4, VEHICLE_STOP_STATUS[vehicle.current_status]);
  if (vehicle.timestamp !== undefined) w.varint(5, vehicle.timestamp);
  if (vehicle.stop_id !== undefined) w.string(7, vehicle.stop_id);
  w.message(8, (inner) => writeVehicle(inner, vehicle.vehicle));
}

function writePosition(w: ProtobufWriter, position: Position): void {
  w.float(1, position.latitude);
  w.float(2, position.longitude);
  if (position.bearing !== undefined) w.float(3, position.bearing);
  if (position.odometer !== undefined) w.double(4, position.odometer);
  if (position.speed !== undefined) w.float(5, position.speed);
}

function writeTrip(w: ProtobufWriter, trip: TripDescriptor): void {
  w.string(1, trip.trip_id);
  w.string(3, trip.start_date);
  w.varint(4, TRIP_RELATIONSHIP[trip.schedule_relationship]);
  w.string(5, trip.route_id);
}

function writeVehicle(w: ProtobufWriter, vehicle: VehicleDescriptor): void {
  w.string(1, vehicle.id);
  if (vehicle.label !== undefined) w.string(2, vehicle.label);
  if (vehicle.license_plate !== undefined) w.string(3, vehicle.license_plate);
}
