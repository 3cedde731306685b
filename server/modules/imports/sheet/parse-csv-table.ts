// CSV and pasted rows into a sheet table, with papaparse (quotes, embedded line breaks and separators inside quoted
// cells). The separator is detected: comma, semicolon (spreadsheets in many European locales) or tab (rows copied
// from a spreadsheet and pasted). Every line is kept, blank ones too, so line numbers stay those of the sheet.
import Papa from "papaparse";
import { SheetError, tableFromCells, type SheetTable } from "./sheet-table";

export function parseCsvTable(text: string): SheetTable {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), {
    delimiter: "", // detect
    delimitersToGuess: [",", "\t", ";", "|"],
    skipEmptyLines: false,
  });
  // field-count differences are normal in hand-made sheets; broken quoting is not
  const broken = result.errors.find((error) => error.type === "Quotes");
  if (broken) throw new SheetError(`The CSV is malformed near line ${(broken.row ?? 0) + 1}: ${broken.message}.`);
  return tableFromCells(result.data);
}
