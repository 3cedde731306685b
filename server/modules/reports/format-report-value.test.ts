// The text of report values by column kind, as the dashboard's table shows them.
import { describe, expect, it } from "vitest";
import { formatDurationSeconds, formatReportValue, reportTotals } from "./format-report-value";
import type { ReportColumn } from "./report-model";

const BERLIN = "Europe/Berlin";

describe("formatReportValue", () => {
  it("shows instants in the account's zone, across a DST change", () => {
    expect(formatReportValue("2026-03-29T00:30:00Z", "instant", BERLIN)).toBe("2026-03-29 01:30:00");
    expect(formatReportValue("2026-03-29T01:30:00Z", "instant", BERLIN)).toBe("2026-03-29 03:30:00");
    expect(formatReportValue("2026-03-29T01:30:00Z", "instant", "UTC")).toBe("2026-03-29 01:30:00");
  });

  it("gives durations as h:mm:ss without wrapping at a day", () => {
    expect(formatReportValue(3725, "duration", BERLIN)).toBe("1:02:05");
    expect(formatDurationSeconds(0)).toBe("0:00:00");
    expect(formatDurationSeconds(90 * 3600 + 59.6)).toBe("90:01:00");
  });

  it("rounds numbers by kind and groups thousands", () => {
    expect(formatReportValue(12.345, "distance", BERLIN)).toBe("12.35");
    expect(formatReportValue(123456.78, "odometer", BERLIN)).toBe("123,456.8");
    expect(formatReportValue(87.6, "speed", BERLIN)).toBe("88");
    expect(formatReportValue(-3.04, "temperature", BERLIN)).toBe("-3.0");
    expect(formatReportValue(54.6872012, "coordinate", BERLIN)).toBe("54.68720");
    expect(formatReportValue(3, "integer", BERLIN)).toBe("3");
    expect(formatReportValue(-0.001, "distance", BERLIN)).toBe("0.00");
  });

  it("gives shares as percentages, booleans as words, and nothing for no value", () => {
    expect(formatReportValue(0.625, "share", BERLIN)).toBe("63%");
    expect(formatReportValue(true, "boolean", BERLIN)).toBe("Yes");
    expect(formatReportValue(false, "boolean", BERLIN)).toBe("No");
    expect(formatReportValue(null, "distance", BERLIN)).toBe("");
    expect(formatReportValue("2026-W48", "date", BERLIN)).toBe("2026-W48");
    expect(formatReportValue("can", "text", BERLIN)).toBe("can");
  });
});

describe("reportTotals", () => {
  it("sums the total columns only, skipping empty cells", () => {
    const columns: ReportColumn[] = [
      { key: "asset_name", label: "Asset", kind: "text" },
      { key: "distance_km", label: "Distance (km)", kind: "distance", total: true },
      { key: "duration_s", label: "Duration", kind: "duration", total: true },
    ];
    const totals = reportTotals(columns, [
      { asset_name: "A", distance_km: 10.5, duration_s: 600 },
      { asset_name: "B", distance_km: null, duration_s: 60 },
      { asset_name: "C", distance_km: 2, duration_s: 0 },
    ]);
    expect(totals).toEqual({ asset_name: null, distance_km: 12.5, duration_s: 660 });
  });
});
