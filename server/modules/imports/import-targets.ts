// GET /targets: every import target and its fields, so an integrator can discover them (and a dashboard can build a
// column mapping). Written as data beside the row schemas; a test keeps the two in step.
import { IMPORT_LIMITS, type ImportTarget } from "./imports.schema";

export interface TargetField {
  name: string;
  required: boolean;
  type: "text" | "number" | "days" | "clock_time" | "date" | "stop_time" | "stop_kind" | "status" | "array";
  /** accepted forms, as examples */
  forms?: string[];
  description: string;
}

export interface ImportTargetDescription {
  target: ImportTarget;
  description: string;
  /** how the rows of this target are counted against the limits */
  row_counting: string;
  /** how a row finds the record it updates */
  matching: string;
  fields: TargetField[];
  /** routes only: the fields of each object in `stops` */
  stop_fields?: TargetField[];
}

const DAYS_FORMS = ["Mon-Fri", "Weekdays", "Mon, Wed & Fri", "Tuesday to Thursday", "Daily", "Weekends", "Sat"];
const CLOCK_FORMS = ["07:00", "7:00", "7.15", "3:30 pm", "3pm", "12 am", "noon"];
const DATE_FORMS = ["2026-09-01", "01/09/2026"];

export const IMPORT_TARGET_DESCRIPTIONS: ImportTargetDescription[] = [
  {
    target: "routes",
    description: "One row per route, with its stops nested in the order the vehicle reaches them.",
    row_counting: "a route counts one row per stop, one when it has none; error row numbers count the same way",
    matching: "route_number: a route imported again is updated; stops keep their ids when their name is unchanged",
    fields: [
      { name: "route_number", required: true, type: "text", description: "your identifier for the route" },
      { name: "route_name", required: false, type: "text", description: "shown to passengers" },
      { name: "vehicle", required: false, type: "text", description: "plate or name of a vehicle in the account; vehicles are matched, never created" },
      { name: "driver", required: false, type: "text", description: "name, e-mail or phone of a driver in the account" },
      { name: "days", required: false, type: "days", forms: DAYS_FORMS, description: "days the route runs" },
      { name: "start_time", required: false, type: "clock_time", forms: CLOCK_FORMS, description: "in the account's time zone" },
      { name: "end_time", required: false, type: "clock_time", forms: CLOCK_FORMS, description: "in the account's time zone" },
      { name: "effective_from", required: false, type: "date", forms: DATE_FORMS, description: "first day the route runs (YYYY-MM-DD or DD/MM/YYYY)" },
      { name: "stops", required: false, type: "array", description: "stop objects, in order" },
    ],
    stop_fields: [
      { name: "name", required: true, type: "text", description: "unique on the route; passengers name their stops by it (letter case ignored)" },
      { name: "address", required: false, type: "text", description: "shown to passengers" },
      { name: "lat", required: false, type: "number", forms: ["54.6872", "54,6872"], description: "latitude, -90 to 90" },
      { name: "lng", required: false, type: "number", forms: ["25.2797"], description: "longitude, -180 to 180" },
      { name: "time", required: false, type: "stop_time", forms: ["07:25", "7.25 am", "15"], description: "a clock time, or whole minutes from the route's start" },
      { name: "kind", required: false, type: "stop_kind", forms: ["pick-up", "drop-off", "both"], description: "omitted means both" },
      { name: "radius_m", required: false, type: "number", forms: ["75", "150 m"], description: "arrival radius in whole metres, 20 to 1000; omitted means 75" },
    ],
  },
  {
    target: "runs",
    description: "One row per day's trip on a route; one run per route and date.",
    row_counting: "one row per run",
    matching: "route_number and date: a run sent again is updated (what it leaves empty falls back to the route's values)",
    fields: [
      { name: "route_number", required: true, type: "text", description: "a route already imported" },
      { name: "date", required: true, type: "date", forms: DATE_FORMS, description: "the day of the run" },
      { name: "start_time", required: false, type: "clock_time", forms: CLOCK_FORMS, description: "defaults to the route's" },
      { name: "end_time", required: false, type: "clock_time", forms: CLOCK_FORMS, description: "defaults to the route's" },
      { name: "vehicle", required: false, type: "text", description: "for this day only; plate or name" },
      { name: "driver", required: false, type: "text", description: "for this day only; name, e-mail or phone" },
      { name: "notice", required: false, type: "text", description: "shown to passengers on the run's link" },
      { name: "status", required: false, type: "status", forms: ["scheduled", "cancelled"], description: "new runs are scheduled; an existing run keeps its status unless given" },
    ],
  },
  {
    target: "passengers",
    description: "One row per passenger on a route. An import never messages anyone; send-welcome does.",
    row_counting: "one row per passenger",
    matching:
      "external_id first, then passenger_name on the route (letter case ignored): a row without external_id matches a passenger of its name whatever external_id that one has; a row with another external_id is somebody else",
    fields: [
      { name: "external_id", required: false, type: "text", description: "your identifier for the passenger, unique in the account" },
      { name: "route_number", required: true, type: "text", description: "a route already imported" },
      { name: "passenger_name", required: true, type: "text", description: "the passenger's name" },
      { name: "contact_name", required: false, type: "text", description: "who receives the tracking link" },
      { name: "contact_phone", required: false, type: "text", description: "for SMS welcome messages when there is no contact_email; in international form (+370 600 12345)" },
      { name: "contact_email", required: false, type: "text", description: "an extension of the spec's fields: where the welcome message goes by e-mail (stored lowercased)" },
      { name: "pickup_stop", required: false, type: "text", description: "a stop name of the route (letter case ignored)" },
      { name: "dropoff_stop", required: false, type: "text", description: "a stop name of the route (letter case ignored)" },
    ],
  },
];

/** the limits of a rows call, the same for every target */
export const IMPORT_CALL_LIMITS = {
  rows_answered_at_once: IMPORT_LIMITS.syncRows,
  max_rows_per_call: IMPORT_LIMITS.maxRows,
  row_calls_per_minute: IMPORT_LIMITS.callsPerMinute,
  max_body_bytes: IMPORT_LIMITS.maxBodyBytes,
} as const;

/**
 * GET /targets: a collection as every list of the API answers (spec-readings: `{data, next_cursor}`), all of it on one
 * page; each target carries the limits of the rows call, so they stay one request away
 */
export function listImportTargets() {
  return { data: IMPORT_TARGET_DESCRIPTIONS.map((description) => ({ ...description, limits: IMPORT_CALL_LIMITS })), next_cursor: null };
}
