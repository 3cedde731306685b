// The route history the tracker's ETAs read, on both databases: built from the run_progress rows of the days before
// the run's (not that day's, not another route's), each day's times of day counted from its own midnight in the
// zone, and read once: a row stored later is seen only after HISTORY_MAX_AGE_MS, or for another day.
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createAccount } from "../accounts/create-account";
import { addRouteStop } from "../routes/add-route-stop";
import { createRoute } from "../routes/create-route";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { HISTORY_MAX_AGE_MS, SegmentHistoryCache } from "./segment-history-cache";

const TIME_ZONE = "Europe/Vilnius"; // UTC+3 in September

describe.each(databaseKinds())("segment history cache on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("reads the days before the run's once, and again after its age or for another day", async () => {
    const account = await createAccount({ name: "Hill School" });
    const route = await createRoute({ accountId: account.id, routeNumber: "R7" });
    const other = await createRoute({ accountId: account.id, routeNumber: "R8" });
    const a = await addRouteStop({ accountId: account.id, routeId: route.id, name: "A", latitude: 54.68, longitude: 25.27 });
    const b = await addRouteStop({ accountId: account.id, routeId: route.id, name: "B", latitude: 54.68, longitude: 25.28 });
    /** a day on which A was left at `clock` Vilnius time and B reached `seconds` later */
    const day = (routeId: number, date: string, seconds: number, clock = "07:30") => {
      const left = Date.parse(`${date}T${clock}:00+03:00`);
      return t.db.runProgress.create({
        data: {
          accountId: account.id,
          routeId,
          date,
          status: "finished",
          state: {
            stops: [
              { stopId: a.id, status: "departed", arrivedAt: left - 60_000, departedAt: left },
              { stopId: b.id, status: "arrived", arrivedAt: left + seconds * 1000, departedAt: null },
            ],
          },
        },
      });
    };
    for (const [date, seconds] of [["2030-09-01", 100], ["2030-09-02", 110], ["2030-09-03", 120]] as const) await day(route.id, date, seconds);
    await day(route.id, "2030-09-04", 900); // the run's own day: not history
    await day(other.id, "2030-09-02", 900); // another route

    let now = Date.parse("2030-09-04T04:00:00Z");
    const cache = new SegmentHistoryCache(t.db, pino({ level: "silent" }), () => now);
    const first = await cache.get(route.id, "2030-09-04", TIME_ZONE);
    expect(first.segment(a.id, b.id, 7 * 60 + 30)).toMatchObject({ seconds: 110, samples: 3 });
    // 07:30 local is in the 07:30 bucket: a start at 09:00 finds none near it and takes the day's (the same three)
    expect(first.segment(a.id, b.id, 9 * 60)).toMatchObject({ seconds: 110, samples: 3 });

    await day(route.id, "2030-09-05", 400, "10:30");
    expect(await cache.get(route.id, "2030-09-04", TIME_ZONE)).toBe(first); // kept, not read again
    now += HISTORY_MAX_AGE_MS;
    expect(await cache.get(route.id, "2030-09-04", TIME_ZONE)).not.toBe(first);
    // a later day reads the days before it: at 07:30 local 100, 110, 120 and 900 (the 4th), at 10:30 400 (the 5th);
    // times of day are local (from UTC midnight none would be near 07:30 and all five would count: 120)
    const next = await cache.get(route.id, "2030-09-06", TIME_ZONE);
    expect(next.segment(a.id, b.id, 7 * 60 + 30)).toMatchObject({ seconds: 115, samples: 4 });
    expect(next.segment(a.id, b.id, 10 * 60 + 30)).toMatchObject({ seconds: 120, samples: 5 }); // one run near 10:30: all five
  });
});
