// The passenger page's words for times, speeds, distances and states. Times are read from the ISO text's own wall
// clock (the account's), so these hold in any time zone the test machine has.
import { describe, expect, it } from "vitest";
import {
  describeStop,
  expiryText,
  formatAddress,
  formatAgo,
  formatDistance,
  formatEta,
  formatExactTime,
  formatSpeed,
  formatWait,
  formatWhen,
  motionOf,
  telHref,
  wallTime,
} from "./passenger-format";

describe("times in the account's time zone", () => {
  it("reads the wall clock and weekday written in the text, whatever the offset", () => {
    expect(wallTime("2026-01-05T07:00:00+02:00")).toEqual({ year: 2026, month: 1, day: 5, hour: 7, minute: 0, second: 0, weekday: "Mon" });
    expect(wallTime("2026-03-01T23:59:30-05:00")).toMatchObject({ day: 1, hour: 23, weekday: "Sun" });
    expect(wallTime("not a time")).toBeNull();
  });

  it("says when tracking starts and the exact time of a position", () => {
    expect(formatWhen("2026-01-05T07:00:00+02:00")).toBe("Mon 5 Jan at 07:00");
    expect(formatExactTime("2026-07-14T18:05:09+03:00", "Europe/Vilnius")).toBe("Tue 14 Jul 2026, 18:05:09 (Europe/Vilnius time)");
  });

  it("ages a position in words, and says nothing before the clock is read", () => {
    const at = "2026-01-05T07:00:00+02:00";
    const t = Date.parse(at);
    expect(formatAgo(at, 0)).toBe("");
    expect(formatAgo(at, t + 4_000)).toBe("just now");
    expect(formatAgo(at, t + 40_000)).toBe("40 s ago");
    expect(formatAgo(at, t + 2 * 60_000 + 20_000)).toBe("2 min ago");
    expect(formatAgo(at, t + 3 * 3600_000)).toBe("3 h ago");
    expect(formatAgo(at, t + 5 * 86_400_000)).toBe("on 5 Jan");
    expect(formatAgo(at, t - 5_000)).toBe("just now"); // a phone clock a little behind the server's
  });

  it("words a wait from Retry-After", () => {
    expect(formatWait(1)).toBe("1 second");
    expect(formatWait(45)).toBe("45 seconds");
    expect(formatWait(60)).toBe("1 minute");
    expect(formatWait(899)).toBe("15 minutes");
  });
});

describe("the vehicle", () => {
  it("gives speed, distance and ETA with units", () => {
    expect(formatSpeed(31.6)).toBe("32 km/h");
    expect(formatDistance(0.4)).toBe("400 m");
    expect(formatDistance(2.14)).toBe("2.1 km");
    expect(formatDistance(35.4)).toBe("35 km");
    expect(formatEta(0)).toBe("Arriving now");
    expect(formatEta(7)).toBe("about 7 min");
    expect(formatEta(80)).toBe("about 1 h 20 min");
    expect(formatEta(120)).toBe("about 2 h");
  });

  it("tells moving, stopped with the engine on, and parked apart", () => {
    expect(motionOf({ is_moving: true, ignition: true })).toEqual({ state: "moving", label: "Moving" });
    expect(motionOf({ is_moving: false, ignition: true })).toEqual({ state: "stopped", label: "Stopped" });
    expect(motionOf({ is_moving: false, ignition: false })).toEqual({ state: "parked", label: "Parked" });
  });

  it("shows street and town, the country when that is all there is, or nothing", () => {
    expect(formatAddress({ street: "Gedimino pr. 9", town: "Vilnius", country: "Lithuania" })).toBe("Gedimino pr. 9, Vilnius");
    expect(formatAddress({ street: "", town: "Vilnius", country: "Lithuania" })).toBe("Vilnius");
    expect(formatAddress({ street: "", town: "", country: "Lithuania" })).toBe("Lithuania");
    expect(formatAddress({ street: "", town: "", country: "" })).toBeNull();
  });

  it("turns a written phone number into a tel: address", () => {
    expect(telHref("+370 600 12345")).toBe("tel:+37060012345");
    expect(telHref(" (020) 7946-0958 ")).toBe("tel:02079460958");
  });

  it("words why a link ended", () => {
    expect(expiryText("arrival")).toMatch(/arrived at its destination/);
    expect(expiryText("time_expired")).toMatch(/time limit/);
    expect(expiryText("schedule_ended")).toMatch(/schedule of this link has ended/);
    expect(expiryText(null)).toBe("Tracking with this link has ended.");
  });
});

describe("a route-based link's stop", () => {
  const stop = { name: "Oak Street", status: "approaching" as const, stops_before: 2 };
  it("counts down to a passenger's own stop, with the stops before it, and says when the vehicle is there", () => {
    expect(describeStop(stop, { eta_minutes: 7, distance_km: 1.2 }, true)).toEqual({
      title: "Arriving at Oak Street in about 7 min",
      detail: "2 stops before yours · 1.2 km away",
    });
    expect(describeStop({ ...stop, stops_before: 1 }, { eta_minutes: 0, distance_km: 0.05 }, true)).toEqual({
      title: "Arriving at Oak Street now",
      detail: "1 stop before yours · 50 m away",
    });
    expect(describeStop({ ...stop, stops_before: 0 }, null, true)).toEqual({ title: "On its way to Oak Street", detail: "Your stop is next" });
    expect(describeStop({ ...stop, status: "arrived", stops_before: 0 }, { eta_minutes: 0, distance_km: 0 }, true).title).toBe("Arrived at Oak Street");
    expect(describeStop({ ...stop, status: "skipped", stops_before: 0 }, null, true).title).toBe("The vehicle passed Oak Street without stopping");
  });

  it("names the run's next stop on another route-based link", () => {
    expect(describeStop({ ...stop, stops_before: 0 }, { eta_minutes: 3, distance_km: 0.8 }, false)).toEqual({
      title: "Next stop: Oak Street",
      detail: "in about 3 min · 800 m away",
    });
    expect(describeStop({ ...stop, stops_before: 0 }, null, false)).toEqual({ title: "Next stop: Oak Street", detail: null });
  });
});
