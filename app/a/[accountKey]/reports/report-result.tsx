"use client";
// A report's result: how complete it is per asset, the engine's notes, the charts, the table (columns from
// meta.columns, values formatted by kind, a totals row for the columns that total) and the downloads. The table
// shows the rows read so far; "Load more" reads the next batch, and the files always hold every row.
import { Button } from "../../../_components/ui/button";
import { Card } from "../../../_components/ui/card";
import { chartsOf, ReportChartView } from "./report-charts";
import { columnHeading, formatLocalDateTime, formatReportValue, isNumericKind, ReportTotals } from "./report-format";
import { downloadHref, FILE_FORMATS, TYPE_TEXT } from "./report-labels";
import type { ShownReport } from "./reports-client";


export function ReportResult({
  accountKey,
  report,
  loadingMore,
  onLoadMore,
}: {
  accountKey: string;
  report: ShownReport;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const { meta, rows, choice } = report;
  const zone = meta.time_zone;
  const charts = chartsOf(meta, rows);
  const totals = new ReportTotals(meta.columns);
  for (const row of rows) totals.add(row);
  const hasTotals = meta.columns.some((column) => column.total);
  const title = `${TYPE_TEXT[meta.type].label} report`;
  const range = `${formatLocalDateTime(meta.from, zone).slice(0, 16)} to ${formatLocalDateTime(meta.to, zone).slice(0, 16)} (${zone})`;

  return (
    <div data-testid="report-result">
    <Card
      title={title}
      actions={
        <div className="flex flex-wrap gap-2" role="group" aria-label="Download">
          {FILE_FORMATS.map((format) => (
            <a
              key={format.value}
              href={downloadHref(accountKey, choice, format.value)}
              download
              className="inline-flex items-center rounded-md bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
            >
              Download {format.label}
            </a>
          ))}
        </div>
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-600">{range}</p>
        {meta.completeness.length > 0 ? (
          <ul className="space-y-0.5 text-sm text-slate-600" aria-label="Completeness">
            {meta.completeness.map((entry) => (
              <li key={entry.asset_id} data-testid="completeness">
                <span className="font-medium text-slate-800">{entry.asset_name}</span>:{" "}
                {entry.newest_record_at ? `newest record ${formatLocalDateTime(entry.newest_record_at, zone)}` : "no record yet"}
                {entry.late_records_possible ? ", late records possible" : ", complete"}
              </li>
            ))}
          </ul>
        ) : null}
        {meta.notes.length > 0 ? (
          <ul className="list-disc space-y-0.5 rounded-md bg-amber-50 py-2 pl-8 pr-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-200" aria-label="Notes">
            {meta.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        ) : null}
        {charts.length > 0 ? (
          <div className="grid gap-4 lg:grid-cols-2">
            {charts.map((chart) => (
              <ReportChartView key={chart.title} chart={chart} />
            ))}
          </div>
        ) : null}
        {rows.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing in this range.</p>
        ) : (
          <div className="-mx-4 overflow-x-auto">
            <table className="min-w-full text-left text-sm" data-testid="report-table">
              <caption className="sr-only">{title}</caption>
              <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  {meta.columns.map((column) => (
                    <th key={column.key} scope="col" className={`whitespace-nowrap px-3 py-2 font-medium ${isNumericKind(column.kind) ? "text-right" : ""}`}>
                      {columnHeading(column)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row, index) => (
                  <tr key={index}>
                    {meta.columns.map((column) => (
                      <td key={column.key} data-column={column.key} className={`whitespace-nowrap px-3 py-1.5 ${isNumericKind(column.kind) ? "text-right tabular-nums" : ""}`}>
                        {formatReportValue(row[column.key] ?? null, column.kind, zone)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              {hasTotals ? (
                <tfoot className="border-t-2 border-slate-300 font-semibold">
                  <tr data-testid="report-totals">
                    {meta.columns.map((column, index) => (
                      <td key={column.key} data-column={column.key} className={`whitespace-nowrap px-3 py-2 ${isNumericKind(column.kind) ? "text-right tabular-nums" : ""}`}>
                        {index === 0 ? (report.nextCursor ? "Total (rows shown)" : "Total") : column.total ? formatReportValue(totals.of(column.key) ?? null, column.kind, zone) : ""}
                      </td>
                    ))}
                  </tr>
                </tfoot>
              ) : null}
            </table>
          </div>
        )}
        {report.nextCursor ? (
          <Button variant="secondary" busy={loadingMore} onClick={onLoadMore}>
            Load more rows
          </Button>
        ) : null}
      </div>
    </Card>
    </div>
  );
}
