// The tracking-link form's values (what its inputs hold, as text) and their conversion to and from the bodies of
// trackingLinks.create and update. Times in the form are wall-clock times in the account's time zone, the zone of
// the schedule and of the passengers' page, so the whole form speaks one zone whatever the browser's is. Nothing is
// checked here: the server validates the body and answers with errors per field.
import { formatLocalDate, parseClockMinutes, parseLocalDate, zonedInstant, zonedParts } from "@/server/modules/time/zoned-time";
import { LINK_LIMITS, type AccessMode, type TrackingLinkDto } from "@/server/modules/tracking-links/tracking-links.schema";

export const BRANDING_FIELDS = ["companyName", "logoUrl", "primaryColor", "contactName", "contactEmail", "contactPhone"] as const;
export type BrandingField = (typeof BRANDING_FIELDS)[number];
export type BrandingValues = Record<BrandingField, string>;

/** what a link follows: one vehicle, or a route (the vehicle of the route's run for the day) */
export type LinkFollows = "vehicle" | "route";

export interface LinkFormValues {
  displayName: string;
  follows: LinkFollows;
  /** "" until a vehicle is chosen */
  assetId: string;
  /** "" until a route is chosen */
  routeId: string;
  accessMode: AccessMode;
  /** the addresses as typed: one per line or comma-separated */
  allowedEmails: string;
  /** datetime-local text ("2026-12-01T18:00") in the account's zone; "" for none */
  expiresAt: string;
  startsAt: string;
  arrival: boolean;
  destination: { lat: string; lng: string; name: string; radiusM: string };
  scheduled: boolean;
  /** ISO weekdays, 1 Monday .. 7 Sunday; times "HH:MM"; until "YYYY-MM-DD" or "" */
  schedule: { days: number[]; start: string; end: string; until: string };
  sessionMinutes: string;
  branding: BrandingValues;
  /** the passenger form: offered or not, its title, its choices one per line */
  form: { enabled: boolean; title: string; choices: string };
  active: boolean;
}

/** what each section of the form gets: the values, a setter for some of them, and the server's error of a field */
export interface LinkFieldsProps {
  values: LinkFormValues;
  set: (changes: Partial<LinkFormValues>) => void;
  error: (field: string) => string | undefined;
}

/** The body create and update take (the use case's input without the account). Numbers a form left empty stay
 * undefined and garbled ones NaN, so the server names the field. */
export interface LinkBody {
  displayName?: string;
  /** exactly one of the two, as `follows` says (null in an update: switched to, not chosen yet) */
  assetId?: number | null | undefined;
  routeId?: number | null | undefined;
  accessMode: AccessMode;
  allowedEmails: string[];
  active: boolean;
  expiresAt: string | null;
  startsAt: string | null;
  destination: { lat: number | undefined; lng: number | undefined; name: string | null; radiusM: number | undefined } | null;
  schedule: { days: number[]; start: string; end: string; until: string | null } | null;
  sessionMinutes: number;
  branding: Record<BrandingField, string | null>;
  form: { title: string; choices: string[] } | null;
}

const WORKDAYS = [1, 2, 3, 4, 5];
const EMPTY_BRANDING: BrandingValues = { companyName: "", logoUrl: "", primaryColor: "", contactName: "", contactEmail: "", contactPhone: "" };

export function newLinkValues(assetId: number | null): LinkFormValues {
  return {
    displayName: "",
    follows: "vehicle",
    assetId: assetId === null ? "" : String(assetId),
    routeId: "",
    accessMode: "public",
    allowedEmails: "",
    expiresAt: "",
    startsAt: "",
    arrival: false,
    destination: { lat: "", lng: "", name: "", radiusM: String(LINK_LIMITS.defaultArrivalRadiusM) },
    scheduled: false,
    schedule: { days: WORKDAYS, start: "07:00", end: "19:00", until: "" },
    sessionMinutes: String(LINK_LIMITS.defaultSessionMinutes),
    branding: EMPTY_BRANDING,
    form: { enabled: false, title: "", choices: "" },
    active: true,
  };
}

export function linkValues(link: TrackingLinkDto, timeZone: string): LinkFormValues {
  const blank = newLinkValues(link.asset?.id ?? null);
  return {
    displayName: link.display_name,
    follows: link.route ? "route" : "vehicle",
    assetId: blank.assetId,
    routeId: link.route ? String(link.route.id) : "",
    accessMode: link.access_mode,
    allowedEmails: link.allowed_emails.join("\n"),
    expiresAt: isoToLocalInput(link.expires_at, timeZone),
    startsAt: isoToLocalInput(link.starts_at, timeZone),
    arrival: link.destination !== null,
    destination: link.destination
      ? {
          lat: String(link.destination.lat),
          lng: String(link.destination.lng),
          name: link.destination.name ?? "",
          radiusM: String(link.destination.radius_m),
        }
      : blank.destination,
    scheduled: link.schedule !== null,
    schedule: link.schedule ? { ...link.schedule, until: link.schedule.until ?? "" } : blank.schedule,
    sessionMinutes: String(link.session_minutes),
    branding: {
      companyName: link.branding.company_name ?? "",
      logoUrl: link.branding.logo_url ?? "",
      primaryColor: link.branding.primary_color ?? "",
      contactName: link.branding.contact_name ?? "",
      contactEmail: link.branding.contact_email ?? "",
      contactPhone: link.branding.contact_phone ?? "",
    },
    form: link.form ? { enabled: true, title: link.form.title, choices: link.form.choices.join("\n") } : blank.form,
    active: link.is_active,
  };
}

/** Every field of the link as the form says it should be. */
export function linkBody(values: LinkFormValues, timeZone: string): LinkBody {
  const emails = values.accessMode === "authorized_only" ? parseEmailList(values.allowedEmails) : [];
  return {
    displayName: values.displayName.trim(),
    ...(values.follows === "route" ? { routeId: formNumber(values.routeId) } : { assetId: formNumber(values.assetId) }),
    accessMode: values.accessMode,
    // only authorised-only links use the list; a hidden list left on another mode would surprise later
    allowedEmails: emails,
    active: values.active,
    expiresAt: localInputToIso(values.expiresAt, timeZone),
    startsAt: localInputToIso(values.startsAt, timeZone),
    destination: values.arrival
      ? {
          lat: formNumber(values.destination.lat),
          lng: formNumber(values.destination.lng),
          name: values.destination.name.trim() || null,
          radiusM: formNumber(values.destination.radiusM),
        }
      : null,
    schedule: values.scheduled
      ? {
          days: [...values.schedule.days].sort((a, b) => a - b),
          start: values.schedule.start,
          end: values.schedule.end,
          until: values.schedule.until || null,
        }
      : null,
    sessionMinutes: Number(values.sessionMinutes),
    branding: Object.fromEntries(BRANDING_FIELDS.map((field) => [field, values.branding[field].trim() || null])) as LinkBody["branding"],
    form: values.form.enabled ? { title: values.form.title.trim(), choices: parseChoiceList(values.form.choices) } : null,
  };
}

/** The body of create: an empty display name is left out, so the server names the link after its vehicle or route. */
export function createBody(values: LinkFormValues, timeZone: string): Partial<LinkBody> {
  const { displayName, ...body } = linkBody(values, timeZone);
  return displayName ? { displayName, ...body } : body;
}

/**
 * The body of update: only the fields the user changed. Sending an unchanged time limit, destination, start or
 * schedule would re-arm a link that has expired (the server judges it again against "new" limits), and an unchanged
 * past time limit would be refused as not in the future.
 */
export function updateBody(initial: LinkFormValues, values: LinkFormValues, timeZone: string): Partial<LinkBody> {
  const before = linkBody(initial, timeZone);
  const after = linkBody(values, timeZone);
  // switching between a vehicle and a route always sends the new target; one not chosen yet is sent as null, which
  // the server refuses naming the field (undefined would mean "leave it")
  const switched = values.follows !== initial.follows;
  const target = (key: keyof LinkBody) => switched && (key === "assetId" || key === "routeId");
  return Object.fromEntries(
    (Object.keys(after) as Array<keyof LinkBody>)
      .filter((key) => target(key) || JSON.stringify(after[key]) !== JSON.stringify(before[key]))
      .map((key) => [key, target(key) ? (after[key] ?? null) : after[key]]),
  );
}

/** "a@x.test, b@x.test\nc@x.test" -> three addresses (commas, semicolons, spaces and new lines all separate) */
export function parseEmailList(text: string): string[] {
  return text.split(/[\s,;]+/).filter((entry) => entry !== "");
}

/** the form's choices as typed, one per line (blank lines dropped; commas belong to a choice: "Late, 10 min") */
export function parseChoiceList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** datetime-local text read in `timeZone` -> ISO 8601 (UTC); "" -> null; anything else is passed on for the server to refuse */
export function localInputToIso(value: string, timeZone: string): string | null {
  const text = value.trim();
  if (text === "") return null;
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(text);
  const date = match ? parseLocalDate(match[1]!) : null;
  const minute = match ? parseClockMinutes(match[2]!) : null;
  if (!date || minute === null || minute >= 24 * 60) return text;
  return new Date(zonedInstant(date, minute, timeZone)).toISOString();
}

/** ISO 8601 -> datetime-local text showing that instant's wall-clock time in `timeZone` (to the minute) */
export function isoToLocalInput(iso: string | null, timeZone: string): string {
  if (!iso) return "";
  const parts = zonedParts(Date.parse(iso), timeZone);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${formatLocalDate(parts)}T${pad(parts.hour)}:${pad(parts.minute)}`;
}

/** "" -> undefined (the server says it must not be empty); "54,68" is read as 54.68 (a decimal comma) */
function formNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === "" ? undefined : Number(trimmed.replace(",", "."));
}
