// A chart laid out as plain shapes (rectangles, lines, polylines, text) in a box whose y axis points down, so that
// the HTML renderer writes them as SVG and the PDF renderer paints them with pdfkit-level operators: one layout, two
// painters, vectors in both (no canvas, no image).
import type { ReportChart } from "./report-charts";
import { CHART_COLORS } from "./report-charts";

export type ChartShape =
  | { type: "rect"; x: number; y: number; width: number; height: number; fill: string }
  | { type: "line"; x1: number; y1: number; x2: number; y2: number; stroke: string; width: number }
  | { type: "polyline"; points: Array<[number, number]>; stroke: string; width: number }
  | { type: "text"; x: number; y: number; text: string; size: number; anchor: "start" | "middle" | "end"; fill: string; bold?: boolean };

const AXIS = "#6b7280";
const GRID = "#e5e7eb";
const INK = "#111827";
const TITLE_SIZE = 10;
const LABEL_SIZE = 7;
/** average glyph width as a share of the font size, to keep labels apart without measuring */
const GLYPH = 0.56;

const estimateWidth = (text: string, size: number) => text.length * size * GLYPH;

/** 0, 1, 2, 2.5 or 5 times a power of ten: a tick step a reader can add up */
function niceStep(span: number, ticks: number): number {
  const raw = span / Math.max(1, ticks);
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** the value axis: a range including 0 with nice bounds and its ticks */
function valueAxis(low: number, high: number): { min: number; max: number; ticks: number[] } {
  let min = Math.min(0, low);
  let max = Math.max(0, high);
  if (max - min <= 0) max = min + 1;
  const step = niceStep(max - min, 4);
  min = Math.floor(min / step) * step;
  max = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let tick = min; tick <= max + step / 2; tick += step) ticks.push(Number(tick.toFixed(10)));
  return { min, max, ticks };
}

function tickLabel(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 10_000) return `${Math.round(value / 1000)}k`;
  return Number.isInteger(value) ? String(value) : value.toFixed(abs < 1 ? 2 : 1);
}

/** "2026-11-27" reads as "11-27" under a chart (the title block says the year) */
function categoryLabel(category: string, maxChars = 16): string {
  const day = /^\d{4}-(\d{2}-\d{2})$/.exec(category);
  if (day) return day[1]!;
  return category.length > maxChars ? `${category.slice(0, maxChars - 1)}…` : category;
}

export function layoutChart(chart: ReportChart, width: number, height: number): ChartShape[] {
  const shapes: ChartShape[] = [];
  shapes.push({ type: "text", x: 0, y: TITLE_SIZE, text: chart.title, size: TITLE_SIZE, anchor: "start", fill: INK, bold: true });

  const legend = chart.kind === "range"
    ? [{ name: "min – max", color: CHART_COLORS.range }, { name: "average", color: CHART_COLORS.average }]
    : chart.series.length > 1
      ? chart.series.map((series) => ({ name: series.name, color: series.color }))
      : [];
  // the legend sits right of the title, or on a line of its own when both do not fit
  const legendWidth = legend.reduce((sum, item) => sum + estimateWidth(item.name, LABEL_SIZE) + 18, 0);
  const ownLine = legend.length > 0 && estimateWidth(chart.title, TITLE_SIZE) + legendWidth + 12 > width;
  const legendY = ownLine ? TITLE_SIZE + 11 : TITLE_SIZE;
  let legendX = width;
  for (const item of [...legend].reverse()) {
    const textWidth = estimateWidth(item.name, LABEL_SIZE);
    legendX -= textWidth;
    shapes.push({ type: "text", x: legendX, y: legendY, text: item.name, size: LABEL_SIZE, anchor: "start", fill: INK });
    legendX -= 10;
    shapes.push({ type: "rect", x: legendX, y: legendY - 7, width: 7, height: 7, fill: item.color });
    legendX -= 8;
  }

  const plot = { left: 42, top: legendY + 12, right: width - 4, bottom: height - 16 };
  const plotWidth = plot.right - plot.left;
  const plotHeight = plot.bottom - plot.top;
  const count = chart.categories.length;
  if (count === 0 || plotWidth <= 0 || plotHeight <= 0) {
    shapes.push({ type: "text", x: width / 2, y: height / 2, text: "no data", size: LABEL_SIZE + 1, anchor: "middle", fill: AXIS });
    return shapes;
  }

  const values: number[] = [];
  if (chart.kind === "range") values.push(...chart.min, ...chart.max);
  else if (chart.kind === "bars" && chart.stacked)
    chart.categories.forEach((_, i) => values.push(chart.series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0)));
  else for (const series of chart.series) for (const value of series.values) if (value !== null) values.push(value);
  const axis = valueAxis(Math.min(0, ...values), Math.max(0, ...values));
  const y = (value: number) => plot.bottom - ((value - axis.min) / (axis.max - axis.min)) * plotHeight;

  for (const tick of axis.ticks) {
    const ty = y(tick);
    shapes.push({ type: "line", x1: plot.left, y1: ty, x2: plot.right, y2: ty, stroke: tick === 0 ? AXIS : GRID, width: tick === 0 ? 0.8 : 0.5 });
    shapes.push({ type: "text", x: plot.left - 4, y: ty + 2.5, text: tickLabel(tick), size: LABEL_SIZE, anchor: "end", fill: AXIS });
  }
  shapes.push({ type: "text", x: 0, y: plot.top - 3, text: chart.unit, size: LABEL_SIZE, anchor: "start", fill: AXIS });

  const slot = plotWidth / count;
  const center = (i: number) => plot.left + slot * (i + 0.5);
  // category labels: every k-th, so that they do not overlap
  const widest = Math.max(...chart.categories.map((c) => estimateWidth(categoryLabel(c), LABEL_SIZE)));
  const every = Math.max(1, Math.ceil((widest + 6) / slot));
  // a label may use the room of the slots it stands for (two sensors in a wide chart keep their whole names)
  const maxChars = Math.max(16, Math.floor((slot * every - 6) / (LABEL_SIZE * GLYPH)));
  chart.categories.forEach((category, i) => {
    if (i % every === 0)
      shapes.push({ type: "text", x: center(i), y: plot.bottom + 10, text: categoryLabel(category, maxChars), size: LABEL_SIZE, anchor: "middle", fill: AXIS });
  });

  const barWidth = Math.max(0.8, slot * 0.7);
  if (chart.kind === "bars") {
    if (chart.stacked) {
      chart.categories.forEach((_, i) => {
        let base = 0;
        for (const series of chart.series) {
          const value = series.values[i] ?? 0;
          if (value > 0) {
            const top = y(base + value);
            shapes.push({ type: "rect", x: center(i) - barWidth / 2, y: top, width: barWidth, height: y(base) - top, fill: series.color });
          }
          base += value;
        }
      });
    } else {
      const each = barWidth / chart.series.length;
      chart.series.forEach((series, s) => {
        series.values.forEach((value, i) => {
          if (value === null || value === 0) return;
          const top = y(Math.max(0, value));
          const x = center(i) - barWidth / 2 + each * s;
          shapes.push({ type: "rect", x, y: top, width: each, height: Math.abs(y(value) - y(0)), fill: series.color });
        });
      });
    }
  } else if (chart.kind === "range") {
    chart.categories.forEach((_, i) => {
      const top = y(chart.max[i]!);
      const x = center(i) - barWidth / 2;
      shapes.push({ type: "rect", x, y: top, width: barWidth, height: Math.max(0.8, y(chart.min[i]!) - top), fill: CHART_COLORS.range });
      const avg = y(chart.avg[i]!);
      shapes.push({ type: "line", x1: x, y1: avg, x2: x + barWidth, y2: avg, stroke: CHART_COLORS.average, width: 1.5 });
    });
  } else {
    for (const series of chart.series) {
      let run: Array<[number, number]> = [];
      const flush = () => {
        if (run.length > 1) shapes.push({ type: "polyline", points: run, stroke: series.color, width: 1.2 });
        if (run.length === 1) shapes.push({ type: "rect", x: run[0]![0] - 1.5, y: run[0]![1] - 1.5, width: 3, height: 3, fill: series.color });
        run = [];
      };
      series.values.forEach((value, i) => (value === null ? flush() : run.push([center(i), y(value)])));
      flush();
    }
  }
  return shapes;
}
