// Tracking links over REST (/api/{account_key}/tracking-links): the body of POST and PUT, the list's query, the
// answer, and the step from a REST body to the dashboard's use cases. Names are snake_case like the other REST
// resources; each value is checked by the same field rules as the dashboard's link form (`linkFields`), so the two
// cannot drift apart, and instants more strictly: they must name their zone. A body is validated here, with errors
// named as the body names its fields, then handed to the use cases in their own shape; errors the use cases raise are
// renamed the same way (withRestFieldNames).
import { z } from "zod";
import { AppError, isAppError, type FieldError } from "../../errors";
import { brandingFields } from "../accounts/accounts.schema";
import { parseInput } from "../parse-input";
import { ZPageQuery } from "../paging";
import {
  ACCESS_MODES,
  EXPIRY_REASONS,
  LINK_LIMITS,
  LINK_STATUSES,
  ZDestination,
  ZLinkForm,
  ZSchedule,
  linkFields,
  type CreateTrackingLinkInput,
  type TrackingLinkDto,
} from "./tracking-links.schema";

// REST instants name their zone (the dashboard's form sends UTC): text without one would be read in the server's zone
const INSTANT_MESSAGE = "must be an ISO 8601 date and time with a zone, e.g. 2026-12-01T07:00:00Z";
const instant = (description: string) =>
  z.iso
    .datetime({ offset: true, error: INSTANT_MESSAGE })
    .nullable()
    .optional()
    .meta({ description: `${description}; ISO 8601 with a zone (Z or +02:00); null: none` });

const ZDestinationBody = z
  .object({
    lat: ZDestination.shape.lat,
    lng: ZDestination.shape.lng,
    name: ZDestination.shape.name.meta({ description: "shown to viewers; null: none" }),
    radius_m: ZDestination.shape.radiusM
      .optional()
      .meta({ description: `arrival radius in metres (default ${LINK_LIMITS.defaultArrivalRadiusM})` }),
  })
  .strict();

const ZBrandingBody = z
  .object({
    logo_url: brandingFields.logoUrl,
    primary_color: brandingFields.primaryColor.meta({ description: "hex colour, e.g. #2563eb" }),
    company_name: brandingFields.companyName,
    contact_name: brandingFields.contactName,
    contact_email: brandingFields.contactEmail,
    contact_phone: brandingFields.contactPhone,
  })
  .strict()
  .meta({ description: "The link's own branding and contact details; a field left out, null or \"\" uses the account's." });

const isObject = (payload: { value: unknown }) =>
  typeof payload.value === "object" && payload.value !== null && !Array.isArray(payload.value);

/** the body of POST (create) and PUT (replace): every field but the target has a default */
export const ZTrackingLinkBody = z
  .object({
    display_name: linkFields.displayName.optional().meta({ description: "shown to viewers; default: the vehicle's or the route's name" }),
    asset_id: linkFields.assetId.optional().meta({ description: "the vehicle followed; give this or route_id" }),
    route_id: linkFields.routeId
      .optional()
      .meta({ description: "a route-based link: follows the vehicle of the route's run for the day, else the route's own vehicle" }),
    access_mode: linkFields.accessMode.optional().meta({ description: "default public (docs/public-tracking.md, Access)" }),
    allowed_emails: linkFields.allowedEmails
      .optional()
      .meta({ description: `the addresses an authorized_only link lets in (required there, at most ${LINK_LIMITS.maxAllowedEmails}); default []` }),
    active: linkFields.active.optional().meta({ description: "false disables the link: its viewers are disconnected at once; default true" }),
    starts_at: instant("before it the link shows no position"),
    expires_at: instant("the time limit; must be in the future when set or changed"),
    destination: ZDestinationBody.nullable()
      .optional()
      .meta({ description: "arrival-based expiry: the link expires when the vehicle comes within radius_m; null: none" }),
    schedule: ZSchedule.nullable().optional().meta({
      description:
        "weekly window in the account's time zone: days 1 (Monday) to 7, start and end like 07:30, until (last day, " +
        "2026-12-18) or null; null: always",
    }),
    session_minutes: linkFields.sessionMinutes
      .optional()
      .meta({ description: `viewer session length (default ${LINK_LIMITS.defaultSessionMinutes})` }),
    branding: ZBrandingBody.optional(),
    form: ZLinkForm.nullable().optional().meta({ description: "the passenger form (a title and up to 10 choices); null: none" }),
  })
  .strict()
  // the use case checks these too; here as well, even when other fields are wrong (zod skips refinements of an object
  // with issues unless told), so a body learns every problem at once
  .refine((body) => body.asset_id !== undefined || body.route_id !== undefined, {
    path: ["asset_id"],
    message: "give asset_id or route_id",
    when: isObject,
  })
  .refine((body) => body.asset_id === undefined || body.route_id === undefined, {
    path: ["asset_id"],
    message: "give asset_id or route_id, not both",
    when: isObject,
  })
  .meta({ id: "TrackingLinkInput" });
export type TrackingLinkBody = z.input<typeof ZTrackingLinkBody>;

/** what the link use cases take for a REST body (all but the account) */
export type TrackingLinkFields = Omit<CreateTrackingLinkInput, "accountId">;

/**
 * A REST body checked and turned into the use cases' input. The body's own values are handed on (not the parsed
 * ones): the use cases parse them again with the same rules, so each rule runs on the text it was written for.
 */
export function parseTrackingLinkBody(body: unknown): TrackingLinkFields {
  parseInput(ZTrackingLinkBody, body);
  const b = body as TrackingLinkBody;
  return {
    displayName: b.display_name,
    assetId: b.asset_id,
    routeId: b.route_id,
    accessMode: b.access_mode,
    allowedEmails: b.allowed_emails,
    active: b.active,
    startsAt: b.starts_at,
    expiresAt: b.expires_at,
    destination: b.destination && { lat: b.destination.lat, lng: b.destination.lng, name: b.destination.name, radiusM: b.destination.radius_m },
    schedule: b.schedule,
    sessionMinutes: b.session_minutes,
    branding: b.branding && {
      logoUrl: b.branding.logo_url,
      primaryColor: b.branding.primary_color,
      companyName: b.branding.company_name,
      contactName: b.branding.contact_name,
      contactEmail: b.branding.contact_email,
      contactPhone: b.branding.contact_phone,
    },
    form: b.form,
  };
}

const snakeCase = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const BODY_REFERENCES: Partial<Record<string, { field: string; message: string }>> = {
  ASSET_NOT_FOUND: { field: "asset_id", message: "no such asset in this account" },
  ROUTE_NOT_FOUND: { field: "route_id", message: "no such route in this account" },
};

/**
 * Runs a link use case for a REST caller. Field errors are named as the REST body names them (expiresAt ->
 * expires_at), and an asset or route the body names that the account does not have is a 422 on asset_id or route_id,
 * as alert rules answer for asset_ids: the resource of the path exists, the body is wrong.
 */
export async function withRestFieldNames<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isAppError(error)) throw error;
    const reference = BODY_REFERENCES[error.code];
    if (reference) throw validationFailed([reference]);
    if (error.code === "VALIDATION_FAILED" && error.errors) {
      throw validationFailed(error.errors.map((e) => ({ field: snakeCase(e.field), message: e.message })));
    }
    throw error;
  }
}

function validationFailed(errors: FieldError[]): AppError {
  return new AppError("VALIDATION_FAILED", errors.map((e) => `${e.field}: ${e.message}`).join("; "), errors);
}

const ZQueryId = z.coerce
  .number({ error: "must be a positive whole number" })
  .int("must be a positive whole number")
  .positive("must be a positive whole number");

/** GET /api/{account_key}/tracking-links: every filter optional; newest first */
export const ZTrackingLinkQuery = z.object({
  asset_id: ZQueryId.optional().meta({ description: "Only links following this vehicle now (for route-based links: the day's vehicle)." }),
  route_id: ZQueryId.optional().meta({ description: "Only links following this route (route-based and passengers' own links)." }),
  active: z
    .enum(["true", "false"], { error: "must be true or false" })
    .transform((value) => value === "true")
    .optional()
    .meta({ description: "Only enabled (true) or disabled (false) links." }),
  ...ZPageQuery.shape,
});

// ---- the answer (for the OpenAPI document; the DTO is built by toTrackingLinkDto) -------------------------------

const ZIso = (description: string) => z.string().nullable().meta({ description: `${description}; ISO 8601, null: none` });

export const ZTrackingLink = z
  .object({
    id: z.number().int().meta({ description: "the link's id in the dashboard" }),
    uuid: z.string().meta({ description: "the link's public identifier, used in this API's paths" }),
    url: z.string().meta({ description: "the page viewers open: {PUBLIC_URL}/t/{uuid}" }),
    display_name: z.string(),
    access_mode: z.enum(ACCESS_MODES),
    allowed_emails: z.array(z.string()),
    asset: z
      .object({ id: z.number().int(), name: z.string() })
      .nullable()
      .meta({ description: "the vehicle followed now (route-based: the day's run's vehicle, else the route's); null: none yet" }),
    route: z
      .object({ id: z.number().int(), route_number: z.string(), name: z.string().nullable() })
      .nullable()
      .meta({ description: "set for a route-based link" }),
    passenger: z
      .object({ id: z.number().int(), name: z.string() })
      .nullable()
      .meta({ description: "set for a passenger's own link (docs/passengers.md)" }),
    is_active: z.boolean().meta({ description: "false once disabled" }),
    is_expired: z.boolean().meta({ description: "true after arrival, the time limit or the end of the schedule" }),
    is_within_schedule: z.boolean().meta({ description: "false before the start and outside the schedule's window" }),
    expired_reason: z.enum(EXPIRY_REASONS.filter((reason) => reason !== "disabled") as ["arrival", "time_expired", "schedule_ended"]).nullable(),
    status: z.enum(LINK_STATUSES).meta({ description: "one word: the first of disabled, expired, not_started, outside_schedule, active that applies" }),
    expires_at: ZIso("the time limit"),
    destination: z
      .object({ lat: z.number(), lng: z.number(), name: z.string().nullable(), radius_m: z.number() })
      .nullable(),
    starts_at: ZIso("the start"),
    schedule: z
      .object({
        days: z.array(z.number().int()).meta({ description: "1 Monday .. 7 Sunday" }),
        start: z.string().meta({ description: "HH:MM, the account's time zone" }),
        end: z.string(),
        until: z.string().nullable().meta({ description: "the last day, YYYY-MM-DD" }),
      })
      .nullable(),
    session_minutes: z.number().int(),
    branding: z
      .object({
        logo_url: z.string().nullable(),
        primary_color: z.string().nullable(),
        company_name: z.string().nullable(),
        contact_name: z.string().nullable(),
        contact_email: z.string().nullable(),
        contact_phone: z.string().nullable(),
      })
      .meta({ description: "the link's own overrides; null: the account's applies" }),
    form: z.object({ title: z.string(), choices: z.array(z.string()) }).nullable(),
    created_at: z.string().meta({ description: "ISO 8601" }),
  })
  .meta({ id: "TrackingLink" });

// the document describes exactly what toTrackingLinkDto builds: a field added to one and not the other fails here
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const documented: Same<z.infer<typeof ZTrackingLink>, TrackingLinkDto> = true;
void documented;

export const ZTrackingLinkPage = z
  .object({ data: z.array(ZTrackingLink), next_cursor: z.string().nullable() })
  .meta({ id: "TrackingLinkPage" });
export const ZTrackingLinkResponse = z.object({ data: ZTrackingLink }).meta({ id: "TrackingLinkResponse" });
