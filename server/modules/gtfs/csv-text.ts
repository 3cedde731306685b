// CSV as GTFS reads it (RFC 4180): a header line, then one line per row, CRLF line ends, UTF-8 without a byte order
// mark. A field is quoted when it holds a comma, a double quote (doubled inside), a line break or leading or trailing
// spaces (which some readers would trim); null and undefined are empty fields.
export type CsvValue = string | number | null | undefined;

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvText(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header.map(csvField).join(",")];
  for (const row of rows) lines.push(row.map(csvField).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
