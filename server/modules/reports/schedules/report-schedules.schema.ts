// Scheduled reports (docs/reports.md "Scheduled reports"): the body REST and the dashboard send, the DTO they get
// back, and the limits. A schedule makes a report of the previous local day, ISO week or calendar month at a local
// time of the account's zone and mails it to up to 20 addresses as a PDF or XLSX attachment.
import { z } from "zod";
import { REPORT_PERIODS, REPORT_TYPES } from "../report-model";

export const REPORT_SCHEDULE_LIMITS = {
  maxRecipients: 20,
  maxAssets: 500,
  maxNameLength: 100,
  /** schedules per account */
  maxSchedules: 100,
  /** how often each node looks for due schedules and finished scheduled jobs */
  pollMs: 60_000,
  /** a node mailing a schedule's report holds it this long */
  leaseMs: 120_000,
} as const;

export const SCHEDULE_FREQUENCIES = ["daily", "weekly", "monthly"] as const;
export const SCHEDULE_FORMATS = ["pdf", "xlsx"] as const;

const ZHhMm = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a local time HH:MM from 00:00 to 23:59")
  .meta({ description: "Local time of the account's zone, HH:MM.", example: "07:00" });

const ZOptions = z
  .object({
    io_columns: z.array(z.string().min(1).max(64)).max(50).optional(),
    temp_min: z.number().min(-100).max(200).optional(),
    temp_max: z.number().min(-100).max(200).optional(),
    event_types: z.array(z.string().min(1).max(64)).max(50).optional(),
  })
  .strict()
  .meta({ description: "Report options, named as the GET query's parameters: route IO columns, temperature range (°C), event types." });

/** create and replace (PUT) share it; the field rules that depend on each other are checked in refine */
export const ZReportScheduleBody = z
  .object({
    name: z.string().trim().min(1, "is required").max(REPORT_SCHEDULE_LIMITS.maxNameLength),
    type: z.enum(REPORT_TYPES, { error: `must be one of ${REPORT_TYPES.join(", ")}` }),
    asset_ids: z
      .union([z.literal("all"), z.array(z.number().int().positive()).min(1, "needs at least one asset").max(REPORT_SCHEDULE_LIMITS.maxAssets)])
      .meta({ description: "Asset ids, or \"all\": every asset of the account when the report runs." }),
    group_id: z
      .number({ error: "must be a group id" })
      .int("must be a group id")
      .positive("must be a group id")
      .nullish()
      .meta({ description: "Only the assets (of asset_ids) in this group or its subgroups when the report runs; null: no group filter." }),
    tag_id: z
      .number({ error: "must be a tag id" })
      .int("must be a tag id")
      .positive("must be a tag id")
      .nullish()
      .meta({ description: "Only the assets (of asset_ids) with this tag when the report runs; null: no tag filter." }),
    frequency: z.enum(SCHEDULE_FREQUENCIES, { error: "must be daily, weekly or monthly" }),
    weekday: z.number().int().min(1).max(7).nullish().meta({ description: "weekly: ISO weekday, 1 Monday .. 7 Sunday." }),
    day_of_month: z.number().int().min(1).max(28).nullish().meta({ description: "monthly: 1..28 (every month has it)." }),
    time: ZHhMm,
    format: z.enum(SCHEDULE_FORMATS, { error: "must be pdf or xlsx" }),
    period: z.enum(REPORT_PERIODS).nullish().meta({ description: "The report's period parameter (mileage: day, week, month; activity: day or range)." }),
    options: ZOptions.nullish(),
    recipients: z
      .array(z.email("must be an e-mail address"))
      .min(1, "needs at least one address")
      .max(REPORT_SCHEDULE_LIMITS.maxRecipients, `at most ${REPORT_SCHEDULE_LIMITS.maxRecipients} addresses`),
    enabled: z.boolean().default(true),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.frequency === "weekly" && !body.weekday) context.addIssue({ code: "custom", path: ["weekday"], message: "is required for a weekly schedule" });
    if (body.frequency === "monthly" && !body.day_of_month) {
      context.addIssue({ code: "custom", path: ["day_of_month"], message: "is required for a monthly schedule" });
    }
  })
  .meta({ id: "ReportScheduleBody" });

export type ReportScheduleBody = z.output<typeof ZReportScheduleBody>;

const ZInstant = z.string().meta({ description: "ISO 8601, UTC." });

export const ZReportSchedule = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(REPORT_TYPES),
    asset_ids: z.union([z.literal("all"), z.array(z.number().int())]),
    group_id: z.number().int().nullable().meta({ description: "The group filter (with subgroups); null: none." }),
    tag_id: z.number().int().nullable().meta({ description: "The tag filter; null: none." }),
    frequency: z.enum(SCHEDULE_FREQUENCIES),
    weekday: z.number().int().nullable(),
    day_of_month: z.number().int().nullable(),
    time: z.string(),
    time_zone: z.string().meta({ description: "The account's zone, in which `time` and the ranges are read." }),
    format: z.enum(SCHEDULE_FORMATS),
    period: z.enum(REPORT_PERIODS).nullable(),
    options: z.record(z.string(), z.unknown()).nullable(),
    recipients: z.array(z.string()),
    enabled: z.boolean(),
    next_run_at: ZInstant.nullable().meta({ description: "When it runs next; null when disabled." }),
    last_run_at: ZInstant.nullable(),
    last_job_id: z.number().int().nullable(),
    last_error: z.string().nullable().meta({ description: "Why the last run failed or its mail could not be sent; null after a good run." }),
    created_at: ZInstant,
  })
  .meta({ id: "ReportSchedule" });

export type ReportScheduleDto = z.infer<typeof ZReportSchedule>;
export const ZReportScheduleResponse = z.object({ data: ZReportSchedule }).meta({ id: "ReportScheduleResponse" });
export const ZReportSchedulePage = z.object({ data: z.array(ZReportSchedule), next_cursor: z.string().nullable() }).meta({ id: "ReportSchedulePage" });
