"use client";
// Alert rules: the list (type, what it watches, which assets, groups and tags, on or off), a dialog to add or change
// one with the fields of its type and who hears about it (notify-section.tsx), and delete after confirmation.
// Validation is the server's; errors appear under the fields.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { RULE_TYPE_LABELS, ruleSummary } from "@/server/modules/alerts/alert-labels";
import { DEFAULT_COOLDOWN_S, DEFAULT_DEVICE_ALARMS, RULE_LIMITS, type AlertRuleDto } from "@/server/modules/alerts/alerts.schema";
import { ALERT_RULE_TYPES, type AlertRuleType } from "@/server/modules/stream/channel-messages";
import { groupPaths } from "../../../../_components/fleet/group-tree";
import { ACTIONS_COLUMN, ActionsCell, DataTable, type Column } from "../../../../_components/data-table";
import { FormDialog } from "../../../../_components/form-dialog";
import { ListCard } from "../../../../_components/list-card";
import { describeError, useTRPC } from "../../../../_components/trpc";
import { DeleteDialog, useDeleteTarget } from "../../../../_components/delete-dialog";
import { NoticeLine } from "../../../../_components/notice-line";
import { useListNotice } from "../../../../_components/use-list-notice";
import { Alert } from "../../../../_components/ui/alert";
import { Badge } from "../../../../_components/ui/badge";
import { Button } from "../../../../_components/ui/button";
import { EditDeleteButtons } from "../../../../_components/ui/edit-delete-buttons";
import { EmptyState } from "../../../../_components/ui/empty-state";
import { Field } from "../../../../_components/ui/field";
import { PageHeader } from "../../../../_components/ui/page-header";
import { SelectField } from "../../../../_components/ui/select-field";
import { notifyBody, notifyDraft, notifyErrors } from "./notify-draft";
import { CHANNEL_LABELS } from "../notify-labels";
import { NotifySection } from "./notify-section";

const COLUMNS: Column[] = [{ label: "Name" }, { label: "Fires when" }, { label: "Assets", className: "hidden md:table-cell" }, { label: "State" }];

type Editing = { mode: "create" } | { mode: "edit"; rule: AlertRuleDto } | null;

const TRIGGER_OPTIONS: Partial<Record<AlertRuleType, { value: string; label: string }[]>> = {
  GEOFENCE: [
    { value: "both", label: "Entering and leaving" },
    { value: "enter", label: "Entering" },
    { value: "exit", label: "Leaving" },
  ],
  IGNITION: [
    { value: "both", label: "On and off" },
    { value: "on", label: "Switched on" },
    { value: "off", label: "Switched off" },
  ],
  CONNECTIVITY: [
    { value: "both", label: "Offline and back online" },
    { value: "offline", label: "Goes offline" },
    { value: "online", label: "Comes back online" },
  ],
};

export function RulesClient({ accountKey, canManage }: { accountKey: string; canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const rules = useQuery(trpc.alerts.rules.queryOptions({ accountKey, limit: 500 }));
  const geofences = useQuery(trpc.geofences.list.queryOptions({ accountKey, limit: 500 }));
  const assets = useQuery(trpc.assets.list.queryOptions({ accountKey, limit: 500 }));
  const groups = useQuery(trpc.assetGroups.list.queryOptions({ accountKey, limit: 500 }));
  const tags = useQuery(trpc.tags.list.queryOptions({ accountKey, limit: 500 }));
  const [editing, setEditing] = useState<Editing>(null);
  const deleting = useDeleteTarget<AlertRuleDto>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.alerts.rules.pathKey() });
  const list = useListNotice(refresh);

  const remove = useMutation(
    trpc.alerts.deleteRule.mutationOptions({
      onSuccess: () => list.succeeded(`Deleted ${deleting.target?.name ?? "the rule"}.`, deleting.close),
    }),
  );

  const geofenceNames = new Map((geofences.data?.data ?? []).map((g) => [g.id, g.name]));
  const assetNames = new Map((assets.data?.data ?? []).map((a) => [a.id, a.name]));
  const groupChoices = groupPaths(groups.data?.data ?? []);
  const groupNames = new Map(groupChoices.map((g) => [g.id, g.path]));
  const tagChoices = (tags.data?.data ?? []).map((t) => ({ id: t.id, path: t.name }));
  const tagNames = new Map(tagChoices.map((t) => [t.id, t.path]));
  // what a rule watches, in the list: its assets, groups and tags (ids no longer there, e.g. a deleted group, by number)
  const watched = (rule: AlertRuleDto) =>
    rule.asset_ids.length + rule.group_ids.length + rule.tag_ids.length === 0
      ? "All assets"
      : [
          ...rule.asset_ids.map((id) => assetNames.get(id) ?? `#${id}`),
          ...rule.group_ids.map((id) => `Group ${groupNames.get(id) ?? `#${id}`}`),
          ...rule.tag_ids.map((id) => `Tag ${tagNames.get(id) ?? `#${id}`}`),
        ].join(", ");
  const rows = rules.data?.data ?? [];
  const addButton = canManage ? <Button onClick={() => setEditing({ mode: "create" })}>Add rule</Button> : null;

  return (
    <>
      <nav className="mb-2 text-sm">
        <Link href={`/a/${accountKey}/alerts`} className="text-blue-700 hover:underline">
          ← Alerts
        </Link>
      </nav>
      <PageHeader
        title="Alert rules"
        description="Each rule watches every asset or the assets, groups and tags you choose, and fires an alert when its condition is met. Alerts appear on the Alerts page, in the REST API and on the live stream."
        actions={addButton}
      />
      <NoticeLine notice={list.notice} />
      <ListCard
        query={rules}
        what="rules"
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title="No alert rules yet" action={addButton}>
            {canManage ? "Add a rule, for example overspeed above 90 km/h or entering a geofence." : "An administrator or fleet manager can add rules."}
          </EmptyState>
        }
      >
        <DataTable caption="Alert rules" columns={canManage ? [...COLUMNS, ACTIONS_COLUMN] : COLUMNS}>
          {rows.map((rule) => (
            <tr key={rule.id} data-testid="rule-row">
              <td className="px-4 py-3">
                <span className="block font-medium text-slate-900">{rule.name}</span>
                <span className="block text-xs text-slate-500" data-testid="rule-notify">
                  {rule.notify ? `Notifies by ${rule.notify.channels.map((c) => CHANNEL_LABELS[c]).join(", ")}${rule.notify.critical ? ", critical" : ""}` : "Notifies nobody"}
                </span>
              </td>
              <td className="px-4 py-3 text-slate-700">
                <span className="block">{RULE_TYPE_LABELS[rule.type]}</span>
                <span className="block text-xs text-slate-500">
                  {ruleSummary(rule.type, rule.params as Record<string, unknown>, geofenceNames.get((rule.params as { geofence_id?: number }).geofence_id ?? 0))}
                  {rule.active_hours ? ` · only ${rule.active_hours.from}–${rule.active_hours.to}` : ""}
                </span>
              </td>
              <td className="hidden px-4 py-3 text-slate-700 md:table-cell" data-testid="rule-watches">
                {watched(rule)}
              </td>
              <td className="px-4 py-3">{rule.enabled ? <Badge tone="green">On</Badge> : <Badge>Off</Badge>}</td>
              {canManage ? (
                <ActionsCell>
                  <EditDeleteButtons
                    name={rule.name}
                    onEdit={() => setEditing({ mode: "edit", rule })}
                    onDelete={() => deleting.choose(rule, remove)}
                  />
                </ActionsCell>
              ) : null}
            </tr>
          ))}
        </DataTable>
      </ListCard>

      {editing ? (
        <RuleDialog
          accountKey={accountKey}
          editing={editing}
          geofences={(geofences.data?.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          assets={(assets.data?.data ?? []).map((a) => ({ id: a.id, path: a.name }))}
          groups={groupChoices}
          tags={tagChoices}
          onClose={() => setEditing(null)}
          onSaved={(message) => list.succeeded(message, () => setEditing(null))}
        />
      ) : null}

      <DeleteDialog
        target={deleting.target}
        title="Delete alert rule?"
        confirmLabel="Delete rule"
        mutation={remove}
        onClose={deleting.close}
        onConfirm={(row) => remove.mutate({ accountKey, ruleId: row.id })}
      >
        <p>
          <strong>{deleting.target?.name}</strong> stops firing. Alerts it already fired stay in the list.
        </p>
      </DeleteDialog>
    </>
  );
}

function RuleDialog({
  accountKey,
  editing,
  geofences,
  assets,
  groups,
  tags,
  onClose,
  onSaved,
}: {
  accountKey: string;
  editing: Exclude<Editing, null>;
  geofences: { value: string; label: string }[];
  assets: Choice[];
  /** by path, e.g. "North / Depot" */
  groups: Choice[];
  tags: Choice[];
  onClose: () => void;
  onSaved: (message: string) => void | Promise<void>;
}) {
  const trpc = useTRPC();
  const current = editing.mode === "edit" ? editing.rule : null;
  const params = (current?.params ?? {}) as Record<string, unknown>;
  const [type, setType] = useState<AlertRuleType>(current?.type ?? "OVERSPEED");
  const [allAssets, setAllAssets] = useState(!current || current.asset_ids.length + current.group_ids.length + current.tag_ids.length === 0);
  const create = useMutation(trpc.alerts.createRule.mutationOptions());
  const update = useMutation(trpc.alerts.updateRule.mutationOptions());
  const mutation = current ? update : create;
  const members = useQuery(trpc.alerts.members.queryOptions({ accountKey }));
  const [notify, setNotify] = useState(() => notifyDraft(current?.notify ?? null));
  // the block last sent, so an error about its third address can name the address
  const [sentNotify, setSentNotify] = useState<Record<string, unknown> | null>(null);
  const failure = mutation.error ? describeError(mutation.error) : null;
  const fieldError = (name: string) => failure?.fields[`params.${name}`];
  const same = current?.type === type;
  const initial = (name: string, fallback = "") => (same && params[name] !== undefined ? String(params[name]) : fallback);

  async function submit(form: FormData) {
    const text = (name: string) => String(form.get(name) ?? "").trim();
    // numbers are sent as typed; the server says what is wrong with them
    const number = (name: string) => (text(name) === "" ? undefined : Number(text(name)));
    const byType: Record<AlertRuleType, () => Record<string, unknown>> = {
      OVERSPEED: () => ({ speed_kmh: number("speed_kmh"), min_duration_s: number("min_duration_s") }),
      GEOFENCE: () => ({ geofence_id: number("geofence_id"), trigger: text("trigger") }),
      IGNITION: () => ({ trigger: text("trigger") }),
      IDLING: () => ({ idle_minutes: number("idle_minutes") }),
      LOW_VOLTAGE: () => ({ voltage_v: number("voltage_v"), min_duration_s: number("min_duration_s") }),
      DTC_DETECTED: () => ({}),
      // comma- or space-separated names; the server says which one is not an alarm name
      DEVICE_ALARM: () => ({ alarms: text("alarms").split(/[\s,]+/).filter((name) => name !== "") }),
      CONNECTIVITY: () => ({ silence_minutes: number("silence_minutes"), trigger: text("trigger") }),
    };
    const body = {
      name: text("name"),
      type,
      enabled: form.get("enabled") === "on",
      cooldown_s: number("cooldown_s"),
      // both empty: at any time; one of them empty is sent as it is, for the server to name the missing one
      ...(type === "CONNECTIVITY" || (text("active_from") === "" && text("active_to") === "")
        ? {}
        : { active_hours: { from: text("active_from"), to: text("active_to") } }),
      // only ids still offered are sent: a deleted group or tag the rule still names is dropped on save
      asset_ids: allAssets ? [] : form.getAll("asset_ids").map((id) => Number(id)),
      group_ids: allAssets ? [] : form.getAll("group_ids").map((id) => Number(id)),
      tag_ids: allAssets ? [] : form.getAll("tag_ids").map((id) => Number(id)),
      params: byType[type](),
      notify: notifyBody(notify),
    };
    setSentNotify(body.notify);
    if (current) await update.mutateAsync({ accountKey, ruleId: current.id, body });
    else await create.mutateAsync({ accountKey, body });
    await onSaved(`Saved ${body.name}.`);
  }

  return (
    <FormDialog
      title={current ? `Edit ${current.name}` : "Add alert rule"}
      submitLabel={current ? "Save changes" : "Add rule"}
      busy={mutation.isPending}
      failure={failure}
      wide
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Name" name="name" defaultValue={current?.name} error={failure?.fields.name} className="sm:col-span-2" placeholder="Speeding on the highway" />
      <SelectField
        label="Type"
        name="type"
        value={type}
        onChange={(e) => setType(e.target.value as AlertRuleType)}
        options={ALERT_RULE_TYPES.map((t) => ({ value: t, label: RULE_TYPE_LABELS[t] }))}
        error={failure?.fields.type}
        className="sm:col-span-2"
      />
      {type === "OVERSPEED" ? (
        <>
          <Field label="Speed limit (km/h)" name="speed_kmh" type="number" min={RULE_LIMITS.speedKmh.min} defaultValue={initial("speed_kmh", "90")} error={fieldError("speed_kmh")} />
          <Field label="For at least (s)" name="min_duration_s" type="number" min={0} defaultValue={initial("min_duration_s", "0")} error={fieldError("min_duration_s")} />
        </>
      ) : null}
      {type === "GEOFENCE" ? (
        geofences.length === 0 ? (
          <div className="sm:col-span-2">
            <Alert tone="warning">
              There are no geofences yet. <Link href={`/a/${accountKey}/geofences`} className="underline">Draw one on the map</Link> first.
            </Alert>
          </div>
        ) : (
          <SelectField label="Geofence" name="geofence_id" options={geofences} defaultValue={initial("geofence_id", geofences[0]?.value)} error={fieldError("geofence_id")} />
        )
      ) : null}
      {TRIGGER_OPTIONS[type] ? (
        <SelectField key={type} label="Fire on" name="trigger" options={TRIGGER_OPTIONS[type]!} defaultValue={initial("trigger", "both")} error={fieldError("trigger")} />
      ) : null}
      {type === "IDLING" ? (
        <Field label="Idling for (min)" name="idle_minutes" type="number" min={1} defaultValue={initial("idle_minutes", "10")} error={fieldError("idle_minutes")} />
      ) : null}
      {type === "LOW_VOLTAGE" ? (
        <>
          <Field label="Below (V)" name="voltage_v" type="number" step="0.1" defaultValue={initial("voltage_v", "11.8")} error={fieldError("voltage_v")} />
          <Field label="For at least (s)" name="min_duration_s" type="number" min={0} defaultValue={initial("min_duration_s", "0")} error={fieldError("min_duration_s")} />
        </>
      ) : null}
      {type === "CONNECTIVITY" ? (
        <Field
          label="Silent for (min)"
          name="silence_minutes"
          type="number"
          min={1}
          defaultValue={initial("silence_minutes", "30")}
          error={fieldError("silence_minutes")}
          hint="No record and no login for this long: offline"
        />
      ) : null}
      {type === "DEVICE_ALARM" ? (
        <Field
          label="Alarms"
          name="alarms"
          defaultValue={same && Array.isArray(params.alarms) ? params.alarms.join(", ") : DEFAULT_DEVICE_ALARMS.join(", ")}
          error={fieldError("alarms")}
          className="sm:col-span-2"
          hint="Alarms the tracker raises itself (GT06 and compatible), e.g. sos, power-cut, tamper"
        />
      ) : null}
      {type === "DTC_DETECTED" ? (
        <p className="text-sm text-slate-600 sm:col-span-2">Fires when the vehicle reports a trouble code it did not report before (OBD or CAN adapter).</p>
      ) : null}
      <Field
        label="Quiet time (s)"
        name="cooldown_s"
        type="number"
        min={0}
        defaultValue={String(current?.cooldown_s ?? DEFAULT_COOLDOWN_S)}
        error={failure?.fields.cooldown_s}
        hint="At most one alert per asset in this time"
      />
      {type === "CONNECTIVITY" ? null : (
        <>
          <Field
            label="Only from"
            name="active_from"
            type="time"
            defaultValue={current?.active_hours?.from ?? ""}
            error={failure?.fields["active_hours.from"] ?? failure?.fields.active_hours}
            hint="Leave both empty to alert at any time (account's time zone)"
          />
          <Field
            label="Until"
            name="active_to"
            type="time"
            defaultValue={current?.active_hours?.to ?? ""}
            error={failure?.fields["active_hours.to"]}
            hint="Earlier than “Only from” runs past midnight (22:00 until 06:00)"
          />
        </>
      )}
      <label className="flex items-center gap-2 self-center text-sm text-slate-700">
        <input type="checkbox" name="enabled" defaultChecked={current?.enabled ?? true} /> Enabled
      </label>
      <fieldset className="sm:col-span-2">
        <legend className="mb-1 block text-sm font-medium text-slate-700">Assets</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={allAssets} onChange={(e) => setAllAssets(e.target.checked)} /> All assets, including ones added later
        </label>
        {!allAssets ? (
          <>
            <p className="mt-2 text-xs text-slate-500">
              The rule watches the assets ticked, every asset in a group ticked (and its subgroups) and every asset with a tag ticked, as they are when a position arrives.
            </p>
            <div className="mt-2 grid gap-2 sm:grid-cols-3">
              <ChoiceList label="Assets" name="asset_ids" choices={assets} checked={current?.asset_ids} empty="No assets yet." />
              <ChoiceList label="Groups" name="group_ids" choices={groups} checked={current?.group_ids} empty="No groups yet." />
              <ChoiceList label="Tags" name="tag_ids" choices={tags} checked={current?.tag_ids} empty="No tags yet." />
            </div>
          </>
        ) : null}
        {(["asset_ids", "group_ids", "tag_ids"] as const).map((field) =>
          failure?.fields[field] ? (
            <p key={field} className="mt-1 text-sm text-red-600">
              {failure.fields[field]}
            </p>
          ) : null,
        )}
      </fieldset>
      <NotifySection draft={notify} onChange={setNotify} members={members.data ?? null} errors={notifyErrors(failure?.fields ?? {}, sentNotify)} />
    </FormDialog>
  );
}

interface Choice {
  id: number;
  path: string;
}

/** a titled list of checkboxes named `name` (several values), those in `checked` ticked at first */
function ChoiceList({ label, name, choices, checked, empty }: { label: string; name: string; choices: Choice[]; checked?: number[]; empty: string }) {
  return (
    <div>
      <p className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <div className="max-h-40 space-y-1 overflow-y-auto rounded-md p-2 ring-1 ring-inset ring-slate-200">
        {choices.length === 0 ? <p className="text-sm text-slate-500">{empty}</p> : null}
        {choices.map((choice) => (
          <label key={choice.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={name} value={choice.id} defaultChecked={checked?.includes(choice.id)} /> {choice.path}
          </label>
        ))}
      </div>
    </div>
  );
}
