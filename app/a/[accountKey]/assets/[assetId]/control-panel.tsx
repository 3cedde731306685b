"use client";
// The asset page's vehicle control: only the actions the capabilities say may be sent now (spec rule 1), a
// confirmation before the engine block, the live state of each command, refusals in words, and the adapter's
// program-number provisioning step by step (docs/vehicle-control.md).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { CONTROL_ACTIONS, REFUSALS, type ControlAction, type RefusalReason } from "@/server/modules/vehicle-control/control-actions";
import { describeError, useTRPC } from "../../../../_components/trpc";
import { Alert } from "../../../../_components/ui/alert";
import { Badge } from "../../../../_components/ui/badge";
import { Button } from "../../../../_components/ui/button";
import { Card } from "../../../../_components/ui/card";
import { ConfirmDialog } from "../../../../_components/ui/confirm-dialog";
import { Field } from "../../../../_components/ui/field";
import { useDates } from "../../../../_components/ui/viewer-time-zone";
import { Spinner } from "../../../../_components/ui/spinner";

const ACTION_LABELS: Record<ControlAction, string> = {
  LOCK: "Lock",
  UNLOCK: "Unlock",
  TRUNK: "Open trunk",
  IMMOBILISE: "Block engine",
};

const LINE_LABELS: Record<string, string> = {
  ok: "Connected",
  no_commands: "Tracker takes no commands",
  no_adapter: "No CAN adapter",
  not_programmed: "Adapter not programmed",
  offline: "Tracker offline",
  stale: "Last report too old",
};

const STATE_LABELS: Record<string, { label: string; tone: "slate" | "blue" | "green" | "red" | "amber" }> = {
  delivered_awaiting_vehicle_confirmation: { label: "Awaiting vehicle", tone: "blue" },
  confirmed: { label: "Confirmed", tone: "green" },
  failed: { label: "Failed", tone: "red" },
  expired: { label: "No answer", tone: "amber" },
};

const PROVISIONING_STEPS: Record<string, string> = {
  requested: "Reading the adapter's information…",
  refused: "Refused: the adapter's software is not newer than the connection scheme. Update the adapter's software first.",
  written: "Program number written; reading it back…",
  verified: "Program number written and verified.",
  mismatch: "The adapter reports a different number than the one written.",
  failed: "The tracker did not answer; nothing was changed.",
};

export function ControlPanel({
  accountKey,
  assetId,
  canControl,
  canProvision,
}: {
  accountKey: string;
  assetId: number;
  canControl: boolean;
  canProvision: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<ControlAction | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const capabilities = useQuery(trpc.vehicleControl.capabilities.queryOptions({ accountKey, assetId }, { refetchInterval: 10_000 }));
  const commands = useQuery(
    trpc.vehicleControl.commands.queryOptions(
      { accountKey, assetId },
      {
        // live state: poll quickly while a command awaits its vehicle
        refetchInterval: (query) =>
          query.state.data?.some((c) => c.state === "delivered_awaiting_vehicle_confirmation") ? 1_000 : 15_000,
      },
    ),
  );
  const send = useMutation(
    trpc.vehicleControl.send.mutationOptions({
      onSuccess: (result) => {
        setConfirming(null);
        setRefusal(result.kind === "refused" ? result.message : null);
        void queryClient.invalidateQueries({ queryKey: trpc.vehicleControl.commands.queryKey({ accountKey, assetId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.vehicleControl.capabilities.queryKey({ accountKey, assetId }) });
      },
    }),
  );

  const caps = capabilities.data;
  const shown = caps ? CONTROL_ACTIONS.filter((action) => caps.actions[action]) : [];
  // why nothing (or not everything) can be sent, in words, without naming the hidden actions
  const why = caps ? [...new Set(Object.values(caps.reasons) as RefusalReason[])].map((reason) => REFUSALS[reason].message) : [];
  const trigger = (action: ControlAction) => {
    setRefusal(null);
    if (caps?.requires_confirmation.includes(action)) setConfirming(action);
    else send.mutate({ accountKey, assetId, action, confirm: false });
  };

  return (
    <Card title="Vehicle control">
      {capabilities.isPending ? (
        <Spinner label="Loading vehicle control" />
      ) : capabilities.error ? (
        <Alert>{describeError(capabilities.error).message}</Alert>
      ) : caps ? (
        <div className="space-y-4 text-sm">
          <p className="flex flex-wrap items-center gap-2 text-slate-700">
            <Badge tone={caps.line_status === "ok" ? "green" : "amber"}>{LINE_LABELS[caps.line_status] ?? caps.line_status}</Badge>
            <span>{caps.adapter ?? "no adapter"}</span>
            {caps.program_number ? <span>· program {caps.program_number}</span> : null}
            {caps.profile ? (
              <span>
                · {caps.profile.brand} {caps.profile.model}
                {caps.profile.variant ? ` ${caps.profile.variant}` : ""}
              </span>
            ) : null}
          </p>
          {canControl && shown.length > 0 ? (
            <div className="flex flex-wrap gap-2" role="group" aria-label="Vehicle actions">
              {shown.map((action) => (
                <Button
                  key={action}
                  variant={caps.requires_confirmation.includes(action) ? "danger" : "primary"}
                  busy={send.isPending && send.variables?.action === action && !confirming}
                  onClick={() => trigger(action)}
                >
                  {ACTION_LABELS[action]}
                </Button>
              ))}
            </div>
          ) : null}
          {why.length > 0 ? (
            <ul className="list-disc space-y-1 pl-5 text-slate-600" aria-label="Why some actions are not offered">
              {why.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
          {refusal ? <Alert tone="warning">{refusal}</Alert> : null}
          {send.error ? <Alert>{describeError(send.error).message}</Alert> : null}
          <CommandList commands={commands.data ?? []} />
          <Provisioning accountKey={accountKey} assetId={assetId} canProvision={canProvision} />
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? `${ACTION_LABELS[confirming]}?` : ""}
        confirmLabel={confirming ? ACTION_LABELS[confirming] : ""}
        busy={send.isPending}
        error={send.error ? describeError(send.error).message : null}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && send.mutate({ accountKey, assetId, action: confirming, confirm: true })}
      >
        The engine will not start until it is unblocked. The command is sent once and is not repeated.
      </ConfirmDialog>
    </Card>
  );
}

function CommandList({
  commands,
}: {
  commands: { id: number; action: string; state: string; sent_by: { name: string }; created_at: string; failure_reason: string | null }[];
}) {
  const dates = useDates();
  if (commands.length === 0) return null;
  return (
    <div>
      <h3 className="mb-1 font-medium text-slate-800">Recent commands</h3>
      <ul className="divide-y divide-slate-100" aria-label="Recent commands">
        {commands.map((command) => {
          const state = STATE_LABELS[command.state] ?? { label: command.state, tone: "slate" as const };
          return (
            <li key={command.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5" data-command-id={command.id}>
              <span>
                <span className="font-medium">{ACTION_LABELS[command.action as ControlAction] ?? command.action}</span>
                <span className="text-slate-500"> · {command.sent_by.name} · {dates.dateTime(command.created_at)}</span>
              </span>
              <Badge tone={state.tone}>{state.label}</Badge>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Provisioning({ accountKey, assetId, canProvision }: { accountKey: string; assetId: number; canProvision: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [number, setNumber] = useState("");
  const [schemeDate, setSchemeDate] = useState("");
  const provisioning = useQuery(trpc.vehicleControl.provisioning.queryOptions({ accountKey, assetId }, { retry: false }));
  const provision = useMutation(
    trpc.vehicleControl.provision.mutationOptions({
      onSettled: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.vehicleControl.provisioning.queryKey({ accountKey, assetId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.vehicleControl.capabilities.queryKey({ accountKey, assetId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.vehicleControl.commands.queryKey({ accountKey, assetId }) });
      },
    }),
  );
  const data = provisioning.data;
  if (!data) return null; // no adapter fitted: nothing to provision
  const error = provision.error ? describeError(provision.error) : null;
  return (
    <div className="border-t border-slate-100 pt-3">
      <h3 className="mb-1 font-medium text-slate-800">Adapter program number</h3>
      <p className="text-slate-600">
        {data.program_number ? `Set: ${data.program_number}` : "Not set: the adapter reads nothing until it has one."}
        {data.software_date ? ` · adapter software ${data.software_date}` : ""}
      </p>
      {data.state ? (
        <p className="mt-1 text-slate-600" aria-live="polite">
          {data.requested_program_number ? `Setting ${data.requested_program_number}: ` : ""}
          {PROVISIONING_STEPS[data.state] ?? data.state}
        </p>
      ) : null}
      {canProvision ? (
        <form
          className="mt-2 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            provision.mutate({ accountKey, assetId, program_number: Number(number), scheme_date: schemeDate });
          }}
        >
          <Field label="Program number" inputMode="numeric" value={number} onChange={(e) => setNumber(e.target.value)} error={error?.fields.program_number} />
          <Field label="Scheme date" type="date" value={schemeDate} onChange={(e) => setSchemeDate(e.target.value)} error={error?.fields.scheme_date} />
          <Button type="submit" variant="secondary" busy={provision.isPending}>
            Set remotely
          </Button>
        </form>
      ) : null}
      {error && Object.keys(error.fields).length === 0 ? <Alert>{error.message}</Alert> : null}
    </div>
  );
}
