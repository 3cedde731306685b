// When schedules run and what they cover, across the daylight saving changes of Europe/Berlin in 2026 (spring
// forward on 29 March 02:00 -> 03:00, fall back on 25 October 03:00 -> 02:00).
import { describe, expect, it } from "vitest";
import { nextRunAt, scheduledRange } from "./schedule-timing";

const BERLIN = "Europe/Berlin";
const daily = (localTime: string) => ({ frequency: "daily" as const, weekday: null, dayOfMonth: null, localTime });
const iso = (date: Date) => date.toISOString();

describe("schedule timing", () => {
  it("runs daily at the local time, also on the days the clocks change", () => {
    // 07:00 on the 29th is CEST (+02:00) although the day began in CET
    expect(iso(nextRunAt(daily("07:00"), Date.parse("2026-03-28T12:00:00Z"), BERLIN))).toBe("2026-03-29T05:00:00.000Z");
    expect(iso(nextRunAt(daily("07:00"), Date.parse("2026-03-29T05:00:00Z"), BERLIN))).toBe("2026-03-30T05:00:00.000Z");
    // 02:30 does not exist on 29 March: pushed forward by the gap, to 03:30 CEST
    expect(iso(nextRunAt(daily("02:30"), Date.parse("2026-03-28T12:00:00Z"), BERLIN))).toBe("2026-03-29T01:30:00.000Z");
    // 02:30 happens twice on 25 October: the first one (CEST), once
    const first = nextRunAt(daily("02:30"), Date.parse("2026-10-24T12:00:00Z"), BERLIN);
    expect(iso(first)).toBe("2026-10-25T00:30:00.000Z");
    expect(iso(nextRunAt(daily("02:30"), first.getTime(), BERLIN))).toBe("2026-10-26T01:30:00.000Z");
  });

  it("runs weekly on its ISO weekday and monthly on its day", () => {
    const weekly = { frequency: "weekly" as const, weekday: 1, dayOfMonth: null, localTime: "06:00" };
    expect(iso(nextRunAt(weekly, Date.parse("2026-03-25T12:00:00Z"), BERLIN))).toBe("2026-03-30T04:00:00.000Z");
    const monthly = { frequency: "monthly" as const, weekday: null, dayOfMonth: 1, localTime: "06:00" };
    expect(iso(nextRunAt(monthly, Date.parse("2026-03-15T12:00:00Z"), BERLIN))).toBe("2026-04-01T04:00:00.000Z");
    expect(iso(nextRunAt(monthly, Date.parse("2026-12-15T12:00:00Z"), "UTC"))).toBe("2027-01-01T06:00:00.000Z");
  });

  it("covers the previous local day, ISO week or month, whatever their length in hours", () => {
    const day = scheduledRange("daily", Date.parse("2026-03-29T05:00:00Z"), BERLIN);
    expect([iso(day.from), iso(day.to)]).toEqual(["2026-03-27T23:00:00.000Z", "2026-03-28T23:00:00.000Z"]);
    const shortDay = scheduledRange("daily", Date.parse("2026-03-30T05:00:00Z"), BERLIN); // 23 hours long
    expect([iso(shortDay.from), iso(shortDay.to)]).toEqual(["2026-03-28T23:00:00.000Z", "2026-03-29T22:00:00.000Z"]);
    const week = scheduledRange("weekly", Date.parse("2026-03-30T04:00:00Z"), BERLIN); // Monday: the week before
    expect([iso(week.from), iso(week.to)]).toEqual(["2026-03-22T23:00:00.000Z", "2026-03-29T22:00:00.000Z"]);
    const midweek = scheduledRange("weekly", Date.parse("2026-04-02T10:00:00Z"), BERLIN); // a Thursday run: still the last full week
    expect([iso(midweek.from), iso(midweek.to)]).toEqual(["2026-03-22T23:00:00.000Z", "2026-03-29T22:00:00.000Z"]);
    const month = scheduledRange("monthly", Date.parse("2026-04-01T04:00:00Z"), BERLIN);
    expect([iso(month.from), iso(month.to)]).toEqual(["2026-02-28T23:00:00.000Z", "2026-03-31T22:00:00.000Z"]);
    const january = scheduledRange("monthly", Date.parse("2027-01-01T06:00:00Z"), "UTC");
    expect([iso(january.from), iso(january.to)]).toEqual(["2026-12-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z"]);
  });
});
