"use client";
// The left-out rows of a preview or an import: row number (as the import counts rows, each stop counting), the
// sheet line when the page still has the sheet, the column at fault and the reason. Long lists show their first
// entries until asked; the whole list downloads as CSV.
import { useState } from "react";
import type { ImportRowError } from "@/server/modules/imports/imports.schema";
import { DataTable } from "../data-table";
import { Button } from "../ui/button";
import { downloadErrorsCsv } from "./errors-csv";

const SHOWN_FIRST = 50;

export function ErrorsTable({
  errors,
  caption,
  fileName,
  columnOf,
  rowLines,
}: {
  errors: readonly ImportRowError[];
  caption: string;
  fileName: string;
  /** the sheet's header for an error's field ("stops.lat" -> "Lat"), when known */
  columnOf?: (field: string) => string | undefined;
  /** the sheet line of each row (row n -> rowLines[n - 1]), when the page has the sheet */
  rowLines?: readonly number[];
}) {
  const [all, setAll] = useState(false);
  const shown = all ? errors : errors.slice(0, SHOWN_FIRST);
  return (
    <div className="space-y-3">
      <DataTable
        caption={caption}
        columns={[{ label: "Row" }, ...(rowLines ? [{ label: "Sheet line" }] : []), { label: "Field" }, { label: "Reason" }]}
      >
        {shown.map((error, index) => {
          const column = error.field ? columnOf?.(error.field) : undefined;
          return (
            <tr key={`${error.row}-${index}`} className="align-top">
              <td className="px-4 py-2 tabular-nums text-slate-900">{error.row}</td>
              {rowLines ? <td className="px-4 py-2 tabular-nums text-slate-600">{rowLines[error.row - 1] ?? "–"}</td> : null}
              <td className="px-4 py-2 text-slate-700">
                {error.field ? <code className="text-xs">{error.field}</code> : "–"}
                {column ? <span className="block text-xs text-slate-500">column “{column}”</span> : null}
              </td>
              <td className="px-4 py-2 text-slate-700">{error.reason}</td>
            </tr>
          );
        })}
      </DataTable>
      <div className="flex flex-wrap gap-2">
        {errors.length > SHOWN_FIRST ? (
          <Button variant="secondary" onClick={() => setAll(!all)}>
            {all ? `Show the first ${SHOWN_FIRST}` : `Show all ${errors.length.toLocaleString()}`}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => downloadErrorsCsv(errors, fileName, rowLines)}>
          Download left-out rows (CSV)
        </Button>
      </div>
    </div>
  );
}
