// GET /api/{account_key}/public-tracking/gtfs.zip: the account's routes and runs as a static GTFS feed (docs/gtfs.md),
// from yesterday to GTFS_FEED_DAYS ahead in the account's time zone. Three reads whatever the size of the account (the
// account, its routes with their stops, the runs of those days), then pure code: the trips (gtfs-trips.ts), the files
// (gtfs-static-files.ts) and the zip.
import { db, type Db } from "../../db/client";
import { formatLocalDate, zonedParts } from "../time/zoned-time";
import { feedVersion, gtfsStaticFiles } from "./gtfs-static-files";
import { feedWindow, gtfsSchedule, type GtfsRouteRow } from "./gtfs-trips";
import { zipArchive } from "./zip-archive";

/** days after today the static feed covers (the occurrences endpoint's longest range, a school term's quarter) */
export const GTFS_FEED_DAYS = 92;

export const gtfsStopSelect = {
  id: true,
  sequence: true,
  name: true,
  latitude: true,
  longitude: true,
  clockMinute: true,
  offsetMinutes: true,
  kind: true,
} as const;

export const gtfsRouteSelect = {
  id: true,
  routeNumber: true,
  name: true,
  days: true,
  startMinute: true,
  endMinute: true,
  effectiveFrom: true,
  stops: { orderBy: { sequence: "asc" }, select: gtfsStopSelect },
} as const;

export interface GtfsStaticFeed {
  zip: Buffer;
  /** feed_info.txt's feed_version: a hash of the timetable, the response's ETag */
  version: string;
}

/** the tables the static feed reads (tests pass one that counts the queries) */
export type GtfsStaticReader = Pick<Db, "account" | "route" | "run">;

export async function exportGtfsStatic(
  input: { accountId: number; publisherUrl: string },
  now = Date.now(),
  prisma: GtfsStaticReader = db(),
): Promise<GtfsStaticFeed> {
  const account = await prisma.account.findUniqueOrThrow({
    where: { id: input.accountId },
    select: { key: true, name: true, brandingCompanyName: true, contactPhone: true, contactEmail: true, timeZone: true },
  });
  const { from, to } = feedWindow(zonedParts(now, account.timeZone), GTFS_FEED_DAYS);
  const routes: GtfsRouteRow[] = await prisma.route.findMany({ where: { accountId: input.accountId }, orderBy: { id: "asc" }, select: gtfsRouteSelect });
  const runs = await prisma.run.findMany({
    where: { accountId: input.accountId, date: { gte: formatLocalDate(from), lte: formatLocalDate(to) } },
    orderBy: { id: "asc" },
    select: { id: true, routeId: true, date: true, status: true, startMinute: true, endMinute: true },
  });
  const files = gtfsStaticFiles({
    agency: {
      id: account.key,
      name: account.brandingCompanyName ?? account.name,
      url: input.publisherUrl,
      timeZone: account.timeZone,
      phone: account.contactPhone,
      email: account.contactEmail,
    },
    routes,
    schedule: gtfsSchedule(routes, runs, from, to),
    from: formatLocalDate(from),
    to: formatLocalDate(to),
  });
  const zip = zipArchive(
    files.map((file) => ({ name: file.name, data: Buffer.from(file.text, "utf8") })),
    now,
  );
  return { zip, version: feedVersion(files) };
}
