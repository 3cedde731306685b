// Turns a decoded record into the published position: named IO values, ignition and motion, power, GNSS and GSM
// quality, CAN sensors with the ignition-off rule, status, odometer and dateMoved. Pure: the running per-asset
// values come in (`AssetCarry`) and go out updated; address and trip are attached by their own steps.
import type { LivePosition } from "../../modules/positions/live-position";
import { haversineMeters, isNullIsland } from "../../modules/positions/geo";
import { detailedStatus } from "../../modules/positions/vehicle-status";
import { numericIo as num, type NamedIoValue, type TrackerRecord } from "../record";
import type { KnownTracker } from "../tracker-sink";

/** Per-asset values carried from one record to the next. */
export interface AssetCarry {
  lastFixTime: number; // epoch ms of the newest stored record, 0 when none
  dateMoved: number | null;
  odometer: number | null; // metres
  lastLatitude: number | null;
  lastLongitude: number | null;
}

// With ignition off the CAN bus stops sending these; the adapter reports zero, which is not a measurement.
// Mileage, fuel level and engine hours keep their last value and stay measurements (spec "Ignition-off behaviour").
const RESET_AT_IGNITION_OFF = ["canVehicleSpeed", "canEngineRpm", "canAcceleratorPedalPosition", "vehicleSpeed", "engineRpm"];


export function enrichRecord(input: {
  record: TrackerRecord;
  tracker: KnownTracker;
  assetId: number;
  receivedAt: number;
  wsSeq: number;
  cursor: AssetCarry;
}): { position: LivePosition; cursor: AssetCarry } {
  const { record, tracker, cursor } = input;
  const ioData = record.io;
  const ignition = record.ignition;
  const moving = record.speed > 0;

  const notMeasured: string[] = [];
  const sensors: Record<string, NamedIoValue> = {};
  for (const [name, value] of Object.entries(ioData)) {
    if (!name.startsWith("can")) continue;
    if (ignition === false && value === 0 && RESET_AT_IGNITION_OFF.includes(name)) {
      notMeasured.push(name);
      continue;
    }
    sensors[name] = value;
  }
  for (const name of RESET_AT_IGNITION_OFF) {
    if (!name.startsWith("can") && ignition === false && ioData[name] === 0) notMeasured.push(name);
  }

  // odometer: the dashboard odometer from CAN when reported, else GPS distance added to the last value
  const canMileage = num(ioData.canTotalMileage);
  let odometer = cursor.odometer;
  if (canMileage !== null && canMileage > 0) odometer = canMileage;
  else if (!isNullIsland(record.latitude, record.longitude) && cursor.lastLatitude !== null && cursor.lastLongitude !== null) {
    odometer = (odometer ?? 0) + haversineMeters(cursor.lastLatitude, cursor.lastLongitude, record.latitude, record.longitude);
  }
  const dateMoved = moving ? record.timestamp : (cursor.dateMoved ?? record.timestamp);

  const driverId =
    (typeof ioData.canDriver1Id === "string" && ioData.canDriver1Id) ||
    (typeof ioData.iButton === "string" && ioData.iButton !== "0000000000000000" && ioData.iButton) ||
    null;

  const position: LivePosition = {
    assetId: input.assetId,
    trackerImei: tracker.imei,
    latitude: record.latitude,
    longitude: record.longitude,
    speed: record.speed,
    course: record.course,
    dateUpdated: record.timestamp,
    dateMoved,
    wsSeq: input.wsSeq,
    status: detailedStatus({ speed: record.speed, ignition, fixTime: record.timestamp, now: record.timestamp }),
    accountId: tracker.accountId,
    trackerId: tracker.trackerId,
    protocol: tracker.protocol,
    receivedAt: input.receivedAt,
    altitude: record.altitude,
    satellites: record.satellites,
    priority: record.priority,
    eventIoId: record.eventIoId,
    ignition,
    moving,
    odometer: odometer === null ? null : Math.round(odometer),
    geoPoint: null,
    power: {
      externalVoltage: num(ioData.externalVoltage),
      batteryVoltage: num(ioData.batteryVoltage),
      batteryLevel: num(ioData.batteryLevel),
    },
    battery: { voltage: num(ioData.batteryVoltage), level: num(ioData.batteryLevel), current: num(ioData.batteryCurrent) },
    gpsSignal: {
      satellites: record.satellites,
      gnssStatus: num(ioData.gnssStatus),
      hdop: record.hdop,
      pdop: num(ioData.gnssPdop),
    },
    gsmSignal: num(ioData.gsmSignal),
    driverId,
    sensors,
    notMeasured,
    beacons: [],
    ioData,
    startStopTrip: null,
    tracker: { id: tracker.trackerId, imei: tracker.imei, protocol: tracker.protocol },
  };
  if (record.alarm !== null) position.alarm = record.alarm;
  const hasFix = !isNullIsland(record.latitude, record.longitude);
  return {
    position,
    cursor: {
      lastFixTime: record.timestamp,
      dateMoved,
      odometer,
      lastLatitude: hasFix ? record.latitude : cursor.lastLatitude,
      lastLongitude: hasFix ? record.longitude : cursor.lastLongitude,
    },
  };
}
