// A report request as the REST query string and the dashboard send it, validated (docs/reports.md): `asset_ids=1,2`,
// `from`/`to` ISO 8601 with an offset (half-open [from, to)), `period`, `format`, `io_columns`, `temp_min`/`temp_max`,
// `event_types`, `cursor`, `limit`. parseReportRequest turns it into the engine's ReportRequest and checks the limits:
// a range that is reversed, empty or too long → 422 REPORT_RANGE_INVALID; an asset not of the account, or outside
// the groups a limited member sees (docs/fleet-records.md "Groups as scopes") → 404 ASSET_NOT_FOUND. A request too heavy to answer at once is not an error: the caller compares reportCost() with
// SYNC_COST_LIMIT and makes a job.
import { z } from "zod";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { type AssetScope, scopedAssetWhere, wholeFleet } from "../asset-scope/asset-scope";
import { parseInput } from "../parse-input";
import {
  REPORT_FORMATS,
  REPORT_PERIODS,
  REPORT_TYPES,
  type ReportFormat,
  type ReportRequest,
  type ReportType,
} from "./report-model";

export const REPORT_LIMITS = {
  maxDays: 366,
  maxRouteDays: 31,
  maxAssets: 500,
  defaultPageSize: 1_000,
  maxPageSize: 5_000,
  maxIoColumns: 50,
} as const;

const DAY_MS = 86_400_000;
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const zInstant = z
  .string({ error: "must be an ISO 8601 time with an offset, e.g. 2026-11-01T00:00:00+01:00" })
  .regex(ISO_WITH_OFFSET, "must be an ISO 8601 time with an offset, e.g. 2026-11-01T00:00:00+01:00")
  .transform((value) => new Date(value))
  .refine((value) => !Number.isNaN(value.getTime()), "must be a real time");

/** "1,2,3" or an array → unique ids */
const zIdList = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))])
  .transform((value) => (Array.isArray(value) ? value.map(String) : value.split(",")).map((s) => s.trim()).filter(Boolean))
  .pipe(
    z
      .array(z.string().regex(/^[1-9][0-9]{0,9}$/, "must be asset ids separated by commas"))
      .min(1, "needs at least one asset id")
      .transform((ids) => [...new Set(ids.map(Number))])
      .refine((ids) => ids.length <= REPORT_LIMITS.maxAssets, `at most ${REPORT_LIMITS.maxAssets} assets per report`),
  );

const zNameList = (pattern: RegExp, message: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : value.split(",")).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(pattern, message)).max(REPORT_LIMITS.maxIoColumns, `at most ${REPORT_LIMITS.maxIoColumns} names`));

const zCelsius = z.coerce.number({ error: "must be a temperature in °C" }).min(-100).max(200);

export const ZReportQuery = z.object({
  asset_ids: zIdList,
  group_id: z.string().optional().meta({ description: "Only the assets (of asset_ids, default all) in this group or its subgroups." }),
  tag_id: z.string().optional().meta({ description: "Only the assets (of asset_ids, default all) with this tag." }),
  from: zInstant,
  to: zInstant,
  period: z.enum(REPORT_PERIODS, { error: `must be one of: ${REPORT_PERIODS.join(", ")}` }).optional(),
  format: z.enum(REPORT_FORMATS, { error: `must be one of: ${REPORT_FORMATS.join(", ")}` }).default("json"),
  io_columns: zNameList(/^[A-Za-z][A-Za-z0-9]{0,63}$/, "must be IO names such as externalVoltage").optional(),
  temp_min: zCelsius.optional(),
  temp_max: zCelsius.optional(),
  event_types: zNameList(/^[A-Z_]{1,40}$/, "must be alert types such as OVERSPEED").optional(),
  cursor: z.string().regex(/^[A-Za-z0-9_-]{1,512}$/, "must be a next_cursor value from a previous page").optional(),
  limit: z.coerce
    .number({ error: `must be a whole number from 1 to ${REPORT_LIMITS.maxPageSize}` })
    .int(`must be a whole number from 1 to ${REPORT_LIMITS.maxPageSize}`)
    .min(1, `must be a whole number from 1 to ${REPORT_LIMITS.maxPageSize}`)
    .max(REPORT_LIMITS.maxPageSize, `must be a whole number from 1 to ${REPORT_LIMITS.maxPageSize}`)
    .default(REPORT_LIMITS.defaultPageSize),
});
export type ReportQuery = z.input<typeof ZReportQuery>;

export const ZReportType = z.enum(REPORT_TYPES, { error: `must be one of: ${REPORT_TYPES.join(", ")}` });

/** periods each type accepts */
const PERIODS: Record<ReportType, readonly string[]> = {
  trips: [],
  stops: [],
  events: [],
  route: [],
  mileage: ["day", "week", "month"],
  activity: ["day", "range"],
  temperature: ["day", "range"],
};

export interface ParsedReportRequest {
  request: ReportRequest;
  format: ReportFormat;
  cursor: string | null;
  limit: number;
}

/** validates a report query of an account (types, limits, that every asset is the account's) */
export async function parseReportRequest(input: {
  accountId: number;
  /** the assets the caller sees; default the whole account */
  scope?: AssetScope;
  type: string;
  query: Record<string, unknown>;
}): Promise<ParsedReportRequest> {
  const type = parseInput(z.object({ type: ZReportType }), { type: input.type }).type;
  const query = parseInput(ZReportQuery, input.query);
  const span = query.to.getTime() - query.from.getTime();
  if (span <= 0) throw new AppError("REPORT_RANGE_INVALID", "from must be before to");
  const maxDays = type === "route" ? REPORT_LIMITS.maxRouteDays : REPORT_LIMITS.maxDays;
  if (span > maxDays * DAY_MS) {
    throw new AppError("REPORT_RANGE_INVALID", `a ${type} report covers at most ${maxDays} days`);
  }
  if (query.period !== undefined && !PERIODS[type].includes(query.period)) {
    const allowed = PERIODS[type];
    throw new AppError(
      "VALIDATION_FAILED",
      allowed.length === 0 ? `period: a ${type} report has no period` : `period: must be one of: ${allowed.join(", ")}`,
      [{ field: "period", message: allowed.length === 0 ? `a ${type} report has no period` : `must be one of: ${allowed.join(", ")}` }],
    );
  }
  if (query.temp_min !== undefined && query.temp_max !== undefined && query.temp_min > query.temp_max) {
    throw new AppError("VALIDATION_FAILED", "temp_min: must not be above temp_max", [
      { field: "temp_min", message: "must not be above temp_max" },
    ]);
  }
  const found = await db().asset.findMany({
    where: { AND: [scopedAssetWhere(input.scope ?? wholeFleet(input.accountId)), { accountId: input.accountId, id: { in: query.asset_ids } }] },
    select: { id: true },
  });
  const missing = query.asset_ids.filter((id) => !found.some((asset) => asset.id === id));
  if (missing.length > 0) throw new AppError("ASSET_NOT_FOUND", `asset ${missing.join(", ")} not found`);
  return {
    request: {
      accountId: input.accountId,
      type,
      assetIds: query.asset_ids,
      from: query.from,
      to: query.to,
      period: query.period,
      options: {
        ioColumns: query.io_columns,
        temperatureMinC: query.temp_min,
        temperatureMaxC: query.temp_max,
        eventTypes: query.event_types,
      },
    },
    format: query.format,
    cursor: query.cursor ?? null,
    limit: query.limit,
  };
}
