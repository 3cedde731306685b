"use client";
// The account's import jobs, newest first: when, who, from where, what, how many rows, status and counts. Each opens
// to its full result. While a job is in progress the list refreshes itself.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ACTIONS_COLUMN, DataTable } from "../data-table";
import { QueryList } from "../query-list";
import { useTRPC } from "../trpc";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { EmptyState } from "../ui/empty-state";
import { useDates } from "../ui/viewer-time-zone";
import { SOURCE_LABELS, STATUS_LABELS, STATUS_TONES, TARGET_LABELS } from "./import-labels";
import { ImportJobResult } from "./import-job-result";

const PAGE_SIZE = 25;
const REFRESH_WHILE_PENDING_MS = 3_000;

export function ImportHistory({ accountKey }: { accountKey: string }) {
  const dates = useDates();
  const trpc = useTRPC();
  const [opened, setOpened] = useState<{ id: number; label: string } | null>(null);
  const jobs = useInfiniteQuery({
    ...trpc.imports.jobs.infiniteQueryOptions({ accountKey, limit: PAGE_SIZE }, { getNextPageParam: (page) => page.next_cursor }),
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.data.some((job) => job.status === "pending")) ? REFRESH_WHILE_PENDING_MS : false),
  });
  const rows = jobs.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <>
      <QueryList
        query={jobs}
        what="imports"
        isEmpty={rows.length === 0}
        empty={<EmptyState title="No imports yet">Imports from this page, the REST API and connected spreadsheets are listed here.</EmptyState>}
      >
        <DataTable
          caption="Import history"
          columns={[
            { label: "When" },
            { label: "Who", className: "hidden md:table-cell" },
            { label: "Source" },
            { label: "Target", className: "hidden sm:table-cell" },
            { label: "Rows", className: "hidden text-right sm:table-cell" },
            { label: "Status" },
            { label: "Created · updated · left out", className: "hidden sm:table-cell" },
            ACTIONS_COLUMN,
          ]}
        >
          {rows.map((job) => {
            const name = job.label ?? `import ${job.id}`;
            return (
              <tr key={job.id}>
                <td className="px-4 py-2 text-slate-700 sm:whitespace-nowrap">{dates.dateTime(job.created_at)}</td>
                <td className="hidden px-4 py-2 text-slate-700 md:table-cell">{job.user.name}</td>
                <td className="px-4 py-2 text-slate-700">
                  {SOURCE_LABELS[job.source] ?? job.source}
                  {job.label ? <span className="block max-w-48 truncate text-xs text-slate-500">{job.label}</span> : null}
                  <span className="block text-xs text-slate-500 sm:hidden">
                    {TARGET_LABELS[job.target]} · {job.rows.toLocaleString()} rows
                  </span>
                </td>
                <td className="hidden px-4 py-2 text-slate-700 sm:table-cell">{TARGET_LABELS[job.target]}</td>
                <td className="hidden px-4 py-2 text-right tabular-nums text-slate-700 sm:table-cell">{job.rows.toLocaleString()}</td>
                <td className="px-4 py-2">
                  <Badge tone={STATUS_TONES[job.status]}>
                    {job.status === "pending" && job.progress ? `${STATUS_LABELS.pending} ${Math.floor((job.progress.processed / Math.max(1, job.progress.items)) * 100)}%` : STATUS_LABELS[job.status]}
                  </Badge>
                </td>
                <td className="hidden px-4 py-2 tabular-nums text-slate-700 sm:table-cell">
                  {job.stats.created} · {job.stats.updated} · {job.stats.failed}
                </td>
                <td className="px-4 py-2 text-right">
                  <Button variant="ghost" aria-label={`Open ${name}`} onClick={() => setOpened({ id: job.id, label: name })}>
                    Open
                  </Button>
                </td>
              </tr>
            );
          })}
        </DataTable>
      </QueryList>
      <Dialog open={opened !== null} onClose={() => setOpened(null)} title={opened ? `Import: ${opened.label}` : "Import"} wide>
        {opened ? <ImportJobResult accountKey={accountKey} jobId={opened.id} /> : null}
      </Dialog>
    </>
  );
}
