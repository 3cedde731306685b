"use client";
// Connecting a spreadsheet: its published CSV address and the target, a first read of its headers (by the server,
// through the same guard as every later check), the column mapping, then "Connect", which also runs the first
// import.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { IMPORT_TARGETS, type ImportTarget } from "@/server/modules/imports/imports.schema";
import type { ColumnMap } from "@/server/modules/imports/sheet/guess-column-map";
import type { SpreadsheetInspection } from "@/server/modules/imports/spreadsheets/inspect-spreadsheet";
import { describeError, useTRPC } from "../trpc";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field } from "../ui/field";
import { SelectField } from "../ui/select-field";
import { ColumnMapping } from "./column-mapping";
import { TARGET_HINTS, TARGET_LABELS } from "./import-labels";

export function ConnectSpreadsheetDialog({ accountKey, onClose, onConnected }: { accountKey: string; onClose: () => void; onConnected: () => void }) {
  const trpc = useTRPC();
  const [target, setTarget] = useState<ImportTarget>("routes");
  const [url, setUrl] = useState("");
  const [inspection, setInspection] = useState<SpreadsheetInspection | null>(null);
  const [map, setMap] = useState<ColumnMap>({});
  const inspect = useMutation(trpc.imports.inspectSpreadsheet.mutationOptions());
  const connect = useMutation(trpc.imports.connectSpreadsheet.mutationOptions());
  const failure = connect.error ? describeError(connect.error) : inspect.error ? describeError(inspect.error) : null;

  async function readHeaders() {
    connect.reset();
    try {
      const found = await inspect.mutateAsync({ accountKey, target, url });
      setInspection(found);
      setMap(found.guess);
    } catch {
      // shown below
    }
  }

  async function submit() {
    try {
      await connect.mutateAsync({ accountKey, body: { target, url, columnMap: map } });
      onConnected();
    } catch {
      // shown below
    }
  }

  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title="Connect a spreadsheet"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          {inspection ? (
            <Button busy={connect.isPending} onClick={() => void submit()}>
              Connect and import
            </Button>
          ) : (
            <Button busy={inspect.isPending} disabled={url.trim() === ""} onClick={() => void readHeaders()}>
              Read the columns
            </Button>
          )}
        </>
      }
    >
      <p className="text-sm text-slate-600">
        Publish the sheet to the web as CSV (in Google Sheets: File → Share → Publish to web → CSV) and paste its address. It is read every 30 minutes
        and imported whenever it changed.
      </p>
      <SelectField
        label="Import"
        value={target}
        options={IMPORT_TARGETS.map((value) => ({ value, label: TARGET_LABELS[value] }))}
        hint={TARGET_HINTS[target]}
        onChange={(event) => {
          const next = event.target.value as ImportTarget;
          setTarget(next);
          setInspection(null);
        }}
      />
      <Field
        label="Published CSV address"
        type="url"
        value={url}
        placeholder="https://docs.google.com/spreadsheets/d/e/…/pub?output=csv"
        error={failure?.fields.url}
        onChange={(event) => {
          setUrl(event.target.value);
          setInspection(null);
        }}
      />
      {inspection ? (
        <>
          <p className="text-sm text-slate-600">
            {inspection.lines.toLocaleString()} lines, {inspection.headers.length} columns. Choose the column each field is read from.
          </p>
          <ColumnMapping target={target} table={{ headers: inspection.headers, rows: inspection.sample }} value={map} onChange={setMap} />
        </>
      ) : null}
      {failure && !failure.fields.url ? <Alert>{failure.message}</Alert> : null}
    </Dialog>
  );
}
