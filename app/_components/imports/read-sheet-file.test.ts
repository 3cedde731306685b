// Reading uploads as the browser does (File objects, read-excel-file's browser build): an .xlsx workbook written
// here by hand (the smallest valid one: inline strings, one date style and one time style) and a CSV, with the
// cells converted as the import reads them, and the refusals with their messages.
import { zipSync, strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { SheetError } from "@/server/modules/imports/sheet/sheet-table";
import { readPastedRows, readSheetFile } from "./read-sheet-file";

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** a one-sheet workbook of the given <row> elements */
function workbook(rows: string[]): Uint8Array<ArrayBuffer> {
  const zipped = zipSync({
    "[Content_Types].xml": strToU8(
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    ),
    "_rels/.rels": strToU8(`${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    "xl/workbook.xml": strToU8(`${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Runs" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    "xl/_rels/workbook.xml.rels": strToU8(
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ),
    // style 1: yyyy-mm-dd (built-in 14, m/d/yyyy); style 2: h:mm (built-in 20)
    "xl/styles.xml": strToU8(
      `${XML}<styleSheet xmlns="${MAIN}"><fonts count="1"><font/></fonts><fills count="1"><fill/></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/><xf numFmtId="20" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    ),
    "xl/worksheets/sheet1.xml": strToU8(`${XML}<worksheet xmlns="${MAIN}"><sheetData>${rows.join("")}</sheetData></worksheet>`),
  });
  return new Uint8Array(zipped);
}

const text = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
const number = (ref: string, value: number, style = 0) => `<c r="${ref}"${style ? ` s="${style}"` : ""}><v>${value}</v></c>`;

describe("readSheetFile", () => {
  it("reads an .xlsx workbook's first sheet, dates as YYYY-MM-DD and times as HH:MM", async () => {
    const bytes = workbook([
      `<row r="1">${text("A1", "Route")}${text("B1", "Date")}${text("C1", "Start")}${text("D1", "Seats")}</row>`,
      // 46266 is 2026-09-01 in the 1900 date system; 0.3125 of a day is 07:30
      `<row r="2">${text("A2", "12")}${number("B2", 46266, 1)}${number("C2", 0.3125, 2)}${number("D2", 40)}</row>`,
    ]);
    const table = await readSheetFile(new File([bytes], "runs.xlsx"));
    expect(table).toEqual({ headers: ["Route", "Date", "Start", "Seats"], rows: [["12", "2026-09-01", "07:30", 40]] });
  });

  it("reads CSV files and pasted rows, and refuses other files, old .xls and files above 5 MiB", async () => {
    expect((await readSheetFile(new File(["Route,Date\nR1,2026-09-01\n"], "runs.csv"))).rows).toEqual([["R1", "2026-09-01"]]);
    expect(readPastedRows("Route\tDate\nR1\t01/09/2026").rows).toEqual([["R1", "01/09/2026"]]);
    const refusal = (file: File) => readSheetFile(file).then(() => null, (error: unknown) => (error instanceof SheetError ? error.message : Promise.reject(error)));
    expect(await refusal(new File(["x"], "notes.pdf"))).toBe("notes.pdf is neither a CSV nor an Excel (.xlsx) file.");
    expect(await refusal(new File(["x"], "old.xls"))).toMatch(/Old Excel files/);
    expect(await refusal(new File(["not a zip"], "broken.xlsx"))).toMatch(/could not be read as an Excel workbook/);
    expect(await refusal(new File([new Uint8Array(5 * 1024 * 1024 + 1)], "huge.csv"))).toBe("huge.csv is larger than 5 MiB, the most a file may have. Split it into several files.");
  });
});
