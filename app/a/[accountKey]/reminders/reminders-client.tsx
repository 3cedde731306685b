"use client";
// The Reminders page: every service and renewal reminder in one list sorted by urgency (overdue first, then due soon
// by nearest date), overdue in red and due soon in amber, filtered by status and asset; a dialog logs a service
// (resetting the reminder), forms create and edit service reminders and renewals (of an asset or a driver), and a
// reminder can be snoozed until a date and woken again. An edit keeps the snooze and the watchers the form does not
// show (the save is a whole replacement). Fits 360 px: rows stack.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { ReminderItem } from "@/server/modules/reminders/list-reminders-by-urgency";
import { describeError, useTRPC } from "../../../_components/trpc";
import { Alert } from "../../../_components/ui/alert";
import { Button } from "../../../_components/ui/button";
import { Card } from "../../../_components/ui/card";
import { Dialog } from "../../../_components/ui/dialog";
import { EmptyState } from "../../../_components/ui/empty-state";
import { Field } from "../../../_components/ui/field";
import { PageHeader } from "../../../_components/ui/page-header";
import { SelectField } from "../../../_components/ui/select-field";
import { useViewerTimeZone } from "../../../_components/ui/viewer-time-zone";
import { localToday } from "../reports/report-range";

const STATUS_LABEL = { overdue: "Overdue", due_soon: "Due soon", ok: "OK", snoozed: "Snoozed" } as const;
const STATUS_STYLE = {
  overdue: "border-l-4 border-red-600 bg-red-50",
  due_soon: "border-l-4 border-amber-500 bg-amber-50",
  ok: "border-l-4 border-slate-200 bg-white",
  snoozed: "border-l-4 border-slate-300 bg-slate-50",
} as const;
/** a date input's "YYYY-MM-DD", `days` from today, in the viewer's zone (docs/dashboard.md "Times") */
const inDays = (days: number, timeZone: string) => localToday(new Date(Date.now() + days * 86_400_000), timeZone);
const num = (text: string) => (text.trim() === "" ? undefined : Number(text));

// start: where counting begins until a service is logged ("Last done on"; an edit keeps the stored start, so saving
// a changed interval does not re-count from today)
// kept: what an edit must send back unchanged (snooze, watchers), since the form does not show it
type Kept = { snoozedUntil: string | null; watcherIds: number[] };
const NOTHING_KEPT: Kept = { snoozedUntil: null, watcherIds: [] };
type ServiceForm = { id: number | null; assetId: string; task: string; everyKm: string; soonKm: string; everyHours: string; soonHours: string; every: string; unit: string; soon: string; lastDone: string; startOdometerKm: number | null; startHours: number | null; kept: Kept };
// of: whose renewal it is (an asset's registration, a driver's licence)
type RenewalForm = { id: number | null; of: "asset" | "driver"; assetId: string; driverId: string; kind: string; name: string; expiresOn: string; days: string; kept: Kept };
const NEW_SERVICE: ServiceForm = { id: null, assetId: "", task: "", everyKm: "", soonKm: "", everyHours: "", soonHours: "", every: "", unit: "month", soon: "", lastDone: "", startOdometerKm: null, startHours: null, kept: NOTHING_KEPT };
const NEW_RENEWAL: RenewalForm = { id: null, of: "asset", assetId: "", driverId: "", kind: "insurance", name: "", expiresOn: "", days: "30", kept: NOTHING_KEPT };
const KIND_LABEL = (kind: string) => kind[0]!.toUpperCase() + kind.slice(1);

/** the renewal form for a listed renewal (to edit it, or to renew it with a new date) */
function renewalForm(item: Extract<ReminderItem, { type: "renewal" }>): RenewalForm {
  const r = item.reminder;
  return {
    id: r.id,
    of: r.driver_id ? "driver" : "asset",
    assetId: String(r.asset_id ?? ""),
    driverId: String(r.driver_id ?? ""),
    kind: r.kind,
    name: r.name ?? "",
    expiresOn: r.expires_on,
    days: String(r.remind_days_before),
    kept: { snoozedUntil: r.snoozed_until, watcherIds: r.watcher_ids },
  };
}

function describeDue(item: ReminderItem): string {
  if (item.type === "renewal") {
    const r = item.reminder;
    return r.remaining_days < 0 ? `Expired ${-r.remaining_days} days ago (${r.expires_on})` : `Expires ${r.expires_on} (in ${r.remaining_days} days)`;
  }
  const parts: string[] = [];
  const d = item.reminder.due;
  if (d.distance) parts.push(d.distance.remaining_km === null ? `due at ${d.distance.due_km} km` : d.distance.remaining_km <= 0 ? `${-d.distance.remaining_km} km over` : `${d.distance.remaining_km} km left`);
  if (d.engine_hours) parts.push(d.engine_hours.remaining_hours === null ? `due at ${d.engine_hours.due_hours} h` : d.engine_hours.remaining_hours <= 0 ? `${-d.engine_hours.remaining_hours} h over` : `${d.engine_hours.remaining_hours} h left`);
  if (d.time) parts.push(d.time.remaining_days < 0 ? `${-d.time.remaining_days} days over (${d.time.due_on})` : `due ${d.time.due_on}`);
  if (item.reminder.forecast_on && item.status !== "overdue") parts.push(`forecast ${item.reminder.forecast_on}`);
  return parts.join(" · ");
}

export function RemindersClient({ accountKey, canManage }: { accountKey: string; canManage: boolean }) {
  const timeZone = useViewerTimeZone();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState("");
  const [assetId, setAssetId] = useState("");
  const list = useQuery(
    trpc.reminders.list.queryOptions({ accountKey, statuses: status ? [status as ReminderItem["status"]] : undefined, assetId: assetId ? Number(assetId) : undefined }),
  );
  const assets = useQuery(trpc.assets.list.queryOptions({ accountKey, limit: 500 }));
  const assetOptions = (assets.data?.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  const drivers = useQuery({ ...trpc.drivers.list.queryOptions({ accountKey, limit: 500 }), enabled: canManage });
  const driverOptions = (drivers.data?.data ?? []).map((d) => ({ value: String(d.id), label: d.name }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.reminders.pathKey() });

  const [service, setService] = useState<ServiceForm | null>(null);
  const [renewal, setRenewal] = useState<RenewalForm | null>(null);
  const [logging, setLogging] = useState<{ item: Extract<ReminderItem, { type: "service" }>; on: string; odometer: string; cost: string; notes: string } | null>(null);
  const [renewing, setRenewing] = useState<{ item: Extract<ReminderItem, { type: "renewal" }>; expiresOn: string } | null>(null);
  const [snoozing, setSnoozing] = useState<{ item: ReminderItem; until: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const saveService = useMutation(trpc.reminders.saveService.mutationOptions({ onSuccess: async () => (setService(null), setNotice("Service reminder saved."), await refresh()) }));
  const saveRenewal = useMutation(trpc.reminders.saveRenewal.mutationOptions({ onSuccess: async () => (setRenewal(null), setRenewing(null), setNotice("Renewal saved."), await refresh()) }));
  const logService = useMutation(trpc.reminders.logService.mutationOptions({ onSuccess: async () => (setLogging(null), setNotice("Service logged: the reminder starts again."), await refresh()) }));
  const snooze = useMutation(
    trpc.reminders.snooze.mutationOptions({
      onSuccess: async (reminder) => (setSnoozing(null), setNotice(reminder.snoozed_until ? `Snoozed until ${reminder.snoozed_until}.` : "Snooze ended."), await refresh()),
    }),
  );
  const error = saveService.error ?? saveRenewal.error ?? logService.error ?? snooze.error;
  const fields = error ? describeError(error).fields : {};

  const submitService = (form: ServiceForm) => {
    const body: Record<string, unknown> = { asset_id: Number(form.assetId), task: form.task };
    if (form.everyKm) body.distance = { every_km: num(form.everyKm), due_soon_km: num(form.soonKm) ?? null };
    if (form.everyHours) body.engine_hours = { every_hours: num(form.everyHours), due_soon_hours: num(form.soonHours) ?? null };
    if (form.every) body.time = { every: num(form.every), unit: form.unit, due_soon: num(form.soon) ?? null, due_soon_unit: "day" };
    if (form.lastDone || form.startOdometerKm !== null || form.startHours !== null) {
      body.start = { ...(form.lastDone ? { on: form.lastDone } : {}), odometer_km: form.startOdometerKm, engine_hours: form.startHours };
    }
    body.snoozed_until = form.kept.snoozedUntil;
    body.watcher_ids = form.kept.watcherIds;
    saveService.mutate({ accountKey, id: form.id, body });
  };
  const submitRenewal = (form: RenewalForm) =>
    saveRenewal.mutate({
      accountKey,
      id: form.id,
      body: {
        ...(form.of === "driver" ? { driver_id: Number(form.driverId) } : { asset_id: Number(form.assetId) }),
        kind: form.kind,
        name: form.kind === "custom" ? form.name : null,
        expires_on: form.expiresOn,
        remind_days_before: num(form.days) ?? 30,
        snoozed_until: form.kept.snoozedUntil,
        watcher_ids: form.kept.watcherIds,
      },
    });

  const items = list.data ?? [];
  return (
    <div className="space-y-4">
      <PageHeader
        title="Reminders"
        description="Services due by distance, engine hours or time, and renewals, most urgent first."
        actions={
          canManage ? (
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => setService({ ...NEW_SERVICE, assetId: assetOptions[0]?.value ?? "" })}>New service reminder</Button>
              <Button variant="secondary" onClick={() => setRenewal({ ...NEW_RENEWAL, assetId: assetOptions[0]?.value ?? "", driverId: driverOptions[0]?.value ?? "" })}>New renewal</Button>
            </div>
          ) : null
        }
      />
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {snooze.error && !snoozing ? <Alert tone="error">{describeError(snooze.error).message}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value)} options={[{ value: "", label: "Any status" }, ...Object.entries(STATUS_LABEL).map(([value, label]) => ({ value, label }))]} />
        <SelectField label="Asset" value={assetId} onChange={(e) => setAssetId(e.target.value)} options={[{ value: "", label: "Every asset" }, ...assetOptions]} />
      </div>
      {list.isError ? <Alert tone="error">{describeError(list.error).message}</Alert> : null}
      {list.isSuccess && items.length === 0 ? <EmptyState title="No reminders">Create a service reminder or a renewal to see it here.</EmptyState> : null}
      <ul className="space-y-2" aria-label="Reminders">
        {items.map((item) => (
          <li key={item.key} className={`rounded-md p-3 shadow-sm ${STATUS_STYLE[item.status]}`} data-status={item.status}>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {item.type === "service" ? item.reminder.task : item.reminder.kind === "custom" ? item.reminder.name : KIND_LABEL(item.reminder.kind)}
                  <span className="text-slate-600">
                    {" "}
                    · {item.type === "renewal" && item.reminder.driver_id ? `Driver ${item.assetName}` : item.assetName}
                  </span>
                </p>
                <p className="text-sm text-slate-700">
                  <span className="font-semibold">{item.status === "snoozed" && item.reminder.snoozed_until ? `Snoozed until ${item.reminder.snoozed_until}` : STATUS_LABEL[item.status]}</span> ·{" "}
                  {describeDue(item)}
                </p>
              </div>
              {canManage ? (
                <div className="flex flex-wrap gap-2">
                  {item.type === "service" ? (
                    <>
                      <Button variant="secondary" onClick={() => setLogging({ item, on: inDays(0, timeZone), odometer: item.reminder.due.distance?.current_km?.toString() ?? "", cost: "", notes: "" })}>
                        Log service
                      </Button>
                      <Button
                        variant="ghost"
                        onClick={() => {
                          const r = item.reminder;
                          setService({ id: r.id, assetId: String(r.asset_id), task: r.task, everyKm: r.distance?.every_km.toString() ?? "", soonKm: r.distance?.due_soon_km?.toString() ?? "", everyHours: r.engine_hours?.every_hours.toString() ?? "", soonHours: r.engine_hours?.due_soon_hours?.toString() ?? "", every: r.time?.every.toString() ?? "", unit: r.time?.unit ?? "month", soon: r.time?.due_soon?.toString() ?? "", lastDone: r.start.on, startOdometerKm: r.start.odometer_km, startHours: r.start.engine_hours, kept: { snoozedUntil: r.snoozed_until, watcherIds: r.watcher_ids } });
                        }}
                      >
                        Edit
                      </Button>
                    </>
                  ) : (
                    <>
                      <Button variant="secondary" onClick={() => setRenewing({ item, expiresOn: "" })}>
                        Renew
                      </Button>
                      <Button variant="ghost" onClick={() => setRenewal(renewalForm(item))}>
                        Edit
                      </Button>
                    </>
                  )}
                  {item.reminder.snoozed_until && item.status === "snoozed" ? (
                    <Button variant="ghost" busy={snooze.isPending && snooze.variables?.id === item.reminder.id && snooze.variables.type === item.type} onClick={() => (setNotice(null), snooze.mutate({ accountKey, type: item.type, id: item.reminder.id, until: null }))}>
                      End snooze
                    </Button>
                  ) : (
                    <Button variant="ghost" onClick={() => (snooze.reset(), setSnoozing({ item, until: inDays(7, timeZone) }))}>
                      Snooze
                    </Button>
                  )}
                </div>
              ) : null}
            </div>
          </li>
        ))}
      </ul>

      <Dialog
        open={service !== null}
        onClose={() => setService(null)}
        title={service?.id ? "Edit service reminder" : "New service reminder"}
        footer={<><Button variant="secondary" onClick={() => setService(null)}>Cancel</Button><Button busy={saveService.isPending} onClick={() => service && submitService(service)}>Save</Button></>}
      >
        {service ? (
          <>
            {saveService.error ? <Alert tone="error">{describeError(saveService.error).message}</Alert> : null}
            <SelectField label="Asset" value={service.assetId} onChange={(e) => setService({ ...service, assetId: e.target.value })} options={assetOptions} error={fields.asset_id} />
            <Field label="Task" value={service.task} onChange={(e) => setService({ ...service, task: e.target.value })} error={fields.task} placeholder="Oil change" />
            <div className="grid grid-cols-2 gap-3">
              <Field label="Every (km)" inputMode="decimal" value={service.everyKm} onChange={(e) => setService({ ...service, everyKm: e.target.value })} error={fields["distance.every_km"] ?? fields.distance} />
              <Field label="Due soon (km before)" inputMode="decimal" value={service.soonKm} onChange={(e) => setService({ ...service, soonKm: e.target.value })} />
              <Field label="Every (engine hours)" inputMode="decimal" value={service.everyHours} onChange={(e) => setService({ ...service, everyHours: e.target.value })} />
              <Field label="Due soon (hours before)" inputMode="decimal" value={service.soonHours} onChange={(e) => setService({ ...service, soonHours: e.target.value })} />
              <Field label="Every (time)" inputMode="numeric" value={service.every} onChange={(e) => setService({ ...service, every: e.target.value })} error={fields["time.every"]} />
              <SelectField label="Unit" value={service.unit} onChange={(e) => setService({ ...service, unit: e.target.value })} options={["day", "week", "month", "year"].map((u) => ({ value: u, label: `${u}s` }))} />
              <Field label="Due soon (days before)" inputMode="numeric" value={service.soon} onChange={(e) => setService({ ...service, soon: e.target.value })} />
            </div>
            <Field
              label="Last done on"
              type="date"
              value={service.lastDone}
              onChange={(e) => setService({ ...service, lastDone: e.target.value })}
              error={fields["start.on"]}
              hint="When this was last done, if before today: the first due date counts from it. Left empty: today."
            />
          </>
        ) : null}
      </Dialog>

      <Dialog
        open={logging !== null}
        onClose={() => setLogging(null)}
        title={logging ? `Log service: ${logging.item.reminder.task}` : "Log service"}
        footer={<><Button variant="secondary" onClick={() => setLogging(null)}>Cancel</Button><Button busy={logService.isPending} onClick={() => logging && logService.mutate({ accountKey, body: { asset_id: logging.item.reminder.asset_id, serviced_on: logging.on, odometer_km: num(logging.odometer), cost: num(logging.cost) ?? null, notes: logging.notes || null, reminder_ids: [logging.item.reminder.id] } })}>Log service</Button></>}
      >
        {logging ? (
          <>
            {logService.error ? <Alert tone="error">{describeError(logService.error).message}</Alert> : null}
            <Field label="Date" type="date" value={logging.on} onChange={(e) => setLogging({ ...logging, on: e.target.value })} error={fields.serviced_on} />
            <Field label="Odometer (km)" inputMode="decimal" value={logging.odometer} onChange={(e) => setLogging({ ...logging, odometer: e.target.value })} error={fields.odometer_km} hint="Left empty: the vehicle's latest reading." />
            <Field label="Cost" inputMode="decimal" value={logging.cost} onChange={(e) => setLogging({ ...logging, cost: e.target.value })} error={fields.cost} />
            <Field label="Notes" value={logging.notes} onChange={(e) => setLogging({ ...logging, notes: e.target.value })} />
          </>
        ) : null}
      </Dialog>

      <Dialog
        open={renewal !== null}
        onClose={() => setRenewal(null)}
        title={renewal?.id ? "Edit renewal" : "New renewal"}
        footer={<><Button variant="secondary" onClick={() => setRenewal(null)}>Cancel</Button><Button busy={saveRenewal.isPending} onClick={() => renewal && submitRenewal(renewal)}>Save</Button></>}
      >
        {renewal ? (
          <>
            {saveRenewal.error ? <Alert tone="error">{describeError(saveRenewal.error).message}</Alert> : null}
            <fieldset className="text-sm">
              <legend className="mb-1 font-medium text-slate-700">For</legend>
              <div className="flex flex-wrap gap-4">
                {(["asset", "driver"] as const).map((of) => (
                  <label key={of} className="inline-flex items-center gap-2">
                    <input type="radio" name="renewal-of" checked={renewal.of === of} onChange={() => setRenewal({ ...renewal, of })} /> {of === "asset" ? "An asset" : "A driver"}
                  </label>
                ))}
              </div>
            </fieldset>
            {renewal.of === "asset" ? (
              <SelectField label="Asset" value={renewal.assetId} onChange={(e) => setRenewal({ ...renewal, assetId: e.target.value })} options={assetOptions} error={fields.asset_id} />
            ) : (
              <SelectField
                label="Driver"
                value={renewal.driverId}
                onChange={(e) => setRenewal({ ...renewal, driverId: e.target.value })}
                options={driverOptions.length > 0 ? driverOptions : [{ value: "", label: "No drivers yet: add them on the Drivers page" }]}
                error={fields.driver_id}
              />
            )}
            <SelectField label="Kind" value={renewal.kind} onChange={(e) => setRenewal({ ...renewal, kind: e.target.value })} options={["registration", "insurance", "inspection", "licence", "custom"].map((k) => ({ value: k, label: KIND_LABEL(k) }))} />
            {renewal.kind === "custom" ? <Field label="Name" value={renewal.name} onChange={(e) => setRenewal({ ...renewal, name: e.target.value })} error={fields.name} /> : null}
            <Field label="Expires on" type="date" value={renewal.expiresOn} onChange={(e) => setRenewal({ ...renewal, expiresOn: e.target.value })} error={fields.expires_on} />
            <Field label="Remind days before" inputMode="numeric" value={renewal.days} onChange={(e) => setRenewal({ ...renewal, days: e.target.value })} error={fields.remind_days_before} />
          </>
        ) : null}
      </Dialog>

      <Dialog
        open={renewing !== null}
        onClose={() => setRenewing(null)}
        title="Renew"
        footer={<><Button variant="secondary" onClick={() => setRenewing(null)}>Cancel</Button><Button busy={saveRenewal.isPending} onClick={() => {
                if (!renewing) return;
                const form = renewalForm(renewing.item);
                // renewed: a new expiry date, so an old snooze no longer applies
                submitRenewal({ ...form, expiresOn: renewing.expiresOn, kept: { ...form.kept, snoozedUntil: null } });
              }}>Save</Button></>}
      >
        {renewing ? <Field label="New expiry date" type="date" value={renewing.expiresOn} onChange={(e) => setRenewing({ ...renewing, expiresOn: e.target.value })} error={fields.expires_on} /> : null}
      </Dialog>

      <Dialog
        open={snoozing !== null}
        onClose={() => setSnoozing(null)}
        title={snoozing ? `Snooze: ${snoozing.item.type === "service" ? snoozing.item.reminder.task : (snoozing.item.reminder.name ?? KIND_LABEL(snoozing.item.reminder.kind))}` : "Snooze"}
        footer={
          <>
            <Button variant="secondary" onClick={() => setSnoozing(null)}>
              Cancel
            </Button>
            <Button busy={snooze.isPending} onClick={() => snoozing && snooze.mutate({ accountKey, type: snoozing.item.type, id: snoozing.item.reminder.id, until: snoozing.until })}>
              Snooze
            </Button>
          </>
        }
      >
        {snoozing ? (
          <>
            {snooze.error && !fields.snoozed_until ? <Alert tone="error">{describeError(snooze.error).message}</Alert> : null}
            <Field
              label="Snooze until"
              type="date"
              min={inDays(1, timeZone)}
              value={snoozing.until}
              onChange={(e) => setSnoozing({ ...snoozing, until: e.target.value })}
              error={fields.snoozed_until}
              hint="Until then it shows as snoozed and sends no reminders; after that it counts as before."
            />
          </>
        ) : null}
      </Dialog>
    </div>
  );
}
