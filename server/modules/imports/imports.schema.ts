// The import service's request and result shapes (spec: route/run/passenger import rows, import job result).
// Field names are checked strictly: an unknown field anywhere refuses the whole call (422) before anything is
// written, so a misspelt column never silently drops data. Field values are read later, row by row
// (values/*.ts), because a value that cannot be read only leaves its row out.
import { z } from "zod";

export const IMPORT_TARGETS = ["routes", "runs", "passengers"] as const;
export type ImportTarget = (typeof IMPORT_TARGETS)[number];

export const IMPORT_LIMITS = {
  /** up to this many rows (each stop counting) are imported while the caller waits: 200 */
  syncRows: 500,
  /** up to this many are queued as a pending job: 202; more is refused: 413 */
  maxRows: 5_000,
  /** row calls per minute per API key */
  callsPerMinute: 30,
  /** the byte cap of a rows body: 5,000 rows of a few hundred bytes each fit; larger is 413 before it is read */
  maxBodyBytes: 8 * 1024 * 1024,
} as const;

/** a cell as a spreadsheet or JSON holds it: text, a number, or empty */
const ZCell = z.union([z.string().max(1_000, "must be at most 1,000 characters"), z.number(), z.boolean(), z.null()]).optional();

export const ZStopRow = z.strictObject({
  name: ZCell,
  address: ZCell,
  lat: ZCell,
  lng: ZCell,
  time: ZCell,
  kind: ZCell,
  radius_m: ZCell,
});

export const ZRouteRow = z.strictObject({
  route_number: ZCell,
  route_name: ZCell,
  vehicle: ZCell,
  driver: ZCell,
  days: ZCell,
  start_time: ZCell,
  end_time: ZCell,
  effective_from: ZCell,
  stops: z.array(ZStopRow, { error: "must be an array of stop objects" }).max(IMPORT_LIMITS.maxRows).nullable().optional(),
});

export const ZRunRow = z.strictObject({
  route_number: ZCell,
  date: ZCell,
  start_time: ZCell,
  end_time: ZCell,
  vehicle: ZCell,
  driver: ZCell,
  notice: ZCell,
  status: ZCell,
});

export const ZPassengerRow = z.strictObject({
  external_id: ZCell,
  route_number: ZCell,
  passenger_name: ZCell,
  contact_name: ZCell,
  contact_phone: ZCell,
  /** ours, beside the spec's fields: where the welcome message goes (send-welcome); stored lowercased */
  contact_email: ZCell,
  pickup_stop: ZCell,
  dropoff_stop: ZCell,
});

export type StopRow = z.infer<typeof ZStopRow>;
export type RouteRow = z.infer<typeof ZRouteRow>;
export type RunRow = z.infer<typeof ZRunRow>;
export type PassengerRow = z.infer<typeof ZPassengerRow>;

export const ROW_SCHEMAS = { routes: ZRouteRow, runs: ZRunRow, passengers: ZPassengerRow } as const;

/** the body of POST /rows before its rows are checked against their target's fields */
export const ZImportRequest = z.strictObject({
  target: z.enum(IMPORT_TARGETS, { error: `must be one of: ${IMPORT_TARGETS.join(", ")}` }),
  rows: z.array(z.unknown(), { error: "must be an array of row objects" }).min(1, "must hold at least one row"),
});

/** one left-out row (spec-readings: `{row, field?, reason}`; row numbers from 1, each stop counting) */
export const ZImportRowError = z.object({
  row: z.number().int().meta({ description: "row number from 1, each stop counting as a row" }),
  field: z.string().optional().meta({ description: "the field at fault, when one is" }),
  reason: z.string(),
});

export const ZImportStats = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int().meta({ description: "blank rows (every field empty), left out without an error" }),
  failed: z.number().int().meta({ description: "rows left out with an entry in `errors`" }),
});

/** the spec's import job result */
export const ZImportJobResult = z
  .object({
    id: z.number().int(),
    target: z.enum(IMPORT_TARGETS),
    status: z.enum(["pending", "done", "failed"]),
    source: z.string().meta({ description: "api (rows endpoint), upload (dashboard), spreadsheet (connected source)" }),
    rows: z.number().int().meta({ description: "rows counted; each stop is one row" }),
    stats: ZImportStats,
    errors: z.array(ZImportRowError),
    created_ids: z.array(z.number().int()).meta({ description: "new routes (routes import) or passengers (passengers import)" }),
    finished_at: z.string().nullable().meta({ description: "ISO 8601; null while pending" }),
  })
  .meta({ id: "ImportJobResult" });

export type ImportRowError = z.infer<typeof ZImportRowError>;
export type ImportStats = z.infer<typeof ZImportStats>;
export type ImportJobResult = z.infer<typeof ZImportJobResult>;

/** rows as the spec counts them: a route counts one row per stop (one when it has none) */
export function countRows(target: ImportTarget, rows: readonly unknown[]): number {
  if (target !== "routes") return rows.length;
  return rows.reduce<number>((sum, row) => sum + Math.max(1, (row as RouteRow).stops?.length ?? 0), 0);
}
