// The JSON body of Traccar Client 9 and later (its location library's format): { device_id, location } where
// location is one object or, with batch sync, an array of them. Each location has an ISO timestamp, coords in
// SI units (speed m/s; -1 means unknown for speed, heading and accuracy), battery as a 0..1 fraction (-1 unknown)
// and optional activity, event, motion, odometer, mock and free-form extras, which are kept as extra IO.
import { DEVICE_ID_RULE, isValidDeviceId } from "./device-id";
import { addExtra } from "./extra-fields";
import { LIMITS, MPS_TO_KMH, type OsmandDecodeResult, type OsmandPosition } from "./messages";
import { quote, range, readTimestamp } from "./values";

type Json = Record<string, unknown>;

class Refused extends Error {}

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function number(where: string, v: unknown, min = -Infinity, max = Infinity): number {
  if (typeof v !== "number" || !Number.isFinite(v)) throw new Refused(`${where} must be a number`);
  if (v < min || v > max) throw new Refused(`${where} must be ${range(min, max)}, not ${v}`);
  return v;
}

/** a number the app may leave out, or send as null or a negative "unknown" */
function known(where: string, v: unknown, max = Infinity): number | undefined {
  if (v === undefined || v === null) return undefined;
  const n = number(where, v, -Infinity, max);
  return n >= 0 ? n : undefined;
}

function optional<T>(where: string, v: unknown, type: "boolean" | "string"): T | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== type) throw new Refused(`${where} must be a ${type}`);
  return v as T;
}

/** decodes a JSON body; `text` is the body as UTF-8 */
export function decodeJson(text: string, receivedAt: number): OsmandDecodeResult {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return { ok: false, reason: "the body is not valid JSON" };
  }
  if (!isObject(root)) return { ok: false, reason: "the body must be a JSON object with device_id and location" };
  const deviceId = root.device_id;
  if (typeof deviceId !== "string") return { ok: false, reason: "device_id is missing (a string: the device identifier)" };
  if (!isValidDeviceId(deviceId)) return { ok: false, reason: `device_id must be ${DEVICE_ID_RULE}, not ${quote(deviceId)}` };

  const locations = Array.isArray(root.location) ? root.location : [root.location];
  if (locations.length === 0) return { ok: false, reason: "location is an empty list" };
  if (locations.length > LIMITS.positions) return { ok: false, reason: `more than ${LIMITS.positions} locations in one request` };
  const positions: OsmandPosition[] = [];
  try {
    locations.forEach((location, i) => {
      const where = locations.length > 1 ? `location[${i}]` : "location";
      positions.push(decodeLocation(where, location, receivedAt));
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.message };
    throw error;
  }
  return { ok: true, deviceId, positions };
}

function decodeLocation(where: string, location: unknown, receivedAt: number): OsmandPosition {
  if (!isObject(location)) throw new Refused(`${where} is missing (an object with timestamp and coords)`);
  if (typeof location.timestamp !== "string") throw new Refused(`${where}.timestamp is missing (ISO 8601)`);
  const time = readTimestamp(`${where}.timestamp`, location.timestamp, receivedAt);
  if ("reason" in time) throw new Refused(time.reason);
  const coords = location.coords;
  if (!isObject(coords)) throw new Refused(`${where}.coords is missing (a position needs latitude and longitude)`);

  const position: OsmandPosition = {
    timestamp: time.value,
    latitude: number(`${where}.coords.latitude`, coords.latitude, -90, 90),
    longitude: number(`${where}.coords.longitude`, coords.longitude, -180, 180),
    valid: true,
    extra: {},
  };
  const speed = known(`${where}.coords.speed`, coords.speed, 500); // m/s
  if (speed !== undefined) position.speed = speed * MPS_TO_KMH;
  const heading = known(`${where}.coords.heading`, coords.heading, 360);
  if (heading !== undefined) position.course = heading % 360;
  const accuracy = known(`${where}.coords.accuracy`, coords.accuracy);
  if (accuracy !== undefined) position.accuracy = accuracy;
  if (coords.altitude !== undefined && coords.altitude !== null) {
    position.altitude = number(`${where}.coords.altitude`, coords.altitude, -12_000, 100_000);
  }

  if (location.battery !== undefined && location.battery !== null) {
    if (!isObject(location.battery)) throw new Refused(`${where}.battery must be an object`);
    const level = known(`${where}.battery.level`, location.battery.level, 1); // a fraction, -1 when unknown
    if (level !== undefined) position.batteryLevel = Math.round(level * 100);
    const charging = optional<boolean>(`${where}.battery.is_charging`, location.battery.is_charging, "boolean");
    if (charging !== undefined) position.charging = charging;
  }
  const moving = optional<boolean>(`${where}.is_moving`, location.is_moving, "boolean");
  if (moving !== undefined) position.moving = moving;
  const event = optional<string>(`${where}.event`, location.event, "string");
  if (event !== undefined) position.event = event;

  // the named extras Traccar keeps, then the app's free-form extras (a named one wins over a free-form one)
  const named: Record<string, unknown> = {
    odometer: location.odometer, // metres
    mock: location.mock,
    activity: isObject(location.activity) ? location.activity.type : undefined,
    alarm: location.alarm,
  };
  const extras = location.extras;
  if (extras !== undefined && extras !== null && !isObject(extras)) throw new Refused(`${where}.extras must be an object`);
  for (const [key, value] of [...Object.entries(extras ?? {}), ...Object.entries(named)]) {
    // objects, lists and nulls have no place in flat IO: left out
    if (typeof value !== "number" && typeof value !== "boolean" && typeof value !== "string") continue;
    if (typeof value === "number" && !Number.isFinite(value)) continue;
    const refused = addExtra(position.extra, key, value);
    if (refused) throw new Refused(`${where}: ${refused}`);
  }
  return position;
}
