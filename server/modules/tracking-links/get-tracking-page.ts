// The passenger page /t/{uuid}: what the page shows of a link before any viewer session exists. It is the spec's
// tracking link info plus what the page needs to explain itself (contact details, the schedule in words, when
// tracking starts or resumes, the reason an expired link ended, whether distance and ETA may come), built field by
// field like the public DTOs: no asset, tracker, account id or key, destination coordinates or e-mail list. Anyone
// holding the link's address reads this, whatever the access mode, so nothing here may be more than the info
// endpoint would tell plus the contact details the account chose to publish. (A passenger's link is public, so
// whether its passenger stopped messages tells its holder nothing a session would not.)
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { isoWithOffset, parseLocalDate } from "../time/zoned-time";
import { findTrackingLinkByUuid } from "./find-tracking-link";
import { effectiveBranding, linkState, linkTiming, toLinkInfo } from "./link-record";
import { nextWindowStart, type WeeklySchedule } from "./link-timing";
import { formatSchedule, type ExpiryReason, type LinkStatus, type TrackingLinkInfo } from "./tracking-links.schema";

export interface TrackingPageView extends TrackingLinkInfo {
  /** one word for the page's first state: disabled, expired, not_started, outside_schedule or active */
  status: LinkStatus;
  /** why an expired link ended; null while it has not */
  expired_reason: Exclude<ExpiryReason, "disabled"> | null;
  contact: { name: string | null; phone: string | null; email: string | null };
  /** the account's IANA time zone: every time on the page is shown in it */
  time_zone: string;
  /** the weekly window in words ("Mon–Fri 07:00–09:00"), or null for a link without one */
  schedule: string | null;
  /** when tracking starts, ISO 8601 with the account's offset; only while the link has not started */
  starts_at: string | null;
  /** when tracking next opens, ISO 8601 with the account's offset; only while the link is outside its schedule */
  resumes_at: string | null;
  /** the link expires on arrival, so locations carry distance_km and eta_minutes */
  has_destination: boolean;
  /** the link follows a route's vehicle for the day: the page shows the day's run (GET .../run) */
  route_based: boolean;
  /** a passenger's own link: the page offers "Stop messages"; null for other links */
  messages: { opted_out: boolean } | null;
}

/** the page's view of a link; LINK_NOT_FOUND for an unknown uuid (or text that is no uuid) */
export async function getTrackingPage(input: { uuid: string }, now = Date.now()): Promise<TrackingPageView> {
  const link = await findTrackingLinkByUuid(input.uuid);
  if (!link) throw new AppError("LINK_NOT_FOUND", "Tracking link not found.");
  const state = linkState(link, now);
  const branding = effectiveBranding(link);
  const timing = linkTiming(link);
  const paused = state.isActive && !state.isExpired && !state.isWithinSchedule;
  const resumesAt = paused ? nextWindowStart(timing, now) : null;
  return {
    ...toLinkInfo(link, state),
    status: state.status,
    expired_reason: state.expiredReason,
    contact: { name: branding.contactName, phone: branding.contactPhone, email: branding.contactEmail },
    time_zone: timing.timeZone,
    schedule: timing.schedule ? describeSchedule(timing.schedule) : null,
    starts_at: state.status === "not_started" && timing.startsAt !== null ? isoWithOffset(timing.startsAt, timing.timeZone) : null,
    resumes_at: resumesAt === null ? null : isoWithOffset(resumesAt, timing.timeZone),
    has_destination: link.destinationLat !== null && link.destinationLng !== null,
    route_based: link.routeId !== null,
    messages: link.passengerId === null ? null : { opted_out: await isOptedOut(link.passengerId) },
  };
}

const DAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A weekly window in words: "Mon–Fri 07:00–09:00", "Mon, Wed, Fri 15:30–16:15", "Every day 06:00–22:00", with
 * "until 18 Dec 2026" when it has a last day. Three or more consecutive days become a range.
 */
export function describeSchedule(schedule: WeeklySchedule): string {
  const { start, end } = formatSchedule(schedule);
  const days = [...new Set(schedule.days)].filter((day) => day >= 1 && day <= 7).sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  const dayText =
    days.length === 7
      ? "Every day"
      : runs
          .flatMap((run) => (run.length >= 3 ? [`${DAY_NAMES[run[0]! - 1]}–${DAY_NAMES[run.at(-1)! - 1]}`] : run.map((day) => DAY_NAMES[day - 1]!)))
          .join(", ");
  const until = schedule.until ? parseLocalDate(schedule.until) : null;
  const untilText = until ? ` until ${until.day} ${MONTH_NAMES[until.month - 1]} ${until.year}` : "";
  return `${dayText} ${start}–${end}${untilText}`;
}

async function isOptedOut(passengerId: number): Promise<boolean> {
  const passenger = await db().passenger.findUnique({ where: { id: passengerId }, select: { optedOutAt: true } });
  return passenger?.optedOutAt != null;
}
