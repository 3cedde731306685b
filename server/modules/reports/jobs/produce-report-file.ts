// A report as a file, for jobs and synchronous file answers: the engine's stream, tapped so the caller sees every
// batch (job progress, lease, yielding to ingest), rendered as HTML, XLSX or PDF by the renderers, or written as one
// JSON document {meta, data} for a JSON job. The data version is read BEFORE the rows, so a record that lands while
// the file is made leaves the cached copy stale rather than wrongly fresh.
import { reportCacheKey, writeReportCache } from "../cache/report-cache";
import { readDataVersion } from "../engine/data-version";
import { streamReport } from "../engine/run-report";
import { renderReport } from "../render/render-report";
import { reportFileName } from "../render/report-file-name";
import type { RenderedReport, ReportFormat, ReportHeading, ReportRequest, ReportRow, ReportStream } from "../report-model";

export const JSON_FILE_CONTENT_TYPE = "application/json; charset=utf-8";

export async function produceReportFile(input: {
  request: ReportRequest;
  format: ReportFormat;
  heading: ReportHeading;
  onRows?: (rows: ReportRow[]) => Promise<void>;
  /** keep the file in the report cache (file formats) under the account's zone */
  cache?: { timeZone: string };
}): Promise<RenderedReport> {
  const dataVersion = input.cache && input.format !== "json" ? await readDataVersion(input.request) : null;
  const stream = await streamReport(input.request);
  const tapped: ReportStream = { meta: stream.meta, rows: tap(stream.rows, input.onRows) };
  const file = input.format === "json" ? await jsonFile(tapped) : await renderReport(input.format, tapped, input.heading);
  if (input.cache && dataVersion !== null) {
    await writeReportCache({
      accountId: input.request.accountId,
      key: reportCacheKey({ request: input.request, format: input.format, timeZone: input.cache.timeZone }),
      dataVersion,
      contentType: file.contentType,
      fileName: file.fileName,
      body: file.body,
    });
  }
  return file;
}

async function* tap(rows: AsyncIterable<ReportRow[]>, onRows?: (rows: ReportRow[]) => Promise<void>): AsyncGenerator<ReportRow[]> {
  for await (const batch of rows) {
    if (onRows) await onRows(batch);
    yield batch;
  }
}

/** {"meta": ..., "data": [...]}: the JSON answer's shape without paging, written batch by batch */
async function jsonFile(stream: ReportStream): Promise<RenderedReport> {
  const parts: Buffer[] = [Buffer.from(`{"meta":${JSON.stringify(stream.meta)},"data":[`)];
  let first = true;
  for await (const batch of stream.rows) {
    for (const row of batch) {
      parts.push(Buffer.from((first ? "" : ",") + JSON.stringify(row)));
      first = false;
    }
  }
  parts.push(Buffer.from("]}"));
  const fileName = reportFileName(stream.meta, "html").replace(/\.html$/, ".json");
  return { contentType: JSON_FILE_CONTENT_TYPE, fileName, body: Buffer.concat(parts) };
}

/** the report worker's producer: files of jobs are cached too, so a repeated large request is answered at once */
export const produceJobFile = (input: { request: ReportRequest; format: ReportFormat; heading: ReportHeading; timeZone: string; onRows: (rows: ReportRow[]) => Promise<void> }) =>
  produceReportFile({ ...input, cache: { timeZone: input.timeZone } });
