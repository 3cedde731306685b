// XLSX files read back with exceljs's reader: typed cells, local-time dates across the Europe/Berlin DST change,
// totals, frozen header, autofilter, the About sheet, and a 30-day route of 43,200 rows.
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import {
  CYRILLIC_ADDRESS,
  FIXTURE_ROWS,
  fixtureMeta,
  fixtureStream,
  routeRows,
  streamOf,
} from "@/server/testing/report-fixtures";
import { REPORT_TYPES, type ReportType } from "../report-model";
import { columnHeading } from "./format-report-value";
import { renderXlsx } from "./render-xlsx";

const heading = { accountName: "Acme Logistics", primaryColor: "#aa3300" };

async function load(body: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(body) as unknown as ExcelJS.Buffer);
  return workbook;
}

/** the data sheet's header row number: the row whose first cell is the first column's heading */
function headerRowOf(sheet: ExcelJS.Worksheet, firstHeading: string): number {
  for (let r = 1; r <= 40; r++) if (sheet.getRow(r).getCell(1).value === firstHeading) return r;
  throw new Error("no header row");
}

/** a formula cell's cached result, or the value itself */
const plain = (value: ExcelJS.CellValue) =>
  value && typeof value === "object" && "result" in value ? (value as { result: ExcelJS.CellValue }).result : value;

/**
 * A duration cell as the number of days the file holds: exceljs's reader turns any cell with a date-like format
 * ([h]:mm:ss) into a Date counted from Excel's epoch (1899-12-30), so that is undone here.
 */
function days(value: ExcelJS.CellValue): number {
  const cell = plain(value);
  return cell instanceof Date ? (cell.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000 : (cell as number);
}

describe("renderXlsx", () => {
  it("writes typed cells: local date-times across the DST change, numbers, durations, empty nulls", async () => {
    const workbook = await load(await renderXlsx(fixtureStream("trips"), heading));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Trips", "About"]);
    const sheet = workbook.getWorksheet("Trips")!;
    expect(sheet.getRow(1).getCell(1).value).toBe("Trips report");
    expect(sheet.getRow(1).getCell(1).fill).toMatchObject({ fgColor: { argb: "FFAA3300" } });
    const header = headerRowOf(sheet, "Asset id");
    expect(sheet.getRow(header).values).toEqual([undefined, ...fixtureMeta("trips").columns.map(columnHeading)]);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: header });
    expect(sheet.autoFilter).toBe(`A${header}:T${header + 3}`);

    const first = sheet.getRow(header + 1);
    // 00:30 UTC is 01:30 CET; 01:30 UTC, after the clocks jumped, is 03:30 CEST (wall clock stored, as Excel has no zone)
    expect(first.getCell(3).value).toEqual(new Date(Date.UTC(2026, 2, 29, 1, 30, 0)));
    expect(first.getCell(4).value).toEqual(new Date(Date.UTC(2026, 2, 29, 3, 30, 0)));
    expect(first.getCell(3).numFmt).toBe("yyyy-mm-dd hh:mm:ss");
    expect(days(first.getCell(5).value)).toBeCloseTo(3600 / 86_400, 9);
    expect(first.getCell(5).numFmt).toBe("[h]:mm:ss");
    expect(first.getCell(6).value).toBe(CYRILLIC_ADDRESS);
    expect(first.getCell(14).value).toBe(42.25);
    expect(first.getCell(14).numFmt).toBe("#,##0.0##");
    expect(first.getCell(18).value).toBe('<script>alert("x")</script>');
    expect(first.getCell(20).value).toBe(false);
    const second = sheet.getRow(header + 2);
    expect(second.getCell(12).value).toBeNull(); // start odometer unknown: an empty cell, not 0
    expect(second.getCell(3).value).toEqual(new Date(Date.UTC(2026, 2, 30, 8, 0, 0))); // 06:00 UTC = 08:00 CEST

    const totals = sheet.getRow(header + 4);
    expect(totals.getCell(1).value).toBe("Total");
    expect(totals.getCell(14).value).toMatchObject({ formula: `SUBTOTAL(109,N${header + 1}:N${header + 3})` });
    expect(plain(totals.getCell(14).value)).toBeCloseTo(52.875, 9);
    expect(days(totals.getCell(5).value)).toBeCloseTo((3600 + 1230 + 600) / 86_400, 9);
    expect(plain(totals.getCell(19).value)).toBeCloseTo(4.5, 9);
  });

  it("keeps the autumn DST change apart too (02:30 CEST and 02:30 CET are two rows an hour apart)", async () => {
    const meta = fixtureMeta("route", { from: "2026-10-24T22:00:00Z", to: "2026-10-25T23:00:00Z" });
    const rows = [{ time: "2026-10-25T00:30:00Z" }, { time: "2026-10-25T01:30:00Z" }];
    const sheet = (await load(await renderXlsx(streamOf(meta, rows), heading))).getWorksheet("Route")!;
    const header = headerRowOf(sheet, "Asset id");
    expect(sheet.getRow(header + 1).getCell(3).value).toEqual(new Date(Date.UTC(2026, 9, 25, 2, 30)));
    expect(sheet.getRow(header + 2).getCell(3).value).toEqual(new Date(Date.UTC(2026, 9, 25, 2, 30)));
  });

  it.each(REPORT_TYPES)("renders a %s report with every column, every row and the totals", async (type: ReportType) => {
    const meta = fixtureMeta(type);
    const workbook = await load(await renderXlsx(fixtureStream(type), heading));
    const sheet = workbook.worksheets[0]!;
    const header = headerRowOf(sheet, "Asset id");
    expect(sheet.getRow(header).values).toEqual([undefined, ...meta.columns.map(columnHeading)]);
    const rows = FIXTURE_ROWS[type];
    meta.columns.forEach((column, index) => {
      rows.forEach((row, r) => {
        const cell = sheet.getRow(header + 1 + r).getCell(index + 1).value;
        const value = row[column.key] ?? null;
        if (value === null) expect(cell).toBeNull();
        else if (column.kind === "instant") expect(cell).toBeInstanceOf(Date);
        else if (column.kind === "duration") expect(days(cell)).toBeCloseTo((value as number) / 86_400, 9);
        else if (column.kind === "date" && /^\d{4}-\d{2}-\d{2}$/.test(String(value)))
          expect((cell as Date).toISOString().slice(0, 10)).toBe(value);
        else expect(cell).toBe(value);
      });
    });
    const totalColumns = meta.columns.filter((column) => column.total);
    const totalsRow = sheet.getRow(header + 1 + rows.length);
    for (const column of totalColumns) {
      const index = meta.columns.indexOf(column) + 1;
      const sum = rows.reduce((acc, row) => acc + (typeof row[column.key] === "number" ? (row[column.key] as number) : 0), 0);
      const cell = totalsRow.getCell(index).value;
      if (column.kind === "duration") expect(days(cell), column.key).toBeCloseTo(sum / 86_400, 9);
      else expect(plain(cell), column.key).toBeCloseTo(sum, 9);
    }
    if (totalColumns.length === 0) expect(sheet.getRow(header + 1 + rows.length).getCell(1).value).toBeNull();

    const about = workbook.getWorksheet("About")!;
    const text = JSON.stringify(about.getSheetValues());
    expect(text).toContain("Europe/Berlin");
    expect(text).toContain("Truck 12: newest record 2026-03-30 14:00:00; late records possible");
    expect(text).toContain("odometer reset");
    expect(text).toContain("2026-03-28 – 2026-03-31");
  });

  it("streams a 30-day route of 43,200 rows and reads every row back", async () => {
    const count = 43_200;
    const meta = fixtureMeta("route", { from: "2026-02-28T23:00:00Z", to: "2026-03-30T22:00:00Z" });
    const body = await renderXlsx(streamOf(meta, routeRows(count)), heading);
    const workbook = await load(body);
    const sheet = workbook.getWorksheet("Route")!;
    const header = headerRowOf(sheet, "Asset id");
    let dataRows = 0;
    sheet.eachRow((row, number) => {
      if (number > header && typeof row.getCell(1).value === "number") dataRows++;
    });
    expect(dataRows).toBe(count);
    const last = sheet.getRow(header + count);
    // row 43,200 is 43,199 minutes after 2026-03-01 00:00 UTC: 2026-03-30 23:59 UTC = 2026-03-31 01:59 CEST
    expect(last.getCell(3).value).toEqual(new Date(Date.UTC(2026, 2, 31, 1, 59, 0)));
    expect(last.getCell(12).value).toBeCloseTo(100_000 + (count - 1) * 0.8, 6);
  });
});
