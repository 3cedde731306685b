// Hand-built report streams for the renderer tests (server/modules/reports/render/*.test.ts): the binding column keys of
// every report type (docs/reports.md), a few rows each with known totals, instants on both sides of the Europe/Berlin
// spring-forward night (2026-03-29, 02:00 CET -> 03:00 CEST), a non-Latin address and a hostile driver name.
import type {
  AssetCompleteness,
  ReportColumn,
  ReportMeta,
  ReportPeriod,
  ReportRow,
  ReportStream,
  ReportType,
} from "../modules/reports/report-model";

export const FIXTURE_TIME_ZONE = "Europe/Berlin";
export const CYRILLIC_ADDRESS = "Вильнюс, проспект Гедимина 1";
export const GREEK_ADDRESS = "Αθήνα, Οδός Ερμού 12";
export const HOSTILE_DRIVER = '<script>alert("x")</script>';

const c = (key: string, label: string, kind: ReportColumn["kind"], total?: boolean): ReportColumn =>
  total ? { key, label, kind, total } : { key, label, kind };

export const FIXTURE_COLUMNS: Record<ReportType, ReportColumn[]> = {
  trips: [
    c("asset_id", "Asset id", "integer"),
    c("asset_name", "Asset", "text"),
    c("start_time", "Start", "instant"),
    c("end_time", "End", "instant"),
    c("duration_s", "Duration", "duration", true),
    c("start_address", "Start address", "text"),
    c("end_address", "End address", "text"),
    c("start_lat", "Start latitude", "coordinate"),
    c("start_lng", "Start longitude", "coordinate"),
    c("end_lat", "End latitude", "coordinate"),
    c("end_lng", "End longitude", "coordinate"),
    c("start_odometer_km", "Start odometer", "odometer"),
    c("end_odometer_km", "End odometer", "odometer"),
    c("distance_km", "Distance", "distance", true),
    c("distance_source", "Distance source", "text"),
    c("max_speed_kmh", "Max speed", "speed"),
    c("avg_speed_kmh", "Average speed", "speed"),
    c("driver", "Driver", "text"),
    c("fuel_used_l", "Fuel used", "volume", true),
    c("ongoing", "Ongoing", "boolean"),
  ],
  stops: [
    c("asset_id", "Asset id", "integer"),
    c("asset_name", "Asset", "text"),
    c("arrival", "Arrival", "instant"),
    c("departure", "Departure", "instant"),
    c("duration_s", "Duration", "duration", true),
    c("address", "Address", "text"),
    c("lat", "Latitude", "coordinate"),
    c("lng", "Longitude", "coordinate"),
    c("ignition_on_s", "Ignition on", "duration", true),
  ],
  activity: [
    c("asset_id", "Asset id", "integer"),
    c("asset_name", "Asset", "text"),
    c("period", "Period", "date"),
    c("distance_km", "Distance", "distance", true),
    c("driving_s", "Driving", "duration", true),
    c("idling_s", "Idling", "duration", true),
    c("parked_s", "Parked", "duration", true),
    c("engine_s", "Engine hours", "duration", true),
    c("trip_count", "Trips", "integer", true),
    c("max_speed_kmh", "Max speed", "speed"),
    c("first_fix", "First position", "instant"),
    c("last_fix", "Last position", "instant"),
    c("fuel_used_l", "Fuel used", "volume", true),
  ],
  mileage: [
    c("asset_id", "Asset id", "integer"),
    c("asset_name", "Asset", "text"),
    c("period", "Period", "date"),
    c("period_start", "Period start", "date"),
    c("period_end", "Period end", "date"),
    c("distance_km", "Distance", "distance", true),
    c("source", "Source", "text"),
    c("can_share", "CAN share", "share"),
    c("tracker_share", "Tracker share", "share"),
    c("gps_share", "GPS share", "share"),
    c("start_odometer_km", "Start odometer", "odometer"),
    c("end_odometer_km", "End odometer", "odometer"),
    c("odometer_resets", "Odometer resets", "integer", true),
    c("gaps", "Gaps", "integer", true),
  ],
  events: [
    c("asset_id", "Asset id", "integer"),
    c("asset_name", "Asset", "text"),
    c("time", "Time", "instant"),
    c("type", "Type", "text"),
    c("rule_name", "Rule", "text"),
    c("message", "Message", "text"),
    c("address", "Address", "text"),
    c("lat", "Latitude", "coordinate"),
    c("lng", "Longitude", "coordinate"),
    c("speed_kmh", "Speed", "speed"),
    c("details", "Details", "text"),
  ],
  temperature: [
    c("asset_id", "Asset id", "integer"),
    c("asset_name", "Asset", "text"),
    c("period", "Period", "date"),
    c("sensor", "Sensor", "text"),
    c("readings", "Readings", "integer", true),
    c("min_c", "Min", "temperature"),
    c("avg_c", "Average", "temperature"),
    c("max_c", "Max", "temperature"),
    c("out_of_range_s", "Out of range", "duration", true),
    c("range_min_c", "Range min", "temperature"),
    c("range_max_c", "Range max", "temperature"),
    c("first_reading", "First reading", "instant"),
    c("last_reading", "Last reading", "instant"),
    c("errors_skipped", "Errors skipped", "integer", true),
  ],
  route: [
    c("asset_id", "Asset id", "integer"),
    c("asset_name", "Asset", "text"),
    c("time", "Time", "instant"),
    c("lat", "Latitude", "coordinate"),
    c("lng", "Longitude", "coordinate"),
    c("speed_kmh", "Speed", "speed"),
    c("course", "Course", "integer"),
    c("altitude_m", "Altitude (m)", "integer"),
    c("satellites", "Satellites", "integer"),
    c("ignition", "Ignition", "boolean"),
    c("address", "Address", "text"),
    c("odometer_km", "Odometer", "odometer"),
    c("io_externalVoltage", "External voltage (V)", "number"),
  ],
};

/** rows per type, with the totals the tests expect (durations in seconds) */
export const FIXTURE_ROWS: Record<ReportType, ReportRow[]> = {
  trips: [
    {
      asset_id: 1, asset_name: "Van 7", start_time: "2026-03-29T00:30:00Z", end_time: "2026-03-29T01:30:00Z",
      duration_s: 3600, start_address: CYRILLIC_ADDRESS, end_address: GREEK_ADDRESS, start_lat: 54.687157,
      start_lng: 25.279652, end_lat: 54.7, end_lng: 25.3, start_odometer_km: 120000.5, end_odometer_km: 120042.75,
      distance_km: 42.25, distance_source: "can", max_speed_kmh: 96, avg_speed_kmh: 42.3, driver: HOSTILE_DRIVER,
      fuel_used_l: 3.4, ongoing: false,
    },
    {
      asset_id: 1, asset_name: "Van 7", start_time: "2026-03-30T06:00:00Z", end_time: "2026-03-30T06:20:30Z",
      duration_s: 1230, start_address: GREEK_ADDRESS, end_address: "Łódź, ulica Żółta 3", start_lat: 54.7,
      start_lng: 25.3, end_lat: 54.71, end_lng: 25.31, start_odometer_km: null, end_odometer_km: null,
      distance_km: 7.5, distance_source: "gps", max_speed_kmh: 61, avg_speed_kmh: 21.95, driver: null,
      fuel_used_l: null, ongoing: false,
    },
    {
      asset_id: 2, asset_name: "Truck 12", start_time: "2026-03-30T10:00:00Z", end_time: null, duration_s: 600,
      start_address: null, end_address: null, start_lat: 52.52, start_lng: 13.405, end_lat: null, end_lng: null,
      start_odometer_km: 5000, end_odometer_km: null, distance_km: 3.125, distance_source: "tracker",
      max_speed_kmh: 50, avg_speed_kmh: 18.75, driver: "Jonas", fuel_used_l: 1.1, ongoing: true,
    },
  ],
  stops: [
    {
      asset_id: 1, asset_name: "Van 7", arrival: "2026-03-29T00:45:00Z", departure: "2026-03-29T01:15:00Z",
      duration_s: 1800, address: CYRILLIC_ADDRESS, lat: 54.687157, lng: 25.279652, ignition_on_s: 300,
    },
    {
      asset_id: 2, asset_name: "Truck 12", arrival: "2026-03-30T12:00:00Z", departure: null, duration_s: 7200,
      address: GREEK_ADDRESS, lat: 52.52, lng: 13.405, ignition_on_s: 0,
    },
  ],
  activity: [
    {
      asset_id: 1, asset_name: "Van 7", period: "2026-03-28", distance_km: 120.5, driving_s: 7200, idling_s: 900,
      parked_s: 78300, engine_s: 8100, trip_count: 4, max_speed_kmh: 110, first_fix: "2026-03-27T23:00:00Z",
      last_fix: "2026-03-28T22:59:00Z", fuel_used_l: 10.5,
    },
    {
      asset_id: 1, asset_name: "Van 7", period: "2026-03-29", distance_km: 80.25, driving_s: 3600, idling_s: 600,
      parked_s: 78600, engine_s: 4200, trip_count: 2, max_speed_kmh: 96, first_fix: "2026-03-28T23:00:00Z",
      last_fix: "2026-03-29T21:59:00Z", fuel_used_l: null,
    },
    {
      asset_id: 2, asset_name: "Truck 12", period: "2026-03-29", distance_km: 300, driving_s: 14400, idling_s: 1800,
      parked_s: 66600, engine_s: 16200, trip_count: 3, max_speed_kmh: 89, first_fix: "2026-03-28T23:00:00Z",
      last_fix: "2026-03-29T21:00:00Z", fuel_used_l: 40,
    },
  ],
  mileage: [
    {
      asset_id: 1, asset_name: "Van 7", period: "2026-W13", period_start: "2026-03-23", period_end: "2026-03-29",
      distance_km: 512.345, source: "mixed", can_share: 0.75, tracker_share: 0, gps_share: 0.25,
      start_odometer_km: 119500, end_odometer_km: 120012.345, odometer_resets: 1, gaps: 0,
    },
    {
      asset_id: 2, asset_name: "Truck 12", period: "2026-W13", period_start: "2026-03-23", period_end: "2026-03-29",
      distance_km: 1000, source: "can", can_share: 1, tracker_share: 0, gps_share: 0, start_odometer_km: 4000,
      end_odometer_km: 5000, odometer_resets: 0, gaps: 2,
    },
  ],
  events: [
    {
      asset_id: 1, asset_name: "Van 7", time: "2026-03-29T01:05:00Z", type: "overspeed", rule_name: "Speed 90",
      message: "Speed 96 km/h, over the 90 km/h limit for 0:01:10", address: CYRILLIC_ADDRESS, lat: 54.69,
      lng: 25.28, speed_kmh: 96, details: '{"limit":90}',
    },
    {
      asset_id: 2, asset_name: "Truck 12", time: "2026-03-30T11:00:00Z", type: "geofence_exit", rule_name: "Depot",
      message: "Left <b>Depot</b> & yard", address: null, lat: 52.52, lng: 13.405, speed_kmh: null, details: null,
    },
  ],
  temperature: [
    {
      asset_id: 3, asset_name: "Reefer 1", period: "2026-03-28", sensor: "bleTemp1", readings: 1440, min_c: 2.1,
      avg_c: 4.05, max_c: 6.2, out_of_range_s: 0, range_min_c: 2, range_max_c: 8, first_reading: "2026-03-27T23:00:00Z",
      last_reading: "2026-03-28T22:59:00Z", errors_skipped: 3,
    },
    {
      asset_id: 3, asset_name: "Reefer 1", period: "2026-03-29", sensor: "bleTemp1", readings: 1380, min_c: 1.5,
      avg_c: 5.5, max_c: 9.25, out_of_range_s: 1260, range_min_c: 2, range_max_c: 8,
      first_reading: "2026-03-28T23:00:00Z", last_reading: "2026-03-29T21:59:00Z", errors_skipped: 0,
    },
    {
      asset_id: 3, asset_name: "Reefer 1", period: "2026-03-29", sensor: "oneWireTemp1", readings: 1380, min_c: -18.5,
      avg_c: -17.2, max_c: -15, out_of_range_s: 0, range_min_c: null, range_max_c: null,
      first_reading: "2026-03-28T23:00:00Z", last_reading: "2026-03-29T21:59:00Z", errors_skipped: 12,
    },
  ],
  route: [
    {
      asset_id: 1, asset_name: "Van 7", time: "2026-03-29T00:59:59Z", lat: 54.687157, lng: 25.279652, speed_kmh: 0,
      course: 0, altitude_m: 112, satellites: 11, ignition: true, address: CYRILLIC_ADDRESS, odometer_km: 120000.5,
      io_externalVoltage: 13.75,
    },
    {
      asset_id: 1, asset_name: "Van 7", time: "2026-03-29T01:00:00Z", lat: 54.688, lng: 25.281, speed_kmh: 34,
      course: 45, altitude_m: 113, satellites: 12, ignition: true, address: GREEK_ADDRESS, odometer_km: 120000.62,
      io_externalVoltage: 13.8,
    },
  ],
};

const PERIODS: Record<ReportType, ReportPeriod | null> = {
  trips: null,
  stops: null,
  activity: "day",
  mileage: "week",
  events: null,
  temperature: "day",
  route: null,
};

export const FIXTURE_COMPLETENESS: AssetCompleteness[] = [
  {
    asset_id: 1,
    asset_name: "Van 7",
    newest_record_at: "2026-03-31T08:00:00Z",
    newest_received_at: "2026-03-31T08:00:02Z",
    late_records_possible: false,
  },
  {
    asset_id: 2,
    asset_name: "Truck 12",
    newest_record_at: "2026-03-30T12:00:00Z",
    newest_received_at: "2026-03-30T12:00:05Z",
    late_records_possible: true,
  },
];

export function fixtureMeta(type: ReportType, overrides: Partial<ReportMeta> = {}): ReportMeta {
  return {
    type,
    // local 2026-03-28 00:00 (CET, +01:00) to 2026-04-01 00:00 (CEST, +02:00): four local days across the change
    from: "2026-03-27T23:00:00.000Z",
    to: "2026-03-31T22:00:00.000Z",
    time_zone: FIXTURE_TIME_ZONE,
    period: PERIODS[type],
    generated_at: "2026-04-01T07:30:00.000Z",
    columns: FIXTURE_COLUMNS[type],
    completeness: FIXTURE_COMPLETENESS,
    notes: ["Van 7: odometer reset on 2026-03-29 (counted from GPS for that day)"],
    ...overrides,
  };
}

/** a stream over `rows` in batches of `batchSize`, produced lazily like the engine's */
export function streamOf(meta: ReportMeta, rows: Iterable<ReportRow>, batchSize = 1000): ReportStream {
  return {
    meta,
    rows: (async function* () {
      let batch: ReportRow[] = [];
      for (const row of rows) {
        batch.push(row);
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    })(),
  };
}

export function fixtureStream(type: ReportType, overrides: Partial<ReportMeta> = {}): ReportStream {
  return streamOf(fixtureMeta(type, overrides), FIXTURE_ROWS[type], 2);
}

/** `count` route rows one minute apart from the range start (a 30-day route at one fix a minute is 43,200 rows) */
export function* routeRows(count: number, startIso = "2026-03-01T00:00:00Z"): Generator<ReportRow> {
  const start = Date.parse(startIso);
  for (let i = 0; i < count; i++) {
    yield {
      asset_id: 1,
      asset_name: "Van 7",
      time: new Date(start + i * 60_000).toISOString(),
      lat: 54.6 + (i % 1000) / 10_000,
      lng: 25.2 + (i % 700) / 10_000,
      speed_kmh: i % 90,
      course: (i * 7) % 360,
      altitude_m: 100 + (i % 50),
      satellites: 9 + (i % 4),
      ignition: i % 5 !== 0,
      address: i % 3 === 0 ? CYRILLIC_ADDRESS : "Gedimino pr. 1, Vilnius",
      odometer_km: 100_000 + i * 0.8,
      io_externalVoltage: 13.5 + (i % 10) / 20,
    };
  }
}
