"use client";
// Assets: list (paged), create and edit in a dialog (tracker protocol and identifier, optional CAN adapter, brand and
// model), delete
// after confirmation. Field errors come from the server's validation, shown under each field.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { ADAPTER_DESCRIPTIONS, ADAPTER_KINDS } from "@/server/modules/assets/adapter-kinds";
import type { AssetDto, TrackerProtocol } from "@/server/modules/assets/assets.schema";
import { ACTIONS_COLUMN, ActionsCell, DataTable, type Column } from "../../../_components/data-table";
import { FormDialog } from "../../../_components/form-dialog";
import { ListCard } from "../../../_components/list-card";
import { describeError, useTRPC } from "../../../_components/trpc";
import { DeleteDialog, useDeleteTarget } from "../../../_components/delete-dialog";
import { NoticeLine } from "../../../_components/notice-line";
import { useListNotice } from "../../../_components/use-list-notice";
import { Badge } from "../../../_components/ui/badge";
import { Button } from "../../../_components/ui/button";
import { EditDeleteButtons } from "../../../_components/ui/edit-delete-buttons";
import { EmptyState } from "../../../_components/ui/empty-state";
import { Field } from "../../../_components/ui/field";
import { PageHeader } from "../../../_components/ui/page-header";
import { SelectField } from "../../../_components/ui/select-field";

const PAGE_SIZE = 50;

const ADAPTER_OPTIONS = [
  { value: "", label: "None" },
  ...ADAPTER_KINDS.map((kind) => ({ value: kind, label: ADAPTER_DESCRIPTIONS[kind] })),
];

/** what a tracker of each protocol is and which identifier it logs in with (docs/osmand.md for phones) */
const PROTOCOL_OPTIONS: ReadonlyArray<{ value: TrackerProtocol; label: string }> = [
  { value: "teltonika", label: "Teltonika (IMEI)" },
  { value: "gt06", label: "GT06 / Concox and compatible (IMEI)" },
  { value: "osmand", label: "Phone: Traccar Client or OsmAnd app (device id)" },
];

const COLUMNS: Column[] = [
  { label: "Name" },
  { label: "Plate", className: "hidden sm:table-cell" },
  { label: "Brand / model", className: "hidden sm:table-cell" },
  { label: "Tracker IMEI" },
  { label: "CAN adapter", className: "hidden lg:table-cell" },
];

type Editing = { mode: "create" } | { mode: "edit"; asset: AssetDto } | null;

export function AssetsClient({ accountKey, canWrite }: { accountKey: string; canWrite: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const deleting = useDeleteTarget<AssetDto>();

  const assets = useInfiniteQuery(
    trpc.assets.list.infiniteQueryOptions({ accountKey, limit: PAGE_SIZE }, { getNextPageParam: (page) => page.next_cursor }),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.assets.pathKey() });
  const list = useListNotice(refresh);

  const remove = useMutation(
    trpc.assets.delete.mutationOptions({
      onSuccess: () => list.succeeded(`Deleted ${deleting.target?.name ?? "the asset"}.`, deleting.close),
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
      <NoticeLine notice={list.notice} />
      <ListCard
        query={assets}
        what="assets"
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title="No assets yet" action={addButton}>
            {canWrite
              ? "Add a vehicle with the 15-digit IMEI of its tracker. Once the tracker reports to this server, its position shows up here and on the live map."
              : "Nobody has added vehicles yet. An administrator or fleet manager can add them."}
          </EmptyState>
        }
      >
        <DataTable caption="Assets" columns={canWrite ? [...COLUMNS, ACTIONS_COLUMN] : COLUMNS}>
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
                <ActionsCell>
                  <EditDeleteButtons
                    name={asset.name}
                    onEdit={() => setEditing({ mode: "edit", asset })}
                    onDelete={() => deleting.choose(asset, remove)}
                  />
                </ActionsCell>
              ) : null}
            </tr>
          ))}
        </DataTable>
      </ListCard>

      {editing ? (
        <AssetDialog
          accountKey={accountKey}
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => list.succeeded(message, () => setEditing(null))}
        />
      ) : null}

      <DeleteDialog
        target={deleting.target}
        title="Delete asset?"
        confirmLabel="Delete asset"
        mutation={remove}
        onClose={deleting.close}
        onConfirm={(row) => remove.mutate({ accountKey, assetId: row.id })}
      >
        <p>
          <strong>{deleting.target?.name}</strong> and its tracker assignment will be removed. This cannot be undone.
        </p>
      </DeleteDialog>
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

  async function submit(form: FormData) {
    const text = (name: string) => String(form.get(name) ?? "").trim();
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
        protocol: text("protocol") || undefined,
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
        protocol: text("protocol") || undefined,
        adapter: text("adapter") || undefined,
      });
      await onSaved(`Added ${text("name")}.`);
    }
  }

  return (
    <FormDialog
      title={current ? `Edit ${current.name}` : "Add asset"}
      submitLabel={current ? "Save changes" : "Add asset"}
      busy={mutation.isPending}
      failure={failure}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Name" name="name" required defaultValue={current?.name} error={failure?.fields.name} className="sm:col-span-2" placeholder="Van 12" />
      <Field label="Plate" name="plate" defaultValue={current?.plate ?? ""} error={failure?.fields.plate} />
      <SelectField
        label="Tracker protocol"
        name="protocol"
        options={PROTOCOL_OPTIONS}
        defaultValue={current?.tracker?.protocol ?? "teltonika"}
        error={failure?.fields.protocol}
      />
      <Field
        label="Tracker IMEI or device id"
        name="imei"
        defaultValue={current?.tracker?.imei ?? ""}
        error={failure?.fields.imei}
        hint={`IMEI: 15 digits; phone: the app's device identifier; ${current ? "empty removes the tracker" : "optional"}`}
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
    </FormDialog>
  );
}
