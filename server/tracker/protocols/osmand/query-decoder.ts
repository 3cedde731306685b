// The classic OsmAnd / Traccar Client request: key=value fields in the URL's query (GET, or POST with an empty
// body) or in an application/x-www-form-urlencoded body. One request is one position. Field names and their
// meaning follow what the apps send (docs/osmand.md lists them); unknown fields are kept as extra IO. A request with
// cell-tower or Wi-Fi data but no coordinates (Traccar's decoder accepts it) is decoded with no position at all: the
// device was heard, and no position is made up from the towers (docs/osmand.md "Requests without coordinates").
import { isValidDeviceId, DEVICE_ID_RULE } from "./device-id";
import { addExtra, typedValue } from "./extra-fields";
import { KNOTS_TO_KMH, type ExtraValue, type OsmandDecodeResult, type OsmandPosition } from "./messages";
import { quote, readBoolean, readNumber, readTimestamp, type Read } from "./values";

/** fields that are neither position data nor worth keeping (a push-notification token is a credential) */
const DROPPED = new Set(["notificationToken"]);

/** a cell tower as Traccar reads it: mcc,mnc,lac,cid and an optional signal strength, all whole numbers */
const CELL = /^-?\d{1,10}(,-?\d{1,10}){3,4}$/;
/** a Wi-Fi access point: its MAC address (':' or '-' between the bytes) and the signal strength */
const WIFI = /^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2}){5},-?\d{1,4}$/;

class Refused extends Error {}

/** the value read, or a refusal carrying its reason */
function must<T>(read: Read<T>): T {
  if ("reason" in read) throw new Refused(read.reason);
  return read.value;
}

/** decodes one position from the fields of a query string or form body */
export function decodeFields(fields: URLSearchParams, receivedAt: number): OsmandDecodeResult {
  try {
    return decode(fields, receivedAt);
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.message };
    throw error;
  }
}

function decode(fields: URLSearchParams, receivedAt: number): OsmandDecodeResult {
  let deviceId: string | undefined;
  let latitude: number | undefined;
  let longitude: number | undefined;
  let timestamp: number | undefined;
  const position: Omit<OsmandPosition, "latitude" | "longitude" | "timestamp"> = { valid: true, extra: {} };
  const extra: Record<string, ExtraValue> = position.extra;
  /** well-formed cell or wifi fields: what makes a request without coordinates a sign of life */
  let networkFields = 0;

  for (const [key, raw] of fields) {
    // an empty value is an unknown one ("altitude=" from an app template with no value for it)
    if (raw.trim() === "" && key !== "id" && key !== "deviceid") continue;
    switch (key) {
      case "id":
      case "deviceid":
        if (!isValidDeviceId(raw)) throw new Refused(`${key} must be ${DEVICE_ID_RULE}, not ${quote(raw)}`);
        deviceId = raw;
        break;
      case "lat":
        latitude = must(readNumber("lat", raw, -90, 90));
        break;
      case "lon":
        longitude = must(readNumber("lon", raw, -180, 180));
        break;
      case "location": {
        // "lat,lon" in one field
        const parts = raw.split(",");
        if (parts.length !== 2) throw new Refused(`location must be "lat,lon", not ${quote(raw)}`);
        latitude = must(readNumber("location latitude", parts[0]!, -90, 90));
        longitude = must(readNumber("location longitude", parts[1]!, -180, 180));
        break;
      }
      case "timestamp":
        timestamp = must(readTimestamp("timestamp", raw, receivedAt));
        break;
      case "speed": {
        // knots; apps send a negative speed when they have none
        const knots = must(readNumber("speed", raw, -Infinity, 1_000));
        if (knots >= 0) position.speed = knots * KNOTS_TO_KMH;
        break;
      }
      case "bearing":
      case "heading": {
        const course = must(readNumber(key, raw, -Infinity, 360));
        if (course >= 0) position.course = course % 360;
        break;
      }
      case "altitude":
        position.altitude = must(readNumber("altitude", raw, -12_000, 100_000));
        break;
      case "accuracy": {
        const metres = must(readNumber("accuracy", raw));
        if (metres >= 0) position.accuracy = metres;
        break;
      }
      case "hdop":
        position.hdop = must(readNumber("hdop", raw, 0, 100));
        break;
      case "batt": {
        const percent = must(readNumber("batt", raw, -Infinity, 100));
        if (percent >= 0) position.batteryLevel = percent;
        break;
      }
      case "charge":
        position.charging = must(readBoolean("charge", raw));
        break;
      case "valid":
        position.valid = must(readBoolean("valid", raw));
        break;
      default: {
        if (DROPPED.has(key)) break;
        if ((key === "cell" && CELL.test(raw)) || (key === "wifi" && WIFI.test(raw))) networkFields++;
        const refused = addExtra(extra, key, typedValue(raw));
        if (refused) throw new Refused(refused);
      }
    }
  }

  if (deviceId === undefined) return { ok: false, reason: "id is missing (the device identifier)" };
  if (latitude === undefined && longitude === undefined && networkFields > 0) {
    return { ok: true, deviceId, positions: [] }; // heard from, with nothing to store
  }
  if (latitude === undefined || longitude === undefined) {
    return {
      ok: false,
      reason:
        "lat and lon are missing (a position needs both; without them a request counts only with cell=mcc,mnc,lac,cid or wifi=mac,rssi data)",
    };
  }
  return { ok: true, deviceId, positions: [{ ...position, timestamp: timestamp ?? receivedAt, latitude, longitude }] };
}
