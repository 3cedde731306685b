// The Reports page's charts: the same charts as the HTML and PDF files (the renderers' chart data and layout,
// server/modules/reports/render/report-charts.ts and chart-geometry.ts: distance per day or period, activity as
// stacked driving / idling / parked bars, temperature min/avg/max and the daily average line), painted here as
// hand-written SVG React elements (no chart library). Each chart is one image for assistive technology: role="img",
// an aria-label and a <title> that name the chart and list its values.
import type { ReportMeta, ReportRow } from "@/server/modules/reports/report-model";
import { layoutChart, type ChartShape } from "@/server/modules/reports/render/chart-geometry";
import { ReportChartData, type ReportChart } from "@/server/modules/reports/render/report-charts";

const WIDTH = 640;
const HEIGHT = 240;
/** the bars' colour on screen (the dashboard's blue; the files use the account's title colour) */
const BAR_COLOR = "#2563eb";

/** the charts of a report's rows (none for stops, events and route) */
export function chartsOf(meta: ReportMeta, rows: ReportRow[]): ReportChart[] {
  const data = new ReportChartData(meta, BAR_COLOR);
  for (const row of rows) data.add(row);
  return data.charts();
}

const fmt = (value: number | null | undefined) => (value === null || value === undefined ? "no value" : String(Number(value.toFixed(2))));

/** the chart in words: its title, unit and every value, for the aria-label and the <title> */
export function describeChart(chart: ReportChart): string {
  const unit = chart.unit ? ` (${chart.unit})` : "";
  if (chart.kind === "range") {
    const values = chart.categories.map((category, i) => `${category}: min ${fmt(chart.min[i])}, avg ${fmt(chart.avg[i])}, max ${fmt(chart.max[i])}`);
    return `${chart.title}${unit}. ${values.join("; ")}`;
  }
  const values = chart.categories.map((category, i) =>
    chart.series.length === 1 ? `${category} ${fmt(chart.series[0]!.values[i])}` : `${category}: ${chart.series.map((series) => `${series.name} ${fmt(series.values[i])}`).join(", ")}`,
  );
  return `${chart.title}${unit}. ${values.join("; ")}`;
}

function Shape({ shape }: { shape: ChartShape }) {
  switch (shape.type) {
    case "rect":
      return <rect x={shape.x} y={shape.y} width={Math.max(0, shape.width)} height={Math.max(0, shape.height)} fill={shape.fill} />;
    case "line":
      return <line x1={shape.x1} y1={shape.y1} x2={shape.x2} y2={shape.y2} stroke={shape.stroke} strokeWidth={shape.width} />;
    case "polyline":
      return <polyline fill="none" stroke={shape.stroke} strokeWidth={shape.width} points={shape.points.map(([x, y]) => `${x},${y}`).join(" ")} />;
    case "text":
      return (
        <text x={shape.x} y={shape.y} fontSize={shape.size} textAnchor={shape.anchor} fontWeight={shape.bold ? "bold" : undefined} fill={shape.fill}>
          {shape.text}
        </text>
      );
  }
}

export function ReportChartView({ chart }: { chart: ReportChart }) {
  const label = describeChart(chart);
  const shapes = layoutChart(chart, WIDTH, HEIGHT);
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3" data-testid="report-chart" data-chart={chart.kind}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="h-auto w-full font-sans">
        <title>{label}</title>
        {shapes.map((shape, i) => (
          <Shape key={i} shape={shape} />
        ))}
      </svg>
    </figure>
  );
}
