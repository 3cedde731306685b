// Words for a link's state and settings in the dashboard, and its times in the account's zone.
import type { AccessMode, LinkStatus, TrackingLinkDto } from "@/server/modules/tracking-links/tracking-links.schema";

export const ACCESS_MODE_NAMES: Record<AccessMode, string> = {
  public: "Public",
  email: "E-mail",
  email_code: "E-mail code",
  authorized_only: "Authorised only",
};

/** one line under each choice in the form */
export const ACCESS_MODE_EXPLANATIONS: Record<AccessMode, string> = {
  public: "Anyone with the link can follow the vehicle.",
  email: "Viewers type their e-mail address before they see the vehicle.",
  email_code: "Viewers get a 6-digit code by e-mail and type it in.",
  authorized_only: "Only the addresses you list, each with a code sent by e-mail.",
};

export const STATUS_TEXT: Record<LinkStatus, { label: string; tone: "green" | "blue" | "amber" | "red" | "slate"; meaning: string }> = {
  active: { label: "Active", tone: "green", meaning: "Viewers can follow the vehicle now." },
  not_started: { label: "Not started", tone: "blue", meaning: "The link opens at its start time." },
  outside_schedule: { label: "Outside schedule", tone: "amber", meaning: "Viewers see the vehicle again in the next window of the schedule." },
  expired: { label: "Expired", tone: "red", meaning: "The link no longer shows the vehicle." },
  disabled: { label: "Disabled", tone: "slate", meaning: "Switched off by hand; enable it to let viewers back in." },
};

export const EXPIRY_REASON_TEXT: Record<NonNullable<TrackingLinkDto["expired_reason"]>, string> = {
  arrival: "arrived",
  time_expired: "time limit passed",
  schedule_ended: "schedule ended",
};

export const WEEKDAYS = [
  { day: 1, short: "Mon", name: "Monday" },
  { day: 2, short: "Tue", name: "Tuesday" },
  { day: 3, short: "Wed", name: "Wednesday" },
  { day: 4, short: "Thu", name: "Thursday" },
  { day: 5, short: "Fri", name: "Friday" },
  { day: 6, short: "Sat", name: "Saturday" },
  { day: 7, short: "Sun", name: "Sunday" },
] as const;

/** "Mon–Fri 07:00–19:00", "Sat, Sun 10:00–14:00" */
export function formatSchedule(schedule: NonNullable<TrackingLinkDto["schedule"]>): string {
  const days = schedule.days;
  const consecutive = days.length > 2 && days.every((day, i) => i === 0 || day === days[i - 1]! + 1);
  const short = (day: number) => WEEKDAYS[day - 1]?.short ?? String(day);
  const dayText = consecutive ? `${short(days[0]!)}–${short(days.at(-1)!)}` : days.map(short).join(", ");
  return `${dayText} ${schedule.start}–${schedule.end}${schedule.until ? ` until ${schedule.until}` : ""}`;
}

/** 240 -> "4 hours"; 90 -> "1 h 30 min"; 2880 -> "2 days" */
export function formatMinutes(minutes: number): string {
  if (minutes % (24 * 60) === 0) return plural(minutes / (24 * 60), "day");
  if (minutes % 60 === 0) return plural(minutes / 60, "hour");
  return minutes > 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}
