// Tracking links: the inputs of the use cases (dashboard, CLI), the link DTO fleet staff see, and the public shapes
// of the spec (tracking link info, viewer session, public location object). Public shapes are built field by field
// from these types, so nothing else about a link, its vehicle or its account can reach a viewer.
import { z } from "zod";
import { brandingFields } from "../accounts/accounts.schema";
import { optionalText } from "../parse-input";
import { formatClockMinutes, parseClockMinutes, parseLocalDate } from "../time/zoned-time";

export const ACCESS_MODES = ["public", "email", "email_code", "authorized_only"] as const;
export type AccessMode = (typeof ACCESS_MODES)[number];

export const ACCESS_MODE_LABELS: Record<AccessMode, string> = {
  public: "Public: anyone with the link",
  email: "E-mail: viewers give their address",
  email_code: "E-mail code: a 6-digit code is sent to the viewer",
  authorized_only: "Authorised only: listed addresses, with a code",
};

/** the `reason` of the public link.expired event */
export const EXPIRY_REASONS = ["arrival", "time_expired", "disabled", "schedule_ended"] as const;
export type ExpiryReason = (typeof EXPIRY_REASONS)[number];

/** one word for lists and badges: the first that applies */
export const LINK_STATUSES = ["disabled", "expired", "not_started", "outside_schedule", "active"] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

export const LINK_LIMITS = {
  /** viewer session length (spec: 4 hours by default, configurable) */
  defaultSessionMinutes: 240,
  minSessionMinutes: 5,
  maxSessionMinutes: 7 * 24 * 60,
  /** arrival radius around the destination */
  defaultArrivalRadiusM: 200,
  minArrivalRadiusM: 20,
  maxArrivalRadiusM: 10_000,
  maxAllowedEmails: 500,
} as const;

/** a link's passenger form (docs/public-tracking.md, "Link forms") */
export const LINK_FORM_LIMITS = {
  maxTitleLength: 120,
  maxChoices: 10,
  maxChoiceLength: 80,
  /** the free text a viewer may send with a choice */
  maxMessageLength: 500,
} as const;

const ZId = z.number().int().positive();
const ZName = z.string().trim().min(1, "must not be empty").max(120, "must be at most 120 characters");
/** an e-mail address, lowercased (how links list them and sessions keep them) */
export const ZEmail = z
  .string({ error: "is required" })
  .trim()
  .max(254, "must be at most 254 characters")
  .pipe(z.email("must be an e-mail address"))
  .transform((value) => value.toLowerCase());

/** an instant as ISO 8601 text or a Date (forms and flags send text) */
const ZInstant = z.union([
  z.date(),
  z
    .string()
    .trim()
    .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), "must be an ISO 8601 date and time")
    .transform((value) => new Date(value)),
]);

const ZClock = z
  .string()
  .trim()
  .refine((value) => parseClockMinutes(value) !== null, "must be a time like 07:30")
  .transform((value) => parseClockMinutes(value)!);

export const ZSchedule = z
  .object({
    days: z
      .array(z.number().int().min(1).max(7))
      .min(1, "choose at least one day")
      .transform((days) => [...new Set(days)].sort()),
    start: ZClock,
    end: ZClock,
    until: z
      .string()
      .trim()
      .refine((value) => parseLocalDate(value) !== null, "must be a date like 2026-12-18")
      .nullish()
      .transform((value) => value ?? null),
  })
  .refine((schedule) => schedule.start < schedule.end, { path: ["end"], message: "must be after the start" });

/** a number a form may leave empty (a coordinate, the vehicle): the message says which of the two went wrong */
const formNumber = () => z.number({ error: (issue) => (issue.input == null ? "must not be empty" : "must be a number") });

export const ZDestination = z.object({
  lat: formNumber().min(-90, "must be between -90 and 90").max(90, "must be between -90 and 90"),
  lng: formNumber().min(-180, "must be between -180 and 180").max(180, "must be between -180 and 180"),
  name: optionalText(z.string().max(120, "must be at most 120 characters")).optional(),
  radiusM: z
    .number({ error: "must be a number" })
    .int("must be a whole number of metres")
    .min(LINK_LIMITS.minArrivalRadiusM, `must be at least ${LINK_LIMITS.minArrivalRadiusM} m`)
    .max(LINK_LIMITS.maxArrivalRadiusM, `must be at most ${LINK_LIMITS.maxArrivalRadiusM} m`)
    .default(LINK_LIMITS.defaultArrivalRadiusM),
});

/** the form a viewer can send (for example "Not riding today"): a title and its choices, each given once */
export const ZLinkForm = z.object({
  title: z
    .string({ error: "must not be empty" })
    .trim()
    .min(1, "must not be empty")
    .max(LINK_FORM_LIMITS.maxTitleLength, `must be at most ${LINK_FORM_LIMITS.maxTitleLength} characters`),
  choices: z
    .array(
      z
        .string({ error: "must be text" })
        .trim()
        .min(1, "must not be empty")
        .max(LINK_FORM_LIMITS.maxChoiceLength, `must be at most ${LINK_FORM_LIMITS.maxChoiceLength} characters`),
      { error: "must be a list of choices" },
    )
    .min(1, "give at least one choice")
    .max(LINK_FORM_LIMITS.maxChoices, `at most ${LINK_FORM_LIMITS.maxChoices} choices`)
    .refine((choices) => new Set(choices.map((choice) => choice.toLowerCase())).size === choices.length, "each choice only once"),
});

/** per-link branding and contact details; null or "" falls back to the account's */
export const ZLinkBranding = z.object(brandingFields);

/** what a link is made of; every field but the target has a default (the REST body reuses each field's rules) */
export const linkFields = {
  displayName: ZName,
  assetId: formNumber().int("must be an asset id").positive("must be an asset id"),
  /** a route-based link: follows the vehicle of the route's run for the day, else the route's own vehicle */
  routeId: formNumber().int("must be a route id").positive("must be a route id"),
  accessMode: z.enum(ACCESS_MODES, { error: `must be one of: ${ACCESS_MODES.join(", ")}` }),
  allowedEmails: z.array(ZEmail).max(LINK_LIMITS.maxAllowedEmails, `at most ${LINK_LIMITS.maxAllowedEmails} addresses`),
  active: z.boolean(),
  expiresAt: ZInstant.nullable(),
  destination: ZDestination.nullable(),
  startsAt: ZInstant.nullable(),
  schedule: ZSchedule.nullable(),
  sessionMinutes: z
    .number()
    .int("must be a whole number of minutes")
    .min(LINK_LIMITS.minSessionMinutes, `must be at least ${LINK_LIMITS.minSessionMinutes} minutes`)
    .max(LINK_LIMITS.maxSessionMinutes, "must be at most 7 days"),
  branding: ZLinkBranding,
  /** null: no form */
  form: ZLinkForm.nullable(),
};

const authorisedNeedsList = (link: { accessMode?: AccessMode; allowedEmails?: string[] }) =>
  link.accessMode !== "authorized_only" || (link.allowedEmails?.length ?? 0) > 0;
const AUTHORISED_NEEDS_LIST = {
  path: ["allowedEmails"],
  message: "list at least one address for authorised-only links",
  // checked even when other fields are wrong, so a form learns every problem at once (zod skips refinements of an
  // object with issues unless told); the check reads only the two fields, whatever shape the rest has
  when: () => true,
};

/** a link follows a vehicle or a route: one of the two (the form shows the vehicle's field, or the route's) */
type Follows = { assetId?: number; routeId?: number };
const followsSomething = (link: Follows) => link.assetId !== undefined || link.routeId !== undefined;
const followsOnlyOne = (link: Follows) => link.assetId === undefined || link.routeId === undefined;
const FOLLOWS_SOMETHING = { path: ["assetId"], message: "must not be empty", when: () => true };
const FOLLOWS_ONLY_ONE = { path: ["assetId"], message: "choose a vehicle or a route, not both", when: () => true };

export const ZCreateTrackingLink = z
  .object({
    accountId: ZId,
    ...linkFields,
    assetId: linkFields.assetId.optional(),
    routeId: linkFields.routeId.optional(),
    /** default: the vehicle's name, or the route's */
    displayName: linkFields.displayName.optional(),
    accessMode: linkFields.accessMode.default("public"),
    allowedEmails: linkFields.allowedEmails.default([]).transform((emails) => [...new Set(emails)]),
    active: linkFields.active.default(true),
    expiresAt: linkFields.expiresAt.optional().transform((value) => value ?? null),
    destination: linkFields.destination.optional().transform((value) => value ?? null),
    startsAt: linkFields.startsAt.optional().transform((value) => value ?? null),
    schedule: linkFields.schedule.optional().transform((value) => value ?? null),
    sessionMinutes: linkFields.sessionMinutes.default(LINK_LIMITS.defaultSessionMinutes),
    branding: ZLinkBranding.default({}),
    form: linkFields.form.optional().transform((value) => value ?? null),
  })
  .refine(authorisedNeedsList, AUTHORISED_NEEDS_LIST)
  .refine(followsSomething, FOLLOWS_SOMETHING)
  .refine(followsOnlyOne, FOLLOWS_ONLY_ONE);
export type CreateTrackingLinkInput = z.input<typeof ZCreateTrackingLink>;

/** absent fields stay as they are; null clears an optional one */
export const ZUpdateTrackingLink = z
  .object(linkFields)
  .partial()
  .extend({ accountId: ZId, linkId: ZId })
  .transform((input) => (input.allowedEmails ? { ...input, allowedEmails: [...new Set(input.allowedEmails)] } : input));
export type UpdateTrackingLinkInput = z.input<typeof ZUpdateTrackingLink>;

export const ZLinkRef = z.object({ accountId: ZId, linkId: ZId });

/** a link's public identifier: a UUID in its canonical lowercase form (anything else names no link) */
export const ZLinkUuid = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

// ---- what fleet staff see --------------------------------------------------------------------------------------

export interface TrackingLinkDto {
  id: number;
  uuid: string;
  /** the page viewers open: {PUBLIC_URL}/t/{uuid} */
  url: string;
  display_name: string;
  access_mode: AccessMode;
  allowed_emails: string[];
  /** the vehicle followed now (for a route-based link: the day's run's vehicle, else the route's) */
  asset: { id: number; name: string } | null;
  /** set for a route-based link */
  route: { id: number; route_number: string; name: string | null } | null;
  /** set for a passenger's own link */
  passenger: { id: number; name: string } | null;
  is_active: boolean;
  is_expired: boolean;
  is_within_schedule: boolean;
  expired_reason: Exclude<ExpiryReason, "disabled"> | null;
  status: LinkStatus;
  expires_at: string | null;
  destination: { lat: number; lng: number; name: string | null; radius_m: number } | null;
  starts_at: string | null;
  schedule: { days: number[]; start: string; end: string; until: string | null } | null;
  session_minutes: number;
  branding: {
    logo_url: string | null;
    primary_color: string | null;
    company_name: string | null;
    contact_name: string | null;
    contact_email: string | null;
    contact_phone: string | null;
  };
  /** the passenger form; null when the link has none */
  form: { title: string; choices: string[] } | null;
  created_at: string;
}

export function formatSchedule(schedule: { days: number[]; start: number; end: number; until: string | null }) {
  return { days: schedule.days, start: formatClockMinutes(schedule.start), end: formatClockMinutes(schedule.end), until: schedule.until };
}

// ---- the spec's public shapes (zod, for the OpenAPI document; the DTOs are built field by field) ----------------

/** Resources: tracking link info */
export const ZTrackingLinkInfo = z
  .object({
    uuid: z.string().meta({ description: "the link's public identifier" }),
    display_name: z.string(),
    access_mode: z.enum(ACCESS_MODES).meta({ description: "what verify needs (docs/public-tracking.md)" }),
    is_active: z.boolean().meta({ description: "false once the link is disabled" }),
    is_expired: z.boolean().meta({ description: "true after arrival, the time limit or the end of the schedule" }),
    is_within_schedule: z.boolean().meta({ description: "false before the start and outside the schedule's window" }),
    branding: z.object({
      logo_url: z.string().meta({ description: "the logo's URL (the link's, else the account's); empty when neither has one" }),
      primary_color: z
        .string()
        .regex(/^#[0-9a-f]{6}$/)
        .meta({ description: "lowercase hex colour, e.g. #2563eb: the link's, else the account's, else the platform's (#1e3a8a); never empty" }),
      company_name: z.string().meta({ description: "the link's, else the account's; empty when neither has one" }),
    }),
  })
  .meta({ id: "TrackingLinkInfo" });
export type TrackingLinkInfo = z.infer<typeof ZTrackingLinkInfo>;

/** Resources: viewer session (response of verify) */
export const ZViewerSessionResponse = z
  .object({
    success: z.literal(true),
    session: z.object({
      token: z.string().meta({ description: "send as X-Session-Token; 256 random bits" }),
      expires_at: z.string().meta({ description: "ISO 8601" }),
      link: z.object({ uuid: z.string(), title: z.string() }),
    }),
  })
  .meta({ id: "ViewerSession" });
export type ViewerSessionResponse = z.infer<typeof ZViewerSessionResponse>;

/** the first answer of verify for email_code and authorized_only links: a code is on its way */
export const ZCodeSentResponse = z
  .object({
    success: z.literal(false),
    code_sent: z.literal(true),
    expires_at: z.string().meta({ description: "when the code stops working, ISO 8601" }),
    message: z.string(),
  })
  .meta({ id: "AccessCodeSent" });
export type CodeSentResponse = z.infer<typeof ZCodeSentResponse>;

/** Resources: public location object */
export const ZPublicLocation = z
  .object({
    latitude: z.number(),
    longitude: z.number(),
    speed_kmh: z.number(),
    heading: z.number().meta({ description: "degrees from north" }),
    timestamp: z.string().meta({ description: "fix time, ISO 8601 with the account's time zone offset" }),
    is_moving: z.boolean(),
    ignition: z.boolean(),
    street: z.string().meta({ description: "empty when unknown" }),
    town: z.string(),
    country: z.string(),
    distance_km: z.number().optional().meta({
      description:
        "km to the destination (straight line) for a link with arrival-based expiry; for a route-based link (a passenger's own: their stop; another: the run's next stop) the distance along the route, or the straight line before the run's ETA is known; 0 once the stop is reached",
    }),
    eta_minutes: z.number().optional().meta({
      description: "estimated minutes to the destination, or to the route-based link's stop (as distance_km); 0 once there",
    }),
  })
  .meta({ id: "PublicLocation" });
export type PublicLocation = z.infer<typeof ZPublicLocation>;

/** ours, beside `location` on a route-based link: the stop its distance_km and eta_minutes refer to */
export const ZPublicStop = z
  .object({
    name: z.string().meta({ description: "the stop's name: a passenger's own stop, or the run's next stop" }),
    status: z.enum(["approaching", "arrived", "skipped"]).meta({
      description: "approaching; arrived (the vehicle reached it today); skipped (it passed without stopping)",
    }),
    stops_before: z.number().int().meta({ description: "how many stops the vehicle makes before this one (0 once arrived or skipped)" }),
  })
  .meta({ id: "PublicStop" });
export type PublicStop = z.infer<typeof ZPublicStop>;
