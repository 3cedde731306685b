// Dates and times as the dashboard prints them (docs/dashboard.md "Times"). The rule, for every instant shown:
// - in the viewer's time zone: the member's own zone from their profile, else the account's (decided on the server
//   in the account layout, handed down by viewer-time-zone.tsx), never the browser's own zone;
// - in the browser's locale (the `undefined` locale), so a reader in London sees "28 Nov 2026, 14:05" and one in
//   New York "Nov 28, 2026, 2:05 PM";
// - with the zone's short name ("14:05 EET", "14:05 GMT+2") when the viewing zone is not the browser's own zone,
//   since then the reader's wall clock says something else; without it when both agree, where it would be noise.
// Null or missing values read "Never". Relative times ("5 min ago") need no zone; past two days they fall back to
// formatDay.

export type DateInput = Date | string | number | null | undefined;

/** how an instant is shown: the zone it is read in, and whether that zone's name is printed after it */
export interface TimeView {
  timeZone: string;
  showZoneName: boolean;
}

/** "28 Nov 2026, 14:05" (+ " EET" when the zone is shown) */
export function formatDateTime(value: DateInput, view: TimeView): string {
  return format(value, view, { dateStyle: "medium", timeStyle: "short" });
}

/** "14:05" (+ " EET"); `seconds` adds them: "14:05:09" */
export function formatTime(value: DateInput, view: TimeView, { seconds = false } = {}): string {
  return format(value, view, { hour: "2-digit", minute: "2-digit", ...(seconds && { second: "2-digit" }) });
}

/** "28 Nov 2026": the calendar day of the instant in the zone; a date alone never names the zone */
export function formatDay(value: DateInput, view: TimeView): string {
  return format(value, { ...view, showZoneName: false }, { dateStyle: "medium" });
}

/** "5 s ago", "5 min ago", "3 h ago", then the day (in the zone); "…" before the clock is read (server render) */
export function formatAgo(value: number | string | Date, now: number, view: TimeView): string {
  if (now === 0) return "…";
  const s = Math.max(0, Math.round((now - toDate(value).getTime()) / 1000));
  if (s < 60) return `${s} s ago`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 48) return `${h} h ago`;
  return formatDay(value, view);
}

/** the zone's name is printed when the reader's own clock (the browser's zone) would read differently */
export function timeView(timeZone: string, browserTimeZone: string): TimeView {
  return { timeZone, showZoneName: !sameZone(timeZone, browserTimeZone) };
}

/** the browser's (or the server process's) own zone */
export function ownTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** a zone Intl knows; the account's and the member's zones are checked when saved, this guards older rows */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat(undefined, { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** aliases ("Europe/Kiev" and "Europe/Kyiv", "UTC" and "Etc/UTC") count as one zone */
function sameZone(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    const canonical = (zone: string) => new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
    return canonical(a) === canonical(b);
  } catch {
    return false;
  }
}

function format(value: DateInput, view: TimeView, options: Intl.DateTimeFormatOptions): string {
  if (value === null || value === undefined || value === "") return "Never";
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return "—";
  const text = date.toLocaleString(undefined, { ...options, timeZone: view.timeZone });
  // dateStyle/timeStyle cannot be combined with timeZoneName: the zone's name is read on its own and appended
  return view.showZoneName ? `${text} ${zoneName(date, view.timeZone)}` : text;
}

function zoneName(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat(undefined, { timeZone, timeZoneName: "short" }).formatToParts(date);
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}
