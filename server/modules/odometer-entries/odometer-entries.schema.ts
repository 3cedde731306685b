// Odometer entry inputs (REST bodies and the dashboard send the same shape), the OdometerEntryDto every transport
// answers with, and the list's query (docs/fleet-records.md "Odometer entries").
import { z } from "zod";
import { AppError } from "../../errors";
import { requiredOr } from "../parse-input";
import { ZCursor } from "../paging";

/** readings dated further ahead than this are refused (a clock a little fast is fine) */
export const MAX_FUTURE_MS = 5 * 60_000;
/** readings of one asset written by people or integrations (poll and fuel-entry readings do not count) */
export const MAX_MANUAL_READINGS_PER_ASSET = 50_000;

export const ODOMETER_SOURCES = ["manual", "tracker", "fuel_entry", "poll"] as const;
export type OdometerSource = (typeof ODOMETER_SOURCES)[number];

const ZId = z.number().int().positive();
export const ZIsoTime = z.iso.datetime({ offset: true, message: "must be an ISO 8601 time with a zone, e.g. 2026-11-22T08:00:00Z" });
export const ZKm = z
  .number({ error: requiredOr("must be a number of km") })
  .min(0, "must be 0 or more")
  .max(10_000_000, "must be at most 10,000,000 km");

export const ZOdometerEntryBody = z
  .object({
    asset_id: z.number({ error: requiredOr("must be an asset id") }).int("must be an asset id").positive("must be an asset id"),
    read_at: z.string({ error: requiredOr("must be an ISO 8601 time") }).pipe(ZIsoTime).meta({ description: "When the odometer showed this value." }),
    value_km: ZKm.meta({ description: "The reading, km (kept to the metre)." }),
    source: z.enum(["manual", "tracker"], { error: "must be manual or tracker" }).optional().meta({ description: "manual (default) or tracker (read from a tracker by an integration); fuel_entry and poll readings are written by the server." }),
    is_reset: z.boolean({ error: "must be true or false" }).optional().meta({ description: "The odometer was reset or replaced: this reading starts a new sequence and may be lower than earlier ones." }),
    note: z.string({ error: "must be a text" }).trim().max(500, "must be at most 500 characters").nullable().optional(),
  })
  .strict()
  .meta({ id: "OdometerEntryInput" });
export type OdometerEntryBody = z.input<typeof ZOdometerEntryBody>;

export const ZEntryListQuery = z.object({
  asset_id: z.coerce.number({ error: "must be an asset id" }).int("must be an asset id").positive("must be an asset id").optional().meta({ description: "Only this asset's entries." }),
  from: ZIsoTime.optional().meta({ description: "Only entries at or after this time." }),
  to: ZIsoTime.optional().meta({ description: "Only entries before this time." }),
  cursor: ZCursor.optional(),
  limit: z.coerce.number({ error: "must be a whole number from 1 to 500" }).int("must be a whole number from 1 to 500").min(1, "must be a whole number from 1 to 500").max(500, "must be a whole number from 1 to 500").optional(),
});

export const ZOdometerListQuery = ZEntryListQuery.extend({
  source: z.enum(ODOMETER_SOURCES, { error: `must be one of ${ODOMETER_SOURCES.join(", ")}` }).optional(),
});

export const ZOdometerEntryRef = z.object({ accountId: ZId, entryId: ZId });

export const ZOdometerEntryDto = z
  .object({
    id: z.number().int(),
    asset_id: z.number().int(),
    read_at: z.string().meta({ description: "ISO 8601" }),
    value_km: z.number().meta({ description: "km" }),
    source: z.enum(ODOMETER_SOURCES),
    is_reset: z.boolean(),
    note: z.string().nullable(),
    fuel_entry_id: z.number().int().nullable().meta({ description: "the fuel entry that wrote it (source fuel_entry)" }),
    tracker: z
      .object({
        odometer_km: z.number().nullable().meta({ description: "the tracker's odometer at read_at (km), null when no record was near" }),
        meter: z.enum(["can", "tracker", "gps"]).nullable().meta({ description: "can: CAN odometer; tracker: the tracker's own; gps: distance added up by the server" }),
      })
      .meta({ description: "What the tracker said at read_at (poll readings: where the value came from)." }),
    flags: z.array(z.string()).meta({ description: "odometer_mismatch: further from the tracker's odometer than the tolerance" }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "OdometerEntry" });
export type OdometerEntryDto = z.infer<typeof ZOdometerEntryDto>;

export const ZOdometerEntryPage = z.object({ data: z.array(ZOdometerEntryDto), next_cursor: z.string().nullable() }).meta({ id: "OdometerEntryPage" });
export type OdometerEntryPage = z.infer<typeof ZOdometerEntryPage>;

export const odometerSelect = {
  id: true,
  assetId: true,
  readAt: true,
  valueM: true,
  source: true,
  isReset: true,
  note: true,
  fuelEntryId: true,
  trackerValueM: true,
  trackerMeter: true,
  flags: true,
  createdAt: true,
  updatedAt: true,
} as const;

export interface OdometerRow {
  id: number;
  assetId: number;
  readAt: Date;
  valueM: number;
  source: string;
  isReset: boolean;
  note: string | null;
  fuelEntryId: number | null;
  trackerValueM: number | null;
  trackerMeter: string | null;
  flags: string[];
  createdAt: Date;
  updatedAt: Date;
}

export const toKm = (metres: number) => Math.round(metres) / 1000;

export function toOdometerEntryDto(row: OdometerRow): OdometerEntryDto {
  return {
    id: row.id,
    asset_id: row.assetId,
    read_at: row.readAt.toISOString(),
    value_km: toKm(row.valueM),
    source: row.source as OdometerSource,
    is_reset: row.isReset,
    note: row.note,
    fuel_entry_id: row.fuelEntryId,
    tracker: { odometer_km: row.trackerValueM === null ? null : toKm(row.trackerValueM), meter: row.trackerMeter as "can" | "tracker" | "gps" | null },
    flags: row.flags,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function odometerEntryNotFound(entryId: number): AppError {
  return new AppError("ODOMETER_ENTRY_NOT_FOUND", `odometer entry ${entryId} not found`);
}

/** an asset_id in a body that is not an asset of the account */
export function unknownAsset(): AppError {
  return new AppError("VALIDATION_FAILED", "asset_id: is not an asset of this account", [{ field: "asset_id", message: "is not an asset of this account" }]);
}

/** a time in a body further ahead than MAX_FUTURE_MS */
export function checkNotFuture(field: string, at: Date, now: number): void {
  if (at.getTime() > now + MAX_FUTURE_MS) {
    throw new AppError("VALIDATION_FAILED", `${field}: is in the future`, [{ field, message: "is in the future" }]);
  }
}
