// Teltonika's decoded AVL record mapped onto the protocol-neutral record (../../record.ts): IO names and units from
// io-elements.ts, ignition, movement and HDOP from their IO ids, the green-driving type as a harsh event. Teltonika
// raises no device alarms of its own kind here (priority "panic" stays a priority), so `alarm` is always null.
import type { HarshEvent, IoDescription, IoDictionary, NamedIoValue, TrackerRecord } from "../../record";
import type { DecodedRecord, IoValue } from "./decoder";
import { IO, IO_ELEMENTS } from "./io-elements";
import { namedIo } from "./io-values";

const flag = (value: IoValue | undefined): boolean | null => (typeof value === "number" ? value !== 0 : null);

/** green driving type (IO 253): 1 harsh acceleration, 2 harsh braking, 3 harsh cornering; 0 none */
function harshEvent(value: IoValue | undefined): HarshEvent | null {
  if (typeof value !== "number" || value === 0) return null;
  if (value === 1) return "acceleration";
  if (value === 2) return "braking";
  return "cornering"; // 3, and any newer type: still a device-detected event the trip score counts
}

export function normalizeRecord(record: DecodedRecord): TrackerRecord {
  const io = namedIo(record.io);
  const hdop = io.gnssHdop;
  return {
    timestamp: record.timestamp,
    latitude: record.latitude,
    longitude: record.longitude,
    altitude: record.altitude,
    speed: record.speed,
    course: record.angle,
    satellites: record.satellites,
    hdop: typeof hdop === "number" ? hdop : null,
    ignition: flag(record.io[IO.IGNITION]),
    movement: flag(record.io[IO.MOVEMENT]),
    priority: record.priority,
    eventIoId: record.eventIoId,
    harshEvent: harshEvent(record.io[IO.GREEN_DRIVING_TYPE]),
    alarm: null,
    io,
    rawIo: record.io,
  };
}

export function normalizeRecords(records: DecodedRecord[]): TrackerRecord[] {
  return records.map(normalizeRecord);
}

/** GSM signal comes as 0..5 (AVL 21) */
const GSM_SIGNAL_MAX = 5;

/** published IO name -> unit, group and AVL id, from the AVL table */
const BY_NAME: ReadonlyMap<string, IoDescription> = new Map(
  [...IO_ELEMENTS.values()].map((def) => [
    def.name,
    { unit: def.unit ?? null, group: def.group, protocolId: `AVL ${def.id}`, ...(def.id === IO.GSM_SIGNAL ? { levelMax: GSM_SIGNAL_MAX } : {}) },
  ]),
);

export const teltonikaIo: IoDictionary = {
  name: (rawIo) => namedIo(rawIo as Record<number, IoValue>) as Record<string, NamedIoValue>,
  describe: (name) => BY_NAME.get(name) ?? null,
};
