// The engine's entry points (docs/reports-engine.md): a report as JSON pages with an opaque keyset cursor
// (`runReport`), or all of it as batches of at most 1,000 rows for files and jobs (`streamReport`); both produce the
// same rows in the same order: by asset (ids ascending), then by the type's key. Nothing holds a whole report in
// memory: rows come from per-asset sources that read the database in bounded batches.
import type { ReportPage, ReportMeta, ReportRequest, ReportRow, ReportStream, ReportType } from "../report-model";
import { activityReport } from "./activity-report";
import { eventsReport } from "./events-report";
import { mileageReport } from "./mileage-report";
import { reportColumns } from "./report-columns";
import { loadReportContext, readCompleteness, readNotes, type KeyedRow, type ReportContext, type RowSource } from "./report-context";
import { decodeReportCursor, encodeReportCursor, type ReportCursor } from "./report-cursor";
import { routeReport } from "./route-report";
import { stopsReport } from "./stops-report";
import { temperatureReport } from "./temperature-report";
import { tripsReport } from "./trips-report";

export { reportColumns } from "./report-columns";

export const STREAM_BATCH = 1_000;

const SOURCES: Record<ReportType, RowSource> = {
  trips: tripsReport,
  stops: stopsReport,
  activity: activityReport,
  mileage: mileageReport,
  events: eventsReport,
  temperature: temperatureReport,
  route: routeReport,
};

/** the period a type uses when none is asked (report-model.ts) */
export function effectivePeriod(request: ReportRequest): ReportMeta["period"] {
  switch (request.type) {
    case "mileage":
      return request.period ?? "day";
    case "activity":
    case "temperature":
      return request.period ?? "range";
    default:
      return null;
  }
}

async function prepare(request: ReportRequest): Promise<{ context: ReportContext; meta: ReportMeta }> {
  const context = await loadReportContext(request);
  await SOURCES[request.type].prepare?.(context);
  const [completeness, notes] = await Promise.all([readCompleteness(context), readNotes(context)]);
  const meta: ReportMeta = {
    type: request.type,
    from: request.from.toISOString(),
    to: request.to.toISOString(),
    time_zone: context.timeZone,
    period: effectivePeriod(request),
    generated_at: new Date().toISOString(),
    columns: reportColumns(request.type, request.options),
    completeness,
    notes,
  };
  return { context, meta };
}

async function* keyedRows(context: ReportContext, after: ReportCursor | null): AsyncGenerator<KeyedRow & { asset: number }> {
  const source = SOURCES[context.request.type];
  for (const asset of context.assets) {
    if (after && asset.id < after.a) continue;
    const resumeKey = after && asset.id === after.a ? after.k : null;
    for await (const keyed of source.rows(context, asset, resumeKey)) yield { ...keyed, asset: asset.id };
  }
}

export async function runReport(request: ReportRequest, page: { cursor?: string | null; limit: number }): Promise<ReportPage> {
  const after = page.cursor ? decodeReportCursor(page.cursor) : null;
  const { context, meta } = await prepare(request);
  const data: ReportRow[] = [];
  let last: ReportCursor | null = null;
  let more = false;
  const rows = keyedRows(context, after);
  for await (const keyed of rows) {
    if (data.length === page.limit) {
      more = true;
      break;
    }
    data.push(keyed.row);
    last = { a: keyed.asset, k: keyed.key };
  }
  await rows.return(undefined);
  return { data, next_cursor: more && last ? encodeReportCursor(last) : null, meta };
}

export async function streamReport(request: ReportRequest): Promise<ReportStream> {
  const { context, meta } = await prepare(request);
  async function* batches(): AsyncGenerator<ReportRow[]> {
    let batch: ReportRow[] = [];
    for await (const keyed of keyedRows(context, null)) {
      batch.push(keyed.row);
      if (batch.length === STREAM_BATCH) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }
  return { meta, rows: batches() };
}
