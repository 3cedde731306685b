// One member's notification settings in one account as one document (docs/notifications.md "Preferences"): the
// delivery settings (phone for SMS, time zone, quiet hours, digest) and the preference rows that turn alert types off
// per channel. REST (PUT /api/{account_key}/user/{user_id}/notification-settings) and the dashboard (tRPC
// notifications.settings.update) send the same snake_case body; GET answers with a document that is itself a valid
// body. The dashboard imports this file: it holds no server code. A module of its own beside notifications/, because
// it reads the alert types (stream/channel-messages.ts) and notifications/ importing stream/ would close an import
// cycle (stream -> accounts -> reports -> notifications).
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import { ANY_PREFERENCE } from "../notifications/preference-order";
import { ALERT_TYPES, type AlertType } from "../stream/channel-messages";
import { isTimeZone } from "../time/zoned-time";

/** the channels a member can turn off (webhooks belong to the account, not to a person) */
export const PREFERENCE_CHANNELS = ["email", "sms", "in_app"] as const;
export type PreferenceChannel = (typeof PREFERENCE_CHANNELS)[number];

/** a preference row's "every alert type" or "every channel" */
export const ANY = ANY_PREFERENCE;

export const DIGESTS = ["off", "hourly", "daily"] as const;
export type Digest = (typeof DIGESTS)[number];

const PREFERENCE_TYPES = [ANY, ...ALERT_TYPES] as const;
const PREFERENCE_CHANNEL_VALUES = [ANY, ...PREFERENCE_CHANNELS] as const;
/** every (type or *, channel or *) pair once */
export const MAX_PREFERENCE_ROWS = PREFERENCE_TYPES.length * PREFERENCE_CHANNEL_VALUES.length;

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "+370 600 12345" or "00370 600 12345" -> "+37060012345"; null when it is not a real number with its country code */
export function e164(phone: string): string | null {
  const international = phone.trim().replace(/^00/, "+");
  if (!international.startsWith("+")) return null;
  const parsed = parsePhoneNumberFromString(international);
  return parsed?.isValid() ? parsed.number : null;
}

const ZPhone = z
  .string({ error: "must be a phone number or null" })
  .max(40, "must be at most 40 characters")
  .nullish()
  .transform((value, ctx) => {
    if (value == null || value.trim() === "") return null;
    const number = e164(value);
    if (number) return number;
    ctx.addIssue({ code: "custom", message: "must be a mobile number with its country code, e.g. +37060012345" });
    return z.NEVER;
  })
  .meta({ description: "The number SMS alerts go to, E.164 (spaces and a leading 00 are accepted); null: no SMS.", example: "+37060012345" });

const ZTimeZoneOrNull = z
  .string({ error: "must be a time zone name or null" })
  .trim()
  .max(100, "must be a time zone such as Europe/Vilnius")
  .refine((value) => value === "" || isTimeZone(value), "must be a time zone such as Europe/Vilnius")
  .nullish()
  .transform((value) => (value ? value : null))
  .meta({ description: "IANA time zone of the quiet hours and the daily digest; null: the account's.", example: "Europe/Vilnius" });

const ZClockOrNull = (description: string, example: string) =>
  z
    .string({ error: "must be a local time HH:MM or null" })
    .trim()
    .refine((value) => value === "" || CLOCK.test(value), "must be a local time HH:MM from 00:00 to 23:59")
    .nullish()
    .transform((value) => (value ? value : null))
    .meta({ description, example });

/** `message` for a value that is not an object; zod's own "Unrecognized key" for an extra field */
const objectError = (message: string) => (issue: { code?: string }) => (issue.code === "unrecognized_keys" ? undefined : message);

export const ZPreference = z
  .object(
    {
      alert_type: z
        .enum(PREFERENCE_TYPES, { error: `must be * or one of: ${ALERT_TYPES.join(", ")}` })
        .meta({ description: "An alert type, or * for every type." }),
      channel: z
        .enum(PREFERENCE_CHANNEL_VALUES, { error: `must be * or one of: ${PREFERENCE_CHANNELS.join(", ")}` })
        .meta({ description: "email, sms, in_app, or * for every channel." }),
      enabled: z.boolean({ error: "must be true or false" }),
    },
    { error: objectError("must be an object with alert_type, channel and enabled") },
  )
  .strict()
  .meta({ id: "NotificationPreference" });
export type Preference = z.output<typeof ZPreference>;

export const ZNotificationSettingsBody = z
  .object(
    {
      phone: ZPhone,
      time_zone: ZTimeZoneOrNull,
      quiet_start: ZClockOrNull("Start of the quiet hours, local HH:MM; with quiet_end, or both null (none).", "22:00"),
      quiet_end: ZClockOrNull("End of the quiet hours, local HH:MM; a window may cross midnight (22:00-07:00).", "07:00"),
      digest: z
        .enum(DIGESTS, { error: `must be one of: ${DIGESTS.join(", ")}` })
        .default("off")
        .meta({ description: "off, hourly (at the next full hour) or daily (08:00 local): non-critical alert e-mails are held for it." }),
      preferences: z
        .array(ZPreference, { error: "must be a list of preferences" })
        .max(MAX_PREFERENCE_ROWS, `may have at most ${MAX_PREFERENCE_ROWS} rows`)
        .default([])
        .meta({ description: "The rows that turn alert types on or off per channel; no row: on; the most specific row wins." }),
    },
    { error: objectError("must be an object with the member's notification settings") },
  )
  .strict()
  .superRefine((body, ctx) => {
    if ((body.quiet_start === null) !== (body.quiet_end === null)) {
      const missing = body.quiet_start === null ? "quiet_start" : "quiet_end";
      ctx.addIssue({ code: "custom", path: [missing], message: "is required with the other end of the quiet hours (or clear both)" });
    } else if (body.quiet_start !== null && body.quiet_start === body.quiet_end) {
      ctx.addIssue({ code: "custom", path: ["quiet_end"], message: "must differ from quiet_start" });
    }
    const seen = new Set<string>();
    body.preferences.forEach((row, i) => {
      const key = `${row.alert_type}/${row.channel}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["preferences", i], message: `repeats the row for ${row.alert_type} and ${row.channel}` });
      seen.add(key);
    });
  })
  .meta({ id: "NotificationSettingsBody", description: "A member's notification settings; a field left out is reset to its default." });

export type NotificationSettingsBody = z.input<typeof ZNotificationSettingsBody>;

export const ZNotificationSettingsDto = z
  .object({
    phone: z.string().nullable(),
    time_zone: z.string().nullable(),
    quiet_start: z.string().nullable(),
    quiet_end: z.string().nullable(),
    digest: z.enum(DIGESTS),
    preferences: z.array(ZPreference),
  })
  .meta({ id: "NotificationSettings", description: "A member's notification settings in the account (docs/notifications.md)." });
export type NotificationSettingsDto = z.output<typeof ZNotificationSettingsDto>;

export function isPreferenceType(value: string): value is AlertType | typeof ANY {
  return (PREFERENCE_TYPES as readonly string[]).includes(value);
}

export function isPreferenceChannel(value: string): value is PreferenceChannel | typeof ANY {
  return (PREFERENCE_CHANNEL_VALUES as readonly string[]).includes(value);
}
