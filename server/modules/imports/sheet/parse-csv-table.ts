// CSV and pasted rows into a sheet table, with papaparse (quotes, embedded line breaks and separators inside quoted
// cells). The separator is detected: comma, semicolon (spreadsheets in many European locales) or tab (rows copied
// from a spreadsheet and pasted). Every line is kept, blank ones too, so line numbers stay those of the sheet.
//
// The limits hold while parsing, not after: 5 MiB of blank or one-cell lines, or of commas, would otherwise become
// millions of parsed lines or cells (a second of blocked event loop and hundreds of MiB on the server, for a
// connected spreadsheet) before the caps refused them. So a line longer than any sheet within the caps can have is
// refused before papaparse sees the text, papaparse reads it in chunks line by line, and it is stopped at the first
// line wider than the column cap or once CSV_MAX_LINES lines are read.
import Papa from "papaparse";
import { SHEET_LIMITS, SheetError, tableFromCells, tooManyColumns, type SheetTable } from "./sheet-table";

/**
 * The most lines parsed: the header, the data lines an import takes, and room for blank lines at the end (which are
 * not data lines: spreadsheet programs often export a few hundred empty rows below the data).
 */
export const CSV_MAX_LINES = 1 + SHEET_LIMITS.rows + SHEET_LIMITS.trailingBlankLines;

/** the longest line (between line breaks) a sheet within the caps can have: every column's cell full of quotes */
export const CSV_MAX_LINE_CHARS = SHEET_LIMITS.columns * (2 * SHEET_LIMITS.cellChars + 3);

/**
 * papaparse's chunk. Its work per chunk is linear in the chunk whatever the lines (it splits the whole chunk at line
 * breaks, and guesses the separator on the first one), so small chunks keep the work before an abort small. A line
 * longer than a chunk is carried into the next and parsed again from its start, which CSV_MAX_LINE_CHARS bounds.
 */
const CHUNK_CHARS = 64 * 1024;

export interface CsvLines {
  lines: string[][];
  /** false: parsing stopped at `maxLines` and more followed */
  complete: boolean;
}

/** the line number (from 1) of the first line longer than `maxChars`, or null; one pass, no allocation */
function firstOverlongLine(text: string, maxChars: number): number | null {
  let line = 1;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char !== 10 && char !== 13) continue;
    if (i - start > maxChars) return line;
    // "\r\n" is one line break
    if (!(char === 13 && text.charCodeAt(i + 1) === 10)) line++;
    start = i + 1;
  }
  return text.length - start > maxChars ? line : null;
}

/** the first `maxLines` lines of a CSV text; papaparse is stopped there, so the rest is never parsed */
export function readCsvLines(text: string, maxLines: number): CsvLines {
  const input = text.replace(/^\uFEFF/, "");
  const overlong = firstOverlongLine(input, CSV_MAX_LINE_CHARS);
  if (overlong !== null) {
    throw new SheetError(
      `Line ${overlong} is longer than ${CSV_MAX_LINE_CHARS.toLocaleString("en-US")} characters, more than ${SHEET_LIMITS.columns} columns of ${SHEET_LIMITS.cellChars.toLocaleString("en-US")} characters can hold.`,
    );
  }
  const lines: string[][] = [];
  let complete = true;
  Papa.parse<string[]>(input, {
    delimiter: "", // detect
    delimitersToGuess: [",", "\t", ";", "|"],
    skipEmptyLines: false,
    chunkSize: CHUNK_CHARS,
    step(result, parser) {
      if (lines.length === maxLines) {
        complete = false;
        return parser.abort();
      }
      // field-count differences are normal in hand-made sheets; broken quoting is not
      const broken = result.errors.find((error) => error.type === "Quotes");
      if (broken) throw new SheetError(`The CSV is malformed near line ${lines.length + 1}: ${broken.message}.`);
      if (result.data.length > SHEET_LIMITS.columns) throw tooManyColumns(result.data.length);
      lines.push(result.data);
    },
  });
  return { lines, complete };
}

export function parseCsvTable(text: string): SheetTable {
  const { lines, complete } = readCsvLines(text, CSV_MAX_LINES);
  if (!complete) {
    const cap = SHEET_LIMITS.rows.toLocaleString("en-US");
    throw new SheetError(`The sheet has more than ${cap} data lines; one import takes at most ${cap}. Split it into several files.`);
  }
  return tableFromCells(lines);
}
