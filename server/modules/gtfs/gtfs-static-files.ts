// The text files of the static GTFS feed (docs/gtfs.md) from the account, its routes and the trips and services of
// the feed's days (gtfs-trips.ts). Pure: the same input gives the same bytes, so feed_version (a hash of the other
// files) changes only when the timetable does.
import { createHash } from "node:crypto";
import { csvText, type CsvValue } from "./csv-text";
import { feedStops, type GtfsRouteRow, type GtfsSchedule, type GtfsStopTime } from "./gtfs-trips";

export interface GtfsAgency {
  /** the account key: stable, and unique across the feeds of one Fleetline */
  id: string;
  name: string;
  url: string;
  timeZone: string;
  phone: string | null;
  email: string | null;
}

export interface GtfsFile {
  name: string;
  text: string;
}

/** GTFS route_type 3: bus (the core value every consumer knows; the extended 712 "school bus" is not universal) */
export const GTFS_ROUTE_TYPE_BUS = 3;

const ymd = (date: string) => date.replaceAll("-", "");

/** HH:MM:SS of a GTFS time; hours go past 24 for the next morning */
export function gtfsTime(minute: number | null): string | null {
  if (minute === null) return null;
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}:00`;
}

/** pickup_type / drop_off_type: 0 regular, 1 none (a pick-up-only stop lets nobody off) */
function boarding(kind: GtfsStopTime["kind"]): { pickup: number; dropOff: number } {
  return { pickup: kind === "drop_off" ? 1 : 0, dropOff: kind === "pick_up" ? 1 : 0 };
}

export function gtfsStaticFiles(input: {
  agency: GtfsAgency;
  routes: GtfsRouteRow[];
  schedule: GtfsSchedule;
  /** YYYY-MM-DD: the first and last day the feed covers */
  from: string;
  to: string;
}): GtfsFile[] {
  const { agency, routes, schedule } = input;
  const tripRoutes = new Set(schedule.trips.map((trip) => trip.routeId));
  const listed = routes.filter((route) => tripRoutes.has(route.id));
  const files: GtfsFile[] = [];
  const add = (name: string, header: readonly string[], rows: CsvValue[][]) => files.push({ name, text: csvText(header, rows) });

  add("agency.txt", ["agency_id", "agency_name", "agency_url", "agency_timezone", "agency_phone", "agency_email"], [
    [agency.id, agency.name, agency.url, agency.timeZone, agency.phone, agency.email],
  ]);
  add(
    "routes.txt",
    ["route_id", "agency_id", "route_short_name", "route_long_name", "route_type"],
    listed.map((route) => [route.id, agency.id, route.routeNumber, route.name, GTFS_ROUTE_TYPE_BUS]),
  );
  add(
    "stops.txt",
    ["stop_id", "stop_name", "stop_lat", "stop_lon"],
    listed.flatMap((route) => feedStops(route.stops).map((stop) => [stop.id, stop.name, stop.latitude, stop.longitude])),
  );
  add(
    "trips.txt",
    ["route_id", "service_id", "trip_id", "trip_headsign"],
    schedule.trips.map((trip) => [trip.routeId, trip.serviceId, trip.tripId, trip.headsign]),
  );
  add(
    "stop_times.txt",
    ["trip_id", "arrival_time", "departure_time", "stop_id", "stop_sequence", "pickup_type", "drop_off_type", "timepoint"],
    schedule.trips.flatMap((trip) =>
      trip.stopTimes.map((time) => {
        const { pickup, dropOff } = boarding(time.kind);
        const clock = gtfsTime(time.minute);
        return [trip.tripId, clock, clock, time.stopId, time.sequence, pickup, dropOff, time.exact ? 1 : 0];
      }),
    ),
  );
  const weekly = schedule.services.filter((service) => service.weekly);
  if (weekly.length > 0) {
    const day = (days: number[], weekday: number) => (days.includes(weekday) ? 1 : 0);
    add(
      "calendar.txt",
      ["service_id", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "start_date", "end_date"],
      weekly.map(({ serviceId, weekly: w }) => [serviceId, ...[1, 2, 3, 4, 5, 6, 7].map((weekday) => day(w!.days, weekday)), ymd(w!.start), ymd(w!.end)]),
    );
  }
  const exceptions = schedule.services.flatMap((service) => [
    ...service.added.map((date) => [service.serviceId, ymd(date), 1]),
    ...service.removed.map((date) => [service.serviceId, ymd(date), 2]),
  ]);
  if (exceptions.length > 0 || weekly.length === 0) add("calendar_dates.txt", ["service_id", "date", "exception_type"], exceptions);

  const version = createHash("sha256");
  for (const file of files) version.update(file.name).update("\0").update(file.text);
  add("feed_info.txt", ["feed_publisher_name", "feed_publisher_url", "feed_lang", "feed_start_date", "feed_end_date", "feed_version"], [
    [agency.name, agency.url, "mul", ymd(input.from), ymd(input.to), version.digest("hex").slice(0, 16)],
  ]);
  return files;
}

/** feed_version of the files gtfsStaticFiles made */
export function feedVersion(files: GtfsFile[]): string {
  const info = files.find((file) => file.name === "feed_info.txt")!.text.split("\r\n")[1]!;
  return info.split(",").at(-1)!;
}
