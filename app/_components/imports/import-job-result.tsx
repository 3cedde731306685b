"use client";
// One import job's outcome: while it is pending (more than 500 rows), its progress, polled until it ends; then the
// counts and the left-out rows with their reasons, downloadable as CSV.
import { useQuery } from "@tanstack/react-query";
import { describeError, useTRPC } from "../trpc";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { useDates } from "../ui/viewer-time-zone";
import { Spinner } from "../ui/spinner";
import { ErrorsTable } from "./errors-table";
import { ImportStatsFigures } from "./import-stats";
import { SOURCE_LABELS, STATUS_LABELS, STATUS_TONES, TARGET_LABELS } from "./import-labels";

/** how often a pending job's progress is asked for */
const POLL_MS = 1_500;

export function ImportJobResult({
  accountKey,
  jobId,
  columnOf,
  rowLines,
}: {
  accountKey: string;
  jobId: number;
  columnOf?: (field: string) => string | undefined;
  rowLines?: readonly number[];
}) {
  const dates = useDates();
  const trpc = useTRPC();
  const job = useQuery({
    ...trpc.imports.job.queryOptions({ accountKey, id: jobId }),
    refetchInterval: (query) => (query.state.data?.status === "pending" ? POLL_MS : false),
  });
  if (job.isPending) return <Spinner label="Loading the import…" />;
  if (job.isError) return <Alert>{`Could not load the import: ${describeError(job.error).message}`}</Alert>;
  const data = job.data;
  const name = data.label ?? `import-${data.id}`;

  return (
    <div className="space-y-4">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <Badge tone={STATUS_TONES[data.status]}>{STATUS_LABELS[data.status]}</Badge>
        <span>
          {TARGET_LABELS[data.target]} · {data.rows.toLocaleString()} rows · {SOURCE_LABELS[data.source] ?? data.source}
          {data.label ? ` · ${data.label}` : ""} · started {dates.dateTime(data.created_at)} by {data.user.name}
          {data.finished_at ? ` · finished ${dates.dateTime(data.finished_at)}` : ""}
        </span>
      </p>
      {data.status === "pending" ? (
        <div>
          {data.progress ? (
            <>
              <progress
                className="h-3 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-blue-600"
                max={data.progress.items}
                value={data.progress.processed}
                aria-label="Import progress"
              />
              <p className="mt-1 text-sm text-slate-600" role="status">
                {data.progress.processed.toLocaleString()} of {data.progress.items.toLocaleString()} {TARGET_LABELS[data.target].toLowerCase()} processed…
              </p>
            </>
          ) : (
            <Spinner label="Waiting for the import to start…" />
          )}
        </div>
      ) : (
        <>
          <ImportStatsFigures stats={data.stats} />
          {data.errors.length > 0 ? (
            <ErrorsTable errors={data.errors} caption="Rows left out" fileName={`left-out-${name}.csv`} columnOf={columnOf} rowLines={rowLines} />
          ) : (
            <Alert tone="success">Every row was imported.</Alert>
          )}
        </>
      )}
    </div>
  );
}
