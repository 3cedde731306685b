"use client";
// The mapping step: every field of the target with the sheet column it is read from (guessed from the headers,
// changed here), the required ones marked, and the first line's value of the chosen column as a reminder. For
// routes the stop's fields are a group of their own: each line of the sheet is one stop.
import type { ImportTarget } from "@/server/modules/imports/imports.schema";
import type { ColumnMap } from "@/server/modules/imports/sheet/guess-column-map";
import { sheetFields, type SheetField } from "@/server/modules/imports/sheet/sheet-fields";
import type { SheetTable } from "@/server/modules/imports/sheet/sheet-table";
import { SelectField } from "../ui/select-field";

function sampleOf(table: SheetTable, header: string | undefined): string | null {
  if (!header) return null;
  const column = table.headers.indexOf(header);
  const line = table.rows.find((row) => row[column] !== null && row[column] !== undefined && String(row[column]).trim() !== "");
  return line ? String(line[column]).slice(0, 80) : null;
}

export function ColumnMapping({ target, table, value, onChange }: { target: ImportTarget; table: SheetTable; value: ColumnMap; onChange: (map: ColumnMap) => void }) {
  const fields = sheetFields(target);
  const options = [{ value: "", label: "— not in the sheet —" }, ...table.headers.map((header) => ({ value: header, label: header }))];
  const groups: Array<{ title: string | null; fields: SheetField[] }> =
    target === "routes"
      ? [
          { title: "Route (taken from the first of its lines that fills it)", fields: fields.filter((field) => !field.key.startsWith("stops.")) },
          { title: "Stop (one per line, in sheet order)", fields: fields.filter((field) => field.key.startsWith("stops.")) },
        ]
      : [{ title: null, fields }];

  return (
    <div className="space-y-5">
      {groups.map((group) => (
        <fieldset key={group.title ?? "fields"}>
          {group.title ? <legend className="mb-2 text-sm font-semibold text-slate-900">{group.title}</legend> : null}
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {group.fields.map((field) => {
              const sample = sampleOf(table, value[field.key]);
              return (
                <SelectField
                  key={field.key}
                  label={field.required ? `${field.label} (required)` : field.label}
                  options={options}
                  value={value[field.key] ?? ""}
                  error={field.required && !value[field.key] ? "Choose the column that holds it." : undefined}
                  hint={sample !== null ? `First value: ${sample}` : field.description}
                  onChange={(event) => {
                    const next = { ...value };
                    if (event.target.value) next[field.key] = event.target.value;
                    else delete next[field.key];
                    onChange(next);
                  }}
                />
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
