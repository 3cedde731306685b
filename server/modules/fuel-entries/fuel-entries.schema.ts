// Fuel entry inputs (REST bodies and the dashboard send the same shape), the FuelEntryDto every transport answers
// with, and the per-asset summary (docs/fleet-records.md "Fuel entries").
import { z } from "zod";
import { AppError } from "../../errors";
import { requiredOr } from "../parse-input";
import { ZEntryListQuery, ZIsoTime, ZKm } from "../odometer-entries/odometer-entries.schema";

/** fuel entries one asset may hold (two fill-ups a day for 60 years) */
export const MAX_FUEL_ENTRIES_PER_ASSET = 50_000;
/** entries a summary reads at most (its range is cut to the newest ones past that) */
export const MAX_SUMMARY_ENTRIES = 10_000;

const ZId = z.number().int().positive();
const decimals = (places: number) => (value: number) => Math.abs(Math.round(value * 10 ** places) - value * 10 ** places) < 1e-6;
const ZMoney = (places: number, what: string) =>
  z
    .number({ error: `must be a number` })
    .min(0, "must be 0 or more")
    .max(1_000_000_000, "is too large")
    .refine(decimals(places), `must have at most ${places} decimals`)
    .nullable()
    .optional()
    .meta({ description: what });
const ZText = (max: number) => z.string({ error: "must be a text" }).trim().max(max, `must be at most ${max} characters`).nullable().optional();
const ZFlag = (description: string) => z.boolean({ error: "must be true or false" }).optional().meta({ description });

export const ZFuelEntryBody = z
  .object({
    asset_id: z.number({ error: requiredOr("must be an asset id") }).int("must be an asset id").positive("must be an asset id"),
    filled_at: z.string({ error: requiredOr("must be an ISO 8601 time") }).pipe(ZIsoTime).meta({ description: "When the vehicle was filled." }),
    odometer_km: ZKm.meta({ description: "The odometer at the fill-up, km (required); written as an odometer entry with source fuel_entry unless the entry is void." }),
    volume_l: z
      .number({ error: requiredOr("must be a number of litres") })
      .min(0, "must be 0 or more")
      .max(100_000, "must be at most 100,000 l")
      .refine(decimals(3), "must have at most 3 decimals")
      .meta({ description: "Litres, up to 3 decimals." }),
    price_per_unit: ZMoney(4, "Price per litre. Give two of volume, price per unit and total: the third is computed."),
    total: ZMoney(2, "Total cost. Given with price_per_unit it must equal volume × price (to the cent, plus the price's rounding): else 422."),
    vendor: ZText(120),
    fuel_type: ZText(60).meta({ description: "Free text, e.g. diesel, petrol 95, LPG." }),
    partial: ZFlag("A partial fill-up (the tank was not filled to the top): its volume joins the next full fill-up's consumption."),
    reset_usage: ZFlag("An entry was missed before this one: the distance since the previous entry is not counted."),
    void: ZFlag("A bad entry (e.g. a wrong odometer): left out of every figure, and its odometer is not an odometer entry."),
    odometer_reset: ZFlag("The odometer was reset or replaced: the entry's odometer reading is marked as a reset."),
    note: ZText(500),
  })
  .strict()
  .meta({ id: "FuelEntryInput" });
export type FuelEntryBody = z.input<typeof ZFuelEntryBody>;

export const ZFuelListQuery = ZEntryListQuery;

export const ZFuelSummaryQuery = z.object({
  asset_id: z.coerce.number({ error: requiredOr("must be an asset id") }).int("must be an asset id").positive("must be an asset id"),
  from: ZIsoTime.optional().meta({ description: "Entries at or after this time (default: the first)." }),
  to: ZIsoTime.optional().meta({ description: "Entries before this time (default: now)." }),
});

export const ZFuelEntryRef = z.object({ accountId: ZId, entryId: ZId });

export const ZFuelEntryDto = z
  .object({
    id: z.number().int(),
    asset_id: z.number().int(),
    filled_at: z.string(),
    odometer_km: z.number(),
    volume_l: z.number(),
    price_per_unit: z.number().nullable(),
    total: z.number().nullable(),
    vendor: z.string().nullable(),
    fuel_type: z.string().nullable(),
    partial: z.boolean(),
    reset_usage: z.boolean(),
    void: z.boolean(),
    note: z.string().nullable(),
    odometer_reset: z.boolean().meta({ description: "its odometer reading is marked as a reset (false when void: a void entry has no reading)" }),
    odometer_entry_id: z.number().int().nullable().meta({ description: "its odometer reading (null when void)" }),
    distance_km: z.number().nullable().meta({ description: "km since the previous entry that is not void; null for the first, a reset_usage or a void entry" }),
    l_per_100km: z.number().nullable().meta({ description: "on a full fill-up closing an interval: the interval's volume (partial fill-ups joined) per 100 km" }),
    cost_per_km: z.number().nullable().meta({ description: "the interval's cost per km (null when a total is unknown)" }),
    interval: z
      .object({ distance_km: z.number(), volume_l: z.number(), cost: z.number().nullable() })
      .nullable()
      .meta({ description: "the interval this full fill-up closes (from the previous full one)" }),
    tracker: z.object({
      odometer_km: z.number().nullable().meta({ description: "the tracker's odometer at filled_at" }),
      meter: z.enum(["can", "tracker", "gps"]).nullable(),
      fuel_level_rise: z.number().nullable().meta({ description: "the largest rise of the fuel level around filled_at; null without a fuel-level sensor" }),
      fuel_level_unit: z.enum(["l", "%"]).nullable(),
    }),
    flags: z.array(z.string()).meta({ description: "odometer_mismatch, fill_not_seen" }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "FuelEntry" });
export type FuelEntryDto = z.infer<typeof ZFuelEntryDto>;

export const ZFuelEntryPage = z.object({ data: z.array(ZFuelEntryDto), next_cursor: z.string().nullable() }).meta({ id: "FuelEntryPage" });
export type FuelEntryPage = z.infer<typeof ZFuelEntryPage>;

export const ZFuelSummary = z
  .object({
    asset_id: z.number().int(),
    from: z.string().nullable(),
    to: z.string(),
    entries: z.number().int().meta({ description: "entries that are not void" }),
    void_entries: z.number().int(),
    flagged_entries: z.number().int(),
    volume_l: z.number().meta({ description: "every entry that is not void, partial ones included" }),
    cost: z.number().meta({ description: "the known totals of those entries" }),
    distance_km: z.number().meta({ description: "distance of the closed intervals" }),
    l_per_100km: z.number().nullable().meta({ description: "volume of the closed intervals per 100 km of them" }),
    cost_per_km: z.number().nullable(),
    series: z
      .array(z.object({ filled_at: z.string(), l_per_100km: z.number(), cost_per_km: z.number().nullable() }))
      .meta({ description: "each closed interval, oldest first (a consumption chart)" }),
  })
  .meta({ id: "FuelSummary" });
export type FuelSummaryDto = z.infer<typeof ZFuelSummary>;

export const fuelSelect = {
  id: true,
  assetId: true,
  filledAt: true,
  odometerM: true,
  volumeL: true,
  pricePerUnit: true,
  total: true,
  vendor: true,
  fuelType: true,
  partial: true,
  resetUsage: true,
  isVoid: true,
  note: true,
  distanceKm: true,
  intervalDistanceKm: true,
  intervalVolumeL: true,
  intervalCost: true,
  lPer100Km: true,
  costPerKm: true,
  trackerValueM: true,
  trackerMeter: true,
  fuelRise: true,
  fuelRiseUnit: true,
  flags: true,
  createdAt: true,
  updatedAt: true,
  odometerEntry: { select: { id: true, isReset: true } },
} as const;

export interface FuelRow {
  id: number;
  assetId: number;
  filledAt: Date;
  odometerM: number;
  volumeL: number;
  pricePerUnit: number | null;
  total: number | null;
  vendor: string | null;
  fuelType: string | null;
  partial: boolean;
  resetUsage: boolean;
  isVoid: boolean;
  note: string | null;
  distanceKm: number | null;
  intervalDistanceKm: number | null;
  intervalVolumeL: number | null;
  intervalCost: number | null;
  lPer100Km: number | null;
  costPerKm: number | null;
  trackerValueM: number | null;
  trackerMeter: string | null;
  fuelRise: number | null;
  fuelRiseUnit: string | null;
  flags: string[];
  createdAt: Date;
  updatedAt: Date;
  odometerEntry: { id: number; isReset: boolean } | null;
}

const km = (metres: number) => Math.round(metres) / 1000;

export function toFuelEntryDto(row: FuelRow): FuelEntryDto {
  return {
    id: row.id,
    asset_id: row.assetId,
    filled_at: row.filledAt.toISOString(),
    odometer_km: km(row.odometerM),
    volume_l: row.volumeL,
    price_per_unit: row.pricePerUnit,
    total: row.total,
    vendor: row.vendor,
    fuel_type: row.fuelType,
    partial: row.partial,
    reset_usage: row.resetUsage,
    void: row.isVoid,
    note: row.note,
    odometer_reset: row.odometerEntry?.isReset ?? false,
    odometer_entry_id: row.odometerEntry?.id ?? null,
    distance_km: row.distanceKm,
    l_per_100km: row.lPer100Km,
    cost_per_km: row.costPerKm,
    interval:
      row.intervalDistanceKm !== null && row.intervalVolumeL !== null
        ? { distance_km: row.intervalDistanceKm, volume_l: row.intervalVolumeL, cost: row.intervalCost }
        : null,
    tracker: {
      odometer_km: row.trackerValueM === null ? null : km(row.trackerValueM),
      meter: row.trackerMeter as "can" | "tracker" | "gps" | null,
      fuel_level_rise: row.fuelRise,
      fuel_level_unit: row.fuelRiseUnit as "l" | "%" | null,
    },
    flags: row.flags,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function fuelEntryNotFound(entryId: number): AppError {
  return new AppError("FUEL_ENTRY_NOT_FOUND", `fuel entry ${entryId} not found`);
}
