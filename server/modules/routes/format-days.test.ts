// formatDays writes days the way a timetable does, and what it writes reads back through the import's parseDays to
// the same days, for every set of days a route can have.
import { describe, expect, it } from "vitest";
import { parseDays } from "../values/parse-days";
import { formatDays } from "./format-days";

describe("formatDays", () => {
  it.each([
    [[1, 2, 3, 4, 5], "Mon–Fri"],
    [[1, 3, 5], "Mon, Wed, Fri"],
    [[1, 2, 3, 5], "Mon–Wed, Fri"],
    [[6, 7], "Sat, Sun"],
    [[1, 2, 3, 4, 5, 6, 7], "Daily"],
    [[4], "Thu"],
    [[], ""],
  ])("%j -> %s", (days, text) => {
    expect(formatDays(days)).toBe(text);
  });

  it("reads back to the same days for all 127 sets of days", () => {
    for (let mask = 1; mask < 128; mask++) {
      const days = [1, 2, 3, 4, 5, 6, 7].filter((day) => mask & (1 << (day - 1)));
      expect(parseDays(formatDays(days))).toEqual({ ok: true, value: days });
    }
  });
});
