// The columns a sheet can give each import target, built from the targets' own field list (import-targets.ts) so
// the mapping step never offers a field the import does not know. For routes the sheet is one line per stop: the
// route's fields plus the stop's fields, keyed "stops.name", "stops.lat", ... (the same names the import's row
// errors use, so an error's field points back at its column).
import { IMPORT_TARGET_DESCRIPTIONS, type TargetField } from "../import-targets";
import type { ImportTarget } from "../imports.schema";

export interface SheetField {
  /** the import row's field, or "stops.<field>" for a stop's */
  key: string;
  label: string;
  required: boolean;
  type: TargetField["type"];
  description: string;
  /** other headers people give this column (compared as normalised by headerKey) */
  synonyms: readonly string[];
}

const LABELS: Record<string, string> = {
  route_number: "Route number",
  route_name: "Route name",
  vehicle: "Vehicle",
  driver: "Driver",
  days: "Days",
  start_time: "Start time",
  end_time: "End time",
  effective_from: "Effective from",
  date: "Date",
  notice: "Notice",
  status: "Status",
  external_id: "External ID",
  passenger_name: "Passenger name",
  contact_name: "Contact name",
  contact_phone: "Contact phone",
  pickup_stop: "Pick-up stop",
  dropoff_stop: "Drop-off stop",
  "stops.name": "Stop name",
  "stops.address": "Stop address",
  "stops.lat": "Stop latitude",
  "stops.lng": "Stop longitude",
  "stops.time": "Stop time",
  "stops.kind": "Stop kind",
};

const SYNONYMS: Record<string, readonly string[]> = {
  route_number: ["route", "route no", "route num", "route id", "route code", "route ref", "line", "line number"],
  route_name: ["route title", "route description", "description"],
  vehicle: ["plate", "plate number", "number plate", "license plate", "licence plate", "registration", "reg", "vehicle name", "bus"],
  driver: ["driver name", "driver email", "driver e-mail", "driver phone", "chauffeur"],
  days: ["day", "weekdays", "operating days", "runs on", "schedule"],
  start_time: ["start", "departure", "departure time", "depart", "begins"],
  end_time: ["end", "arrival", "arrival time", "arrive", "finish"],
  effective_from: ["effective", "valid from", "start date", "from date", "starts on"],
  date: ["run date", "service date", "trip date", "day"],
  notice: ["note", "notes", "message", "comment", "comments", "remarks"],
  status: ["state", "run status"],
  external_id: ["id", "passenger id", "student id", "pupil id", "reference", "ref", "external reference"],
  passenger_name: ["name", "passenger", "student", "student name", "pupil", "pupil name", "child", "child name", "rider"],
  contact_name: ["contact", "parent", "parent name", "guardian", "guardian name"],
  contact_phone: ["phone", "phone number", "mobile", "telephone", "tel", "parent phone", "guardian phone", "contact mobile"],
  pickup_stop: ["pickup", "pick up", "pick-up", "pickup point", "boarding", "boarding stop"],
  dropoff_stop: ["dropoff", "drop off", "drop-off", "dropoff point", "alighting", "alighting stop"],
  "stops.name": ["stop", "stops", "station", "station name", "stop point"],
  "stops.address": ["address", "street", "location"],
  "stops.lat": ["lat", "latitude"],
  "stops.lng": ["lng", "lon", "long", "longitude"],
  "stops.time": ["time", "stop time", "eta", "scheduled time", "pickup time", "minutes"],
  "stops.kind": ["kind", "type", "stop type", "pickup or dropoff", "pick-up or drop-off"],
};

const toSheetField = (field: TargetField, key: string): SheetField => ({
  key,
  label: LABELS[key] ?? key,
  required: field.required,
  type: field.type,
  description: field.description,
  synonyms: SYNONYMS[key] ?? [],
});

export function sheetFields(target: ImportTarget): SheetField[] {
  const description = IMPORT_TARGET_DESCRIPTIONS.find((entry) => entry.target === target)!;
  const fields = description.fields.filter((field) => field.type !== "array").map((field) => toSheetField(field, field.name));
  // a stop's name is required of each stop, not of a route (a route may have none): not a required column
  const stopFields = (description.stop_fields ?? []).map((field) => ({ ...toSheetField(field, `stops.${field.name}`), required: false }));
  return [...fields, ...stopFields];
}

/** headers compared without letter case, spaces, underscores, dashes and signs: "Route #" and "route_no." alike */
export function headerKey(header: string): string {
  return header
    .toLowerCase()
    .replace(/\bno\b|\bnr\b|\bnum\b|number/g, "number")
    .replace(/[^a-z0-9]/g, "");
}
