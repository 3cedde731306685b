// The page's charts: built from the renderers' chart data and painted as accessible SVG (role, label, title).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ReportMeta } from "@/server/modules/reports/report-model";
import { chartsOf, describeChart, ReportChartView } from "./report-charts";

const meta = (type: ReportMeta["type"], period: ReportMeta["period"] = null): ReportMeta => ({
  type,
  from: "2026-03-28T00:00:00Z",
  to: "2026-03-30T00:00:00Z",
  time_zone: "Europe/Berlin",
  period,
  generated_at: "2026-03-30T00:00:00Z",
  columns: [],
  completeness: [],
  notes: [],
});

describe("the Reports page's charts", () => {
  it("draw trips' distance per local day as an SVG image that lists its values", () => {
    const rows = [
      { asset_id: 1, asset_name: "Van", start_time: "2026-03-28T22:30:00Z", distance_km: 5 }, // 23:30 in Berlin, the 28th
      { asset_id: 1, asset_name: "Van", start_time: "2026-03-28T23:30:00Z", distance_km: 2.5 }, // 00:30, the 29th
    ];
    const charts = chartsOf(meta("trips"), rows);
    expect(charts).toHaveLength(1);
    const label = describeChart(charts[0]!);
    expect(label).toContain("2026-03-28 5");
    expect(label).toContain("2026-03-29 2.5");
    const html = renderToStaticMarkup(createElement(ReportChartView, { chart: charts[0]! }));
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-label="[^"]*2026-03-28 5/);
    expect(html).toContain("<title>");
    expect(html.match(/<rect /g)?.length ?? 0).toBeGreaterThanOrEqual(2);
  });

  it("stack activity time and draw nothing for stops", () => {
    const activity = chartsOf(meta("activity", "range"), [
      { asset_id: 1, asset_name: "Van", period: "range", distance_km: 80, driving_s: 7200, idling_s: 1800, parked_s: 3600 },
    ]);
    expect(activity.some((chart) => chart.kind === "bars" && chart.stacked)).toBe(true);
    expect(chartsOf(meta("stops"), [{ asset_id: 1, duration_s: 60 }])).toEqual([]);
  });
});
