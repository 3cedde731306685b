"use client";
// Connected spreadsheets: each with its address, target, last check, last error and latest import, "Check now"
// and "Remove". The server checks them every 30 minutes by itself.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { SpreadsheetCheck } from "@/server/modules/imports/spreadsheets/check-spreadsheet-source";
import { QueryList } from "../query-list";
import { describeError, useTRPC } from "../trpc";
import { DeleteDialog } from "../delete-dialog";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { EmptyState } from "../ui/empty-state";
import { useDates } from "../ui/viewer-time-zone";
import { ConnectSpreadsheetDialog } from "./connect-spreadsheet-dialog";
import { STATUS_LABELS, STATUS_TONES, TARGET_LABELS } from "./import-labels";

function describeCheck(check: SpreadsheetCheck): { tone: "success" | "info" | "error"; text: string } {
  if (check.outcome === "imported") return { tone: "success", text: "The sheet had changed: it is being imported (see the history)." };
  if (check.outcome === "unchanged") return { tone: "info", text: "Unchanged since the last import: nothing to import." };
  return { tone: "error", text: `The check failed: ${check.error}` };
}

export function SpreadsheetSources({ accountKey, connecting, onCloseConnect }: { accountKey: string; connecting: boolean; onCloseConnect: () => void }) {
  const dates = useDates();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sources = useQuery(trpc.imports.spreadsheets.queryOptions({ accountKey }));
  const [removing, setRemoving] = useState<{ id: number; url: string } | null>(null);
  const [checked, setChecked] = useState<{ id: number; check: SpreadsheetCheck } | null>(null);
  const check = useMutation(trpc.imports.checkSpreadsheet.mutationOptions());
  const remove = useMutation(trpc.imports.removeSpreadsheet.mutationOptions());
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.imports.spreadsheets.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.imports.jobs.pathKey() }),
    ]);

  async function checkNow(id: number) {
    setChecked(null);
    try {
      setChecked({ id, check: await check.mutateAsync({ accountKey, id }) });
    } catch (error) {
      setChecked({ id, check: { outcome: "error", error: describeError(error).message } });
    }
    await refresh();
  }

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync({ accountKey, id: removing.id });
      setRemoving(null);
      await refresh();
    } catch {
      // shown in the dialog
    }
  }

  const list = sources.data ?? [];
  return (
    <>
      <QueryList
        query={sources}
        what="connected spreadsheets"
        isEmpty={list.length === 0}
        empty={
          <EmptyState title="No connected spreadsheets">
            Connect a spreadsheet published as CSV: the server reads it every 30 minutes and imports it whenever it changed.
          </EmptyState>
        }
      >
        <ul className="divide-y divide-slate-100">
          {list.map((source) => {
            const shown = checked?.id === source.id ? describeCheck(checked.check) : null;
            return (
              <li key={source.id} className="flex flex-wrap items-start gap-3 py-3">
                <div className="min-w-0 flex-1 space-y-1 text-sm">
                  <p className="flex flex-wrap items-center gap-2">
                    <Badge tone="blue">{TARGET_LABELS[source.target]}</Badge>
                    <span className="break-all font-mono text-xs text-slate-700">{source.url}</span>
                  </p>
                  <p className="text-xs text-slate-500">
                    Connected by {source.user.name} · last checked {dates.dateTime(source.last_checked_at)} · next check {dates.dateTime(source.next_check_at)}
                  </p>
                  {source.last_job ? (
                    <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                      Last import {dates.dateTime(source.last_job.created_at)}: <Badge tone={STATUS_TONES[source.last_job.status]}>{STATUS_LABELS[source.last_job.status]}</Badge>
                      {source.last_job.stats.created} created · {source.last_job.stats.updated} updated · {source.last_job.stats.failed} left out
                    </p>
                  ) : null}
                  {source.last_error ? <p className="text-sm text-red-700">Last error: {source.last_error}</p> : null}
                  {shown ? <Alert tone={shown.tone}>{shown.text}</Alert> : null}
                </div>
                <div className="flex gap-1">
                  <Button variant="secondary" busy={check.isPending && check.variables?.id === source.id} onClick={() => void checkNow(source.id)}>
                    Check now
                  </Button>
                  <Button
                    variant="danger-ghost"
                    aria-label={`Remove ${source.url}`}
                    onClick={() => {
                      remove.reset();
                      setRemoving({ id: source.id, url: source.url });
                    }}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </QueryList>
      {connecting ? (
        <ConnectSpreadsheetDialog
          accountKey={accountKey}
          onClose={onCloseConnect}
          onConnected={() => {
            onCloseConnect();
            void refresh();
          }}
        />
      ) : null}
      <DeleteDialog
        target={removing}
        title="Remove this spreadsheet?"
        confirmLabel="Remove"
        mutation={remove}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      >
        It is not read again. What it imported stays, and its imports stay in the history.
      </DeleteDialog>
    </>
  );
}
