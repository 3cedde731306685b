import { describe, expect, it } from "vitest";
import { isoWithOffset, parseClockMinutes, parseLocalDate, zonedInstant, zonedParts } from "../time/zoned-time";
import { isWithinSchedule, nextBoundary, nextWindowStart, scheduleEndsAt, timedExpiry, type LinkTiming } from "./link-timing";

const VILNIUS = "Europe/Vilnius"; // UTC+2 in winter, +3 in summer (last Sunday of March / October)
const at = (iso: string) => Date.parse(iso);

describe("zoned time", () => {
  it("reads the local date, time and ISO weekday of an instant", () => {
    // 2026-11-24 is a Tuesday; 22:30 UTC is already Wednesday 00:30 in Vilnius
    expect(zonedParts(at("2026-11-24T22:30:00Z"), VILNIUS)).toMatchObject({ year: 2026, month: 11, day: 25, hour: 0, minute: 30, isoWeekday: 3 });
  });

  it("finds the instant of a local wall time, across daylight saving changes", () => {
    expect(zonedInstant({ year: 2026, month: 11, day: 24 }, 7 * 60, VILNIUS)).toBe(at("2026-11-24T05:00:00Z"));
    expect(zonedInstant({ year: 2026, month: 7, day: 1 }, 7 * 60, VILNIUS)).toBe(at("2026-07-01T04:00:00Z"));
    // 03:30 on 2026-03-29 does not exist in Vilnius (03:00 -> 04:00): pushed forward by the gap, to 04:30
    expect(zonedInstant({ year: 2026, month: 3, day: 29 }, 3 * 60 + 30, VILNIUS)).toBe(at("2026-03-29T01:30:00Z"));
    // 03:30 on 2026-10-25 happens twice (04:00 -> 03:00): the first one, still at +03:00
    expect(zonedInstant({ year: 2026, month: 10, day: 25 }, 3 * 60 + 30, VILNIUS)).toBe(at("2026-10-25T00:30:00Z"));
  });

  it("writes ISO 8601 with the zone's offset", () => {
    expect(isoWithOffset(at("2026-11-24T07:15:09.500Z"), VILNIUS)).toBe("2026-11-24T09:15:09+02:00");
    expect(isoWithOffset(at("2026-07-01T07:15:00Z"), "America/St_Johns")).toBe("2026-07-01T04:45:00-02:30");
    expect(isoWithOffset(at("2026-07-01T07:15:00Z"), "UTC")).toBe("2026-07-01T07:15:00+00:00");
  });

  it("parses clock times and dates strictly", () => {
    expect(parseClockMinutes("7:05")).toBe(425);
    expect(parseClockMinutes("24:00")).toBe(1440);
    expect(parseClockMinutes("24:01")).toBeNull();
    expect(parseClockMinutes("7.05")).toBeNull();
    expect(parseLocalDate("2026-02-29")).toBeNull();
    expect(parseLocalDate("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
  });
});

describe("link timing", () => {
  // school days 07:00-09:00 local, until Friday 2026-11-27
  const school: LinkTiming = {
    timeZone: VILNIUS,
    startsAt: null,
    expiresAt: null,
    schedule: { days: [1, 2, 3, 4, 5], start: 7 * 60, end: 9 * 60, until: "2026-11-27" },
  };

  it("is within the schedule only inside the window on a scheduled day", () => {
    expect(isWithinSchedule(school, at("2026-11-24T05:30:00Z"))).toBe(true); // Tue 07:30
    expect(isWithinSchedule(school, at("2026-11-24T07:00:00Z"))).toBe(false); // Tue 09:00, the end is exclusive
    expect(isWithinSchedule(school, at("2026-11-24T04:59:00Z"))).toBe(false); // Tue 06:59
    expect(isWithinSchedule(school, at("2026-11-28T05:30:00Z"))).toBe(false); // Saturday
    expect(isWithinSchedule(school, at("2026-11-30T05:30:00Z"))).toBe(false); // Monday after the last day
  });

  it("is not started before startsAt, whatever the window", () => {
    const later = { ...school, startsAt: at("2026-11-25T00:00:00Z") };
    expect(isWithinSchedule(later, at("2026-11-24T05:30:00Z"))).toBe(false);
    expect(isWithinSchedule(later, at("2026-11-25T05:30:00Z"))).toBe(true);
    expect(isWithinSchedule({ timeZone: "UTC", startsAt: null, expiresAt: null, schedule: null }, 0)).toBe(true);
  });

  it("ends when the last window on or before the last day ends", () => {
    expect(scheduleEndsAt(school.schedule!, VILNIUS)).toBe(at("2026-11-27T07:00:00Z")); // Fri 09:00 local
    // last day a Sunday that is not scheduled: the Friday before
    expect(scheduleEndsAt({ ...school.schedule!, until: "2026-11-29" }, VILNIUS)).toBe(at("2026-11-27T07:00:00Z"));
    expect(timedExpiry(school, at("2026-11-27T06:59:59Z"))).toBeNull();
    expect(timedExpiry(school, at("2026-11-27T07:00:00Z"))).toEqual({ reason: "schedule_ended", at: at("2026-11-27T07:00:00Z") });
  });

  it("expires at its time limit, the earlier expiry winning", () => {
    const limited = { ...school, expiresAt: at("2026-11-26T00:00:00Z") };
    expect(timedExpiry(limited, at("2026-11-28T00:00:00Z"))).toEqual({ reason: "time_expired", at: at("2026-11-26T00:00:00Z") });
  });

  it("names the next instant anything can change", () => {
    expect(nextBoundary(school, at("2026-11-24T04:00:00Z"))).toBe(at("2026-11-24T05:00:00Z")); // Tue 07:00 opens
    expect(nextBoundary(school, at("2026-11-24T05:00:00Z"))).toBe(at("2026-11-24T07:00:00Z")); // then 09:00 closes
    expect(nextBoundary(school, at("2026-11-27T16:00:00Z"))).toBe(at("2026-11-30T05:00:00Z")); // a window after the end: harmless
    expect(nextBoundary({ timeZone: "UTC", startsAt: null, expiresAt: null, schedule: null }, 0)).toBeNull();
  });

  it("finds when tracking resumes", () => {
    expect(nextWindowStart(school, at("2026-11-24T08:00:00Z"))).toBe(at("2026-11-25T05:00:00Z")); // Wed 07:00
    expect(nextWindowStart(school, at("2026-11-27T08:00:00Z"))).toBeNull(); // after the last window
  });
});
