// Words for school-transport values in the dashboard: stop kinds, stop times, weekdays, run dates.
import type { StopKind } from "@/server/modules/routes/routes.schema";

export const STOP_KIND_NAMES: Record<StopKind, string> = {
  both: "Pick-up and drop-off",
  pick_up: "Pick-up",
  drop_off: "Drop-off",
};

export const STOP_KIND_OPTIONS = (["both", "pick_up", "drop_off"] as const).map((kind) => ({ value: kind, label: STOP_KIND_NAMES[kind] }));

const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** "07:25", or "+15 min" for minutes after the route's start; "—" for none */
export function stopTimeText(stop: { time: string | null; time_kind: "clock" | "offset" | null }): string {
  if (stop.time === null) return "—";
  return stop.time_kind === "offset" ? `+${stop.time} min` : stop.time;
}

/** "Tue 1 Sep 2026" for "2026-09-01" (a calendar day, shown without any time zone shift) */
export function runDateText(date: string, weekday: number): string {
  const [year, month, day] = date.split("-").map(Number);
  const text = new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  return `${(WEEKDAY_NAMES[weekday - 1] ?? "").slice(0, 3)} ${text}`;
}

/** "07:15–15:30", "from 07:15", "until 15:30", or null when neither is set */
export function timesText(start: string | null, end: string | null): string | null {
  if (start && end) return `${start}–${end}`;
  if (start) return `from ${start}`;
  if (end) return `until ${end}`;
  return null;
}

/** "1 stop", "3 stops" */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
