// Table-driven tests of the OsmAnd decoder: the published requests of Traccar's decoder test (published-samples.ts)
// and requests of our own for each refusal. The receive time is fixed: the decoder reads no clock.
import { describe, expect, it } from "vitest";
import { decodeRequest } from "./decoder";
import { isValidDeviceId } from "./device-id";
import type { OsmandDecodeResult, OsmandPosition, OsmandRequest } from "./messages";
import { JSON_SAMPLES, QUERY_SAMPLES } from "./published-samples";

const RECEIVED_AT = Date.UTC(2026, 10, 24, 12, 0, 0);

const get = (query: string): OsmandRequest => ({ query, body: "", receivedAt: RECEIVED_AT });
const json = (body: string): OsmandRequest => ({ query: "", contentType: "application/json; charset=utf-8", body, receivedAt: RECEIVED_AT });
const form = (body: string): OsmandRequest => ({
  query: "",
  contentType: "application/x-www-form-urlencoded",
  body: Buffer.from(body),
  receivedAt: RECEIVED_AT,
});

function accepted(result: OsmandDecodeResult): { deviceId: string; positions: OsmandPosition[] } {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
}

describe("OsmAnd query requests (Traccar's published samples)", () => {
  const cases: Array<[keyof typeof QUERY_SAMPLES, string, Partial<OsmandPosition>]> = [
    ["isoTimestamp", "902064", { timestamp: Date.UTC(2016, 0, 27, 18, 55, 47), latitude: 42.06288, longitude: -88.23412, hdop: 6, altitude: 224, speed: 0 }],
    ["millisecondTimestamp", "902064", { timestamp: 1442068686579, latitude: 42.06288, longitude: -88.23412 }],
    ["spaceSeparatedTimestamp", "353861053849681", { timestamp: Date.UTC(2014, 5, 4, 9, 10, 11), altitude: 384.7 }],
    ["bearingAndHdop", "123456", { timestamp: 1377177267000, latitude: 60, longitude: 30, course: 0, hdop: 0, altitude: 0 }],
    ["minimal", "123456", { timestamp: 1377177267000, latitude: 60, longitude: 30, valid: true, extra: {} }],
    ["deviceidNoTimestamp", "123456", { timestamp: RECEIVED_AT, course: 0, extra: { vacc: 0, hacc: 0 } }],
    ["battery", "861001000719969", { timestamp: RECEIVED_AT, latitude: 41.666667, longitude: -0.883333, batteryLevel: 87, speed: 0 }],
    ["locationField", "123456", { latitude: 60, longitude: 30 }],
    ["extraIo", "123456789012345", { timestamp: 1504763810000, course: 7.19889788244, extra: { ignition: true, rpm: 933, fuel: 24 } }],
  ];
  it.each(cases)("%s", (name, deviceId, expected) => {
    const result = accepted(decodeRequest(get(`?${QUERY_SAMPLES[name]}`)));
    expect(result.deviceId).toBe(deviceId);
    expect(result.positions).toHaveLength(1);
    expect(result.positions[0]).toMatchObject(expected);
  });

  it("converts speed from knots to km/h", () => {
    const [position] = accepted(decodeRequest(get(QUERY_SAMPLES.extraIo))).positions;
    expect(position!.speed).toBeCloseTo(40 * 1.852, 9);
  });

  it("refuses a request without an id", () => {
    expect(decodeRequest(get(QUERY_SAMPLES.noId))).toEqual({ ok: false, reason: "id is missing (the device identifier)" });
  });

  it("accepts a request with cell towers and Wi-Fi but no coordinates as a sign of life, with no position", () => {
    expect(decodeRequest(get(QUERY_SAMPLES.cellAndWifiOnly))).toEqual({ ok: true, deviceId: "123456", positions: [] });
    expect(decodeRequest(get("id=123456&cell=257,02,16,2224"))).toEqual({ ok: true, deviceId: "123456", positions: [] });
    expect(decodeRequest(get("id=123456&wifi=00:14:22:01:23:45,-80"))).toEqual({ ok: true, deviceId: "123456", positions: [] });
  });

  it.each([
    ["id=123456&timestamp=1377177267", "no cell or wifi"],
    ["id=123456&cell=257,02", "a cell that is not mcc,mnc,lac,cid"],
    ["id=123456&wifi=router,-80", "a wifi that is not mac,rssi"],
    ["id=123456&lat=60&cell=257,02,16,2224", "half a position"],
  ])("refuses %s (%s): lat and lon are missing", (query) => {
    const result = decodeRequest(get(query));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/^lat and lon are missing \(a position needs both; without them a request counts only with cell=/);
  });

  it("keeps cell and wifi of a request with coordinates as extra IO, as before", () => {
    const [position] = accepted(decodeRequest(get("id=123456&lat=60&lon=30&cell=257,02,16,2224&wifi=00-14-22-01-23-45,-80"))).positions;
    expect(position!.extra).toEqual({ cell: "257,02,16,2224", wifi: "00-14-22-01-23-45,-80" });
  });
});

describe("OsmAnd form bodies and other query forms", () => {
  it("reads the fields of a form body when the query is empty", () => {
    const result = accepted(decodeRequest(form("id=phone-1&lat=52.5&lon=13.4&timestamp=1764000000&batt=55.5&charge=true")));
    expect(result).toMatchObject({
      deviceId: "phone-1",
      positions: [{ latitude: 52.5, longitude: 13.4, timestamp: 1764000000000, batteryLevel: 55.5, charging: true }],
    });
  });

  it("prefers the URL's fields over the body, as the apps expect", () => {
    const request = { ...form("id=other&lat=1&lon=1"), query: "id=phone-1&lat=2&lon=3" };
    expect(accepted(decodeRequest(request))).toMatchObject({ deviceId: "phone-1", positions: [{ latitude: 2, longitude: 3 }] });
  });

  it.each([
    ["valid=false", { valid: false }],
    ["accuracy=12.5", { accuracy: 12.5 }],
    ["speed=-1&bearing=-1&accuracy=-1&batt=-1", { speed: undefined, course: undefined, accuracy: undefined, batteryLevel: undefined }],
    ["altitude=&speed=", { altitude: undefined, speed: undefined }],
    ["bearing=360", { course: 0 }],
    ["driverUniqueId=D-7&note=hello%20world", { extra: { driverUniqueId: "D-7", note: "hello world" } }],
    ["notificationToken=secret-token", { extra: {} }],
    ["timestamp=2026-11-24T13:00:00%2B01:00", { timestamp: RECEIVED_AT }],
    ["timestamp=2026-11-24T12:00:00", { timestamp: RECEIVED_AT }],
    ["timestamp=1764000000.5", { timestamp: 1764000000500 }],
  ])("%s", (fields, expected) => {
    const [position] = accepted(decodeRequest(get(`id=p&lat=1&lon=2&${fields}`))).positions;
    const present = Object.entries(expected).filter(([, value]) => value !== undefined);
    expect(position).toMatchObject(Object.fromEntries(present));
    for (const [key, value] of Object.entries(expected)) if (value === undefined) expect(position).not.toHaveProperty(key);
  });

  it.each([
    ["id=&lat=1&lon=2", `id must be 1 to 64 characters: letters, digits, '.', '_', ':' or '-', not ""`],
    ["id=a%20b&lat=1&lon=2", `id must be 1 to 64 characters: letters, digits, '.', '_', ':' or '-', not "a b"`],
    [`id=${"x".repeat(65)}&lat=1&lon=2`, "id must be 1 to 64 characters"],
    ["id=p&lat=91&lon=2", "lat must be between -90 and 90, not 91"],
    ["id=p&lat=1&lon=-180.5", "lon must be between -180 and 180, not -180.5"],
    ["id=p&lat=12abc&lon=2", 'lat must be a number, not "12abc"'],
    ["id=p&lat=NaN&lon=2", 'lat must be a number, not "NaN"'],
    ["id=p&lat=1e999&lon=2", 'lat must be a number, not "1e999"'],
    ["id=p&lat=1", "lat and lon are missing"],
    ["id=p&location=1", 'location must be "lat,lon", not "1"'],
    ["id=p&lat=1&lon=2&timestamp=yesterday", 'timestamp must be epoch seconds, epoch milliseconds or ISO 8601, not "yesterday"'],
    ["id=p&lat=1&lon=2&timestamp=2026-13-45T00:00:00Z", "timestamp is not a real date"],
    ["id=p&lat=1&lon=2&timestamp=0", "timestamp is before the year 2000"],
    ["id=p&lat=1&lon=2&timestamp=1800000000", "timestamp is more than a day in the future"],
    ["id=p&lat=1&lon=2&charge=maybe", 'charge must be true or false, not "maybe"'],
    ["id=p&lat=1&lon=2&batt=101", "batt must be at most 100, not 101"],
    ["id=p&lat=1&lon=2&bearing=400", "bearing must be at most 360, not 400"],
    [`id=p&lat=1&lon=2&note=${"v".repeat(257)}`, 'field "note" is longer than 256 characters'],
    [`id=p&lat=1&lon=2&${"k".repeat(65)}=1`, "is longer than 64 characters"],
    [`id=p&lat=1&lon=2&${Array.from({ length: 33 }, (_, i) => `f${i}=1`).join("&")}`, "more than 32 extra fields"],
  ])("refuses %s", (query, reason) => {
    const result = decodeRequest(get(query));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toContain(reason);
  });

  it("refuses a request with neither query nor body", () => {
    expect(decodeRequest({ query: "", body: Buffer.alloc(0), receivedAt: RECEIVED_AT })).toEqual({
      ok: false,
      reason: "no fields: send id, lat, lon and timestamp in the query or a form body",
    });
  });

  it("quotes a long bad value cut short, so an answer stays small", () => {
    const result = decodeRequest(get(`id=p&lat=${"9".repeat(30)}x${"9".repeat(500)}&lon=2`));
    expect(!result.ok && result.reason.length).toBeLessThan(100);
  });
});

describe("OsmAnd JSON bodies (Traccar Client 9, Traccar's published samples)", () => {
  it("stillAndroid: unknown heading left out, battery in percent, motion and event kept", () => {
    expect(decodeRequest(json(JSON_SAMPLES.stillAndroid))).toEqual({
      ok: true,
      deviceId: "48241179",
      positions: [
        {
          timestamp: Date.parse("2025-06-15T13:45:12.862Z"),
          latitude: 37.4219983,
          longitude: -122.084,
          valid: true,
          speed: 0,
          accuracy: 5,
          altitude: 5,
          batteryLevel: 100,
          charging: false,
          moving: false,
          event: "motionchange",
          extra: { odometer: 0, activity: "still" },
        },
      ],
    });
  });

  it("typedExtras: the app's extras keep their JSON types", () => {
    const [position] = accepted(decodeRequest(json(JSON_SAMPLES.typedExtras))).positions;
    expect(position!.extra).toEqual({
      device_string_test: "long_device_id",
      device_bool_test: true,
      device_bool_false_test: false,
      device_integer_test: 1,
      device_integer_twelve_test: 12,
      device_double_test: 1.345,
      device_very_long_double_test: 1763636.3442,
      odometer: 0,
      activity: "still",
    });
  });

  it("mockIos: unknown speed, heading and battery left out, mock kept", () => {
    const result = accepted(decodeRequest(json(JSON_SAMPLES.mockIos)));
    expect(result.deviceId).toBe("658765");
    const [position] = result.positions;
    expect(position).toMatchObject({ latitude: 37.785834, longitude: -122.406417, timestamp: Date.parse("2025-05-09T04:11:30.579Z") });
    expect(position).not.toHaveProperty("speed");
    expect(position).not.toHaveProperty("course");
    expect(position).not.toHaveProperty("batteryLevel");
    expect(position!.extra).toEqual({ odometer: 0, mock: true, activity: "unknown" });
  });

  it("moving: speed from m/s to km/h, heading and battery fraction", () => {
    const [position] = accepted(decodeRequest(json(JSON_SAMPLES.moving))).positions;
    expect(position).toMatchObject({ latitude: -6.1148096, longitude: 106.6837015, course: 63, altitude: 35.7, accuracy: 3.8, batteryLevel: 79 });
    expect(position!.speed).toBeCloseTo(18.67 * 3.6, 9);
  });

  it("reads a batch: location as a list", () => {
    const one = (t: string, lat: number) => ({ timestamp: t, coords: { latitude: lat, longitude: 2 } });
    const body = JSON.stringify({ device_id: "phone-1", location: [one("2026-11-24T11:00:00Z", 1), one("2026-11-24T11:01:00Z", 1.1)] });
    const result = accepted(decodeRequest(json(body)));
    expect(result.positions.map((p) => p.latitude)).toEqual([1, 1.1]);
  });

  it.each([
    ["{", "the body is not valid JSON"],
    ["[1]", "the body must be a JSON object with device_id and location"],
    ['{"location":{}}', "device_id is missing (a string: the device identifier)"],
    ['{"device_id":"a b","location":{}}', `device_id must be 1 to 64 characters`],
    ['{"device_id":"p"}', "location is missing (an object with timestamp and coords)"],
    ['{"device_id":"p","location":[]}', "location is an empty list"],
    ['{"device_id":"p","location":{"coords":{"latitude":1,"longitude":2}}}', "location.timestamp is missing (ISO 8601)"],
    ['{"device_id":"p","location":{"timestamp":"2026-11-24T11:00:00Z"}}', "location.coords is missing"],
    ['{"device_id":"p","location":{"timestamp":"2026-11-24T11:00:00Z","coords":{"latitude":"1","longitude":2}}}', "location.coords.latitude must be a number"],
    ['{"device_id":"p","location":{"timestamp":"2026-11-24T11:00:00Z","coords":{"latitude":1,"longitude":200}}}', "location.coords.longitude must be between -180 and 180, not 200"],
    ['{"device_id":"p","location":{"timestamp":"2030-01-01T00:00:00Z","coords":{"latitude":1,"longitude":2}}}', "location.timestamp is more than a day in the future"],
    ['{"device_id":"p","location":{"timestamp":"2026-11-24T11:00:00Z","coords":{"latitude":1,"longitude":2},"battery":{"level":3}}}', "location.battery.level must be at most 1, not 3"],
    ['{"device_id":"p","location":{"timestamp":"2026-11-24T11:00:00Z","coords":{"latitude":1,"longitude":2},"is_moving":"yes"}}', "location.is_moving must be a boolean"],
    ['{"device_id":"p","location":[{"timestamp":"2026-11-24T11:00:00Z","coords":{"latitude":1,"longitude":2}},{"timestamp":"x","coords":{}}]}', 'location[1].timestamp must be epoch seconds'],
  ])("refuses %s", (body, reason) => {
    const result = decodeRequest(json(body));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toContain(reason);
  });
});

describe("device id rule", () => {
  it.each([
    ["123456", true],
    ["phone-1.fleet_a:2", true],
    ["x".repeat(64), true],
    ["", false],
    ["x".repeat(65), false],
    ["a b", false],
    ["ä", false],
    ["a/b", false],
  ])("%j → %s", (id, valid) => expect(isValidDeviceId(id)).toBe(valid));
});

describe("hostile input", () => {
  // a fixed-seed generator (mulberry32): the same inputs on every run, so a failure can be replayed
  function random(seed: number) {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it("never throws: it answers every mutated or random request with a result", () => {
    const next = random(12);
    const seeds = [...Object.values(QUERY_SAMPLES), ...Object.values(JSON_SAMPLES)];
    for (let i = 0; i < 3_000; i++) {
      const seed = Buffer.from(seeds[i % seeds.length]!);
      // flip, drop or insert bytes; a fifth of the inputs are pure noise
      const bytes = next() < 0.2 ? Buffer.from(Array.from({ length: Math.floor(next() * 300) }, () => Math.floor(next() * 256))) : Buffer.from(seed);
      for (let m = 0; m < 1 + Math.floor(next() * 4); m++) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
      for (const request of [get(bytes.toString("latin1")), json(bytes.toString("utf8")), form(bytes.toString("latin1"))]) {
        const result = decodeRequest(request);
        expect(typeof result.ok).toBe("boolean");
        if (!result.ok) expect(result.reason.length).toBeGreaterThan(0);
      }
    }
  });

  it("refuses deeply nested or oversized JSON values without throwing", () => {
    const deep = `{"device_id":"p","location":${"[".repeat(5000)}${"]".repeat(5000)}}`;
    expect(decodeRequest(json(deep)).ok).toBe(false);
    const many = JSON.stringify({ device_id: "p", location: Array.from({ length: 501 }, () => ({})) });
    expect(decodeRequest(json(many))).toEqual({ ok: false, reason: "more than 500 locations in one request" });
  });
});
