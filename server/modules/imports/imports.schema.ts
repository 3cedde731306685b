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
export interface ImportRowError {
  row: number;
  field?: string;
  reason: string;
}

export interface ImportStats {
  created: number;
  updated: number;
  /** blank rows (every field empty), left out without an error */
  skipped: number;
  /** rows left out with an entry in `errors` */
  failed: number;
}

export interface ImportJobResult {
  id: number;
  target: ImportTarget;
  status: "pending" | "done" | "failed";
  source: string;
  rows: number;
  stats: ImportStats;
  errors: ImportRowError[];
  created_ids: number[];
  finished_at: string | null;
}

/** rows as the spec counts them: a route counts one row per stop (one when it has none) */
export function countRows(target: ImportTarget, rows: readonly unknown[]): number {
  if (target !== "routes") return rows.length;
  return rows.reduce<number>((sum, row) => sum + Math.max(1, (row as RouteRow).stops?.length ?? 0), 0);
}
