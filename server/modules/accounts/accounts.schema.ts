// Account input schemas and the account DTO that use cases hand to transports.
import { z } from "zod";
import { isTimeZone } from "../time/zoned-time";
import { optionalText } from "../parse-input";

export const PLANS = ["standard", "detailed"] as const;
export const ZPlan = z.enum(PLANS);
export type Plan = z.infer<typeof ZPlan>;

/** What an account is entitled to: its plan and add-ons (live-stream channels, evaluators, credentials carry it). */
export interface AccountEntitlements {
  plan: Plan;
  addonMobility: boolean;
  addonDriver: boolean;
}
/** the Prisma select that reads AccountEntitlements off an account row */
export const entitlementSelect = { plan: true, addonMobility: true, addonDriver: true } as const;

/** the history retention an account may choose, in days (one day to ten years) */
export const HISTORY_RETENTION_DAYS = { min: 1, max: 3650 } as const;

export const ZAccountName = z.string().trim().min(1, "must not be empty").max(120, "must be at most 120 characters");

export const ZCreateAccount = z.object({
  name: ZAccountName,
  plan: ZPlan.default("standard"),
  addons: z
    .object({ mobility: z.boolean().default(false), driver: z.boolean().default(false) })
    .strict()
    .default({ mobility: false, driver: false }),
});
export type CreateAccountInput = z.input<typeof ZCreateAccount>;

/** The platform operator's change of an account's tier (operations.md `account update`): absent fields stay. */
export const ZUpdateAccountPlan = z.object({
  accountId: z.number().int().positive(),
  name: ZAccountName.optional(),
  plan: ZPlan.optional(),
  /** replaces the whole set: an add-on left out is switched off */
  addons: z.object({ mobility: z.boolean(), driver: z.boolean() }).strict().optional(),
});
export type UpdateAccountPlanInput = z.input<typeof ZUpdateAccountPlan>;

const ZLogoUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => {
    if (value === "") return true;
    try {
      return ["http:", "https:"].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, "must be an http(s) URL");

const ZShortText = z.string().max(120, "must be at most 120 characters");

/**
 * Branding and contact details as the account's defaults and a tracking link's overrides take them: null or ""
 * clears a field ("not set"), undefined leaves it unchanged.
 */
export const brandingFields = {
  logoUrl: optionalText(ZLogoUrl).optional(),
  primaryColor: optionalText(z.string().trim().refine((v) => v === "" || /^#[0-9a-fA-F]{6}$/.test(v), "must be a colour like #2563eb"))
    .transform((value) => value?.toLowerCase() ?? null)
    .optional(),
  companyName: optionalText(ZShortText).optional(),
  contactName: optionalText(ZShortText).optional(),
  contactEmail: optionalText(
    z.string().trim().refine((v) => v === "" || z.email().safeParse(v).success, "must be an e-mail address"),
  ).optional(),
  contactPhone: optionalText(
    z
      .string()
      .trim()
      .max(40, "must be at most 40 characters")
      .refine((v) => v === "" || /^\+?[0-9 ()./-]{3,}$/.test(v), "must be a phone number"),
  ).optional(),
};

/** an IANA time zone name ("Europe/Vilnius"); schedules and times shown to passengers are in it */
export const ZTimeZone = z.string().trim().refine(isTimeZone, "must be a time zone such as Europe/Vilnius");

export const ZUpdateAccountSettings = z.object({
  accountId: z.number().int().positive(),
  name: ZAccountName.optional(),
  timeZone: ZTimeZone.optional(),
  // null or "" clears an optional setting; undefined leaves it unchanged
  brandingLogoUrl: brandingFields.logoUrl,
  brandingPrimaryColor: brandingFields.primaryColor,
  brandingCompanyName: brandingFields.companyName,
  contactName: brandingFields.contactName,
  contactEmail: brandingFields.contactEmail,
  contactPhone: brandingFields.contactPhone,
  /** days of history kept; null keeps everything (docs/configuration.md "History retention") */
  historyRetentionDays: z
    .number({ error: "must be a whole number of days" })
    .int("must be a whole number of days")
    .min(HISTORY_RETENTION_DAYS.min, `must be at least ${HISTORY_RETENTION_DAYS.min} day`)
    .max(HISTORY_RETENTION_DAYS.max, `must be at most ${HISTORY_RETENTION_DAYS.max} days (ten years)`)
    .nullable()
    .optional(),
  /** asset photos are served with their EXIF location (docs/fleet-records.md "Photos"); false strips it */
  photoKeepLocation: z.boolean({ error: "must be true or false" }).optional(),
});
export type UpdateAccountSettingsInput = z.input<typeof ZUpdateAccountSettings>;

/** The account as use cases return it (a Prisma select, so no other column ever leaks). */
export const accountSelect = {
  id: true,
  key: true,
  name: true,
  plan: true,
  addonMobility: true,
  addonDriver: true,
  brandingLogoUrl: true,
  brandingPrimaryColor: true,
  brandingCompanyName: true,
  contactName: true,
  contactEmail: true,
  contactPhone: true,
  timeZone: true,
  historyRetentionDays: true,
  photoKeepLocation: true,
} as const;

export const ZAccount = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  plan: ZPlan,
  addonMobility: z.boolean(),
  addonDriver: z.boolean(),
  brandingLogoUrl: z.string().nullable(),
  brandingPrimaryColor: z.string().nullable(),
  brandingCompanyName: z.string().nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  timeZone: z.string(),
  historyRetentionDays: z.number().int().nullable(),
  photoKeepLocation: z.boolean(),
});
export type Account = z.infer<typeof ZAccount>;
