"use client";
// The preview step: what the import would do, computed by the server's dry run of the real importers. Counts, the
// rows that would be left out (with the reason), and what would be created or updated, then "Import".
import { useState } from "react";
import type { PreviewAction, ImportPreview } from "@/server/modules/imports/preview-import";
import { DataTable } from "../data-table";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ErrorsTable } from "./errors-table";
import { ImportStatsFigures } from "./import-stats";

const SHOWN_FIRST = 100;
const ACTION_BADGES: Partial<Record<PreviewAction, { label: string; tone: "green" | "blue" }>> = {
  created: { label: "New", tone: "green" },
  updated: { label: "Update", tone: "blue" },
};

export function ImportPreviewStep({
  preview,
  fileName,
  columnOf,
  rowLines,
  scattered,
  busy,
  failure,
  onBack,
  onImport,
}: {
  preview: ImportPreview;
  fileName: string;
  columnOf: (field: string) => string | undefined;
  rowLines: readonly number[];
  scattered: readonly string[];
  busy: boolean;
  failure: string | null;
  onBack: () => void;
  onImport: () => void;
}) {
  const [all, setAll] = useState(false);
  const changes = preview.items.filter((item) => item.action === "created" || item.action === "updated");
  const shown = all ? changes : changes.slice(0, SHOWN_FIRST);
  const importable = preview.stats.created + preview.stats.updated;
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">
        {preview.rows.toLocaleString()} {preview.rows === 1 ? "row" : "rows"} from {fileName}
        {preview.target === "routes" ? " (each stop counts as a row)" : ""}. Nothing has been written yet.
      </p>
      <ImportStatsFigures stats={preview.stats} future />
      {scattered.length > 0 ? (
        <Alert tone="warning">
          The lines of route {scattered.slice(0, 5).join(", ")}
          {scattered.length > 5 ? ` and ${scattered.length - 5} more` : ""} are not next to each other; they are imported together, so row
          numbers follow the grouped order. The sheet line of each row is shown beside it.
        </Alert>
      ) : null}

      {preview.errors.length > 0 ? (
        <section aria-labelledby="preview-left-out">
          <h3 id="preview-left-out" className="mb-2 text-sm font-semibold text-slate-900">
            Left out ({preview.errors.length.toLocaleString()})
          </h3>
          <ErrorsTable errors={preview.errors} caption="Rows that will be left out" fileName={`left-out-${fileName}.csv`} columnOf={columnOf} rowLines={rowLines} />
        </section>
      ) : null}

      {changes.length > 0 ? (
        <section aria-labelledby="preview-changes">
          <h3 id="preview-changes" className="mb-2 text-sm font-semibold text-slate-900">
            Created and updated ({changes.length.toLocaleString()})
          </h3>
          <DataTable caption="What the import will create and update" columns={[{ label: "Row" }, { label: "Item" }, { label: "Action" }]}>
            {shown.map((item) => (
              <tr key={item.row}>
                <td className="px-4 py-2 tabular-nums text-slate-600">{item.span > 1 ? `${item.row}–${item.row + item.span - 1}` : item.row}</td>
                <td className="px-4 py-2 text-slate-900">{item.label}</td>
                <td className="px-4 py-2">
                  <Badge tone={ACTION_BADGES[item.action]!.tone}>{ACTION_BADGES[item.action]!.label}</Badge>
                </td>
              </tr>
            ))}
          </DataTable>
          {changes.length > SHOWN_FIRST ? (
            <Button variant="secondary" className="mt-3" onClick={() => setAll(!all)}>
              {all ? `Show the first ${SHOWN_FIRST}` : `Show all ${changes.length.toLocaleString()}`}
            </Button>
          ) : null}
        </section>
      ) : null}

      {failure ? <Alert>{failure}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onBack}>
          Back to the mapping
        </Button>
        <Button busy={busy} disabled={importable === 0} onClick={onImport}>
          {importable === 0 ? "Nothing to import" : `Import ${preview.rows.toLocaleString()} ${preview.rows === 1 ? "row" : "rows"}`}
        </Button>
      </div>
    </div>
  );
}
