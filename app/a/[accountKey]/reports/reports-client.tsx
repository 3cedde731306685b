"use client";
// The Reports page: the form (type, assets, range preset in the account's zone, period and options), the result
// (completeness, notes, charts, table with totals, downloads), the account's report jobs and the schedules. A report
// above the synchronous limit comes back as a job instead of a table: it appears under "Report jobs" with a progress
// bar and a download once it is done.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { ReportMeta, ReportRow } from "@/server/modules/reports/report-model";
import { describeError, useTRPC } from "../../../_components/trpc";
import { Alert } from "../../../_components/ui/alert";
import { PageHeader } from "../../../_components/ui/page-header";
import { ReportForm } from "./report-form";
import { ReportJobs } from "./report-jobs";
import type { ReportChoice } from "./report-labels";
import { ReportResult } from "./report-result";
import { ReportSchedules } from "./report-schedules";

export interface ShownReport {
  choice: ReportChoice;
  meta: ReportMeta;
  rows: ReportRow[];
  nextCursor: string | null;
}

export function ReportsClient({
  accountKey,
  timeZone,
  canManageSchedules,
  initialAssetId,
}: {
  accountKey: string;
  timeZone: string;
  canManageSchedules: boolean;
  initialAssetId: number | null;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<ShownReport | null>(null);
  const [queued, setQueued] = useState<string | null>(null);
  const run = useMutation(trpc.reports.run.mutationOptions());

  async function runReport(choice: ReportChoice, cursor: string | null = null) {
    setQueued(null);
    const result = await run.mutateAsync({ accountKey, ...choice, cursor });
    if (result.kind === "job") {
      setShown(null);
      setQueued("This report is too large to show here at once. It is being made as an XLSX file under “Report jobs” below.");
      await queryClient.invalidateQueries({ queryKey: trpc.reports.jobs.pathKey() });
      return;
    }
    const { page } = result;
    setShown((before) => ({
      choice,
      meta: page.meta,
      rows: cursor && before ? [...before.rows, ...page.data] : page.data,
      nextCursor: page.next_cursor,
    }));
  }

  return (
    <>
      <PageHeader
        title="Reports"
        description={`Trips, stops, activity, mileage, events, temperature and routes for your assets, in ${timeZone} time. Download them as PDF, XLSX or HTML, or have them mailed on a schedule.`}
      />
      <div className="space-y-6">
        <ReportForm
          accountKey={accountKey}
          timeZone={timeZone}
          initialAssetId={initialAssetId}
          busy={run.isPending}
          serverErrors={run.error ? describeError(run.error).fields : undefined}
          onRun={(choice) => runReport(choice).catch(() => undefined)}
        />
        {run.error ? <Alert>{describeError(run.error).message}</Alert> : null}
        {queued ? <Alert tone="info">{queued}</Alert> : null}
        {shown ? (
          <ReportResult
            accountKey={accountKey}
            report={shown}
            loadingMore={run.isPending}
            onLoadMore={() => runReport(shown.choice, shown.nextCursor).catch(() => undefined)}
          />
        ) : null}
        <ReportJobs accountKey={accountKey} />
        <ReportSchedules accountKey={accountKey} timeZone={timeZone} canManage={canManageSchedules} />
      </div>
    </>
  );
}
