// A report as one self-contained HTML document (docs/reports-files.md "HTML"): inline CSS, inline SVG charts, no
// script, no external asset, so it opens offline, prints (the table header repeats on every printed page) and is safe
// to serve: every text from the data is escaped, and the only value placed into CSS is a validated #rrggbb colour.
import type { ReportColumn, ReportHeading, ReportStream } from "../report-model";
import { type ChartShape, layoutChart } from "./chart-geometry";
import { columnHeading, EMPTY_VALUE, formatReportValue, isNumericKind } from "./format-report-value";
import { ReportChartData } from "./report-charts";
import { reportTitleBlock } from "./report-title";
import { ReportTotals } from "./report-totals";

export const HTML_CONTENT_TYPE = "text/html; charset=utf-8";

const CHART_WIDTH = 560;
const CHART_HEIGHT = 220;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** text as HTML text or attribute value: nothing in it can open a tag or leave an attribute */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

const n = (value: number) => Number(value.toFixed(2));

/** shapes as SVG elements; colours come from the renderer's own constants or the validated title colour */
export function chartSvg(shapes: ChartShape[], width: number, height: number, title: string): string {
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeHtml(title)}">`,
  ];
  for (const shape of shapes) {
    switch (shape.type) {
      case "rect":
        parts.push(`<rect x="${n(shape.x)}" y="${n(shape.y)}" width="${n(shape.width)}" height="${n(shape.height)}" fill="${shape.fill}"/>`);
        break;
      case "line":
        parts.push(`<line x1="${n(shape.x1)}" y1="${n(shape.y1)}" x2="${n(shape.x2)}" y2="${n(shape.y2)}" stroke="${shape.stroke}" stroke-width="${shape.width}"/>`);
        break;
      case "polyline":
        parts.push(`<polyline fill="none" stroke="${shape.stroke}" stroke-width="${shape.width}" points="${shape.points.map(([x, y]) => `${n(x)},${n(y)}`).join(" ")}"/>`);
        break;
      case "text": {
        const anchor = shape.anchor === "start" ? "" : ` text-anchor="${shape.anchor}"`;
        const weight = shape.bold ? ` font-weight="bold"` : "";
        parts.push(`<text x="${n(shape.x)}" y="${n(shape.y)}" font-size="${shape.size}"${anchor}${weight} fill="${shape.fill}">${escapeHtml(shape.text)}</text>`);
        break;
      }
    }
  }
  parts.push("</svg>");
  return parts.join("");
}

function style(color: string): string {
  return `
*{box-sizing:border-box}
body{margin:0;font-family:"DejaVu Sans",Arial,Helvetica,sans-serif;font-size:13px;color:#111827;background:#fff}
header.title{background:${color};color:#fff;padding:14px 20px}
header.title h1{margin:0;font-size:22px}
header.title p{margin:2px 0 0;opacity:.9}
main{padding:12px 20px 24px}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 10px}
dl.facts dt{color:#4b5563}
dl.facts dd{margin:0}
ul.notes,ul.completeness{margin:4px 0 10px;padding-left:18px}
ul.completeness{font-size:12px;color:#374151;columns:3 24em;column-gap:24px}
li.late{color:#92400e}
h2{font-size:14px;margin:14px 0 4px}
.charts{display:flex;flex-wrap:wrap;gap:16px;margin:8px 0 14px}
.charts svg{max-width:100%;height:auto;font-family:inherit}
table{border-collapse:collapse;width:100%;font-size:12px}
thead{display:table-header-group}
th{background:#e5e7eb;text-align:left;padding:4px 6px;border-bottom:1px solid #9ca3af;position:sticky;top:0}
td{padding:3px 6px;border-bottom:1px solid #f3f4f6;vertical-align:top}
tbody tr:nth-child(even) td{background:#f9fafb}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.empty{color:#9ca3af}
tfoot td{font-weight:bold;border-top:2px solid #6b7280;background:#f3f4f6}
@media print{@page{size:A4 landscape;margin:12mm}header.title{-webkit-print-color-adjust:exact;print-color-adjust:exact}th{position:static}}
`;
}

function cell(columns: ReportColumn[], index: number, text: string): string {
  const classes = [isNumericKind(columns[index]!.kind) ? "num" : "", text === EMPTY_VALUE ? "empty" : ""].filter(Boolean);
  return `<td${classes.length ? ` class="${classes.join(" ")}"` : ""}>${escapeHtml(text)}</td>`;
}

export async function renderHtml(stream: ReportStream, heading: ReportHeading): Promise<Uint8Array> {
  const { meta } = stream;
  const columns = meta.columns;
  const title = reportTitleBlock(meta, heading);
  const totals = new ReportTotals(columns);
  const charts = new ReportChartData(meta, title.color);

  // the table body is built as the rows stream past; the charts above it need every row, so they are written last
  const body: string[] = [];
  let rowCount = 0;
  for await (const batch of stream.rows) {
    const lines: string[] = [];
    for (const row of batch) {
      totals.add(row);
      charts.add(row);
      rowCount++;
      lines.push(`<tr>${columns.map((column, i) => cell(columns, i, formatReportValue(row[column.key] ?? null, column.kind, meta.time_zone))).join("")}</tr>`);
    }
    body.push(lines.join("\n"));
  }

  const head: string[] = [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(`${title.title} – ${heading.accountName} – ${title.facts[1]![1]}`)}</title>`,
    `<style>${style(title.color)}</style></head><body>`,
    `<header class="title"><h1>${escapeHtml(title.title)}</h1><p>${escapeHtml(heading.accountName)}</p></header>`,
    "<main>",
    `<dl class="facts">${title.facts.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join("")}</dl>`,
  ];
  if (title.notes.length > 0) head.push(`<ul class="notes">${title.notes.map((note) => `<li>${escapeHtml(note)}</li>`).join("")}</ul>`);
  const late = meta.completeness.filter((asset) => asset.late_records_possible).length;
  head.push(
    `<h2>Completeness: late records possible for ${late} of ${meta.completeness.length} assets</h2><ul class="completeness">${meta.completeness
      .map((asset, i) => `<li${asset.late_records_possible ? ' class="late"' : ""}>${escapeHtml(title.completeness[i]!)}</li>`)
      .join("")}</ul>`,
  );
  const chartList = charts.charts();
  if (chartList.length > 0) {
    head.push(
      `<section class="charts">${chartList
        .map((chart) => chartSvg(layoutChart(chart, CHART_WIDTH, CHART_HEIGHT), CHART_WIDTH, CHART_HEIGHT, chart.title))
        .join("")}</section>`,
    );
  }
  head.push(
    `<h2>${rowCount === 1 ? "1 row" : `${rowCount.toLocaleString("en-US")} rows`}</h2>`,
    `<table><thead><tr>${columns.map((column) => `<th${isNumericKind(column.kind) ? ' class="num"' : ""}>${escapeHtml(columnHeading(column))}</th>`).join("")}</tr></thead><tbody>`,
  );

  const tail: string[] = ["</tbody>"];
  if (totals.any) {
    const row = totals.row();
    const cells = columns.map((column, i) => {
      const value = row[column.key] ?? null;
      if (column.total) return cell(columns, i, formatReportValue(value, column.kind, meta.time_zone));
      return `<td>${value === null ? "" : escapeHtml(String(value))}</td>`;
    });
    tail.push(`<tfoot><tr>${cells.join("")}</tr></tfoot>`);
  }
  tail.push("</table></main></body></html>\n");
  return new TextEncoder().encode([...head, ...body, ...tail].join("\n"));
}
