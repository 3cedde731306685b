// The left-out rows of an import as a CSV file the person downloads, to fix the sheet line by line.
import Papa from "papaparse";
import type { ImportRowError } from "@/server/modules/imports/imports.schema";

export function errorsCsv(errors: readonly ImportRowError[], rowLines?: readonly number[]): string {
  return Papa.unparse(
    errors.map((error) => ({
      row: error.row,
      ...(rowLines ? { sheet_line: rowLines[error.row - 1] ?? "" } : {}),
      field: error.field ?? "",
      reason: error.reason,
    })),
    { columns: ["row", ...(rowLines ? ["sheet_line"] : []), "field", "reason"] },
  );
}

export function downloadErrorsCsv(errors: readonly ImportRowError[], fileName: string, rowLines?: readonly number[]) {
  const url = URL.createObjectURL(new Blob([errorsCsv(errors, rowLines)], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
