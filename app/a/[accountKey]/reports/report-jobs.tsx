"use client";
// The account's report jobs (large reports and file downloads made in the background): status in words, a progress
// bar while one runs, the file's download once it is done (kept 24 hours), the reason when it failed. The list reads
// again every 1.5 s while a job is queued or running, and stops once none is.
import { useQuery } from "@tanstack/react-query";
import { ListCard } from "../../../_components/list-card";
import { useTRPC } from "../../../_components/trpc";
import { Badge } from "../../../_components/ui/badge";
import { EmptyState } from "../../../_components/ui/empty-state";
import { jobDownloadHref, TYPE_TEXT } from "./report-labels";
import { useDates } from "../../../_components/ui/viewer-time-zone";

const POLL_MS = 1_500;

const STATUS: Record<string, { label: string; tone: "slate" | "blue" | "green" | "red" }> = {
  queued: { label: "Queued", tone: "slate" },
  running: { label: "Running", tone: "blue" },
  done: { label: "Done", tone: "green" },
  failed: { label: "Failed", tone: "red" },
};

const active = (status: string) => status === "queued" || status === "running";

export function ReportJobs({ accountKey }: { accountKey: string }) {
  const dates = useDates();
  const trpc = useTRPC();
  const jobs = useQuery(
    trpc.reports.jobs.queryOptions(
      { accountKey },
      { refetchInterval: (query) => (query.state.data?.data.some((job) => active(job.status)) ? POLL_MS : false) },
    ),
  );
  const rows = jobs.data?.data ?? [];
  return (
    <ListCard
      title="Report jobs"
      query={jobs}
      what="report jobs"
      isEmpty={rows.length === 0}
      empty={<EmptyState title="No report jobs">Large reports and scheduled runs are made in the background and appear here.</EmptyState>}
    >
      <ul className="divide-y divide-slate-100" aria-label="Report jobs">
        {rows.map((job) => {
          const status = STATUS[job.status] ?? { label: job.status, tone: "slate" as const };
          const { done, total } = job.progress;
          const percent = total > 0 ? Math.round((done / total) * 100) : 0;
          const name = `${TYPE_TEXT[job.type as keyof typeof TYPE_TEXT]?.label ?? job.type} ${job.format.toUpperCase()}`;
          return (
            <li key={job.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="report-job">
              <div className="min-w-48 flex-1">
                <p className="text-sm font-medium text-slate-900">
                  {name} <Badge tone={status.tone}>{status.label}</Badge>
                </p>
                <p className="text-xs text-slate-500">
                  {dates.dateTime(job.from)} to {dates.dateTime(job.to)} · {job.asset_ids.length} asset{job.asset_ids.length === 1 ? "" : "s"} · asked {dates.dateTime(job.created_at)}
                </p>
                {job.status === "failed" ? (
                  <p role="alert" className="mt-1 text-sm text-red-700">
                    {job.error?.message || "The report could not be made."}
                  </p>
                ) : null}
              </div>
              {active(job.status) ? (
                <div className="w-48">
                  <div
                    role="progressbar"
                    aria-label={`Progress of ${name}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={percent}
                    className="h-2 overflow-hidden rounded-full bg-slate-200"
                  >
                    <div className="h-full bg-blue-600 transition-all" style={{ width: `${percent}%` }} />
                  </div>
                  <p className="mt-1 text-xs text-slate-500">{total > 0 ? `${done} of ${total}` : "Waiting to start"}</p>
                </div>
              ) : null}
              {job.status === "done" && job.file_url ? (
                <a href={jobDownloadHref(accountKey, job.id)} download className="text-sm font-medium text-blue-700 hover:underline">
                  Download {job.format.toUpperCase()}
                </a>
              ) : job.status === "done" ? (
                <span className="text-sm text-slate-500">File expired</span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </ListCard>
  );
}
