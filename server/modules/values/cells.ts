// Cells as they arrive in an import row: text, a number (spreadsheets turn "12" into 12), a boolean or empty.
// Everything is read as trimmed text first; empty text and null are "not given".
export type Cell = string | number | boolean | null | undefined;

export function cellText(value: Cell): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === "" ? null : text;
}

/** a row whose every cell is empty (a spreadsheet's blank line): skipped, not an error */
export function isBlankRow(row: Record<string, unknown>): boolean {
  return Object.values(row).every((value) => (Array.isArray(value) ? value.length === 0 : cellText(value as Cell) === null));
}
