"use client";
// Scheduled reports: made daily, weekly or monthly at a local time of the account's zone and mailed as PDF or XLSX
// to a list of addresses (the previous day, ISO week or month: docs/reports.md "Scheduled reports"). Admins and fleet
// managers (reports.manage) add, edit, pause and delete them; everyone else reads the list. The body goes to the
// service's use case as the REST API takes it, so the form shows the same field errors.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { REPORT_TYPES, type ReportType } from "@/server/modules/reports/report-model";
import type { ReportScheduleBody, ReportScheduleDto } from "@/server/modules/reports/schedules/report-schedules.schema";
import { ACTIONS_COLUMN, ActionsCell, DataTable, type Column } from "../../../_components/data-table";
import { DeleteDialog, useDeleteTarget } from "../../../_components/delete-dialog";
import { FormDialog } from "../../../_components/form-dialog";
import { WEEKDAYS } from "../../../_components/links/link-labels";
import { ListCard } from "../../../_components/list-card";
import { NoticeLine } from "../../../_components/notice-line";
import { describeError, useTRPC } from "../../../_components/trpc";
import { useListNotice } from "../../../_components/use-list-notice";
import { Badge } from "../../../_components/ui/badge";
import { Button } from "../../../_components/ui/button";
import { EmptyState } from "../../../_components/ui/empty-state";
import { Field } from "../../../_components/ui/field";
import { SelectField } from "../../../_components/ui/select-field";
import { TextAreaField } from "../../../_components/ui/text-area-field";
import { AssetPicker, type AssetSelection } from "./asset-picker";
import { ReportAssetFilters, useDescribeAssetFilters, type ReportAssetFilterValue } from "./report-asset-filters";
import { TYPE_PERIODS, TYPE_TEXT } from "./report-labels";
import { useDates } from "../../../_components/ui/viewer-time-zone";

const FREQUENCIES = [
  { value: "daily", label: "Daily (the day before)" },
  { value: "weekly", label: "Weekly (the week before)" },
  { value: "monthly", label: "Monthly (the month before)" },
] as const;
type Frequency = ReportScheduleDto["frequency"];

/** the schedule as the list shows and the form edits it (the service's DTO) */
export type ScheduleView = ReportScheduleDto;

/** a schedule's settings as the body the service takes (updates replace the whole body) */
function bodyOf(schedule: ScheduleView, changes: Partial<ReportScheduleBody> = {}): Record<string, unknown> {
  return {
    name: schedule.name,
    type: schedule.type,
    asset_ids: schedule.asset_ids,
    group_id: schedule.group_id,
    tag_id: schedule.tag_id,
    frequency: schedule.frequency,
    weekday: schedule.weekday,
    day_of_month: schedule.day_of_month,
    time: schedule.time,
    format: schedule.format,
    period: schedule.period,
    options: schedule.options,
    recipients: schedule.recipients,
    enabled: schedule.enabled,
    ...changes,
  };
}

const COLUMNS: Column[] = [
  { label: "Schedule" },
  { label: "When", className: "hidden md:table-cell" },
  { label: "Recipients", className: "hidden lg:table-cell" },
  { label: "Next run", className: "hidden md:table-cell" },
  ACTIONS_COLUMN,
];

export function describeWhen(schedule: Pick<ScheduleView, "frequency" | "weekday" | "day_of_month" | "time">): string {
  if (schedule.frequency === "weekly") return `${WEEKDAYS[(schedule.weekday ?? 1) - 1]?.name ?? "Monday"}s at ${schedule.time}`;
  if (schedule.frequency === "monthly") return `Day ${schedule.day_of_month ?? 1} of each month at ${schedule.time}`;
  return `Every day at ${schedule.time}`;
}

export function ReportSchedules({ accountKey, timeZone, canManage }: { accountKey: string; timeZone: string; canManage: boolean }) {
  const dates = useDates();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const schedules = useQuery(trpc.reports.schedules.queryOptions({ accountKey }));
  const list = useListNotice(() => queryClient.invalidateQueries({ queryKey: trpc.reports.schedules.pathKey() }));
  const [editing, setEditing] = useState<ScheduleView | "new" | null>(null);
  const deleting = useDeleteTarget<ScheduleView>();
  const rows = schedules.data?.data ?? [];
  const describeFilters = useDescribeAssetFilters(accountKey);

  const toggle = useMutation(
    trpc.reports.updateSchedule.mutationOptions({
      onSuccess: (_, variables) => list.succeeded(variables.body.enabled ? "Schedule enabled." : "Schedule paused; it sends nothing until enabled."),
      onError: list.failed,
    }),
  );
  const remove = useMutation(
    trpc.reports.deleteSchedule.mutationOptions({
      onSuccess: () => list.succeeded(`Deleted the schedule “${deleting.target?.name ?? ""}”.`, deleting.close),
    }),
  );

  return (
    <>
      <NoticeLine notice={list.notice} />
      <ListCard
        title="Scheduled reports"
        actions={canManage ? <Button onClick={() => setEditing("new")}>Add schedule</Button> : null}
        query={schedules}
        what="schedules"
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title="No scheduled reports">
            {canManage
              ? "Have a report mailed every day, week or month as a PDF or XLSX attachment."
              : "Admins and fleet managers can have reports mailed on a schedule."}
          </EmptyState>
        }
      >
        <DataTable caption="Scheduled reports" columns={COLUMNS}>
          {rows.map((schedule) => (
            <tr key={schedule.id} data-testid="report-schedule">
              <td className="px-4 py-3">
                <span className="block font-medium text-slate-900">{schedule.name}</span>
                <span className="block text-xs text-slate-500">
                  {TYPE_TEXT[schedule.type]?.label ?? schedule.type} · {schedule.format.toUpperCase()} ·{" "}
                  {schedule.asset_ids === "all" ? "all assets" : `${schedule.asset_ids.length} asset${schedule.asset_ids.length === 1 ? "" : "s"}`}
                  {describeFilters(schedule) ? ` in ${describeFilters(schedule)}` : null}{" "}
                  {schedule.enabled ? null : <Badge tone="slate">Paused</Badge>}
                </span>
                {schedule.last_error ? <span className="block text-xs text-red-700">Last run failed: {schedule.last_error}</span> : null}
              </td>
              <td className="hidden px-4 py-3 text-slate-700 md:table-cell">{describeWhen(schedule)}</td>
              <td className="hidden px-4 py-3 text-slate-700 lg:table-cell">{schedule.recipients.join(", ")}</td>
              <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 md:table-cell">
                {schedule.enabled && schedule.next_run_at ? dates.dateTime(schedule.next_run_at) : "—"}
              </td>
              {canManage ? (
                <ActionsCell>
                  <Button
                    variant="ghost"
                    aria-label={`${schedule.enabled ? "Pause" : "Enable"} ${schedule.name}`}
                    busy={toggle.isPending && toggle.variables?.scheduleId === schedule.id}
                    onClick={() => toggle.mutate({ accountKey, scheduleId: schedule.id, body: bodyOf(schedule, { enabled: !schedule.enabled }) })}
                  >
                    {schedule.enabled ? "Pause" : "Enable"}
                  </Button>
                  <Button variant="ghost" aria-label={`Edit ${schedule.name}`} onClick={() => setEditing(schedule)}>
                    Edit
                  </Button>
                  <Button variant="danger-ghost" aria-label={`Delete ${schedule.name}`} onClick={() => deleting.choose(schedule, remove)}>
                    Delete
                  </Button>
                </ActionsCell>
              ) : (
                <td />
              )}
            </tr>
          ))}
        </DataTable>
      </ListCard>
      {editing ? (
        <ScheduleDialog
          accountKey={accountKey}
          timeZone={timeZone}
          schedule={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(text) => list.succeeded(text, () => setEditing(null))}
        />
      ) : null}
      <DeleteDialog
        target={deleting.target}
        title="Delete schedule"
        confirmLabel="Delete schedule"
        mutation={remove}
        onConfirm={(schedule) => remove.mutate({ accountKey, scheduleId: schedule.id })}
        onClose={deleting.close}
      >
        {deleting.target ? <>“{deleting.target.name}” stops being sent. Reports already mailed stay with their recipients.</> : null}
      </DeleteDialog>
    </>
  );
}

function ScheduleDialog({
  accountKey,
  timeZone,
  schedule,
  onClose,
  onSaved,
}: {
  accountKey: string;
  timeZone: string;
  schedule: ScheduleView | null;
  onClose: () => void;
  onSaved: (text: string) => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const [type, setType] = useState<ReportType>(schedule?.type ?? "activity");
  const [frequency, setFrequency] = useState<Frequency>(schedule?.frequency ?? "weekly");
  const [assets, setAssets] = useState<AssetSelection>(schedule?.asset_ids ?? "all");
  const [filters, setFilters] = useState<ReportAssetFilterValue>({
    groupId: schedule?.group_id ? String(schedule.group_id) : "",
    tagId: schedule?.tag_id ? String(schedule.tag_id) : "",
  });
  const create = useMutation(trpc.reports.createSchedule.mutationOptions());
  const update = useMutation(trpc.reports.updateSchedule.mutationOptions());
  const mutation = schedule ? update : create;
  const failure = mutation.error ? describeError(mutation.error) : null;
  const fieldError = (name: string) => failure?.fields[name] ?? failure?.fields[`body.${name}`];
  const periods = TYPE_PERIODS[type];

  async function submit(form: FormData) {
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const body: Record<string, unknown> = {
      name: text("name"),
      type,
      asset_ids: assets,
      group_id: filters.groupId ? Number(filters.groupId) : null,
      tag_id: filters.tagId ? Number(filters.tagId) : null,
      frequency,
      weekday: frequency === "weekly" ? Number(text("weekday")) : null,
      day_of_month: frequency === "monthly" ? Number(text("day_of_month")) : null,
      time: text("time"),
      format: text("format"),
      period: periods ? text("period") : null,
      recipients: text("recipients").split(/[\s,;]+/).filter(Boolean),
      options: schedule?.type === type ? schedule.options : null,
      enabled: schedule?.enabled ?? true,
    };
    if (schedule) {
      await update.mutateAsync({ accountKey, scheduleId: schedule.id, body });
      await onSaved(`Saved the schedule “${body.name}”.`);
    } else {
      await create.mutateAsync({ accountKey, body });
      await onSaved(`Added the schedule “${body.name}”.`);
    }
  }

  return (
    <FormDialog
      title={schedule ? "Edit schedule" : "Add schedule"}
      submitLabel={schedule ? "Save schedule" : "Add schedule"}
      busy={mutation.isPending}
      failure={failure}
      wide
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Name" name="name" defaultValue={schedule?.name ?? ""} error={fieldError("name")} className="sm:col-span-2" />
      <SelectField
        label="Report"
        value={type}
        onChange={(event) => setType(event.target.value as ReportType)}
        error={fieldError("type")}
        options={REPORT_TYPES.filter((value) => value !== "route").map((value) => ({ value, label: TYPE_TEXT[value].label }))}
      />
      {periods ? (
        <SelectField key={type} label="Period" name="period" defaultValue={schedule?.type === type ? (schedule.period ?? periods[0]!.value) : periods[0]!.value} error={fieldError("period")} options={periods} />
      ) : (
        <span className="hidden sm:block" />
      )}
      <SelectField label="Frequency" value={frequency} onChange={(event) => setFrequency(event.target.value as Frequency)} error={fieldError("frequency")} options={FREQUENCIES} />
      {frequency === "weekly" ? (
        <SelectField label="Weekday" name="weekday" defaultValue={String(schedule?.weekday ?? 1)} error={fieldError("weekday")} options={WEEKDAYS.map((day) => ({ value: String(day.day), label: day.name }))} />
      ) : frequency === "monthly" ? (
        <SelectField
          label="Day of month"
          name="day_of_month"
          defaultValue={String(schedule?.day_of_month ?? 1)}
          error={fieldError("day_of_month")}
          options={Array.from({ length: 28 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
        />
      ) : (
        <span className="hidden sm:block" />
      )}
      <Field label="Local time" name="time" type="time" defaultValue={schedule?.time ?? "07:00"} error={fieldError("time")} hint={`${timeZone} time`} />
      <SelectField
        label="Format"
        name="format"
        defaultValue={schedule?.format ?? "pdf"}
        error={fieldError("format")}
        options={[
          { value: "pdf", label: "PDF" },
          { value: "xlsx", label: "XLSX" },
        ]}
      />
      <TextAreaField
        label="Recipients"
        name="recipients"
        rows={2}
        defaultValue={schedule?.recipients.join(", ") ?? ""}
        error={fieldError("recipients") ?? fieldError("recipients.0")}
        hint="E-mail addresses, separated by commas or new lines."
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <AssetPicker accountKey={accountKey} value={assets} onChange={setAssets} error={fieldError("asset_ids")} />
      </div>
      <div className="sm:col-span-2">
        <ReportAssetFilters accountKey={accountKey} value={filters} onChange={setFilters} errors={{ groupId: fieldError("group_id"), tagId: fieldError("tag_id") }} />
      </div>
    </FormDialog>
  );
}
