// The position as the pipeline publishes it on the hub ("position" event): the complete enriched record, which is
// the detailed live payload. The standard payload, history items and public locations are projections of it.
import type { NamedIoValue } from "../../tracker/record";
import { standardStatus, type DetailedStatus } from "./vehicle-status";

export interface GeoPoint {
  street: string | null;
  town: string | null;
  country: string | null;
}

export interface TripSummary {
  id: number;
  startedAt: number; // epoch ms
  distanceM: number;
  durationS: number;
  maxSpeed: number; // km/h
  score: number; // 0..100
  harshEvents: number;
  /** [longitude, latitude, epoch ms], thinned */
  trail: [number, number, number][];
}

export interface LivePosition {
  // the ten standard fields
  assetId: number;
  trackerImei: string;
  latitude: number;
  longitude: number;
  speed: number; // km/h
  course: number; // degrees
  dateUpdated: number; // fix time, epoch ms
  // fix time of the newest record with speed above zero (epoch ms); before the first movement, the first fix
  dateMoved: number;
  wsSeq: number;
  status: DetailedStatus;
  // detailed
  accountId: number;
  trackerId: number;
  protocol: string;
  receivedAt: number; // epoch ms
  altitude: number; // m
  satellites: number;
  priority: number;
  eventIoId: number;
  ignition: boolean | null;
  moving: boolean;
  odometer: number | null; // m
  geoPoint: GeoPoint | null;
  power: { externalVoltage: number | null; batteryVoltage: number | null; batteryLevel: number | null };
  battery: { voltage: number | null; level: number | null; current: number | null };
  gpsSignal: { satellites: number; gnssStatus: number | null; hdop: number | null; pdop: number | null };
  gsmSignal: number | null;
  driverId: string | null;
  /** CAN bus values (can* fields of ioData), with ignition-off resets removed (see notMeasured) */
  sensors: Record<string, NamedIoValue>;
  /** names whose zero value is a reset at ignition off, not a measurement */
  notMeasured: string[];
  beacons: unknown[];
  ioData: Record<string, NamedIoValue>;
  startStopTrip: TripSummary | null;
  tracker: { id: number; imei: string; protocol: string };
  /** an alarm the device raised with this fix (`sos`, `power-cut`, ...): an alert input. Absent when none, so the
   *  payload of protocols without device alarms is as it always was. */
  alarm?: string;
}

/** The spec's standard payload: exactly ten fields. */
export interface StandardPosition {
  assetId: number;
  trackerImei: string;
  latitude: number;
  longitude: number;
  speed: number;
  course: number;
  dateUpdated: number;
  dateMoved: number;
  wsSeq: number;
  status: { name: "Moving" | "Parked"; color: string };
}

export function toStandardPosition(p: LivePosition): StandardPosition {
  return {
    assetId: p.assetId,
    trackerImei: p.trackerImei,
    latitude: p.latitude,
    longitude: p.longitude,
    speed: p.speed,
    course: p.course,
    dateUpdated: p.dateUpdated,
    dateMoved: p.dateMoved,
    wsSeq: p.wsSeq,
    status: standardStatus(p.speed),
  };
}
