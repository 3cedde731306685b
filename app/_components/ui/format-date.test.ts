// The dashboard's one way to print an instant (docs/dashboard.md "Times"): in the viewer's zone whatever the process's
// own zone, across daylight-saving changes, with the zone's name only when the reader's clock would read otherwise.
// The locale is the process's own (as the browser's in the dashboard), so the wall time is read back from the text
// in either 24-hour or 12-hour form.
import { describe, expect, it } from "vitest";
import { formatAgo, formatDateTime, formatDay, formatTime, isKnownTimeZone, timeView } from "./format-date";

/** "14:05", "02:05 PM", "2:05 PM" -> minutes after midnight */
function wallClock(text: string): number {
  const match = /(\d{1,2}):(\d{2})(?::\d{2})?\s?([AP]M)?/i.exec(text);
  if (!match) throw new Error(`no clock time in "${text}"`);
  const hour = Number(match[1]) % (match[3] ? 12 : 24) + (match[3]?.toUpperCase() === "PM" ? 12 : 0);
  return hour * 60 + Number(match[2]);
}

const at = (h: number, m: number) => h * 60 + m;
const VILNIUS = "Europe/Vilnius";

describe("formatDateTime and formatTime", () => {
  it("show the wall time of the viewer's zone, not the process's", () => {
    const instant = "2026-11-28T12:05:00Z"; // winter: Vilnius UTC+2, New York UTC-5, Tokyo UTC+9
    expect(wallClock(formatTime(instant, timeView(VILNIUS, VILNIUS)))).toBe(at(14, 5));
    expect(wallClock(formatTime(instant, timeView("America/New_York", VILNIUS)))).toBe(at(7, 5));
    expect(wallClock(formatDateTime(instant, timeView("Asia/Tokyo", VILNIUS)))).toBe(at(21, 5));
  });

  it("follow daylight saving: the same UTC hour is an hour later on the wall in summer", () => {
    const view = timeView(VILNIUS, VILNIUS);
    expect(wallClock(formatTime("2026-03-29T00:30:00Z", view))).toBe(at(2, 30)); // before the change at 01:00 UTC
    expect(wallClock(formatTime("2026-03-29T01:30:00Z", view))).toBe(at(4, 30)); // after it: UTC+3
    expect(wallClock(formatTime("2026-10-25T00:30:00Z", view))).toBe(at(3, 30)); // still summer
    expect(wallClock(formatTime("2026-10-25T01:30:00Z", view))).toBe(at(3, 30)); // back to UTC+2: 03:30 again
  });

  it("name the zone only when it is not the reader's own", () => {
    const instant = "2026-11-28T12:05:00Z";
    const zoneName = new Intl.DateTimeFormat(undefined, { timeZone: VILNIUS, timeZoneName: "short" })
      .formatToParts(new Date(instant))
      .find((part) => part.type === "timeZoneName")!.value; // "EET" or "GMT+2", by locale
    expect(timeView(VILNIUS, VILNIUS).showZoneName).toBe(false);
    expect(formatDateTime(instant, timeView(VILNIUS, VILNIUS))).not.toContain(zoneName);
    expect(timeView(VILNIUS, "America/New_York").showZoneName).toBe(true);
    expect(formatDateTime(instant, timeView(VILNIUS, "America/New_York")).endsWith(` ${zoneName}`)).toBe(true);
    expect(formatTime(instant, timeView(VILNIUS, "America/New_York")).endsWith(` ${zoneName}`)).toBe(true);
  });

  it("count an alias of the reader's zone as the same zone", () => {
    expect(timeView("Europe/Kiev", "Europe/Kyiv").showZoneName).toBe(false);
    expect(timeView("UTC", "Etc/UTC").showZoneName).toBe(false);
  });

  it("print Never for no value", () => {
    expect(formatDateTime(null, timeView(VILNIUS, VILNIUS))).toBe("Never");
    expect(formatTime(undefined, timeView(VILNIUS, VILNIUS))).toBe("Never");
  });

  it("adds seconds when asked", () => {
    expect(formatTime("2026-11-28T12:05:09Z", timeView(VILNIUS, VILNIUS), { seconds: true })).toMatch(/05:09/);
  });
});

describe("formatDay", () => {
  it("is the calendar day in the viewer's zone, never with the zone's name", () => {
    const lateEvening = "2026-11-28T23:30:00Z"; // already 29 November in Vilnius, still the 28th in New York
    const vilnius = formatDay(lateEvening, timeView(VILNIUS, "America/New_York"));
    const newYork = formatDay(lateEvening, timeView("America/New_York", VILNIUS));
    expect(vilnius).toMatch(/\b29\b/);
    expect(newYork).toMatch(/\b28\b/);
    expect(vilnius).not.toMatch(/EET|GMT/);
  });
});

describe("formatAgo", () => {
  const now = Date.parse("2026-11-28T12:00:00Z");
  const view = timeView(VILNIUS, VILNIUS);
  it("counts seconds, minutes and hours, then gives the day in the zone", () => {
    expect(formatAgo(now - 40_000, now, view)).toBe("40 s ago");
    expect(formatAgo(now - 5 * 60_000, now, view)).toBe("5 min ago");
    expect(formatAgo(now - 3 * 3_600_000, now, view)).toBe("3 h ago");
    expect(formatAgo("2026-11-20T23:30:00Z", now, view)).toMatch(/\b21\b/); // 21 November in Vilnius
  });
  it("waits for the clock (server render)", () => {
    expect(formatAgo(now, 0, view)).toBe("…");
  });
});

describe("isKnownTimeZone", () => {
  it("accepts IANA zones and refuses anything else", () => {
    expect(isKnownTimeZone(VILNIUS)).toBe(true);
    expect(isKnownTimeZone("Mars/Olympus_Mons")).toBe(false);
  });
});
