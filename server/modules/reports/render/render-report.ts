// A report as a file (docs/reports-files.md): HTML, XLSX or PDF, made in-process from npm packages (no browser, no
// download at run time, the PDF font comes from an npm package). Every renderer consumes the stream's batches once, as
// they arrive, so a long route never sits in memory as rows; only the finished file does.
import type { RenderedReport, ReportHeading, ReportStream } from "../report-model";
import { HTML_CONTENT_TYPE, renderHtml } from "./render-html";
import { PDF_CONTENT_TYPE, renderPdf } from "./render-pdf";
import { renderXlsx, XLSX_CONTENT_TYPE } from "./render-xlsx";
import { reportFileName } from "./report-file-name";

export type ReportFileFormat = "html" | "xlsx" | "pdf";

export async function renderReport(
  format: ReportFileFormat,
  stream: ReportStream,
  heading: ReportHeading,
): Promise<RenderedReport> {
  const fileName = reportFileName(stream.meta, format);
  switch (format) {
    case "xlsx":
      return { contentType: XLSX_CONTENT_TYPE, fileName, body: await renderXlsx(stream, heading) };
    case "html":
      return { contentType: HTML_CONTENT_TYPE, fileName, body: await renderHtml(stream, heading) };
    case "pdf":
      return { contentType: PDF_CONTENT_TYPE, fileName, body: await renderPdf(stream, heading) };
  }
}
