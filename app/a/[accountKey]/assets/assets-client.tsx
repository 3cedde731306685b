"use client";
// Assets: list (paged), create and edit in a dialog (tracker IMEI, optional CAN adapter, brand and model), delete
// after confirmation. Field errors come from the server's validation, shown under each field.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { ADAPTER_DESCRIPTIONS, ADAPTER_KINDS } from "@/server/modules/assets/adapter-kinds";
import type { AssetDto } from "@/server/modules/assets/assets.schema";
import { describeError, useTRPC } from "../../../_components/trpc";
import { Alert, Badge, Button, Card, ConfirmDialog, Dialog, EditDeleteButtons, EmptyState, Field, PageHeader, SelectField, Spinner } from "../../../_components/ui";

const PAGE_SIZE = 50;

const ADAPTER_OPTIONS = [
  { value: "", label: "None" },
  ...ADAPTER_KINDS.map((kind) => ({ value: kind, label: ADAPTER_DESCRIPTIONS[kind] })),
];

type Editing = { mode: "create" } | { mode: "edit"; asset: AssetDto } | null;

export function AssetsClient({ accountKey, canWrite }: { accountKey: string; canWrite: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AssetDto | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const assets = useInfiniteQuery(
    trpc.assets.list.infiniteQueryOptions({ accountKey, limit: PAGE_SIZE }, { getNextPageParam: (page) => page.next_cursor }),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.assets.pathKey() });

  const remove = useMutation(
    trpc.assets.delete.mutationOptions({
      onSuccess: async () => {
        setNotice(`Deleted ${deleting?.name ?? "the asset"}.`);
        setDeleting(null);
        await refresh();
      },
    }),
  );

  const rows = assets.data?.pages.flatMap((page) => page.data) ?? [];
  const addButton = canWrite ? <Button onClick={() => setEditing({ mode: "create" })}>Add asset</Button> : null;

  return (
    <>
      <PageHeader
        title="Assets"
        description="Vehicles and equipment of this account. Each asset can carry one tracker, identified by its IMEI."
        actions={addButton}
      />
      {notice ? (
        <div className="mb-4">
          <Alert tone="success">{notice}</Alert>
        </div>
      ) : null}
      <Card>
        {assets.isPending ? (
          <Spinner label="Loading assets…" />
        ) : assets.isError ? (
          <Alert>Could not load the assets: {describeError(assets.error).message}</Alert>
        ) : rows.length === 0 ? (
          <EmptyState title="No assets yet" action={addButton}>
            {canWrite
              ? "Add a vehicle with the 15-digit IMEI of its tracker. Once the tracker reports to this server, its position shows up here and on the live map."
              : "Nobody has added vehicles yet. An administrator or fleet manager can add them."}
          </EmptyState>
        ) : (
          <div className="-mx-4 overflow-x-auto">
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">Assets</caption>
              <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">Name</th>
                  <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">Plate</th>
                  <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">Brand / model</th>
                  <th scope="col" className="px-4 py-2 font-medium">Tracker IMEI</th>
                  <th scope="col" className="hidden px-4 py-2 font-medium lg:table-cell">CAN adapter</th>
                  {canWrite ? <th scope="col" className="px-4 py-2 text-right font-medium"><span className="sr-only">Actions</span></th> : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((asset) => (
                  <tr key={asset.id}>
                    <td className="px-4 py-3 font-medium text-slate-900">
                      <Link href={`/a/${accountKey}/assets/${asset.id}`} className="text-blue-700 hover:underline">
                        {asset.name}
                      </Link>
                      {asset.plate ? <span className="block text-xs font-normal text-slate-500 sm:hidden">{asset.plate}</span> : null}
                    </td>
                    <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 sm:table-cell">{asset.plate ?? "—"}</td>
                    <td className="hidden px-4 py-3 text-slate-700 sm:table-cell">
                      {[asset.brand, asset.model].filter(Boolean).join(" ") || "—"}
                    </td>
                    <td className="px-4 py-3 font-mono text-slate-700">
                      {asset.tracker ? asset.tracker.imei : <Badge tone="amber">No tracker</Badge>}
                    </td>
                    <td className="hidden px-4 py-3 text-slate-700 lg:table-cell">{asset.tracker?.can_adapter ?? "—"}</td>
                    {canWrite ? (
                      <td className="whitespace-nowrap px-4 py-3 text-right">
                        <EditDeleteButtons
                          name={asset.name}
                          onEdit={() => setEditing({ mode: "edit", asset })}
                          onDelete={() => {
                            remove.reset();
                            setDeleting(asset);
                          }}
                        />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
            {assets.hasNextPage ? (
              <div className="mt-4 flex justify-center">
                <Button variant="secondary" busy={assets.isFetchingNextPage} onClick={() => assets.fetchNextPage()}>
                  Load more
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </Card>

      {editing ? (
        <AssetDialog
          accountKey={accountKey}
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={async (message) => {
            setEditing(null);
            setNotice(message);
            await refresh();
          }}
        />
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        title="Delete asset?"
        confirmLabel="Delete asset"
        busy={remove.isPending}
        error={remove.error ? describeError(remove.error).message : null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ accountKey, assetId: deleting.id })}
      >
        <p>
          <strong>{deleting?.name}</strong> and its tracker assignment will be removed. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}

function AssetDialog({
  accountKey,
  editing,
  onClose,
  onSaved,
}: {
  accountKey: string;
  editing: Exclude<Editing, null>;
  onClose: () => void;
  onSaved: (message: string) => void | Promise<void>;
}) {
  const trpc = useTRPC();
  const current = editing.mode === "edit" ? editing.asset : null;
  const create = useMutation(trpc.assets.create.mutationOptions());
  const update = useMutation(trpc.assets.update.mutationOptions());
  const mutation = current ? update : create;
  const failure = mutation.error ? describeError(mutation.error) : null;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    try {
      if (current) {
        // Emptied fields clear the value (an empty IMEI removes the tracker).
        await update.mutateAsync({
          accountKey,
          assetId: current.id,
          name: text("name"),
          plate: text("plate") || null,
          brand: text("brand") || null,
          model: text("model") || null,
          imei: text("imei") || null,
          adapter: text("adapter") || null,
        });
        await onSaved(`Saved ${text("name")}.`);
      } else {
        await create.mutateAsync({
          accountKey,
          name: text("name"),
          plate: text("plate") || undefined,
          brand: text("brand") || undefined,
          model: text("model") || undefined,
          imei: text("imei") || undefined,
          adapter: text("adapter") || undefined,
        });
        await onSaved(`Added ${text("name")}.`);
      }
    } catch {
      // shown from mutation.error
    }
  }

  const formId = "asset-form";
  return (
    <Dialog
      open
      onClose={onClose}
      title={current ? `Edit ${current.name}` : "Add asset"}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={mutation.isPending}>
            {current ? "Save changes" : "Add asset"}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Name" name="name" required defaultValue={current?.name} error={failure?.fields.name} className="sm:col-span-2" placeholder="Van 12" />
        <Field label="Plate" name="plate" defaultValue={current?.plate ?? ""} error={failure?.fields.plate} />
        <Field
          label="Tracker IMEI"
          name="imei"
          inputMode="numeric"
          defaultValue={current?.tracker?.imei ?? ""}
          error={failure?.fields.imei}
          hint={current ? "15 digits; empty removes the tracker" : "15 digits; optional"}
        />
        <Field label="Brand" name="brand" defaultValue={current?.brand ?? ""} error={failure?.fields.brand} />
        <Field label="Model" name="model" defaultValue={current?.model ?? ""} error={failure?.fields.model} />
        <SelectField
          label="CAN adapter"
          name="adapter"
          options={ADAPTER_OPTIONS}
          defaultValue={current?.tracker?.can_adapter ?? ""}
          error={failure?.fields.adapter}
          hint="The adapter fitted with the tracker, if any (decides vehicle control)"
          className="sm:col-span-2"
        />
      </form>
      {failure && Object.keys(failure.fields).length === 0 ? <Alert>{failure.message}</Alert> : null}
      {failure && Object.keys(failure.fields).length > 0 ? <Alert>Check the highlighted fields.</Alert> : null}
    </Dialog>
  );
}
