// A report as an Excel workbook (docs/reports-files.md "XLSX"), written with exceljs's streaming WorkbookWriter: each
// row is committed to the zip as it arrives, so a 30-day route (43,200 rows) keeps memory flat; only the zipped bytes
// are held. Cells are typed: numbers stay numbers with a number format, instants are real Excel date-times in the
// report's LOCAL time (Excel has no time zones: the wall clock of meta.time_zone is what a reader expects to see),
// durations are Excel time values (days) shown as [h]:mm:ss, so sums and filters work in Excel as they look.
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import type { ColumnKind, ReportColumn, ReportHeading, ReportMeta, ReportStream, ReportValue } from "../report-model";
import { columnHeading, localParts } from "./format-report-value";
import { completenessLine, REPORT_TYPE_WORDS, reportTitleBlock } from "./report-title";
import { ReportTotals } from "./report-totals";

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Excel's number format per column kind */
const NUMBER_FORMATS: Record<ColumnKind, string | undefined> = {
  text: undefined,
  integer: "#,##0",
  number: "General",
  boolean: undefined,
  instant: "yyyy-mm-dd hh:mm:ss",
  date: "yyyy-mm-dd",
  duration: "[h]:mm:ss",
  distance: "#,##0.0##",
  odometer: "#,##0.0##",
  speed: "#,##0.0",
  volume: "#,##0.00",
  temperature: "0.0",
  share: "0.0%",
  coordinate: "0.000000",
};

/** starting widths (characters) per kind; a longer heading widens its column */
const KIND_WIDTHS: Record<ColumnKind, number> = {
  text: 16,
  integer: 9,
  number: 10,
  boolean: 8,
  instant: 20,
  date: 12,
  duration: 11,
  distance: 11,
  odometer: 13,
  speed: 9,
  volume: 9,
  temperature: 9,
  share: 8,
  coordinate: 11,
};

/** text columns that hold long values get more room */
const WIDE_TEXT_KEYS: Record<string, number> = {
  address: 40,
  start_address: 40,
  end_address: 40,
  message: 40,
  details: 40,
  asset_name: 20,
  rule_name: 20,
  driver: 18,
};

const SECONDS_PER_DAY = 86_400;
/** Excel's limit for the text of one cell */
const MAX_CELL_TEXT = 32_767;
/** the data sheet lists completeness per asset up to this many assets; the About sheet always lists every one */
const INLINE_COMPLETENESS = 5;
const INLINE_NOTES = 5;

const argb = (hex: string) => `FF${hex.slice(1).toUpperCase()}`;

function columnWidth(column: ReportColumn): number {
  const base = WIDE_TEXT_KEYS[column.key] ?? KIND_WIDTHS[column.kind];
  return Math.min(50, Math.max(base, columnHeading(column).length + 2));
}

/** the wall clock of `timeZone` at an ISO instant, as a Date whose UTC fields are that wall clock (what Excel stores) */
export function excelLocalDate(iso: string, timeZone: string): Date | null {
  const p = localParts(iso, timeZone);
  return p ? new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)) : null;
}

/** a value as a typed cell value */
function cellValue(value: ReportValue, kind: ColumnKind, timeZone: string): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    return kind === "duration" ? value / SECONDS_PER_DAY : value;
  }
  if (kind === "instant") return excelLocalDate(value, timeZone) ?? value;
  if (kind === "date") {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  }
  return value.length > MAX_CELL_TEXT ? `${value.slice(0, MAX_CELL_TEXT - 1)}…` : value;
}

/** A1-style column letters for a 1-based column number */
function columnLetters(column: number): string {
  let letters = "";
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

export async function renderXlsx(stream: ReportStream, heading: ReportHeading): Promise<Uint8Array> {
  const { meta } = stream;
  const columns = meta.columns;
  const title = reportTitleBlock(meta, heading);
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    output.on("end", resolve);
    output.on("error", reject);
  });

  // inline strings: a shared-string table would have to be held in memory until the end
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = "Fleetline";
  workbook.created = new Date(meta.generated_at);

  // the title block above the table: title bar, facts, notes, completeness; the header row comes right after
  const preamble: string[] = [title.facts.map(([label, value]) => `${label}: ${value}`).join("   ·   ")];
  for (const note of title.notes.slice(0, INLINE_NOTES)) preamble.push(`Note: ${note}`);
  if (title.notes.length > INLINE_NOTES) preamble.push(`${title.notes.length - INLINE_NOTES} more notes: see the sheet "About"`);
  if (title.completeness.length <= INLINE_COMPLETENESS) preamble.push(...title.completeness);
  else {
    const late = meta.completeness.filter((asset) => asset.late_records_possible).length;
    preamble.push(`Late records possible for ${late} of ${meta.completeness.length} assets: the sheet "About" lists each`);
  }
  const headerRowNumber = 1 + preamble.length + 2; // title, preamble, a blank row, header

  const sheet = workbook.addWorksheet(REPORT_TYPE_WORDS[meta.type], {
    views: [{ state: "frozen", ySplit: headerRowNumber, xSplit: 0 }],
  });
  sheet.columns = columns.map((column) => ({
    key: column.key,
    width: columnWidth(column),
    style: NUMBER_FORMATS[column.kind] ? { numFmt: NUMBER_FORMATS[column.kind] } : {},
  }));

  const titleRow = sheet.addRow([title.title]);
  titleRow.height = 24;
  for (let c = 1; c <= Math.max(columns.length, 1); c++) {
    const cell = titleRow.getCell(c);
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: argb(title.color) } };
    cell.font = { bold: true, size: 14, color: { argb: "FFFFFFFF" } };
    cell.alignment = { vertical: "middle" };
  }
  titleRow.commit();
  for (const line of preamble) sheet.addRow([line]).commit();
  sheet.addRow([]).commit();

  const header = sheet.addRow(columns.map(columnHeading));
  header.eachCell((cell) => {
    cell.font = { bold: true };
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE5E7EB" } };
    cell.border = { bottom: { style: "thin" } };
    cell.alignment = { vertical: "middle", wrapText: true };
  });
  header.commit();

  const totals = new ReportTotals(columns);
  let rowCount = 0;
  for await (const batch of stream.rows) {
    for (const row of batch) {
      totals.add(row);
      sheet.addRow(columns.map((column) => cellValue(row[column.key] ?? null, column.kind, meta.time_zone))).commit();
      rowCount++;
    }
  }

  const firstDataRow = headerRowNumber + 1;
  const lastDataRow = headerRowNumber + rowCount;
  if (totals.any) {
    const labels = totals.row();
    const totalsRow = sheet.addRow(
      columns.map((column, index) => {
        if (!column.total) return labels[column.key] ?? null;
        const result = cellValue(totals.of(column.key) ?? 0, column.kind, meta.time_zone) as number;
        if (rowCount === 0) return result;
        const letters = columnLetters(index + 1);
        // SUBTOTAL(109, ...) sums only the rows the autofilter leaves visible; the result is cached for readers
        return { formula: `SUBTOTAL(109,${letters}${firstDataRow}:${letters}${lastDataRow})`, result };
      }),
    );
    totalsRow.eachCell((cell) => {
      cell.font = { bold: true };
      cell.border = { top: { style: "thin" } };
    });
    totalsRow.commit();
  }
  if (columns.length > 0) {
    sheet.autoFilter = {
      from: { row: headerRowNumber, column: 1 },
      to: { row: Math.max(headerRowNumber, lastDataRow), column: columns.length },
    };
  }
  sheet.commit();

  writeAboutSheet(workbook, meta, heading, rowCount);
  await workbook.commit();
  await finished;
  return new Uint8Array(Buffer.concat(chunks));
}

/** the second sheet: the report's meta in full (range, time zone, completeness per asset, notes, units) */
function writeAboutSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, meta: ReportMeta, heading: ReportHeading, rows: number) {
  const about = workbook.addWorksheet("About");
  about.columns = [{ width: 24 }, { width: 60 }, { width: 22 }, { width: 22 }, { width: 22 }];
  const title = reportTitleBlock(meta, heading);
  const bold = (row: ExcelJS.Row) => {
    row.eachCell((cell) => (cell.font = { bold: true }));
    return row;
  };
  bold(about.addRow([title.title])).commit();
  const facts: Array<[string, ExcelJS.CellValue]> = [
    ["Report type", meta.type],
    ...title.facts,
    ["From (UTC)", meta.from],
    ["To (UTC, excluded)", meta.to],
    ["Rows", rows],
    ["Times", `Local wall-clock time of ${meta.time_zone}, as Excel date-times`],
    ["Durations", "Excel time values (days) shown as [h]:mm:ss; multiply by 86400 for seconds"],
    ["Units", "km, km/h, litres, °C; shares as percentages"],
  ];
  for (const [label, value] of facts) about.addRow([label, value]).commit();
  about.addRow([]).commit();
  bold(about.addRow(["Notes"])).commit();
  if (meta.notes.length === 0) about.addRow(["", "none"]).commit();
  for (const note of meta.notes) about.addRow(["", note]).commit();
  about.addRow([]).commit();
  bold(about.addRow(["Completeness", "Asset", "Newest record", "Received", "Late records possible"])).commit();
  for (const asset of meta.completeness) {
    const row = about.addRow([
      asset.asset_id,
      asset.asset_name,
      asset.newest_record_at ? excelLocalDate(asset.newest_record_at, meta.time_zone) : "no records",
      asset.newest_received_at ? excelLocalDate(asset.newest_received_at, meta.time_zone) : null,
      asset.late_records_possible ? "yes" : "no",
    ]);
    row.getCell(3).numFmt = "yyyy-mm-dd hh:mm:ss";
    row.getCell(4).numFmt = "yyyy-mm-dd hh:mm:ss";
    // the same sentence the other formats print, for a reader that copies text
    row.getCell(6).value = completenessLine(asset, meta.time_zone);
    row.commit();
  }
  about.commit();
}
