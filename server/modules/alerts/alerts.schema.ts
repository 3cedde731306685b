// Alert rule inputs (REST bodies and the dashboard send the same shape), the AlertRuleDto and FiredAlertDto every
// transport answers with, and the fired-alert list query. REST resources are snake_case like the other resources;
// the hub's alert message (channel-messages.ts) is camelCase like the live position.
import { z } from "zod";
import { ALERT_RULE_TYPES, ALERT_TYPES, type AlertRuleType } from "../stream/channel-messages";
import { ZPageQuery } from "../paging";
import { requiredOr } from "../parse-input";
import { ZNotifyConfig, type NotifyConfig } from "../notifications/notify-config";
import { formatClockMinutes } from "../time/zoned-time";

const ZId = z.number({ error: requiredOr("must be a number") }).int("must be a whole number").positive("must be a positive id");
const SETTINGS = { error: requiredOr("must be an object with the rule's settings") };

function wholeNumber(min: number, max: number, unit: string) {
  const message = `must be a whole number of ${unit} from ${min} to ${max}`;
  return z.number({ error: requiredOr(message) }).int(message).min(min, message).max(max, message);
}

/** Bounds of the rules' settings, named once for validation, the dashboard's inputs and the docs. */
export const RULE_LIMITS = {
  speedKmh: { min: 1, max: 400 },
  minDurationS: { min: 0, max: 3600 },
  idleMinutes: { min: 1, max: 1440 },
  voltageV: { min: 1, max: 60 },
  silenceMinutes: { min: 1, max: 10_080 },
  cooldownS: { min: 0, max: 86_400 },
  assetIds: { max: 1000 },
  groupIds: { max: 100 },
  tagIds: { max: 100 },
} as const;

/** At most one alert per rule and asset within this many seconds, unless the rule says otherwise. */
export const DEFAULT_COOLDOWN_S = 60;

const ZMinDuration = wholeNumber(RULE_LIMITS.minDurationS.min, RULE_LIMITS.minDurationS.max, "seconds");

export const ZOverspeedParams = z
  .object({
    speed_kmh: wholeNumber(RULE_LIMITS.speedKmh.min, RULE_LIMITS.speedKmh.max, "km/h").meta({ description: "The speed limit, km/h." }),
    min_duration_s: ZMinDuration.default(0).meta({ description: "Fire only after the limit was exceeded this long (seconds)." }),
  }, SETTINGS)
  .strict();

export const ZGeofenceRuleParams = z
  .object({
    geofence_id: ZId.meta({ description: "The geofence watched (GET /api/{account_key}/geofence)." }),
    trigger: z.enum(["enter", "exit", "both"], { error: 'must be "enter", "exit" or "both"' }).default("both"),
  }, SETTINGS)
  .strict();

export const ZIgnitionParams = z
  .object({ trigger: z.enum(["on", "off", "both"], { error: 'must be "on", "off" or "both"' }).default("both") }, SETTINGS)
  .strict();

export const ZIdlingParams = z
  .object({
    idle_minutes: wholeNumber(RULE_LIMITS.idleMinutes.min, RULE_LIMITS.idleMinutes.max, "minutes").meta({
      description: "Fire when the ignition is on and the vehicle stands still this long.",
    }),
  }, SETTINGS)
  .strict();

export const ZLowVoltageParams = z
  .object({
    voltage_v: z
      .number({ error: requiredOr(`must be a number of volts from ${RULE_LIMITS.voltageV.min} to ${RULE_LIMITS.voltageV.max}`) })
      .min(RULE_LIMITS.voltageV.min, `must be from ${RULE_LIMITS.voltageV.min} to ${RULE_LIMITS.voltageV.max} V`)
      .max(RULE_LIMITS.voltageV.max, `must be from ${RULE_LIMITS.voltageV.min} to ${RULE_LIMITS.voltageV.max} V`)
      .meta({ description: "Fire when the external (vehicle) voltage is below this, volts." }),
    min_duration_s: ZMinDuration.default(0).meta({ description: "Fire only after it stayed low this long (seconds)." }),
  }, SETTINGS)
  .strict();

export const ZDtcParams = z.object({}, SETTINGS).strict();

/** Device alarms worth an alert by default (docs/gt06.md): the rest (acc-on, geofence-enter, ...) duplicate what the
 *  server computes itself or are routine. */
export const DEFAULT_DEVICE_ALARMS = ["sos", "power-cut", "tamper", "collision", "tow", "unplugged", "external-battery-low"];

export const ZDeviceAlarmParams = z
  .object({
    alarms: z
      .array(
        z.string({ error: "must be a list of alarm names" }).trim().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be an alarm name in kebab-case, e.g. sos"),
        { error: "must be a list of alarm names" },
      )
      .min(1, "must name at least one alarm")
      .max(64, "may list at most 64 alarms")
      .default(DEFAULT_DEVICE_ALARMS)
      .meta({ description: `The device alarms that fire (default: ${DEFAULT_DEVICE_ALARMS.join(", ")}).` }),
  }, SETTINGS)
  .strict();

export const ZConnectivityParams = z
  .object({
    silence_minutes: wholeNumber(RULE_LIMITS.silenceMinutes.min, RULE_LIMITS.silenceMinutes.max, "minutes").meta({
      description: "The tracker is offline after this long without a record or a login.",
    }),
    trigger: z.enum(["offline", "online", "both"], { error: 'must be "offline", "online" or "both"' }).default("both"),
  }, SETTINGS)
  .strict();

export type OverspeedParams = z.output<typeof ZOverspeedParams>;
export type GeofenceRuleParams = z.output<typeof ZGeofenceRuleParams>;
export type IgnitionParams = z.output<typeof ZIgnitionParams>;
export type IdlingParams = z.output<typeof ZIdlingParams>;
export type LowVoltageParams = z.output<typeof ZLowVoltageParams>;
export type ConnectivityParams = z.output<typeof ZConnectivityParams>;
export type DeviceAlarmParams = z.output<typeof ZDeviceAlarmParams>;

const ZClockTime = z
  .string({ error: "must be a time of day HH:MM" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time of day HH:MM, from 00:00 to 23:59");

export const ZActiveHours = z
  .object({ from: ZClockTime, to: ZClockTime })
  .strict()
  .refine((hours) => hours.from !== hours.to, { message: "must differ from `from` (leave active_hours out to alert at any time)", path: ["to"] })
  .meta({ id: "ActiveHours" });
export type ActiveHours = z.output<typeof ZActiveHours>;

const ZRuleName = z.string({ error: requiredOr("must be a text") }).trim().min(1, "must not be empty").max(120, "must be at most 120 characters");

const common = {
  name: ZRuleName,
  enabled: z.boolean({ error: "must be true or false" }).default(true),
  asset_ids: z
    .array(ZId, { error: "must be a list of asset ids" })
    .max(RULE_LIMITS.assetIds.max, `may list at most ${RULE_LIMITS.assetIds.max} assets`)
    .default([])
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
    .meta({
      description:
        "Assets the rule watches. The rule applies to an asset listed here, in one of `group_ids` (or their subgroups) or carrying one of `tag_ids`; all three empty (the default): every asset of the account, also ones added later.",
    }),
  group_ids: z
    .array(ZId, { error: "must be a list of asset group ids" })
    .max(RULE_LIMITS.groupIds.max, `may list at most ${RULE_LIMITS.groupIds.max} groups`)
    .default([])
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
    .meta({ description: "Asset groups whose assets the rule watches, each with its subgroups; membership counts when a position is evaluated." }),
  tag_ids: z
    .array(ZId, { error: "must be a list of tag ids" })
    .max(RULE_LIMITS.tagIds.max, `may list at most ${RULE_LIMITS.tagIds.max} tags`)
    .default([])
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
    .meta({ description: "Tags whose assets the rule watches; tagging counts when a position is evaluated." }),
  cooldown_s: wholeNumber(RULE_LIMITS.cooldownS.min, RULE_LIMITS.cooldownS.max, "seconds")
    .default(DEFAULT_COOLDOWN_S)
    .meta({ description: `At most one alert per rule and asset within this many seconds (default ${DEFAULT_COOLDOWN_S}).` }),
  notify: ZNotifyConfig.nullable()
    .default(null)
    .meta({ description: "Who hears about the rule's alerts and how (docs/notifications.md); null or omitted: nobody." }),
  active_hours: ZActiveHours.nullable()
    .default(null)
    .meta({
      description:
        "Only alert between `from` and `to` (HH:MM, the account's time zone, by the position's fix time); `to` earlier than `from` wraps past midnight (22:00 to 06:00: at night). null or omitted: at any time.",
    }),
};

const rule = <T extends AlertRuleType, P extends z.ZodType>(type: T, params: P) =>
  z.object({ ...common, type: z.literal(type), params }).strict();

/** connectivity is judged by a sweep, not by a position's fix time: an offline tracker is reported whenever it happens */
const connectivityRule = z
  .object({
    ...common,
    active_hours: z
      .null({ error: "not available for CONNECTIVITY rules (an offline tracker is reported whenever it happens): leave it out" })
      .default(null),
    type: z.literal("CONNECTIVITY"),
    params: ZConnectivityParams,
  })
  .strict();

export const ZAlertRuleBody = z
  .discriminatedUnion(
    "type",
    [
      rule("OVERSPEED", ZOverspeedParams),
      rule("GEOFENCE", ZGeofenceRuleParams),
      rule("IGNITION", ZIgnitionParams.default({ trigger: "both" })),
      rule("IDLING", ZIdlingParams),
      rule("LOW_VOLTAGE", ZLowVoltageParams),
      rule("DTC_DETECTED", ZDtcParams.default({})),
      rule("DEVICE_ALARM", ZDeviceAlarmParams.default({ alarms: DEFAULT_DEVICE_ALARMS })),
      connectivityRule,
    ],
    { error: `must be one of: ${ALERT_RULE_TYPES.join(", ")}` },
  )
  .meta({
    id: "AlertRuleInput",
    description: "An alert rule: `type` decides the shape of `params` (see docs/alerts.md).",
  });
export type AlertRuleBody = z.output<typeof ZAlertRuleBody>;

export const ZAlertRuleRef = z.object({ accountId: ZId, ruleId: ZId });

const ZRuleParams = z.union([
  ZOverspeedParams,
  ZGeofenceRuleParams,
  ZIgnitionParams,
  ZIdlingParams,
  ZLowVoltageParams,
  ZConnectivityParams,
  ZDtcParams,
]);

export const ZAlertRuleDto = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(ALERT_RULE_TYPES),
    enabled: z.boolean(),
    asset_ids: z.array(z.number().int()).meta({ description: "with group_ids and tag_ids all empty: every asset of the account" }),
    group_ids: z.array(z.number().int()).meta({ description: "asset groups watched, each with its subgroups" }),
    tag_ids: z.array(z.number().int()).meta({ description: "tags whose assets are watched" }),
    cooldown_s: z.number().int(),
    params: ZRuleParams.meta({ description: "the type's settings, as given" }),
    notify: ZNotifyConfig.nullable().meta({ description: "recipients and channels; null: nobody is notified" }),
    active_hours: z
      .object({ from: z.string(), to: z.string() })
      .nullable()
      .meta({ description: "alerts only between these times of day (HH:MM, the account's time zone; wraps past midnight); null: at any time" }),
    created_at: z.string().meta({ description: "ISO 8601" }),
    updated_at: z.string().meta({ description: "ISO 8601" }),
  })
  .meta({ id: "AlertRule" });
export type AlertRuleDto = z.infer<typeof ZAlertRuleDto>;

export const ZAlertRulePage = z
  .object({ data: z.array(ZAlertRuleDto), next_cursor: z.string().nullable() })
  .meta({ id: "AlertRulePage" });
export type AlertRulePage = z.infer<typeof ZAlertRulePage>;

export const alertRuleSelect = {
  id: true,
  name: true,
  type: true,
  enabled: true,
  assetIds: true,
  groupIds: true,
  tagIds: true,
  cooldownS: true,
  params: true,
  notify: true,
  activeFrom: true,
  activeTo: true,
  createdAt: true,
  updatedAt: true,
} as const;

export interface AlertRuleRow {
  id: number;
  name: string;
  type: AlertRuleType;
  enabled: boolean;
  assetIds: number[];
  groupIds: number[];
  tagIds: number[];
  cooldownS: number;
  params: unknown;
  notify?: unknown;
  activeFrom: number | null;
  activeTo: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export function toAlertRuleDto(row: AlertRuleRow): AlertRuleDto {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    enabled: row.enabled,
    asset_ids: row.assetIds,
    group_ids: row.groupIds,
    tag_ids: row.tagIds,
    cooldown_s: row.cooldownS,
    params: row.params as AlertRuleDto["params"],
    notify: (row.notify ?? null) as NotifyConfig | null,
    active_hours: row.activeFrom === null || row.activeTo === null ? null : { from: formatClockMinutes(row.activeFrom), to: formatClockMinutes(row.activeTo) },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

// ---- fired alerts ------------------------------------------------------------------------------------------------

const ZIsoTime = z.iso.datetime({ offset: true, message: "must be an ISO 8601 time with a zone, e.g. 2026-11-22T08:00:00Z" });
const ZQueryId = z.coerce
  .number({ error: "must be a positive whole number" })
  .int("must be a positive whole number")
  .positive("must be a positive whole number");

/** GET /api/{account_key}/fired-alert query: every filter optional; newest first. */
export const ZFiredAlertQuery = z
  .object({
    asset_id: ZQueryId.optional().meta({ description: "Only this asset's alerts." }),
    rule_id: ZQueryId.optional().meta({ description: "Only this rule's alerts." }),
    type: z.enum(ALERT_TYPES, { error: `must be one of: ${ALERT_TYPES.join(", ")}` }).optional(),
    from: ZIsoTime.optional().meta({ description: "Fired at or after this time." }),
    to: ZIsoTime.optional().meta({ description: "Fired at or before this time." }),
    ...ZPageQuery.shape,
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && Date.parse(q.from) > Date.parse(q.to)) {
      ctx.addIssue({ code: "custom", path: ["from"], message: "must not be after `to`" });
    }
  });
export type FiredAlertQuery = z.output<typeof ZFiredAlertQuery>;

export const ZAlertPosition = z.object({
  latitude: z.number(),
  longitude: z.number(),
  speed: z.number().meta({ description: "km/h" }),
  course: z.number().meta({ description: "degrees from north" }),
  date_updated: z.string().meta({ description: "fix time, ISO 8601" }),
  address: z.object({ street: z.string().nullable(), town: z.string().nullable(), country: z.string().nullable() }).nullable(),
});

export const ZFiredAlertDto = z
  .object({
    id: z.number().int(),
    type: z.enum(ALERT_TYPES),
    asset: z.object({ id: z.number().int(), name: z.string() }),
    rule: z
      .object({ id: z.number().int().nullable().meta({ description: "null once the rule was deleted" }), name: z.string() })
      .meta({ description: "the rule that fired, as it was named then" }),
    fired_at: z.string().meta({ description: "ISO 8601: the record's fix time, or the server's time for connectivity" }),
    message: z.string(),
    position: ZAlertPosition.nullable().meta({ description: "where it fired; null when the asset never reported" }),
    details: z.record(z.string(), z.unknown()).meta({ description: "the type's own fields, snake_case (docs/alerts.md)" }),
  })
  .meta({ id: "FiredAlert" });
export type FiredAlertDto = z.infer<typeof ZFiredAlertDto>;

export const ZFiredAlertPage = z
  .object({ data: z.array(ZFiredAlertDto), next_cursor: z.string().nullable() })
  .meta({ id: "FiredAlertPage" });
export type FiredAlertPage = z.infer<typeof ZFiredAlertPage>;

export const firedAlertSelect = {
  id: true,
  type: true,
  ruleId: true,
  ruleName: true,
  firedAt: true,
  message: true,
  latitude: true,
  longitude: true,
  speed: true,
  course: true,
  positionAt: true,
  street: true,
  town: true,
  country: true,
  details: true,
  asset: { select: { id: true, name: true } },
} as const;

export interface FiredAlertRow {
  id: number;
  type: FiredAlertDto["type"];
  ruleId: number | null;
  ruleName: string;
  firedAt: Date;
  message: string;
  latitude: number | null;
  longitude: number | null;
  speed: number | null;
  course: number | null;
  positionAt: Date | null;
  street: string | null;
  town: string | null;
  country: string | null;
  details: unknown;
  asset: { id: number; name: string };
}

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function toFiredAlertDto(row: FiredAlertRow): FiredAlertDto {
  const details = Object.fromEntries(
    Object.entries((row.details ?? {}) as Record<string, unknown>).map(([key, value]) => [snakeCase(key), value]),
  );
  const hasPosition = row.latitude !== null && row.longitude !== null && row.positionAt !== null;
  const hasAddress = row.street !== null || row.town !== null || row.country !== null;
  return {
    id: row.id,
    type: row.type,
    asset: row.asset,
    rule: { id: row.ruleId, name: row.ruleName },
    fired_at: row.firedAt.toISOString(),
    message: row.message,
    position: hasPosition
      ? {
          latitude: row.latitude!,
          longitude: row.longitude!,
          speed: row.speed ?? 0,
          course: row.course ?? 0,
          date_updated: row.positionAt!.toISOString(),
          address: hasAddress ? { street: row.street, town: row.town, country: row.country } : null,
        }
      : null,
    details,
  };
}
