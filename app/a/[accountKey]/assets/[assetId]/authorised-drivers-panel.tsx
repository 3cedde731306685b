"use client";
// The asset page's authorised drivers: the iButton keys the tracker should accept, whether the tracker holds them
// (sync state, and the list it enforces meanwhile), and for admins and fleet managers the list editor and the
// immobiliser switch. docs/vehicle-control.md "Authorised drivers".
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { SyncStateName } from "@/server/modules/authorised-drivers/authorised-drivers.schema";
import { describeError, useTRPC } from "../../../../_components/trpc";
import { Alert } from "../../../../_components/ui/alert";
import { Badge } from "../../../../_components/ui/badge";
import { Button } from "../../../../_components/ui/button";
import { Card } from "../../../../_components/ui/card";
import { useDates } from "../../../../_components/ui/viewer-time-zone";
import { Spinner } from "../../../../_components/ui/spinner";
import { TextAreaField } from "../../../../_components/ui/text-area-field";

const STATE_LABELS: Record<SyncStateName, { text: string; tone: "green" | "blue" | "amber" }> = {
  synced: { text: "On the vehicle", tone: "green" },
  syncing: { text: "Sending to the vehicle", tone: "blue" },
  out_of_sync: { text: "Not on the vehicle yet", tone: "amber" },
};

/** "01A2B3C4D5E6F708 Jonas Petraitis" per line -> the API's entries (blank lines skipped) */
function parseLines(text: string): { key_id: string; name?: string }[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => {
      const [keyId, ...name] = line.split(/\s+/);
      return name.length ? { key_id: keyId!, name: name.join(" ") } : { key_id: keyId! };
    });
}

/** "drivers.3.key_id" -> "Line 4" (the list is one entry per non-blank line) */
function describeField(field: string): string {
  const match = /^drivers\.(\d+)/.exec(field);
  return match ? `Line ${Number(match[1]) + 1}` : "List";
}

export function AuthorisedDriversPanel({ accountKey, assetId, canEdit }: { accountKey: string; assetId: number; canEdit: boolean }) {
  const dates = useDates();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = trpc.authorisedDrivers.get.queryOptions({ accountKey, assetId });
  const current = useQuery({
    ...options,
    // while the tracker has not confirmed, follow the sync closely
    refetchInterval: (query) => (query.state.data?.list.sync_state === "synced" ? 30_000 : 2_000),
  });
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<string[]>([]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: options.queryKey });

  const replace = useMutation(
    trpc.authorisedDrivers.replace.mutationOptions({
      onSuccess: async () => {
        setEditing(false);
        setErrors([]);
        await refresh();
      },
      onError: (error) => {
        const described = describeError(error);
        const fields = Object.entries(described.fields).map(([field, message]) => `${describeField(field)}: ${message}`);
        setErrors(fields.length ? fields : [described.message]);
      },
    }),
  );
  const immobiliser = useMutation(trpc.authorisedDrivers.setImmobiliser.mutationOptions({ onSuccess: refresh }));

  if (current.isPending) {
    return (
      <Card title="Authorised drivers">
        <Spinner label="Loading authorised drivers" />
      </Card>
    );
  }
  if (current.error) {
    return (
      <Card title="Authorised drivers">
        <Alert>{describeError(current.error).message}</Alert>
      </Card>
    );
  }
  const { list, status } = current.data;
  const label = STATE_LABELS[list.sync_state];
  const enforced = new Set(status.enforced.drivers?.map((driver) => driver.key_id) ?? []);
  const startEditing = () => {
    setText(list.drivers.map((driver) => [driver.key_id, driver.name].filter(Boolean).join(" ")).join("\n"));
    setErrors([]);
    setEditing(true);
  };

  return (
    <Card
      title="Authorised drivers"
      actions={
        <div className="flex items-center gap-2">
          <span data-testid="authorised-drivers-state">
            <Badge tone={label.tone}>{label.text}</Badge>
          </span>
          {canEdit && !editing ? (
            <Button variant="secondary" onClick={startEditing}>
              Edit list
            </Button>
          ) : null}
        </div>
      }
    >
      {list.sync_state !== "synced" ? (
        <div className="mb-4">
          <Alert tone="warning">
            Until the tracker confirms the change, the vehicle enforces its previous list
            {status.enforced.drivers ? ` (${status.enforced.drivers.length} keys)` : " (not read yet)"}.
            {status.last_error ? ` Last attempt: ${status.last_error.message}.` : ""}
            {status.next_attempt_at ? ` Next try ${dates.dateTime(status.next_attempt_at)}.` : ""}
          </Alert>
        </div>
      ) : null}

      {editing ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            replace.mutate({ accountKey, assetId, drivers: parseLines(text) });
          }}
        >
          <TextAreaField
            label="Keys, one per line"
            hint="The iButton key id (16 hex digits, as the tracker reports it), then optionally the driver's name."
            rows={6}
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="font-mono"
          />
          {errors.length ? (
            <div className="mt-2">
              <Alert>
                <ul>
                  {errors.map((error) => (
                    <li key={error}>{error}</li>
                  ))}
                </ul>
              </Alert>
            </div>
          ) : null}
          <div className="mt-3 flex gap-2">
            <Button type="submit" busy={replace.isPending}>
              Save and send to the vehicle
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : list.drivers.length === 0 ? (
        <p className="text-sm text-slate-600">
          No authorised drivers.{" "}
          {canEdit ? "Add the iButton keys of the drivers allowed to start this vehicle." : "An admin or fleet manager can add them."}
        </p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Authorised drivers</caption>
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              <th className="py-1 pr-4 font-medium">Key</th>
              <th className="py-1 pr-4 font-medium">Name</th>
              <th className="py-1 font-medium">On the vehicle</th>
            </tr>
          </thead>
          <tbody>
            {list.drivers.map((driver, index) => (
              // masked key ids (roles without vehicles.control) may repeat: the index keeps rows apart
              <tr key={`${index}:${driver.key_id}`} className="border-t border-slate-100">
                <td className="py-2 pr-4 font-mono">{driver.key_id}</td>
                <td className="py-2 pr-4">{driver.name ?? "—"}</td>
                <td className="py-2">{enforced.has(driver.key_id) ? "Yes" : "Not yet"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4 text-sm">
        <span>
          Immobiliser for authorised drivers: <strong>{list.immobiliser.enabled ? "on" : "off"}</strong>
          {status.enforced.immobiliser !== null && status.enforced.immobiliser !== list.immobiliser.enabled
            ? ` (the vehicle: ${status.enforced.immobiliser ? "on" : "off"})`
            : ""}
        </span>
        {canEdit ? (
          <Button
            variant="secondary"
            busy={immobiliser.isPending}
            disabled={!list.immobiliser.enabled && list.drivers.length === 0}
            onClick={() => immobiliser.mutate({ accountKey, assetId, enabled: !list.immobiliser.enabled })}
          >
            {list.immobiliser.enabled ? "Turn immobiliser off" : "Turn immobiliser on"}
          </Button>
        ) : null}
        {immobiliser.error ? <Alert>{describeError(immobiliser.error).message}</Alert> : null}
      </div>
    </Card>
  );
}
