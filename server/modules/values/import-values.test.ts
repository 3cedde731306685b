// Table-driven: every form the spec lists for days, clock times, stop times, stop kinds and dates, with the edge
// cases (12 am/pm, wrapping ranges, impossible dates) and the values that must be refused rather than guessed.
import { describe, expect, it } from "vitest";
import { formatClockMinutes } from "../time/zoned-time";
import { parseClockTime } from "./parse-clock-time";
import { parseDays } from "./parse-days";
import { parseImportDate } from "./parse-import-date";
import { parseStopKind } from "./parse-stop-kind";
import { parseStopRadius } from "./parse-stop-radius";
import { parseStopTime } from "./parse-stop-time";

describe("parseDays", () => {
  it.each([
    ["Mon-Fri", [1, 2, 3, 4, 5]],
    ["mon - fri", [1, 2, 3, 4, 5]],
    ["Monday–Friday", [1, 2, 3, 4, 5]],
    ["Weekdays", [1, 2, 3, 4, 5]],
    ["WEEKDAYS", [1, 2, 3, 4, 5]],
    ["Mon", [1]],
    ["Mon, Wed & Fri", [1, 3, 5]],
    ["Mon,Wed&Fri", [1, 3, 5]],
    ["Mon, Wed and Fri", [1, 3, 5]],
    ["Mon/Thu", [1, 4]],
    ["Tuesday to Thursday", [2, 3, 4]],
    ["tues thru thurs", [2, 3, 4]],
    ["Daily", [1, 2, 3, 4, 5, 6, 7]],
    ["every day", [1, 2, 3, 4, 5, 6, 7]],
    ["Weekends", [6, 7]],
    ["Weekend", [6, 7]],
    ["Sunday", [7]],
    ["sun", [7]],
    ["Su", [7]],
    ["Thur", [4]],
    ["Wed.", [3]],
    ["Fri-Mon", [1, 5, 6, 7]],
    ["Sat to Sun", [6, 7]],
    ["Mon-Wed, Fri", [1, 2, 3, 5]],
    ["Weekdays & Sat", [1, 2, 3, 4, 5, 6]],
    ["Fri, Mon", [1, 5]],
  ])("%s -> %j", (input, days) => {
    expect(parseDays(input)).toEqual({ ok: true, value: days });
  });

  it.each([["Funday"], ["M-F"], ["T"], ["Mon-Wed-Fri"], ["Mon,,Fri"], [""], ["   "], [5], [null]])("refuses %j", (input) => {
    const result = parseDays(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/day|days/i);
  });
});

describe("parseClockTime", () => {
  it.each([
    ["07:00", "07:00"],
    ["7:00", "07:00"],
    ["7.15", "07:15"],
    ["19:05", "19:05"],
    ["19:05:00", "19:05"],
    ["00:00", "00:00"],
    ["23:59", "23:59"],
    ["3:30 pm", "15:30"],
    ["3:30pm", "15:30"],
    ["3:30 PM", "15:30"],
    ["3:30 p.m.", "15:30"],
    ["3pm", "15:00"],
    ["3 am", "03:00"],
    ["12 am", "00:00"],
    ["12:30 am", "00:30"],
    ["12 pm", "12:00"],
    ["12:45 pm", "12:45"],
    ["11:59 pm", "23:59"],
    ["noon", "12:00"],
    ["Midnight", "00:00"],
  ])("%s -> %s", (input, time) => {
    const result = parseClockTime(input);
    expect(result.ok && formatClockMinutes(result.value)).toBe(time);
  });

  it.each([["7"], ["0715"], ["24:00"], ["7:60"], ["13:00 pm"], ["0 am"], ["7:15:30"], ["7:5"], ["quarter past seven"], [""], [715], [null]])(
    "refuses %j",
    (input) => {
      expect(parseClockTime(input).ok).toBe(false);
    },
  );

  it("names the field and the accepted forms in its reason", () => {
    expect(parseClockTime("7", "start_time")).toEqual({ ok: false, reason: expect.stringMatching(/^start_time "7" .*07:00.*3:30 pm/) });
  });
});

describe("parseStopTime", () => {
  it.each([
    [15, { kind: "offset", minutes: 15 }],
    [0, { kind: "offset", minutes: 0 }],
    ["15", { kind: "offset", minutes: 15 }],
    [" 90 ", { kind: "offset", minutes: 90 }],
    ["07:25", { kind: "clock", minutes: 7 * 60 + 25 }],
    ["7.25 am", { kind: "clock", minutes: 7 * 60 + 25 }],
    ["3:05 pm", { kind: "clock", minutes: 15 * 60 + 5 }],
  ])("%j -> %j", (input, time) => {
    expect(parseStopTime(input)).toEqual({ ok: true, value: time });
  });

  it.each([[-5], [2.5], [1441], ["-5"], ["soon"], [true]])("refuses %j", (input) => {
    expect(parseStopTime(input).ok).toBe(false);
  });
});

describe("parseStopRadius", () => {
  it.each([
    [75, 75],
    ["150", 150],
    ["150 m", 150],
    ["20M", 20],
    [1000, 1000],
    [undefined, null],
    [null, null],
    ["", null],
  ])("%j -> %j", (input, radius) => {
    expect(parseStopRadius(input)).toEqual({ ok: true, value: radius });
  });

  it.each([[19], [1001], [75.5], ["75.5"], ["-80"], ["wide"], ["0.1 km"]])("refuses %j, naming the range", (input) => {
    const result = parseStopRadius(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain("whole metres from 20 to 1000");
  });
});

describe("parseStopKind", () => {
  it.each([
    ["pick-up", "pick_up"],
    ["Pick-Up", "pick_up"],
    ["pickup", "pick_up"],
    ["pick up", "pick_up"],
    ["drop-off", "drop_off"],
    ["DROPOFF", "drop_off"],
    ["drop off", "drop_off"],
    ["both", "both"],
    [undefined, "both"],
    [null, "both"],
    ["", "both"],
  ])("%j -> %s", (input, kind) => {
    expect(parseStopKind(input)).toEqual({ ok: true, value: kind });
  });

  it.each([["pick"], ["collect"], [1]])("refuses %j", (input) => {
    expect(parseStopKind(input).ok).toBe(false);
  });
});

describe("parseImportDate", () => {
  it.each([
    ["2026-09-01", "2026-09-01"],
    ["01/09/2026", "2026-09-01"],
    ["1/9/2026", "2026-09-01"],
    [" 31/12/2026 ", "2026-12-31"],
    ["29/02/2028", "2028-02-29"],
  ])("%s -> %s", (input, date) => {
    expect(parseImportDate(input)).toEqual({ ok: true, value: date });
  });

  it.each([["31/02/2026"], ["2026-02-30"], ["2026-13-01"], ["29/02/2027"], ["09-01-2026"], ["2026/09/01"], ["1 Sept 2026"], [""], [20260901]])(
    "refuses %j",
    (input) => {
      expect(parseImportDate(input).ok).toBe(false);
    },
  );
});
