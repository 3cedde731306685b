// A tracking link as read from the database (one `select` for every use), its state at an instant (the spec's
// flags is_active, is_expired, is_within_schedule) and the DTO fleet staff see. The state is computed, not stored:
// a time limit that has passed is expired at once, even before the scheduler has recorded and announced it.
import { env } from "../../env";
import {
  formatSchedule,
  type AccessMode,
  type LinkStatus,
  type TrackingLinkDto,
  type TrackingLinkInfo,
} from "./tracking-links.schema";
import { isWithinSchedule, timedExpiry, type LinkTiming, type RunWindow } from "./link-timing";
import { PLATFORM_PRIMARY_COLOR } from "./platform-branding";

export const linkSelect = {
  id: true,
  uuid: true,
  accountId: true,
  assetId: true,
  displayName: true,
  accessMode: true,
  allowedEmails: true,
  active: true,
  expiresAt: true,
  destinationLat: true,
  destinationLng: true,
  destinationName: true,
  arrivalRadiusM: true,
  startsAt: true,
  scheduleDays: true,
  scheduleStart: true,
  scheduleEnd: true,
  scheduleUntil: true,
  withinSchedule: true,
  sessionMinutes: true,
  logoUrl: true,
  primaryColor: true,
  companyName: true,
  contactName: true,
  contactEmail: true,
  contactPhone: true,
  formTitle: true,
  formChoices: true,
  expiredAt: true,
  expiredReason: true,
  nextCheckAt: true,
  runWindowStart: true,
  runWindowEnd: true,
  createdAt: true,
  routeId: true,
  passengerId: true,
  asset: { select: { id: true, name: true } },
  route: { select: { id: true, routeNumber: true, name: true } },
  // the stops are for the location of a passenger's link (link-stops.ts), never in a DTO
  passenger: { select: { id: true, name: true, pickupStopId: true, dropoffStopId: true } },
  account: {
    select: {
      timeZone: true,
      brandingLogoUrl: true,
      brandingPrimaryColor: true,
      brandingCompanyName: true,
      contactName: true,
      contactEmail: true,
      contactPhone: true,
    },
  },
} as const;

export interface LinkRecord {
  id: number;
  uuid: string;
  accountId: number;
  assetId: number | null;
  displayName: string;
  accessMode: AccessMode;
  allowedEmails: string[];
  active: boolean;
  expiresAt: Date | null;
  destinationLat: number | null;
  destinationLng: number | null;
  destinationName: string | null;
  arrivalRadiusM: number | null;
  startsAt: Date | null;
  scheduleDays: number[];
  scheduleStart: number | null;
  scheduleEnd: number | null;
  scheduleUntil: string | null;
  withinSchedule: boolean;
  sessionMinutes: number;
  logoUrl: string | null;
  primaryColor: string | null;
  companyName: string | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  formTitle: string | null;
  formChoices: string[];
  expiredAt: Date | null;
  expiredReason: "arrival" | "time_expired" | "schedule_ended" | null;
  nextCheckAt: Date | null;
  /** a passenger's link: the window around its route's run in progress or next (null: none ahead) */
  runWindowStart: Date | null;
  runWindowEnd: Date | null;
  createdAt: Date;
  /** a route-based link: asset_id holds the vehicle of the route's run for the day (refresh-route-links.ts) */
  routeId: number | null;
  /** a passenger's own link (always route-based) */
  passengerId: number | null;
  asset: { id: number; name: string } | null;
  route: { id: number; routeNumber: string; name: string | null } | null;
  passenger: { id: number; name: string; pickupStopId: number | null; dropoffStopId: number | null } | null;
  account: {
    timeZone: string;
    brandingLogoUrl: string | null;
    brandingPrimaryColor: string | null;
    brandingCompanyName: string | null;
    contactName: string | null;
    contactEmail: string | null;
    contactPhone: string | null;
  };
}

export interface LinkState {
  isActive: boolean;
  isExpired: boolean;
  expiredReason: "arrival" | "time_expired" | "schedule_ended" | null;
  isWithinSchedule: boolean;
  status: LinkStatus;
}

export function linkTiming(link: LinkRecord): LinkTiming {
  const hasSchedule = link.scheduleDays.length > 0 && link.scheduleStart !== null && link.scheduleEnd !== null;
  return {
    timeZone: link.account.timeZone,
    startsAt: link.startsAt?.getTime() ?? null,
    expiresAt: link.expiresAt?.getTime() ?? null,
    schedule: hasSchedule
      ? { days: link.scheduleDays, start: link.scheduleStart!, end: link.scheduleEnd!, until: link.scheduleUntil }
      : null,
    // a passenger's own link shows the vehicle only around its route's runs (passenger-link-windows.ts)
    ...(link.passengerId !== null && { runWindow: storedRunWindow(link) }),
  };
}

function storedRunWindow(link: LinkRecord): RunWindow | null {
  if (!link.runWindowStart || !link.runWindowEnd) return null;
  return { start: link.runWindowStart.getTime(), end: link.runWindowEnd.getTime() };
}

export function linkState(link: LinkRecord, now: number): LinkState {
  const timing = linkTiming(link);
  const expiredReason = link.expiredReason ?? timedExpiry(timing, now)?.reason ?? null;
  const isExpired = link.expiredAt !== null || expiredReason !== null;
  const isWithin = isWithinSchedule(timing, now);
  let status: LinkStatus = "active";
  if (!link.active) status = "disabled";
  else if (isExpired) status = "expired";
  else if (link.startsAt && now < link.startsAt.getTime()) status = "not_started";
  else if (!isWithin) status = "outside_schedule";
  return { isActive: link.active, isExpired, expiredReason, isWithinSchedule: isWithin, status };
}

/** a viewer may watch the vehicle now: enabled, not expired, within the schedule */
export function isWatchable(state: LinkState): boolean {
  return state.isActive && !state.isExpired && state.isWithinSchedule;
}

export function linkUrl(uuid: string): string {
  return `${env().PUBLIC_URL}/t/${uuid}`;
}

/** the link's branding and contact details, each falling back to the account's default (an empty value counts as unset) */
export function effectiveBranding(link: LinkRecord) {
  const account = link.account;
  return {
    logoUrl: link.logoUrl || account.brandingLogoUrl || null,
    primaryColor: link.primaryColor || account.brandingPrimaryColor || null,
    companyName: link.companyName || account.brandingCompanyName || null,
    contactName: link.contactName || account.contactName || null,
    contactEmail: link.contactEmail || account.contactEmail || null,
    contactPhone: link.contactPhone || account.contactPhone || null,
  };
}

/** the link's passenger form, or null when it has none (no choices) */
export function linkForm(link: Pick<LinkRecord, "formTitle" | "formChoices">): { title: string; choices: string[] } | null {
  if (link.formChoices.length === 0) return null;
  return { title: link.formTitle ?? "", choices: link.formChoices };
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/**
 * The spec's tracking link info: exactly its fields, branding falling back to the account's. Branding is typed as
 * the spec shows it, never null: primary_color is always a lowercase #rrggbb colour (the link's, else the
 * account's, else the platform's), logo_url and company_name are strings, empty when neither the link nor the
 * account set one.
 */
export function toLinkInfo(link: LinkRecord, state: LinkState): TrackingLinkInfo {
  const branding = effectiveBranding(link);
  const color = [branding.primaryColor, PLATFORM_PRIMARY_COLOR].find((value) => value && HEX_COLOR.test(value))!;
  return {
    uuid: link.uuid,
    display_name: link.displayName,
    access_mode: link.accessMode,
    is_active: state.isActive,
    is_expired: state.isExpired,
    is_within_schedule: state.isWithinSchedule,
    branding: { logo_url: branding.logoUrl ?? "", primary_color: color.toLowerCase(), company_name: branding.companyName ?? "" },
  };
}

export function toTrackingLinkDto(link: LinkRecord, now: number): TrackingLinkDto {
  const state = linkState(link, now);
  const timing = linkTiming(link);
  return {
    id: link.id,
    uuid: link.uuid,
    url: linkUrl(link.uuid),
    display_name: link.displayName,
    access_mode: link.accessMode,
    allowed_emails: link.allowedEmails,
    asset: link.asset,
    route: link.route && { id: link.route.id, route_number: link.route.routeNumber, name: link.route.name },
    passenger: link.passenger && { id: link.passenger.id, name: link.passenger.name },
    is_active: state.isActive,
    is_expired: state.isExpired,
    is_within_schedule: state.isWithinSchedule,
    expired_reason: state.expiredReason,
    status: state.status,
    expires_at: link.expiresAt?.toISOString() ?? null,
    destination:
      link.destinationLat !== null && link.destinationLng !== null
        ? { lat: link.destinationLat, lng: link.destinationLng, name: link.destinationName, radius_m: link.arrivalRadiusM ?? 0 }
        : null,
    starts_at: link.startsAt?.toISOString() ?? null,
    schedule: timing.schedule ? formatSchedule(timing.schedule) : null,
    session_minutes: link.sessionMinutes,
    // the link's own overrides (null: the account's default applies)
    branding: {
      logo_url: link.logoUrl,
      primary_color: link.primaryColor,
      company_name: link.companyName,
      contact_name: link.contactName,
      contact_email: link.contactEmail,
      contact_phone: link.contactPhone,
    },
    form: linkForm(link),
    created_at: link.createdAt.toISOString(),
  };
}
