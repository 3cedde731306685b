// renderReport: one entry for the three file formats (content type, file name, body), and the value formatting and
// file naming every format shares.
import { describe, expect, it } from "vitest";
import { fixtureMeta, fixtureStream } from "@/server/testing/report-fixtures";
import { columnHeading, formatDuration, formatLocalDateTime, formatReportValue } from "./format-report-value";
import { renderReport } from "./render-report";
import { reportFileName } from "./report-file-name";
import { formatReportPeriod, titleColor } from "./report-title";

const heading = { accountName: "Acme", primaryColor: null };

describe("renderReport", () => {
  it.each([
    ["html", "text/html; charset=utf-8", "<!doctype html>"],
    ["xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "PK"],
    ["pdf", "application/pdf", "%PDF-"],
  ] as const)("renders %s with its content type and file name", async (format, contentType, magic) => {
    const file = await renderReport(format, fixtureStream("mileage"), heading);
    expect(file.contentType).toBe(contentType);
    expect(file.fileName).toBe(`mileage-2026-03-28-2026-03-31.${format}`);
    expect(Buffer.from(file.body.subarray(0, magic.length)).toString("latin1")).toBe(magic);
  });
});

describe("report file names", () => {
  it("names the first and last local day of the half-open range", () => {
    // November 2026 in Berlin: 2026-11-01 00:00 CET is 2026-10-31 23:00 UTC
    const meta = { type: "trips" as const, from: "2026-10-31T23:00:00Z", to: "2026-11-30T23:00:00Z", time_zone: "Europe/Berlin" };
    expect(reportFileName(meta, "xlsx")).toBe("trips-2026-11-01-2026-11-30.xlsx");
    expect(reportFileName({ ...meta, time_zone: "UTC" }, "pdf")).toBe("trips-2026-10-31-2026-11-30.pdf");
    expect(reportFileName({ ...meta, from: "not a date" }, "html")).toBe("trips-report.html");
  });
});

describe("value formatting", () => {
  const zone = "Europe/Berlin";
  it("shows instants in the report's time zone across a DST change", () => {
    expect(formatLocalDateTime("2026-03-29T00:59:59Z", zone)).toBe("2026-03-29 01:59:59");
    expect(formatLocalDateTime("2026-03-29T01:00:00Z", zone)).toBe("2026-03-29 03:00:00");
    expect(formatLocalDateTime("2026-10-25T00:30:00Z", zone)).toBe("2026-10-25 02:30:00");
    expect(formatLocalDateTime("2026-10-25T01:30:00Z", zone)).toBe("2026-10-25 02:30:00");
  });

  it("formats each kind", () => {
    expect(formatDuration(93_784)).toBe("26:03:04");
    expect(formatDuration(59.6)).toBe("0:01:00");
    expect(formatReportValue(12.3456, "distance", zone)).toBe("12.346");
    expect(formatReportValue(12, "distance", zone)).toBe("12.0");
    expect(formatReportValue(123456.7, "odometer", zone)).toBe("123,456.7");
    expect(formatReportValue(0.755, "share", zone)).toBe("75.5%");
    expect(formatReportValue(-3.14, "temperature", zone)).toBe("-3.1");
    expect(formatReportValue(null, "distance", zone)).toBe("—");
    expect(formatReportValue(true, "boolean", zone)).toBe("yes");
    expect(formatReportValue("range", "date", zone)).toBe("range");
    expect(formatReportValue(54.6871575, "coordinate", zone)).toBe("54.687158");
  });

  it("adds the unit to a heading that does not name it", () => {
    expect(columnHeading({ key: "distance_km", label: "Distance", kind: "distance" })).toBe("Distance (km)");
    expect(columnHeading({ key: "distance_km", label: "Distance (km)", kind: "distance" })).toBe("Distance (km)");
    expect(columnHeading({ key: "can_share", label: "CAN share", kind: "share" })).toBe("CAN share");
    expect(columnHeading({ key: "min_c", label: "Min", kind: "temperature" })).toBe("Min (°C)");
    expect(columnHeading({ key: "fuel_used_l", label: "Fuel used", kind: "volume" })).toBe("Fuel used (l)");
    expect(columnHeading({ key: "fuel_used_l", label: "Fuel used (l)", kind: "volume" })).toBe("Fuel used (l)");
  });
});

describe("title block", () => {
  it("takes only a #rrggbb branding colour", () => {
    expect(titleColor("#AA3300")).toBe("#aa3300");
    expect(titleColor("red")).toBe("#2563eb");
    expect(titleColor("#aa3300;}")).toBe("#2563eb");
    expect(titleColor(null)).toBe("#2563eb");
  });

  it("prints whole local days as dates and anything else as date-times", () => {
    const meta = fixtureMeta("trips");
    expect(formatReportPeriod(meta.from, meta.to, meta.time_zone)).toBe("2026-03-28 – 2026-03-31");
    expect(formatReportPeriod("2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z", "Europe/Berlin")).toBe("2026-03-29");
    expect(formatReportPeriod("2026-03-29T06:00:00Z", "2026-03-29T15:30:00Z", "Europe/Berlin")).toBe(
      "2026-03-29 08:00 – 2026-03-29 17:30",
    );
  });
});
