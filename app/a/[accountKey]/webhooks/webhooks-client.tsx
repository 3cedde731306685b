"use client";
// Webhooks page: the account's webhooks with their events; add one (URL and events), after which its signing secret
// is shown once with a copy button; delete after confirming; "Send test" pings the receiver and opens its delivery
// log, which reads again until the test's attempt is in. The same rules as the REST API: the server's field errors
// appear under the fields.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import type { WebhookDto } from "@/server/modules/webhooks/webhooks.schema";
import { ACTIONS_COLUMN, DataTable, type Column } from "../../../_components/data-table";
import { FormDialog } from "../../../_components/form-dialog";
import { ListCard } from "../../../_components/list-card";
import { describeError, useTRPC } from "../../../_components/trpc";
import { DeleteDialog, useDeleteTarget } from "../../../_components/delete-dialog";
import { NoticeLine } from "../../../_components/notice-line";
import { useListNotice } from "../../../_components/use-list-notice";
import { Alert } from "../../../_components/ui/alert";
import { Badge } from "../../../_components/ui/badge";
import { Button } from "../../../_components/ui/button";
import { Dialog } from "../../../_components/ui/dialog";
import { EmptyState } from "../../../_components/ui/empty-state";
import { Field } from "../../../_components/ui/field";
import { FieldNote } from "../../../_components/ui/field-note";
import { PageHeader } from "../../../_components/ui/page-header";
import { SecretValue } from "../../../_components/ui/secret-value";
import { DeliveryLog } from "./delivery-log";
import { EVENT_LABELS, SUBSCRIBABLE_EVENTS } from "./webhook-event-labels";
import { useDates } from "../../../_components/ui/viewer-time-zone";

const COLUMNS: Column[] = [{ label: "Receiver" }, { label: "Events", className: "hidden md:table-cell" }, { label: "Added", className: "hidden lg:table-cell" }, ACTIONS_COLUMN];
/** how long the log keeps reading again for a test's attempt (the receiver has 5 s; the rest is margin) */
const TEST_WAIT_MS = 20_000;

export function WebhooksClient({ accountKey }: { accountKey: string }) {
  const dates = useDates();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const deleting = useDeleteTarget<WebhookDto>();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [awaiting, setAwaiting] = useState<{ webhookId: number; eventId: string } | null>(null);

  const webhooks = useQuery(trpc.webhooks.list.queryOptions({ accountKey }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
  const list = useListNotice(refresh);
  const rows = webhooks.data ?? [];
  const selected = rows.find((webhook) => webhook.id === selectedId) ?? null;

  const sendTest = useMutation(
    trpc.webhooks.sendTest.mutationOptions({
      onSuccess: (accepted, variables) => {
        setSelectedId(variables.webhookId);
        setAwaiting({ webhookId: variables.webhookId, eventId: accepted.event_id });
        list.setNotice({ tone: "success", text: "Test ping sent. Its delivery appears in the log below." });
      },
      onError: list.failed,
    }),
  );
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions({
      onSuccess: async (_, variables) => {
        if (selectedId === variables.webhookId) setSelectedId(null);
        await list.succeeded(`Deleted the webhook for ${deleting.target?.url ?? "that address"}.`, deleting.close);
      },
    }),
  );

  // a test whose attempt never shows (the server restarted meanwhile) stops the polling after a while
  useEffect(() => {
    if (!awaiting) return;
    const timer = setTimeout(() => setAwaiting(null), TEST_WAIT_MS);
    return () => clearTimeout(timer);
  }, [awaiting]);
  const arrived = useCallback(() => setAwaiting(null), []);

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Let your own systems hear about passenger-link activity as it happens: viewers joining a link, access requests and approvals, forms sent. Each event is one signed POST to your address, tried once; every attempt is logged here for 30 days."
        actions={<Button onClick={() => setAdding(true)}>Add webhook</Button>}
      />
      <NoticeLine notice={list.notice} />

      <ListCard
        query={webhooks}
        what="webhooks"
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title="No webhooks yet" action={<Button onClick={() => setAdding(true)}>Add webhook</Button>}>
            Add the address of a receiver in your system and choose the events it should get. Integrations can also
            register webhooks with an API key (see the developer documentation).
          </EmptyState>
        }
      >
        <DataTable caption="Webhooks" columns={COLUMNS}>
          {rows.map((webhook) => (
            <tr key={webhook.id} aria-current={webhook.id === selectedId ? "true" : undefined} className={webhook.id === selectedId ? "bg-blue-50/60" : undefined}>
              <td className="min-w-48 px-4 py-3">
                <span className="block break-all font-mono text-xs text-slate-900">{webhook.url}</span>
                <span className="block text-xs text-slate-500 md:hidden">{webhook.events.map((event) => EVENT_LABELS[event].label).join(", ")}</span>
              </td>
              <td className="hidden px-4 py-3 md:table-cell">
                <div className="flex flex-wrap gap-1">
                  {webhook.events.map((event) => (
                    <Badge key={event} tone="blue">
                      {EVENT_LABELS[event].label}
                    </Badge>
                  ))}
                </div>
              </td>
              <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 lg:table-cell">{dates.dateTime(webhook.created_at)}</td>
              <td className="px-4 py-3">
                <div className="flex flex-wrap justify-end gap-1">
                  <Button variant="ghost" aria-label={`Delivery log of ${webhook.url}`} onClick={() => setSelectedId(webhook.id)}>
                    Delivery log
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={`Send test to ${webhook.url}`}
                    busy={sendTest.isPending && sendTest.variables?.webhookId === webhook.id}
                    onClick={() => {
                      list.setNotice(null);
                      sendTest.mutate({ accountKey, webhookId: webhook.id });
                    }}
                  >
                    Send test
                  </Button>
                  <Button
                    variant="danger-ghost"
                    aria-label={`Delete webhook ${webhook.url}`}
                    onClick={() => deleting.choose(webhook, remove)}
                  >
                    Delete
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      </ListCard>

      {selected ? (
        <DeliveryLog
          key={selected.id}
          accountKey={accountKey}
          webhook={selected}
          awaitingEventId={awaiting?.webhookId === selected.id ? awaiting.eventId : null}
          onArrived={arrived}
        />
      ) : null}

      {adding ? (
        <AddWebhookDialog
          accountKey={accountKey}
          onClose={() => setAdding(false)}
          onCreated={async (webhook) => {
            setAdding(false);
            setCreated({ url: webhook.url, secret: webhook.secret });
            setSelectedId(webhook.id);
            await refresh();
          }}
        />
      ) : null}

      <Dialog
        open={created !== null}
        onClose={() => setCreated(null)}
        title="Webhook added"
        footer={<Button onClick={() => setCreated(null)}>I have saved it</Button>}
      >
        <Alert tone="warning">
          Copy the signing secret now: <strong>you will not see it again</strong>. Your receiver uses it to check that
          each delivery comes from us (the X-Service-Signature header). If it is lost, delete this webhook and add it
          again.
        </Alert>
        {created ? (
          <>
            <p className="break-all text-sm text-slate-700">
              Deliveries go to <span className="font-mono text-xs">{created.url}</span>
            </p>
            <SecretValue label="Signing secret" value={created.secret} />
          </>
        ) : null}
      </Dialog>

      <DeleteDialog
        target={deleting.target}
        title="Delete webhook?"
        confirmLabel="Delete"
        mutation={remove}
        onClose={deleting.close}
        onConfirm={(row) => remove.mutate({ accountKey, webhookId: row.id })}
      >
        <p className="break-all">
          <span className="font-mono text-xs">{deleting.target?.url}</span> stops receiving events at once, and its delivery
          log is deleted with it. This cannot be undone.
        </p>
      </DeleteDialog>
    </>
  );
}

function AddWebhookDialog({
  accountKey,
  onClose,
  onCreated,
}: {
  accountKey: string;
  onClose: () => void;
  onCreated: (webhook: WebhookDto & { secret: string }) => void | Promise<void>;
}) {
  const trpc = useTRPC();
  const create = useMutation(trpc.webhooks.create.mutationOptions());
  const failure = create.error ? describeError(create.error) : null;
  const eventsError = failure ? Object.entries(failure.fields).find(([field]) => field.startsWith("events"))?.[1] : undefined;

  return (
    <FormDialog
      title="Add webhook"
      submitLabel="Add webhook"
      busy={create.isPending}
      failure={failure}
      formClassName="space-y-4"
      onClose={onClose}
      onSubmit={async (form) => {
        const webhook = await create.mutateAsync({
          accountKey,
          body: { url: String(form.get("url") ?? "").trim(), events: form.getAll("events").map(String) },
        });
        await onCreated(webhook);
      }}
    >
      <Field
        label="Receiver URL"
        name="url"
        type="url"
        inputMode="url"
        placeholder="https://erp.example.com/hooks/fleetline"
        error={failure?.fields.url}
        hint="An https address of your system that answers within 5 seconds. Each event is tried once."
      />
      <fieldset aria-describedby={eventsError ? "webhook-events-note" : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-700">Events</legend>
        <div className="space-y-2">
          {SUBSCRIBABLE_EVENTS.map((event) => (
            <label key={event} className="flex items-start gap-2 text-sm">
              {/* every event ticked to start with: most receivers want them all, and unticking is one click */}
              <input type="checkbox" name="events" value={event} defaultChecked className="mt-0.5 h-4 w-4" />
              <span>
                <span className="font-medium text-slate-900">{EVENT_LABELS[event].label}</span>
                <span className="block text-slate-600">{EVENT_LABELS[event].description}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldNote id="webhook-events-note" error={eventsError} />
      </fieldset>
    </FormDialog>
  );
}
