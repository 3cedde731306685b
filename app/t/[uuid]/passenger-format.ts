// How the passenger page words what it shows: times, speed, distance, ETA, the vehicle's state and why a link ended.
// Times arrive as ISO 8601 with the account's offset (the server formats them in the account's time zone), so the
// account's wall clock is read straight from the text: no Intl, so the server's render and the browser's agree to
// the character (hydration) whatever ICU either of them ships.
import type { ExpiryReason, PublicLocation, PublicStop } from "@/server/modules/tracking-links/tracking-links.schema";

const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

interface WallTime {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: string;
}

/** the local date and time written in an ISO 8601 text (its own offset's wall clock), or null when it is not one */
export function wallTime(iso: string): WallTime | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(iso);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const sundayFirst = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return { year, month, day, hour, minute, second, weekday: DAYS[(sundayFirst + 6) % 7]! };
}

const pad = (value: number) => String(value).padStart(2, "0");

/** "Mon 5 Jan at 07:00" (for when tracking starts or resumes) */
export function formatWhen(iso: string): string {
  const t = wallTime(iso);
  if (!t) return iso;
  return `${t.weekday} ${t.day} ${MONTHS[t.month - 1]} at ${pad(t.hour)}:${pad(t.minute)}`;
}

/** "Mon 5 Jan 2026, 07:00:15 (Europe/Vilnius time)": the exact time of a position, for titles and screen readers */
export function formatExactTime(iso: string, timeZone: string): string {
  const t = wallTime(iso);
  if (!t) return iso;
  return `${t.weekday} ${t.day} ${MONTHS[t.month - 1]} ${t.year}, ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)} (${timeZone} time)`;
}

/** "just now", "40 s ago", "2 min ago", "3 h ago", then the date; "" before the clock is read (server render) */
export function formatAgo(iso: string, now: number): string {
  if (now === 0) return "";
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return "";
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 10) return "just now";
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  const t = wallTime(iso);
  return t ? `on ${t.day} ${MONTHS[t.month - 1]}` : "";
}

export function formatSpeed(kmh: number): string {
  return `${Math.round(kmh)} km/h`;
}

/** "400 m", "2.1 km", "35 km" */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.round(km * 100) * 10} m`;
  if (km < 10) return `${km.toFixed(1)} km`;
  return `${Math.round(km)} km`;
}

/** "Arriving now", "about 7 min", "about 1 h 20 min" */
export function formatEta(minutes: number): string {
  if (minutes <= 0) return "Arriving now";
  if (minutes < 60) return `about ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `about ${hours} h` : `about ${hours} h ${rest} min`;
}

/**
 * What the page says of a route-based link's stop: on a passenger's own link ("own") "Arriving at Oak Street in
 * about 7 min" with "2 stops before yours · 1.2 km away", then "Arrived at Oak Street"; on another route-based link
 * "Next stop: Oak Street" with "in about 3 min · 800 m away".
 */
export function describeStop(
  stop: PublicStop,
  location: Pick<PublicLocation, "eta_minutes" | "distance_km"> | null,
  own: boolean,
): { title: string; detail: string | null } {
  if (stop.status === "arrived") return { title: `Arrived at ${stop.name}`, detail: own ? "The vehicle has reached your stop." : null };
  if (stop.status === "skipped") return { title: `The vehicle passed ${stop.name} without stopping`, detail: null };
  const eta = location?.eta_minutes;
  const when = eta === undefined ? null : eta <= 0 ? "now" : `in ${formatEta(eta)}`;
  const away = location?.distance_km === undefined ? null : `${formatDistance(location.distance_km)} away`;
  if (!own) return { title: `Next stop: ${stop.name}`, detail: [when, away].filter(Boolean).join(" · ") || null };
  const before =
    stop.stops_before === 0 ? "Your stop is next" : `${stop.stops_before} ${stop.stops_before === 1 ? "stop" : "stops"} before yours`;
  return { title: when ? `Arriving at ${stop.name} ${when}` : `On its way to ${stop.name}`, detail: [before, away].filter(Boolean).join(" · ") };
}

export type MotionState = "moving" | "stopped" | "parked";

/** moving; standing with the engine on (a stop, traffic); or parked with it off */
export function motionOf(location: Pick<PublicLocation, "is_moving" | "ignition">): { state: MotionState; label: string } {
  if (location.is_moving) return { state: "moving", label: "Moving" };
  if (location.ignition) return { state: "stopped", label: "Stopped" };
  return { state: "parked", label: "Parked" };
}

/** "Gedimino pr. 9, Vilnius", the town alone, or the country; null when the position has no address */
export function formatAddress(location: Pick<PublicLocation, "street" | "town" | "country">): string | null {
  const local = [location.street, location.town].filter((part) => part.trim() !== "").join(", ");
  return local || location.country.trim() || null;
}

/** a phone number as written by the account ("+370 600 12345") as a tel: address: a leading + and digits only */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${trimmed.replace(/\D/g, "")}`;
}

/** why a link ended, in words; null: the page only learnt that it ended */
export function expiryText(reason: Exclude<ExpiryReason, "disabled"> | null): string {
  switch (reason) {
    case "arrival":
      return "The vehicle has arrived at its destination, so tracking has ended.";
    case "time_expired":
      return "The time limit of this link has been reached, so tracking has ended.";
    case "schedule_ended":
      return "The schedule of this link has ended, so tracking has ended.";
    default:
      return "Tracking with this link has ended.";
  }
}

/** "45 seconds", "1 minute", "15 minutes": how long to wait after a 429 (Retry-After, seconds) */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? "1 second" : `${s} seconds`;
  const minutes = Math.ceil(s / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
