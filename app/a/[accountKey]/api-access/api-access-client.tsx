"use client";
// API access: OAuth clients for the REST API and API keys for the import service and webhooks. A new secret is shown
// exactly once, in a dialog with a copy button; afterwards only its public part is listed. A client's name and
// scopes can be edited and its secret rotated (the new one shown once); rotating and revoking ask first.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { SCOPES } from "@/server/modules/oauth/scopes";
import { FormDialog } from "../../../_components/form-dialog";
import { QueryList } from "../../../_components/query-list";
import { ListCard } from "../../../_components/list-card";
import { describeError, useTRPC } from "../../../_components/trpc";
import { DeleteDialog } from "../../../_components/delete-dialog";
import { Alert } from "../../../_components/ui/alert";
import { Badge } from "../../../_components/ui/badge";
import { Button } from "../../../_components/ui/button";
import { ConfirmDialog } from "../../../_components/ui/confirm-dialog";
import { Dialog } from "../../../_components/ui/dialog";
import { EmptyState } from "../../../_components/ui/empty-state";
import { Field } from "../../../_components/ui/field";
import { useDates } from "../../../_components/ui/viewer-time-zone";
import { PageHeader } from "../../../_components/ui/page-header";
import { SecretValue } from "../../../_components/ui/secret-value";
import { SelectField } from "../../../_components/ui/select-field";

type Revoking = { kind: "client" | "key"; id: number; name: string } | null;
type Shown = { kind: "client"; clientId: string; clientSecret: string; rotated?: boolean } | { kind: "key"; apiKey: string } | null;
type EditedClient = { id: number; name: string; scopes: string[] };

export function ApiAccessClient({ accountKey, currentUserId }: { accountKey: string; currentUserId: number }) {
  const dates = useDates();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState<"client" | "key" | null>(null);
  const [shown, setShown] = useState<Shown>(null);
  const [revoking, setRevoking] = useState<Revoking>(null);
  const [editing, setEditing] = useState<EditedClient | null>(null);
  const [rotating, setRotating] = useState<{ id: number; name: string } | null>(null);

  const clients = useQuery(trpc.apiAccess.listClients.queryOptions({ accountKey }));
  const keys = useQuery(trpc.apiAccess.listKeys.queryOptions({ accountKey }));
  const clientRows = clients.data ?? [];
  const keyRows = keys.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.apiAccess.pathKey() });

  const revokeClient = useMutation(trpc.apiAccess.revokeClient.mutationOptions());
  const revokeKey = useMutation(trpc.apiAccess.revokeKey.mutationOptions());
  const revoke = revoking?.kind === "key" ? revokeKey : revokeClient;
  const rotateClient = useMutation(trpc.apiAccess.rotateClient.mutationOptions());

  async function confirmRotate() {
    if (!rotating) return;
    try {
      const rotated = await rotateClient.mutateAsync({ accountKey, id: rotating.id });
      setRotating(null);
      setShown({ kind: "client", clientId: rotated.clientId, clientSecret: rotated.clientSecret, rotated: true });
    } catch {
      // shown in the dialog
    }
  }

  async function confirmRevoke() {
    if (!revoking) return;
    try {
      if (revoking.kind === "client") await revokeClient.mutateAsync({ accountKey, id: revoking.id });
      else await revokeKey.mutateAsync({ accountKey, id: revoking.id });
      setRevoking(null);
      await refresh();
    } catch {
      // shown in the dialog
    }
  }

  return (
    <>
      <PageHeader
        title="API access"
        description="Credentials for your own systems. OAuth clients call the REST API (see /docs); API keys feed the import service and webhooks and act as the member they belong to."
      />

      <ListCard
        title="OAuth clients"
        actions={<Button onClick={() => setCreating("client")}>Create OAuth client</Button>}
        query={clients}
        what="clients"
        isEmpty={clientRows.length === 0}
        empty={
          <EmptyState title="No OAuth clients yet">
            Create one to call the REST API: exchange its client ID and secret at <code>POST /oauth/token</code> for a
            bearer token.
          </EmptyState>
        }
      >
        <ul className="divide-y divide-slate-100">
          {clientRows.map((client) => (
            <li key={client.id} className="flex flex-wrap items-start gap-3 py-3">
              <div className="min-w-0 flex-1 space-y-1 text-sm">
                <p className="font-medium text-slate-900">{client.name}</p>
                <p className="break-all font-mono text-xs text-slate-600">Client ID {client.clientId}</p>
                <div className="flex flex-wrap gap-1">
                  {client.scopes.map((scope) => (
                    <Badge key={scope} tone="blue">
                      {scope}
                    </Badge>
                  ))}
                </div>
                <p className="text-xs text-slate-500">
                  Acts as {client.user.name} · created {dates.dateTime(client.createdAt)} · last used {dates.dateTime(client.lastUsedAt)}
                </p>
              </div>
              <Button variant="secondary" aria-label={`Edit ${client.name}`} onClick={() => setEditing(client)}>
                Edit
              </Button>
              <Button
                variant="secondary"
                aria-label={`Rotate the secret of ${client.name}`}
                onClick={() => {
                  rotateClient.reset();
                  setRotating({ id: client.id, name: client.name });
                }}
              >
                Rotate secret
              </Button>
              <Button
                variant="danger-ghost"
                aria-label={`Revoke ${client.name}`}
                onClick={() => {
                  revokeClient.reset();
                  setRevoking({ kind: "client", id: client.id, name: client.name });
                }}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      </ListCard>

      <ListCard
        title="API keys"
        className="mt-6"
        actions={<Button onClick={() => setCreating("key")}>Create API key</Button>}
        query={keys}
        what="keys"
        isEmpty={keyRows.length === 0}
        empty={
          <EmptyState title="No API keys yet">
            Create one for the import service or webhook registration. A key acts as the member you choose, with their
            role.
          </EmptyState>
        }
      >
        <ul className="divide-y divide-slate-100">
          {keyRows.map((key) => (
            <li key={key.id} className="flex flex-wrap items-start gap-3 py-3">
              <div className="min-w-0 flex-1 space-y-1 text-sm">
                <p className="font-medium text-slate-900">{key.name}</p>
                <p className="break-all font-mono text-xs text-slate-600">{key.prefix}</p>
                <p className="text-xs text-slate-500">
                  Acts as {key.user.name} · created {dates.dateTime(key.createdAt)} · last used {dates.dateTime(key.lastUsedAt)}
                </p>
              </div>
              <Button
                variant="danger-ghost"
                aria-label={`Revoke ${key.name}`}
                onClick={() => {
                  revokeKey.reset();
                  setRevoking({ kind: "key", id: key.id, name: key.name });
                }}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      </ListCard>

      {creating === "client" ? (
        <ClientDialog
          accountKey={accountKey}
          onClose={() => setCreating(null)}
          onSaved={async (created) => {
            setCreating(null);
            if (created) setShown({ kind: "client", ...created });
            await refresh();
          }}
        />
      ) : null}
      {editing ? (
        <ClientDialog
          accountKey={accountKey}
          client={editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      ) : null}
      {creating === "key" ? (
        <CreateKeyDialog
          accountKey={accountKey}
          currentUserId={currentUserId}
          onClose={() => setCreating(null)}
          onCreated={async (apiKey) => {
            setCreating(null);
            setShown({ kind: "key", apiKey });
            await refresh();
          }}
        />
      ) : null}

      <Dialog
        open={shown !== null}
        onClose={() => setShown(null)}
        title={shown?.kind === "key" ? "Your new API key" : shown?.rotated ? "The client's new secret" : "Your new OAuth client"}
        footer={<Button onClick={() => setShown(null)}>I have saved it</Button>}
      >
        <Alert tone="warning">
          This is the only time the {shown?.kind === "key" ? "key" : "secret"} is shown. Copy it now and keep it
          somewhere safe; if it is lost, revoke it and create a new one.
        </Alert>
        {shown?.kind === "client" ? (
          <>
            <SecretValue label="Client ID" value={shown.clientId} />
            <SecretValue label="Client secret" value={shown.clientSecret} />
          </>
        ) : null}
        {shown?.kind === "key" ? <SecretValue label="API key" value={shown.apiKey} /> : null}
      </Dialog>

      <ConfirmDialog
        open={rotating !== null}
        title="Rotate the client secret?"
        confirmLabel="Rotate secret"
        busy={rotateClient.isPending}
        error={rotateClient.error ? describeError(rotateClient.error).message : null}
        onClose={() => setRotating(null)}
        onConfirm={confirmRotate}
      >
        <p>
          <strong>{rotating?.name}</strong> gets a new secret, shown once. The current secret stops working at once, and
          so does every token obtained with it: update your integration with the new secret. The client ID stays.
        </p>
      </ConfirmDialog>

      <DeleteDialog
        target={revoking}
        title={revoking?.kind === "key" ? "Revoke API key?" : "Revoke OAuth client?"}
        confirmLabel="Revoke"
        mutation={revoke}
        onClose={() => setRevoking(null)}
        onConfirm={() => void confirmRevoke()}
      >
        <p>
          <strong>{revoking?.name}</strong> stops working at once
          {revoking?.kind === "client" ? ", and so does every token issued to it" : ""}. This cannot be undone.
        </p>
      </DeleteDialog>
    </>
  );
}

/** Creates a client (its secret is then shown once) or, given `client`, edits its name and scopes. */
function ClientDialog({
  accountKey,
  client,
  onClose,
  onSaved,
}: {
  accountKey: string;
  client?: EditedClient;
  onClose: () => void;
  onSaved: (created: { clientId: string; clientSecret: string } | null) => void | Promise<void>;
}) {
  const trpc = useTRPC();
  const create = useMutation(trpc.apiAccess.createClient.mutationOptions());
  const update = useMutation(trpc.apiAccess.updateClient.mutationOptions());
  const save = client ? update : create;
  const failure = save.error ? describeError(save.error) : null;
  const scopeError = failure ? Object.entries(failure.fields).find(([field]) => field.startsWith("scopes"))?.[1] : undefined;

  async function submit(form: FormData) {
    const name = String(form.get("name") ?? "").trim();
    const scopes = form.getAll("scopes").map(String);
    if (client) {
      await update.mutateAsync({ accountKey, id: client.id, name, scopes });
      await onSaved(null);
    } else {
      const created = await create.mutateAsync({ accountKey, name: name || undefined, scopes });
      await onSaved({ clientId: created.clientId, clientSecret: created.clientSecret });
    }
  }

  return (
    <FormDialog
      title={client ? `Edit ${client.name}` : "Create OAuth client"}
      submitLabel={client ? "Save" : "Create client"}
      busy={save.isPending}
      failure={failure}
      formClassName="space-y-4"
      onSubmit={submit}
      onClose={onClose}
    >
      <Field
        label="Name"
        name="name"
        placeholder="ERP integration"
        defaultValue={client?.name}
        error={failure?.fields.name}
        hint="So you can tell your clients apart"
      />
      <fieldset aria-describedby={scopeError ? "scopes-error" : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-700">Scopes</legend>
        <div className="space-y-2">
          {SCOPES.map((scope) => (
            <label key={scope.name} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name="scopes"
                value={scope.name}
                defaultChecked={client ? client.scopes.includes(scope.name) : true}
                className="mt-0.5 h-4 w-4"
              />
              <span>
                <span className="font-mono text-slate-900">{scope.name}</span>
                <span className="block text-slate-600">{scope.description}</span>
              </span>
            </label>
          ))}
        </div>
        {scopeError ? (
          <p id="scopes-error" className="mt-1 text-sm text-red-600">
            {scopeError}
          </p>
        ) : null}
      </fieldset>
      {client ? (
        <p className="text-sm text-slate-600">
          A scope you remove ends at once, also for the tokens the client holds. A scope you add comes with the client&apos;s next token: the
          integration fetches a new one. Scopes added to Fleetline later are never given to existing clients by themselves.
        </p>
      ) : null}
    </FormDialog>
  );
}

function CreateKeyDialog({
  accountKey,
  currentUserId,
  onClose,
  onCreated,
}: {
  accountKey: string;
  currentUserId: number;
  onClose: () => void;
  onCreated: (apiKey: string) => void | Promise<void>;
}) {
  const trpc = useTRPC();
  const members = useQuery(trpc.apiAccess.members.queryOptions({ accountKey }));
  const create = useMutation(trpc.apiAccess.createKey.mutationOptions());
  const failure = create.error ? describeError(create.error) : null;

  async function submit(form: FormData) {
    const created = await create.mutateAsync({
      accountKey,
      userId: Number(form.get("userId")),
      name: String(form.get("name") ?? "").trim() || undefined,
    });
    await onCreated(created.apiKey);
  }

  return (
    <FormDialog
      title="Create API key"
      submitLabel="Create key"
      busy={create.isPending}
      submitDisabled={!members.data}
      failure={failure}
      formClassName="space-y-4"
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Name" name="name" placeholder="Route imports" error={failure?.fields.name} />
      <QueryList query={members} what="members" isEmpty={false} empty={null}>
        <SelectField
          label="Acts as"
          name="userId"
          defaultValue={String(currentUserId)}
          options={(members.data ?? []).map((member) => ({ value: String(member.id), label: `${member.name} (${member.email})` }))}
          error={failure?.fields.userId}
          hint="The key can do what this member's role allows (imports need admin, fleet manager or office staff)."
        />
      </QueryList>
    </FormDialog>
  );
}
