// Which charts a report gets and what they add up: distance per local day, activity stacks, temperature.
import { describe, expect, it } from "vitest";
import { chartsFor, niceMax } from "./chart-data";

describe("chartsFor", () => {
  it("sums trip distances per local day of the account's zone", () => {
    const rows = [
      { start_time: "2026-03-28T22:30:00Z", distance_km: 5 }, // 23:30 Berlin, the 28th
      { start_time: "2026-03-28T23:30:00Z", distance_km: 2.5 }, // 00:30 Berlin, the 29th
      { start_time: "2026-03-29T10:00:00Z", distance_km: 1 },
    ];
    const [chart] = chartsFor("trips", null, rows, "Europe/Berlin");
    expect(chart).toEqual({
      kind: "bars",
      title: "Distance per day",
      unit: "km",
      bars: [
        { label: "2026-03-28", value: 5 },
        { label: "2026-03-29", value: 3.5 },
      ],
    });
  });

  it("stacks driving, idling and parked hours per asset for an activity range, per day for period=day", () => {
    const rows = [
      { asset_name: "Van", period: "range", driving_s: 7200, idling_s: 1800, parked_s: 3600, distance_km: 80 },
      { asset_name: "Truck", period: "range", driving_s: 3600, idling_s: 0, parked_s: 0, distance_km: 40 },
    ];
    const [stacked] = chartsFor("activity", "range", rows, "UTC");
    expect(stacked).toMatchObject({ kind: "stacked", title: "Activity per asset", bars: [{ label: "Van", values: [2, 0.5, 1] }, { label: "Truck", values: [1, 0, 0] }] });
    const perDay = chartsFor("activity", "day", rows.map((row) => ({ ...row, period: "2026-03-02" })), "UTC");
    expect(perDay.map((chart) => chart.title)).toEqual(["Distance per day", "Activity per day"]);
    expect(perDay[0]).toMatchObject({ bars: [{ label: "2026-03-02", value: 120 }] });
  });

  it("draws temperature as a band per sensor by day, as grouped bars otherwise; none for stops", () => {
    const rows = [
      { asset_name: "Reefer", sensor: "bleTemp1", period: "2026-03-02", min_c: 2, avg_c: 4, max_c: 6 },
      { asset_name: "Reefer", sensor: "bleTemp1", period: "2026-03-01", min_c: 1, avg_c: 3, max_c: 5 },
    ];
    const [band] = chartsFor("temperature", "day", rows, "UTC");
    expect(band).toMatchObject({ kind: "band", series: [{ name: "Reefer · bleTemp1", points: [{ label: "2026-03-01" }, { label: "2026-03-02" }] }] });
    expect(chartsFor("temperature", "range", rows, "UTC")[0]).toMatchObject({ kind: "grouped", bars: [{ values: [2, 4, 6] }, { values: [1, 3, 5] }] });
    expect(chartsFor("stops", null, [{ duration_s: 1 }], "UTC")).toEqual([]);
    expect(chartsFor("trips", null, [], "UTC")).toEqual([]);
  });
});

describe("niceMax", () => {
  it("rounds an axis up to 1, 2 or 5 times a power of ten", () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(7.3)).toBe(10);
    expect(niceMax(12)).toBe(20);
    expect(niceMax(480)).toBe(500);
  });
});
