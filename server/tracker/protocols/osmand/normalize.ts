// OsmAnd positions mapped onto the protocol-neutral record (../../record.ts). A phone reports a fix and little else:
// no satellites, no ignition (unless the app's user added an `ignition` field), its own motion detection as movement.
// Battery and accuracy become named values with units; every other field the phone sent is kept as a named value
// under the name it used (published live, stored as raw IO, and named back as it is for history: osmandIo.name).
import type { IoDescription, IoDictionary, NamedIoValue, RawIoValue, TrackerRecord } from "../../record";
import type { ExtraValue, OsmandPosition } from "./messages";

/**
 * A phone's flags come as booleans; raw IO keeps numbers and text, so a flag is stored as the text "true" or "false"
 * and named back as a boolean (osmandIo.name). Not 1 or 0: a field that really is the number 1 must stay a number,
 * and history must show what the live frame showed. Text "true" cannot be anything else: the query decoder already
 * types it as a boolean (extra-fields.ts).
 */
function rawValue(value: ExtraValue): RawIoValue {
  return typeof value === "boolean" ? String(value) : value;
}

function namedValue(value: RawIoValue): NamedIoValue {
  if (value === "true") return true;
  if (value === "false") return false;
  return value;
}

function ignitionFrom(extra: Record<string, ExtraValue>): boolean | null {
  const value = extra.ignition;
  if (typeof value === "boolean") return value;
  if (value === 1 || value === "1" || value === "true") return true;
  if (value === 0 || value === "0" || value === "false") return false;
  return null;
}

export function normalizeOsmandPosition(position: OsmandPosition): TrackerRecord {
  // the phone's own fields first, so a field it calls `batteryLevel` cannot pass for the measured one
  const io: Record<string, NamedIoValue> = { ...position.extra };
  if (position.batteryLevel !== undefined) io.batteryLevel = position.batteryLevel;
  if (position.charging !== undefined) io.charging = position.charging;
  if (position.accuracy !== undefined) io.accuracy = position.accuracy;
  if (position.event !== undefined) io.event = position.event;
  if (!position.valid) io.gpsFixed = false;
  const rawIo: Record<string, RawIoValue> = {};
  for (const [name, value] of Object.entries(io)) rawIo[name] = rawValue(value);
  return {
    timestamp: position.timestamp,
    latitude: position.latitude,
    longitude: position.longitude,
    // stored as whole metres, km/h and degrees, as every protocol reports them
    altitude: Math.round(position.altitude ?? 0),
    speed: Math.round(position.speed ?? 0),
    course: Math.round(position.course ?? 0) % 360,
    satellites: 0, // not sent by the apps
    hdop: position.hdop ?? null,
    ignition: ignitionFrom(position.extra),
    movement: position.moving ?? null,
    priority: 0,
    eventIoId: 0,
    harshEvent: null,
    alarm: null,
    io,
    rawIo,
  };
}

const DESCRIPTIONS: ReadonlyMap<string, IoDescription> = new Map([
  ["batteryLevel", { unit: "%", group: "permanent" }],
  ["charging", { unit: null, group: "permanent" }],
  ["accuracy", { unit: "m", group: "eventual" }],
  ["event", { unit: null, group: "eventual" }],
  ["gpsFixed", { unit: null, group: "permanent" }],
]);

/** raw IO is stored by the names the phone used, so history reads it back as it is (flags as booleans again) */
export const osmandIo: IoDictionary = {
  name: (rawIo) => Object.fromEntries(Object.entries(rawIo).map(([name, value]) => [name, namedValue(value)])),
  describe: (name) => DESCRIPTIONS.get(name) ?? null,
};
