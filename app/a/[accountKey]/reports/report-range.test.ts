// The range presets in the account's zone, across the spring and autumn daylight saving changes of Europe/Berlin
// (2026-03-29 02:00 -> 03:00 and 2026-10-25 03:00 -> 02:00), and independent of the machine's own zone.
import { describe, expect, it } from "vitest";
import { customRange, localToday, presetRange, rangeOfDays } from "./report-range";

const BERLIN = "Europe/Berlin";
const hours = (range: { from: Date; to: Date }) => (range.to.getTime() - range.from.getTime()) / 3_600_000;

describe("presetRange in Europe/Berlin", () => {
  it("today on the spring-forward day is 23 hours, from local midnight (+01:00) to the next (+02:00)", () => {
    const range = presetRange("today", new Date("2026-03-29T10:00:00Z"), BERLIN)!;
    expect(range.from.toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(range.to.toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(hours(range)).toBe(23);
    expect([range.firstDay, range.lastDay]).toEqual(["2026-03-29", "2026-03-29"]);
  });

  it("yesterday after the fall-back night is 25 hours", () => {
    const range = presetRange("yesterday", new Date("2026-10-26T08:00:00Z"), BERLIN)!;
    expect(range.from.toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(range.to.toISOString()).toBe("2026-10-25T23:00:00.000Z");
    expect(hours(range)).toBe(25);
  });

  it("this week spans Monday to Sunday in local days, including the DST change (7 × 24 − 1 hours)", () => {
    // Thursday 2026-03-26; the week 2026-03-23 .. 2026-03-29 holds the spring change
    const range = presetRange("this_week", new Date("2026-03-26T12:00:00Z"), BERLIN)!;
    expect([range.firstDay, range.lastDay]).toEqual(["2026-03-23", "2026-03-29"]);
    expect(range.from.toISOString()).toBe("2026-03-22T23:00:00.000Z");
    expect(range.to.toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(hours(range)).toBe(167);
  });

  it("last week from a Monday is the previous Monday to Sunday", () => {
    const range = presetRange("last_week", new Date("2026-03-30T06:00:00Z"), BERLIN)!;
    expect([range.firstDay, range.lastDay]).toEqual(["2026-03-23", "2026-03-29"]);
  });

  it("this month and last month follow the local calendar, and a January's last month is December", () => {
    const october = presetRange("this_month", new Date("2026-10-15T12:00:00Z"), BERLIN)!;
    expect([october.firstDay, october.lastDay]).toEqual(["2026-10-01", "2026-10-31"]);
    expect(october.from.toISOString()).toBe("2026-09-30T22:00:00.000Z");
    expect(october.to.toISOString()).toBe("2026-10-31T23:00:00.000Z");
    expect(hours(october)).toBe(31 * 24 + 1);
    const december = presetRange("last_month", new Date("2027-01-10T12:00:00Z"), BERLIN)!;
    expect([december.firstDay, december.lastDay]).toEqual(["2026-12-01", "2026-12-31"]);
  });

  it("uses the account's zone, not UTC: 23:30 UTC on the 28th is already the 29th in Berlin", () => {
    const now = new Date("2026-03-28T23:30:00Z");
    expect(presetRange("today", now, BERLIN)!.firstDay).toBe("2026-03-29");
    expect(presetRange("today", now, "UTC")!.firstDay).toBe("2026-03-28");
    expect(localToday(now, BERLIN)).toBe("2026-03-29");
  });

  it("custom has no preset range", () => {
    expect(presetRange("custom", new Date(), BERLIN)).toBeNull();
  });
});

describe("customRange", () => {
  it("includes both days and spans the autumn change", () => {
    const range = customRange("2026-10-24", "2026-10-25", BERLIN);
    expect("error" in range).toBe(false);
    if ("error" in range) return;
    expect(hours(range)).toBe(49);
    expect(range).toEqual(rangeOfDays({ year: 2026, month: 10, day: 24 }, { year: 2026, month: 10, day: 25 }, BERLIN));
  });

  it("refuses a reversed or missing range in words", () => {
    expect(customRange("2026-10-25", "2026-10-24", BERLIN)).toEqual({ error: "The first day must not be after the last day." });
    expect(customRange("", "2026-10-24", BERLIN)).toEqual({ error: "Choose the first and the last day." });
  });
});
