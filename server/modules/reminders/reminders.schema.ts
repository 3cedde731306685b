// Service reminder, service entry and renewal reminder inputs (REST bodies and the dashboard send the same shapes)
// and the DTOs every transport answers with (docs/fleet-records.md "Service reminders", "Renewal reminders").
import { z } from "zod";
import { AppError } from "../../errors";
import { optionalText, requiredOr } from "../parse-input";
import { ZCursor } from "../paging";
import { formatLocalDate, parseLocalDate, type LocalDate } from "../time/zoned-time";
import { REMINDER_STATUSES, TIME_UNITS } from "./reminder-arithmetic";

export const RENEWAL_KINDS = ["registration", "insurance", "inspection", "licence", "custom"] as const;
export type RenewalKind = (typeof RENEWAL_KINDS)[number];
/** how many members a reminder's watcher list may name */
export const MAX_WATCHERS = 50;

const ZId = z.number({ error: requiredOr("must be an id") }).int("must be an id").positive("must be an id");

export const ZLocalDateText = z
  .string({ error: requiredOr("must be a date YYYY-MM-DD") })
  .refine((value) => parseLocalDate(value) !== null, "must be a date YYYY-MM-DD")
  .meta({ description: "A calendar date in the account's time zone, YYYY-MM-DD." });

const positive = (what: string, max: number) =>
  z.number({ error: requiredOr(`must be ${what}`) }).positive(`must be more than 0`).max(max, `must be at most ${max}`);
const nonNegative = (what: string, max: number) =>
  z.number({ error: requiredOr(`must be ${what}`) }).min(0, "must not be negative").max(max, `must be at most ${max}`);
const ZUnit = z.enum(TIME_UNITS, { error: `must be one of ${TIME_UNITS.join(", ")}` });
const wholeUnits = (min: number) =>
  z.number({ error: requiredOr("must be a whole number") }).int("must be a whole number").min(min, `must be at least ${min}`).max(1000, "must be at most 1000");

export const ZDistanceInterval = z
  .object({
    every_km: positive("a distance in km", 10_000_000),
    due_soon_km: nonNegative("a distance in km", 10_000_000).nullable().optional().meta({ description: "Due soon this many km before; none: only overdue." }),
  })
  .strict()
  .meta({ id: "DistanceInterval" });

export const ZEngineInterval = z
  .object({
    every_hours: positive("a number of hours", 1_000_000),
    due_soon_hours: nonNegative("a number of hours", 1_000_000).nullable().optional(),
  })
  .strict()
  .meta({ id: "EngineHoursInterval" });

export const ZTimeInterval = z
  .object({
    every: wholeUnits(1),
    unit: ZUnit,
    due_soon: wholeUnits(0).nullable().optional().meta({ description: "Due soon this many `due_soon_unit` before the due date (the due date itself is always due soon)." }),
    due_soon_unit: ZUnit.optional().meta({ description: "Default: `unit`." }),
  })
  .strict()
  .meta({ id: "TimeInterval", description: "Calendar interval in the account's time zone: months keep the day of the month (clamped to the month's end)." });

const ZWatchers = z.array(ZId).max(MAX_WATCHERS, `must name at most ${MAX_WATCHERS} members`).optional().meta({
  description: "Members (user ids) told when it becomes due soon or overdue; empty or left out: the account's admins and fleet managers.",
});

export const ZServiceReminderBody = z
  .object({
    asset_id: ZId,
    task: z.string({ error: requiredOr("must be a text") }).trim().min(1, "must not be empty").max(120, "must be at most 120 characters"),
    distance: ZDistanceInterval.nullable().optional(),
    engine_hours: ZEngineInterval.nullable().optional(),
    time: ZTimeInterval.nullable().optional(),
    start: z
      .object({
        on: ZLocalDateText.optional(),
        odometer_km: nonNegative("a distance in km", 100_000_000).nullable().optional(),
        engine_hours: nonNegative("a number of hours", 10_000_000).nullable().optional(),
      })
      .strict()
      .optional()
      .meta({ description: "Where counting starts until a service is logged; left out: today and the vehicle's latest readings." }),
    snoozed_until: ZLocalDateText.nullable().optional().meta({ description: "Snoozed (status `snoozed`) until this date." }),
    watcher_ids: ZWatchers,
  })
  .strict()
  .superRefine((body, ctx) => {
    if (!body.distance && !body.engine_hours && !body.time) {
      ctx.addIssue({ code: "custom", path: ["distance"], message: "give at least one of distance, engine_hours and time" });
    }
  })
  .meta({ id: "ServiceReminderInput", description: "A service task for one asset, due by distance, engine hours and/or time, whichever comes first." });
export type ServiceReminderBody = z.output<typeof ZServiceReminderBody>;

const ZStatusList = z
  .string()
  .transform((value) => value.split(",").map((part) => part.trim()))
  .pipe(z.array(z.enum(REMINDER_STATUSES, { error: `must be one of ${REMINDER_STATUSES.join(", ")}` })))
  .meta({ description: "Only these statuses (comma separated): ok, due_soon, overdue, snoozed (as last evaluated)." });

const ZLimit = z.coerce
  .number({ error: "must be a whole number from 1 to 500" })
  .int("must be a whole number from 1 to 500")
  .min(1, "must be a whole number from 1 to 500")
  .max(500, "must be a whole number from 1 to 500")
  .optional();
const ZIdQuery = z.coerce.number({ error: "must be an id" }).int("must be an id").positive("must be an id");

export const ZServiceReminderListQuery = z.object({
  asset_id: ZIdQuery.optional(),
  status: ZStatusList.optional(),
  cursor: ZCursor.optional(),
  limit: ZLimit,
});

export const ZServiceEntryBody = z
  .object({
    asset_id: ZId,
    serviced_on: ZLocalDateText,
    odometer_km: nonNegative("a distance in km", 100_000_000).nullable().optional().meta({ description: "Left out: the vehicle's latest reading." }),
    engine_hours: nonNegative("a number of hours", 10_000_000).nullable().optional().meta({ description: "Left out: the vehicle's latest reading." }),
    cost: nonNegative("an amount", 1_000_000_000).multipleOf(0.01, "must have at most 2 decimals").nullable().optional(),
    notes: optionalText(z.string({ error: "must be a text" }).max(2000, "must be at most 2000 characters")).optional(),
    reminder_ids: z.array(ZId).max(100, "must name at most 100 reminders").optional().meta({ description: "Service reminders of the same asset it completes: each is reset to this service." }),
  })
  .strict()
  .meta({ id: "ServiceEntryInput" });
export type ServiceEntryBody = z.output<typeof ZServiceEntryBody>;

export const ZServiceEntryListQuery = z.object({
  asset_id: ZIdQuery.optional(),
  reminder_id: ZIdQuery.optional(),
  cursor: ZCursor.optional(),
  limit: ZLimit,
});

export const ZRenewalReminderBody = z
  .object({
    asset_id: ZId.nullable().optional(),
    driver_id: ZId.nullable().optional(),
    kind: z.enum(RENEWAL_KINDS, { error: `must be one of ${RENEWAL_KINDS.join(", ")}` }),
    name: optionalText(z.string({ error: "must be a text" }).max(120, "must be at most 120 characters")).optional().meta({ description: "Required for `custom`; refused for the other kinds." }),
    expires_on: ZLocalDateText,
    remind_days_before: z.number({ error: "must be a whole number" }).int("must be a whole number").min(0, "must be at least 0").max(366, "must be at most 366").optional().meta({ description: "Due soon this many days before the expiry date (default 30)." }),
    snoozed_until: ZLocalDateText.nullable().optional(),
    watcher_ids: ZWatchers,
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.asset_id ?? null) === null && (body.driver_id ?? null) === null) {
      ctx.addIssue({ code: "custom", path: ["asset_id"], message: "give asset_id or driver_id" });
    } else if ((body.asset_id ?? null) !== null && (body.driver_id ?? null) !== null) {
      ctx.addIssue({ code: "custom", path: ["driver_id"], message: "give asset_id or driver_id, not both" });
    }
    if (body.kind === "custom" && !body.name) ctx.addIssue({ code: "custom", path: ["name"], message: "is required for a custom renewal" });
    if (body.kind !== "custom" && body.name) ctx.addIssue({ code: "custom", path: ["name"], message: "only a custom renewal has a name" });
  })
  .meta({ id: "RenewalReminderInput", description: "A renewal of an asset or a driver: registration, insurance, inspection, licence or a named custom one." });
export type RenewalReminderBody = z.output<typeof ZRenewalReminderBody>;

export const ZRenewalReminderListQuery = z.object({
  asset_id: ZIdQuery.optional(),
  driver_id: ZIdQuery.optional(),
  kind: z.enum(RENEWAL_KINDS, { error: `must be one of ${RENEWAL_KINDS.join(", ")}` }).optional(),
  status: ZStatusList.optional(),
  cursor: ZCursor.optional(),
  limit: ZLimit,
});

// ---- answers ----

const ZState = z.enum(["ok", "due_soon", "overdue"]);
const ZDate = z.string().meta({ description: "YYYY-MM-DD, the account's time zone" });

export const ZServiceReminderDto = z
  .object({
    id: z.number().int(),
    asset_id: z.number().int(),
    task: z.string(),
    distance: z.object({ every_km: z.number(), due_soon_km: z.number().nullable() }).nullable(),
    engine_hours: z.object({ every_hours: z.number(), due_soon_hours: z.number().nullable() }).nullable(),
    time: z.object({ every: z.number().int(), unit: z.enum(TIME_UNITS), due_soon: z.number().int().nullable(), due_soon_unit: z.enum(TIME_UNITS) }).nullable(),
    start: z.object({ on: ZDate, odometer_km: z.number().nullable(), engine_hours: z.number().nullable() }),
    last_service: z
      .object({ entry_id: z.number().int(), serviced_on: ZDate, odometer_km: z.number().nullable(), engine_hours: z.number().nullable() })
      .nullable()
      .meta({ description: "The newest service entry completing it: the intervals count from it." }),
    snoozed_until: ZDate.nullable(),
    watcher_ids: z.array(z.number().int()),
    status: z.enum(REMINDER_STATUSES),
    due: z.object({
      distance: z
        .object({ due_km: z.number(), due_soon_from_km: z.number(), current_km: z.number().nullable(), remaining_km: z.number().nullable(), state: ZState, forecast_on: ZDate.nullable() })
        .nullable(),
      engine_hours: z
        .object({ due_hours: z.number(), due_soon_from_hours: z.number(), current_hours: z.number().nullable(), remaining_hours: z.number().nullable(), state: ZState, forecast_on: ZDate.nullable() })
        .nullable(),
      time: z.object({ due_on: ZDate, due_soon_on: ZDate, remaining_days: z.number().int(), state: ZState }).nullable(),
    }),
    forecast_on: ZDate.nullable().meta({ description: "When it is expected to come due: the earliest interval, meters forecast from the last 30 days' usage." }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "ServiceReminder" });
export type ServiceReminderDto = z.infer<typeof ZServiceReminderDto>;
export const ZServiceReminderPage = z.object({ data: z.array(ZServiceReminderDto), next_cursor: z.string().nullable() }).meta({ id: "ServiceReminderPage" });

export const ZServiceEntryDto = z
  .object({
    id: z.number().int(),
    asset_id: z.number().int(),
    serviced_on: ZDate,
    odometer_km: z.number().nullable(),
    engine_hours: z.number().nullable(),
    cost: z.number().nullable(),
    notes: z.string().nullable(),
    reminder_ids: z.array(z.number().int()),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "ServiceEntry" });
export type ServiceEntryDto = z.infer<typeof ZServiceEntryDto>;
export const ZServiceEntryPage = z.object({ data: z.array(ZServiceEntryDto), next_cursor: z.string().nullable() }).meta({ id: "ServiceEntryPage" });

export const ZRenewalReminderDto = z
  .object({
    id: z.number().int(),
    asset_id: z.number().int().nullable(),
    driver_id: z.number().int().nullable(),
    kind: z.enum(RENEWAL_KINDS),
    name: z.string().nullable(),
    expires_on: ZDate,
    remind_days_before: z.number().int(),
    due_soon_on: ZDate,
    remaining_days: z.number().int(),
    snoozed_until: ZDate.nullable(),
    watcher_ids: z.array(z.number().int()),
    status: z.enum(REMINDER_STATUSES),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "RenewalReminder" });
export type RenewalReminderDto = z.infer<typeof ZRenewalReminderDto>;
export const ZRenewalReminderPage = z.object({ data: z.array(ZRenewalReminderDto), next_cursor: z.string().nullable() }).meta({ id: "RenewalReminderPage" });

// ---- shared helpers ----

/** a DATE column (midnight UTC) as the local date it stores */
export function dateColumnToLocal(value: Date): LocalDate {
  return { year: value.getUTCFullYear(), month: value.getUTCMonth() + 1, day: value.getUTCDate() };
}
export function localToDateColumn(date: LocalDate): Date {
  return new Date(Date.UTC(date.year, date.month - 1, date.day));
}
export function dateText(value: Date | null): string | null {
  return value ? formatLocalDate(dateColumnToLocal(value)) : null;
}
export function parseDateText(value: string): LocalDate {
  return parseLocalDate(value)!;
}

export function reminderNotFound(id: number): AppError {
  return new AppError("SERVICE_REMINDER_NOT_FOUND", `service reminder ${id} not found`);
}
export function entryNotFound(id: number): AppError {
  return new AppError("SERVICE_ENTRY_NOT_FOUND", `service entry ${id} not found`);
}
export function renewalNotFound(id: number): AppError {
  return new AppError("RENEWAL_REMINDER_NOT_FOUND", `renewal reminder ${id} not found`);
}
export function taskTaken(task: string): AppError {
  return new AppError("REMINDER_TASK_TAKEN", `This asset already has a service reminder for "${task}".`, [
    { field: "task", message: "is already a service reminder of this asset" },
  ]);
}
export function fieldError(field: string, message: string): AppError {
  return new AppError("VALIDATION_FAILED", `${field}: ${message}`, [{ field, message }]);
}
