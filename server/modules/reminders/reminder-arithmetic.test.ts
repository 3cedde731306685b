// Reminder arithmetic as tables, without a database: each interval kind, whichever comes first, due-soon thresholds,
// snooze, reset by a service, calendar time across daylight saving changes, forecasts and renewals.
import { describe, expect, it } from "vitest";
import { formatLocalDate, parseLocalDate, type LocalDate } from "../time/zoned-time";
import {
  addSpan,
  baselineAfterService,
  evaluateRenewal,
  evaluateServiceReminder,
  forecastDate,
  localToday,
  type Meters,
  type ServiceSchedule,
  startOfLocalDate,
  type TimeSpan,
} from "./reminder-arithmetic";

const d = (text: string): LocalDate => parseLocalDate(text)!;
const none: ServiceSchedule = { distanceKm: null, distanceDueSoonKm: null, engineHours: null, engineDueSoonHours: null, time: null, timeDueSoon: null };
const noMeters: Meters = { odometerKm: null, engineHours: null, kmPerDay: null, engineHoursPerDay: null };

function evaluate(schedule: Partial<ServiceSchedule>, meters: Partial<Meters>, today: string, extra: { base?: string; baseKm?: number | null; baseHours?: number | null; snoozedUntil?: string } = {}) {
  return evaluateServiceReminder({
    schedule: { ...none, ...schedule },
    baseline: { date: d(extra.base ?? "2026-01-01"), odometerKm: extra.baseKm === undefined ? 10_000 : extra.baseKm, engineHours: extra.baseHours === undefined ? 500 : extra.baseHours },
    meters: { ...noMeters, ...meters },
    today: d(today),
    snoozedUntil: extra.snoozedUntil ? d(extra.snoozedUntil) : null,
  });
}

describe("calendar spans", () => {
  it.each<[string, TimeSpan, string]>([
    ["2026-01-15", { value: 10, unit: "day" }, "2026-01-25"],
    ["2026-12-28", { value: 1, unit: "week" }, "2027-01-04"],
    ["2026-01-31", { value: 1, unit: "month" }, "2026-02-28"],
    ["2028-01-31", { value: 1, unit: "month" }, "2028-02-29"],
    ["2026-11-30", { value: 3, unit: "month" }, "2027-02-28"],
    ["2026-03-15", { value: 1, unit: "month" }, "2026-04-15"],
    ["2028-02-29", { value: 1, unit: "year" }, "2029-02-28"],
    ["2026-06-10", { value: 2, unit: "year" }, "2028-06-10"],
  ])("%s + %o = %s", (from, span, to) => {
    expect(formatLocalDate(addSpan(d(from), span))).toBe(to);
  });

  it("subtracts months the same way", () => {
    expect(formatLocalDate(addSpan(d("2026-03-31"), { value: 1, unit: "month" }, -1))).toBe("2026-02-28");
  });
});

describe("service reminder status by interval kind", () => {
  // baseline: 2026-01-01, 10,000 km, 500 h
  it.each<[string, Partial<ServiceSchedule>, Partial<Meters>, string, string]>([
    ["distance, far", { distanceKm: 15_000, distanceDueSoonKm: 1_000 }, { odometerKm: 20_000 }, "2026-02-01", "ok"],
    ["distance, inside the threshold", { distanceKm: 15_000, distanceDueSoonKm: 1_000 }, { odometerKm: 24_000 }, "2026-02-01", "due_soon"],
    ["distance, reached exactly", { distanceKm: 15_000, distanceDueSoonKm: 1_000 }, { odometerKm: 25_000 }, "2026-02-01", "overdue"],
    ["distance, no threshold: ok until reached", { distanceKm: 15_000 }, { odometerKm: 24_999 }, "2026-02-01", "ok"],
    ["distance, no reading yet", { distanceKm: 15_000 }, {}, "2026-02-01", "ok"],
    ["engine hours, ok", { engineHours: 250, engineDueSoonHours: 25 }, { engineHours: 700 }, "2026-02-01", "ok"],
    ["engine hours, due soon", { engineHours: 250, engineDueSoonHours: 25 }, { engineHours: 730 }, "2026-02-01", "due_soon"],
    ["engine hours, overdue", { engineHours: 250, engineDueSoonHours: 25 }, { engineHours: 751 }, "2026-02-01", "overdue"],
    ["time, ok", { time: { value: 6, unit: "month" }, timeDueSoon: { value: 2, unit: "week" } }, {}, "2026-06-16", "ok"],
    ["time, due soon (14 days before)", { time: { value: 6, unit: "month" }, timeDueSoon: { value: 2, unit: "week" } }, {}, "2026-06-17", "due_soon"],
    ["time, due today is due soon", { time: { value: 6, unit: "month" } }, {}, "2026-07-01", "due_soon"],
    ["time, the day after is overdue", { time: { value: 6, unit: "month" } }, {}, "2026-07-02", "overdue"],
    ["time in days", { time: { value: 90, unit: "day" }, timeDueSoon: { value: 10, unit: "day" } }, {}, "2026-03-22", "due_soon"],
    ["time in years", { time: { value: 1, unit: "year" }, timeDueSoon: { value: 1, unit: "month" } }, {}, "2026-11-30", "ok"],
    ["a threshold longer than the interval is clipped to the baseline", { time: { value: 1, unit: "week" }, timeDueSoon: { value: 1, unit: "month" } }, {}, "2026-01-01", "due_soon"],
  ])("%s", (_name, schedule, meters, today, status) => {
    expect(evaluate(schedule, meters, today).status).toBe(status);
  });
});

describe("whichever comes first", () => {
  const schedule: Partial<ServiceSchedule> = {
    distanceKm: 15_000,
    distanceDueSoonKm: 1_000,
    engineHours: 250,
    engineDueSoonHours: 25,
    time: { value: 1, unit: "year" },
    timeDueSoon: { value: 1, unit: "month" },
  };
  it.each<[string, Partial<Meters>, string, string]>([
    ["all far", { odometerKm: 12_000, engineHours: 600 }, "2026-05-01", "ok"],
    ["distance due soon, the rest ok", { odometerKm: 24_500, engineHours: 600 }, "2026-05-01", "due_soon"],
    ["hours overdue, distance due soon", { odometerKm: 24_500, engineHours: 760 }, "2026-05-01", "overdue"],
    ["time overdue, meters ok", { odometerKm: 12_000, engineHours: 600 }, "2027-01-02", "overdue"],
    ["time due soon, meters ok", { odometerKm: 12_000, engineHours: 600 }, "2026-12-01", "due_soon"],
  ])("%s", (_name, meters, today, status) => {
    expect(evaluate(schedule, meters, today).status).toBe(status);
  });
});

describe("snooze", () => {
  const schedule: Partial<ServiceSchedule> = { distanceKm: 15_000 };
  it.each<[string, string, string]>([
    ["before the snooze date", "2026-03-09", "snoozed"],
    ["on the snooze date the status is back", "2026-03-10", "overdue"],
    ["after it", "2026-04-01", "overdue"],
  ])("%s", (_name, today, status) => {
    const result = evaluate(schedule, { odometerKm: 26_000 }, today, { snoozedUntil: "2026-03-10" });
    expect(result.status).toBe(status);
    expect(result.dueState).toBe("overdue");
  });
  it("shows snoozed even for a reminder that is ok", () => {
    expect(evaluate(schedule, { odometerKm: 11_000 }, "2026-03-01", { snoozedUntil: "2026-03-10" }).status).toBe("snoozed");
  });
});

describe("reset by a service", () => {
  const schedule: Partial<ServiceSchedule> = { distanceKm: 15_000, distanceDueSoonKm: 1_000, time: { value: 6, unit: "month" } };
  it("counts the next interval from the service's date and reading", () => {
    const before = evaluate(schedule, { odometerKm: 25_300 }, "2026-05-01");
    expect(before.status).toBe("overdue");
    const baseline = baselineAfterService({ date: d("2026-01-01"), odometerKm: 10_000, engineHours: null }, { date: d("2026-05-01"), odometerKm: 25_300, engineHours: null });
    const after = evaluateServiceReminder({ schedule: { ...none, ...schedule }, baseline, meters: { ...noMeters, odometerKm: 25_300 }, today: d("2026-05-01"), snoozedUntil: null });
    expect(after.status).toBe("ok");
    expect(after.distance!.due).toBe(40_300);
    expect(formatLocalDate(after.time!.dueOn)).toBe("2026-11-01");
  });
  it.each<[string, string, string]>([
    ["a newer service moves the baseline", "2026-05-01", "2026-05-01"],
    ["a service on the same day replaces it", "2026-03-01", "2026-03-01"],
    ["an older service logged late does not move it back", "2026-02-01", "2026-03-01"],
  ])("%s", (_name, serviced, expected) => {
    const next = baselineAfterService({ date: d("2026-03-01"), odometerKm: 1, engineHours: null }, { date: d(serviced), odometerKm: 2, engineHours: null });
    expect(formatLocalDate(next.date)).toBe(expected);
  });
});

describe("forecast from recent daily usage", () => {
  it("is the earliest of a meter's forecast and the time due date", () => {
    // 5,000 km left at 115 km/day: 43.5 -> 44 days
    const meterFirst = evaluate({ distanceKm: 15_000, time: { value: 1, unit: "year" } }, { odometerKm: 20_000, kmPerDay: 115 }, "2026-02-01");
    expect(formatLocalDate(meterFirst.forecastOn!)).toBe("2026-03-17");
    const timeFirst = evaluate({ distanceKm: 15_000, time: { value: 3, unit: "month" } }, { odometerKm: 20_000, kmPerDay: 10 }, "2026-02-01");
    expect(formatLocalDate(timeFirst.forecastOn!)).toBe("2026-04-01");
  });
  it.each<[number, number | null, string | null]>([
    [5_000, 115, "2026-03-17"],
    [100, 100, "2026-02-02"],
    [0, 50, "2026-02-01"],
    [-20, 50, "2026-02-01"],
    [5_000, 0, null],
    [5_000, null, null],
  ])("%d left at %s a day: %s", (remaining, perDay, expected) => {
    const date = forecastDate(remaining, perDay, d("2026-02-01"));
    expect(date ? formatLocalDate(date) : null).toBe(expected);
  });
  it("engine hours forecast from hours a day", () => {
    const result = evaluate({ engineHours: 250 }, { engineHours: 700, engineHoursPerDay: 8 }, "2026-02-01");
    expect(formatLocalDate(result.engine!.forecastOn!)).toBe("2026-02-08"); // 50 h at 8 h/day: 6.25 -> 7 days
  });
  it("has none once overdue", () => {
    expect(evaluate({ distanceKm: 15_000 }, { odometerKm: 30_000, kmPerDay: 50 }, "2026-02-01").forecastOn).toBeNull();
  });
});

describe("time intervals across daylight saving changes", () => {
  // Vilnius: clocks go 03:00 -> 04:00 on 29 March 2026 (+02 -> +03) and back on 25 October 2026
  // Los Angeles: 02:00 -> 03:00 on 8 March 2026 (-08 -> -07) and back on 1 November 2026
  it.each<[string, string, string, string]>([
    ["Europe/Vilnius", "2026-03-15", "2026-04-15", "2026-04-14T21:00:00.000Z"],
    ["Europe/Vilnius", "2026-10-10", "2026-11-10", "2026-11-09T22:00:00.000Z"],
    ["America/Los_Angeles", "2026-02-20", "2026-03-20", "2026-03-20T07:00:00.000Z"],
    ["America/Los_Angeles", "2026-10-15", "2026-11-15", "2026-11-15T08:00:00.000Z"],
  ])("%s: a month after %s is due on %s, which begins at %s", (zone, base, dueOn, begins) => {
    const result = evaluate({ time: { value: 1, unit: "month" } }, {}, base, { base });
    expect(formatLocalDate(result.time!.dueOn)).toBe(dueOn);
    expect(new Date(startOfLocalDate(result.time!.dueOn, zone)).toISOString()).toBe(begins);
  });

  // a weekly reminder due on the day the clocks change
  it.each<[string, string, string, string, string]>([
    // due 2026-03-29 (the night clocks change): overdue from local midnight of the 30th, +03 by then
    ["Europe/Vilnius", "2026-03-29", "2026-03-29T20:59:59Z", "due_soon", "2026-03-29"],
    ["Europe/Vilnius", "2026-03-29", "2026-03-29T21:00:00Z", "overdue", "2026-03-30"],
    // due 2026-10-25 (clocks go back at 04:00 local): overdue from midnight of the 26th, +02 by then
    ["Europe/Vilnius", "2026-10-25", "2026-10-25T21:59:59Z", "due_soon", "2026-10-25"],
    ["Europe/Vilnius", "2026-10-25", "2026-10-25T22:00:00Z", "overdue", "2026-10-26"],
    // due 2026-03-08 in Los Angeles (clocks forward at 02:00): the 9th begins at 07:00Z (-07)
    ["America/Los_Angeles", "2026-03-08", "2026-03-09T06:59:59Z", "due_soon", "2026-03-08"],
    ["America/Los_Angeles", "2026-03-08", "2026-03-09T07:00:00Z", "overdue", "2026-03-09"],
    // due 2026-11-01 (clocks back at 02:00): the 2nd begins at 08:00Z (-08)
    ["America/Los_Angeles", "2026-11-01", "2026-11-02T07:59:59Z", "due_soon", "2026-11-01"],
    ["America/Los_Angeles", "2026-11-01", "2026-11-02T08:00:00Z", "overdue", "2026-11-02"],
  ])("%s, due %s, at %s: %s (local date %s)", (zone, due, instant, status, localDate) => {
    const today = localToday(Date.parse(instant), zone);
    expect(formatLocalDate(today)).toBe(localDate);
    const overdueFrom = startOfLocalDate(addSpan(d(due), { value: 1, unit: "day" }), zone);
    expect(Date.parse(instant) >= overdueFrom).toBe(status === "overdue");
    const base = formatLocalDate(addSpan(d(due), { value: 7, unit: "day" }, -1));
    const result = evaluate({ time: { value: 7, unit: "day" } }, {}, formatLocalDate(today), { base });
    expect(result.status).toBe(status);
  });
});

describe("renewal reminders", () => {
  it.each<[string, number, string, string | null, string]>([
    ["2026-06-30", 30, "2026-05-30", null, "ok"],
    ["2026-06-30", 30, "2026-05-31", null, "due_soon"],
    ["2026-06-30", 30, "2026-06-30", null, "due_soon"],
    ["2026-06-30", 30, "2026-07-01", null, "overdue"],
    ["2026-06-30", 0, "2026-06-29", null, "ok"],
    ["2026-06-30", 0, "2026-06-30", null, "due_soon"],
    ["2026-06-30", 30, "2026-07-01", "2026-07-05", "snoozed"],
    ["2026-06-30", 30, "2026-07-05", "2026-07-05", "overdue"],
  ])("expires %s, remind %d days before, on %s (snoozed until %s): %s", (expires, days, today, snoozed, status) => {
    const result = evaluateRenewal({ expiresOn: d(expires), remindDaysBefore: days, today: d(today), snoozedUntil: snoozed ? d(snoozed) : null });
    expect(result.status).toBe(status);
  });
  it("renewing (a new expiry date) resets it", () => {
    const today = d("2026-07-10");
    expect(evaluateRenewal({ expiresOn: d("2026-06-30"), remindDaysBefore: 30, today, snoozedUntil: null }).status).toBe("overdue");
    expect(evaluateRenewal({ expiresOn: d("2027-06-30"), remindDaysBefore: 30, today, snoozedUntil: null })).toMatchObject({ status: "ok", remainingDays: 355 });
  });
});
