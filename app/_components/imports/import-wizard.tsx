"use client";
// The import itself, in four steps: the target and the sheet (a .csv or .xlsx file, or rows pasted from a
// spreadsheet), the column mapping, the preview (the server's dry run), and the result (with progress for large
// files). The sheet is read and mapped in the browser with the same code the server uses for connected
// spreadsheets; only the mapped rows are sent, through the same use case as the REST rows endpoint.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { IMPORT_TARGETS, type ImportTarget } from "@/server/modules/imports/imports.schema";
import type { ImportPreview } from "@/server/modules/imports/preview-import";
import { guessColumnMap, type ColumnMap } from "@/server/modules/imports/sheet/guess-column-map";
import { SHEET_LIMITS, SheetError, type SheetTable } from "@/server/modules/imports/sheet/sheet-table";
import { sheetToRows, type SheetRows } from "@/server/modules/imports/sheet/sheet-to-rows";
import { describeError, useTRPC } from "../trpc";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { SelectField } from "../ui/select-field";
import { Spinner } from "../ui/spinner";
import { TextAreaField } from "../ui/text-area-field";
import { ColumnMapping } from "./column-mapping";
import { TARGET_HINTS, TARGET_LABELS } from "./import-labels";
import { ImportJobResult } from "./import-job-result";
import { ImportPreviewStep } from "./import-preview";
import { readPastedRows, readSheetFile } from "./read-sheet-file";

type Step = "sheet" | "map" | "preview" | "result";

const STEPS: Array<{ step: Step; label: string }> = [
  { step: "sheet", label: "Sheet" },
  { step: "map", label: "Columns" },
  { step: "preview", label: "Preview" },
  { step: "result", label: "Result" },
];

const problem = (error: unknown) => (error instanceof SheetError ? error.message : describeError(error).message);

export function ImportWizard({ accountKey }: { accountKey: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const fileInputId = useId();
  const [step, setStep] = useState<Step>("sheet");
  const [target, setTarget] = useState<ImportTarget>("routes");
  const [sheet, setSheet] = useState<{ table: SheetTable; name: string } | null>(null);
  const [map, setMap] = useState<ColumnMap>({});
  const [pasted, setPasted] = useState("");
  const [reading, setReading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [mapped, setMapped] = useState<SheetRows | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const previewCall = useMutation(trpc.imports.preview.mutationOptions());
  const runCall = useMutation(trpc.imports.run.mutationOptions());

  function takeSheet(table: SheetTable, name: string) {
    setSheet({ table, name });
    setMap(guessColumnMap(target, table.headers));
    setFailure(null);
    setStep("map");
  }

  async function readFile(file: File | undefined) {
    if (!file) return;
    setReading(true);
    setFailure(null);
    try {
      takeSheet(await readSheetFile(file), file.name);
    } catch (error) {
      setFailure(problem(error));
    } finally {
      setReading(false);
    }
  }

  function readPaste() {
    try {
      takeSheet(readPastedRows(pasted), "Pasted rows");
    } catch (error) {
      setFailure(problem(error));
    }
  }

  function changeTarget(next: ImportTarget) {
    setTarget(next);
    if (sheet) setMap(guessColumnMap(next, sheet.table.headers));
    if (step !== "sheet") setStep("map");
    setFailure(null);
  }

  async function runPreview() {
    if (!sheet) return;
    setFailure(null);
    try {
      const rows = sheetToRows(target, sheet.table, map);
      setMapped(rows);
      setPreview(await previewCall.mutateAsync({ accountKey, target, rows: rows.rows }));
      setStep("preview");
    } catch (error) {
      setFailure(problem(error));
    }
  }

  async function runImport() {
    if (!sheet || !mapped) return;
    setFailure(null);
    try {
      const { result } = await runCall.mutateAsync({ accountKey, target, rows: mapped.rows, label: sheet.name });
      setJobId(result.id);
      setStep("result");
      await queryClient.invalidateQueries({ queryKey: trpc.imports.jobs.pathKey() });
    } catch (error) {
      setFailure(problem(error));
    }
  }

  function startOver() {
    setStep("sheet");
    setSheet(null);
    setMapped(null);
    setPreview(null);
    setJobId(null);
    setPasted("");
    setFailure(null);
  }

  const columnOf = (field: string) => map[field];
  const current = STEPS.findIndex((entry) => entry.step === step);

  return (
    <div className="space-y-5">
      <ol className="flex flex-wrap gap-2 text-sm" aria-label="Import steps">
        {STEPS.map((entry, index) => (
          <li
            key={entry.step}
            aria-current={index === current ? "step" : undefined}
            className={`rounded-full px-3 py-1 ${index === current ? "bg-blue-600 text-white" : index < current ? "bg-blue-50 text-blue-800" : "bg-slate-100 text-slate-500"}`}
          >
            {index + 1}. {entry.label}
          </li>
        ))}
      </ol>

      {step === "sheet" || step === "map" ? (
        <SelectField
          label="Import"
          className="max-w-sm"
          value={target}
          options={IMPORT_TARGETS.map((value) => ({ value, label: TARGET_LABELS[value] }))}
          hint={TARGET_HINTS[target]}
          onChange={(event) => changeTarget(event.target.value as ImportTarget)}
        />
      ) : null}

      {step === "sheet" ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <div>
            <label htmlFor={fileInputId} className="mb-1 block text-sm font-medium text-slate-700">
              Sheet file (.csv or .xlsx)
            </label>
            <input
              id={fileInputId}
              type="file"
              accept=".csv,.xlsx,.tsv,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(event) => {
                void readFile(event.target.files?.[0]);
                event.target.value = "";
              }}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-blue-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-blue-800 hover:file:bg-blue-100"
            />
            <p className="mt-1 text-xs text-slate-500">
              The first line names the columns. Up to {SHEET_LIMITS.bytes / 1024 / 1024} MiB and {SHEET_LIMITS.rows.toLocaleString()} lines; an Excel
              file&apos;s first sheet is read.
            </p>
            {reading ? <Spinner label="Reading the file…" /> : null}
          </div>
          <div className="space-y-2">
            <TextAreaField
              label="Or paste rows"
              rows={5}
              value={pasted}
              placeholder={"Route\tStop\tTime\n12\tOak Street\t07:20"}
              hint="Copied from a spreadsheet (tab-separated) or written as CSV, with the header line first."
              onChange={(event) => setPasted(event.target.value)}
            />
            <Button variant="secondary" disabled={pasted.trim() === ""} onClick={readPaste}>
              Use the pasted rows
            </Button>
          </div>
        </div>
      ) : null}

      {step === "map" && sheet ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            {sheet.name}: {sheet.table.rows.length.toLocaleString()} {sheet.table.rows.length === 1 ? "line" : "lines"}, {sheet.table.headers.length}{" "}
            columns. Choose the column each field is read from.
          </p>
          <ColumnMapping target={target} table={sheet.table} value={map} onChange={setMap} />
          {previewCall.isPending ? (
            <Spinner label="The server is trying every row without writing anything; large sheets take a while…" />
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={startOver}>
              Choose another sheet
            </Button>
            <Button busy={previewCall.isPending} onClick={() => void runPreview()}>
              Preview
            </Button>
          </div>
        </div>
      ) : null}

      {step === "preview" && sheet && preview && mapped ? (
        <ImportPreviewStep
          preview={preview}
          fileName={sheet.name}
          columnOf={columnOf}
          rowLines={mapped.rowLines}
          scattered={mapped.scattered}
          busy={runCall.isPending}
          failure={failure}
          onBack={() => setStep("map")}
          onImport={() => void runImport()}
        />
      ) : null}

      {step === "result" && jobId !== null ? (
        <div className="space-y-4">
          <ImportJobResult accountKey={accountKey} jobId={jobId} columnOf={columnOf} rowLines={mapped?.rowLines} />
          <div className="flex justify-end">
            <Button variant="secondary" onClick={startOver}>
              Start another import
            </Button>
          </div>
        </div>
      ) : null}

      {failure && step !== "preview" ? <Alert>{failure}</Alert> : null}
    </div>
  );
}
