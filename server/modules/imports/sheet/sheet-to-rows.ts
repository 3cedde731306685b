// A mapped sheet into import rows, the same for an upload (in the browser) and a connected spreadsheet (on the
// server). Runs and passengers: one line, one row. Routes: the sheet is one line per stop; the lines with the same
// route number form one route (in the order its number first appears), their stop cells its stops in sheet order,
// and its own fields are taken from the first of its lines that fills them. Each line is then one row as the import
// counts them (a route counts one row per stop), so when a route's lines are next to each other, as in a sheet
// sorted by route, row n of the import is data line n of the sheet. `rowLines` maps every row back to its line for
// sheets where they are not.
import type { ImportTarget } from "../imports.schema";
import type { ColumnMap } from "./guess-column-map";
import { sheetFields, type SheetField } from "./sheet-fields";
import { isEmptyLine, SheetError, type SheetCell, type SheetTable } from "./sheet-table";

export interface SheetRows {
  rows: Record<string, unknown>[];
  /** rowLines[n - 1] is the sheet line (the header being line 1) of the import's row n */
  rowLines: number[];
  /** route numbers whose lines are not next to each other (grouped anyway; row numbers then differ from lines) */
  scattered: string[];
}

/** an Excel time cell read as a number is a fraction of a day: 0.3125 is 07:30 */
function dayFractionToClock(value: number): string {
  const minutes = Math.round(value * 24 * 60);
  return `${String(Math.floor(minutes / 60) % 24).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

function cellValue(field: SheetField, cell: SheetCell | undefined): SheetCell {
  if (cell === undefined || cell === null) return null;
  // a time written as 0 < x < 1 can only be a spreadsheet's day fraction (0 and whole numbers are minutes)
  if (typeof cell === "number" && (field.type === "clock_time" || field.type === "stop_time") && cell > 0 && cell < 1) return dayFractionToClock(cell);
  return cell;
}

/** the mapping checked against the sheet and the target: every required field mapped, every column present */
function resolveColumns(target: ImportTarget, table: SheetTable, map: ColumnMap): Array<{ field: SheetField; column: number }> {
  const fields = sheetFields(target);
  const unknown = Object.keys(map).filter((key) => map[key] && !fields.some((field) => field.key === key));
  if (unknown.length > 0) throw new SheetError(`${unknown.join(", ")} ${unknown.length === 1 ? "is not a field" : "are not fields"} of a ${target} import.`);
  const missing = fields.filter((field) => field.required && !map[field.key]);
  if (missing.length > 0) throw new SheetError(`Choose the column for ${missing.map((field) => field.label).join(", ")} (required).`);
  const columns: Array<{ field: SheetField; column: number }> = [];
  for (const field of fields) {
    const header = map[field.key];
    if (!header) continue;
    const column = table.headers.indexOf(header);
    if (column < 0) throw new SheetError(`The sheet has no column "${header}" (chosen for ${field.label}).`);
    columns.push({ field, column });
  }
  return columns;
}

export function sheetToRows(target: ImportTarget, table: SheetTable, map: ColumnMap): SheetRows {
  const columns = resolveColumns(target, table, map);
  const read = (line: SheetCell[], fields: typeof columns) => {
    const row: Record<string, SheetCell> = {};
    for (const { field, column } of fields) row[field.key.replace(/^stops\./, "")] = cellValue(field, line[column]);
    return row;
  };
  if (target !== "routes") {
    return { rows: table.rows.map((line) => read(line, columns)), rowLines: table.rows.map((_, index) => index + 2), scattered: [] };
  }

  const routeColumns = columns.filter(({ field }) => !field.key.startsWith("stops."));
  const stopColumns = columns.filter(({ field }) => field.key.startsWith("stops."));
  const numberColumn = columns.find(({ field }) => field.key === "route_number")!.column;
  // groups in order of first appearance; a line without a route number stays a row of its own (the import then
  // reports the missing number for it, or skips it when the whole line is blank)
  const groups: number[][] = [];
  const byNumber = new Map<string, number[]>();
  const scattered = new Set<string>();
  table.rows.forEach((line, index) => {
    const cell = line[numberColumn];
    const number = cell === null || cell === undefined ? "" : String(cell).trim();
    if (number === "") return void groups.push([index]);
    const group = byNumber.get(number);
    if (!group) {
      const fresh = [index];
      byNumber.set(number, fresh);
      groups.push(fresh);
    } else {
      if (group[group.length - 1] !== index - 1) scattered.add(number);
      group.push(index);
    }
  });

  const rows: Record<string, unknown>[] = [];
  const rowLines: number[] = [];
  for (const group of groups) {
    const lines = group.map((index) => table.rows[index]!);
    const route: Record<string, unknown> = {};
    for (const { field, column } of routeColumns) {
      const filled = lines.find((line) => !isEmptyLine([line[column] ?? null]));
      route[field.key] = cellValue(field, filled?.[column]);
    }
    // one line whose stop cells are all empty is a route without stops; otherwise every line is a stop (a line
    // without a stop name then leaves the route out with that line's row number, keeping the numbering)
    const stopless = lines.length === 1 && isEmptyLine(stopColumns.map(({ column }) => lines[0]![column] ?? null));
    if (stopColumns.length > 0 && !stopless) route.stops = lines.map((line) => read(line, stopColumns));
    rows.push(route);
    rowLines.push(...(stopless || stopColumns.length === 0 ? group.slice(0, 1) : group).map((index) => index + 2));
  }
  return { rows, rowLines, scattered: [...scattered] };
}
