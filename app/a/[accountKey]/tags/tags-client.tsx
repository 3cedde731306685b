"use client";
// Tags: each with its colour swatch and how many vehicles and drivers carry it. Admins and fleet managers create and
// edit tags (name and a colour from the picker or one of the preset swatches) and delete them (vehicles and drivers
// only lose the label). Vehicles are tagged from the asset list, in bulk.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { DEFAULT_TAG_COLOR, type TagDto } from "@/server/modules/tags/tags.schema";
import { ACTIONS_COLUMN, ActionsCell, DataTable, type Column } from "../../../_components/data-table";
import { DeleteDialog, useDeleteTarget } from "../../../_components/delete-dialog";
import { TagChip } from "../../../_components/fleet/tag-chip";
import { FormDialog } from "../../../_components/form-dialog";
import { ListCard } from "../../../_components/list-card";
import { NoticeLine } from "../../../_components/notice-line";
import { plural } from "../../../_components/transport/transport-labels";
import { describeError, useTRPC } from "../../../_components/trpc";
import { useListNotice } from "../../../_components/use-list-notice";
import { Button } from "../../../_components/ui/button";
import { EditDeleteButtons } from "../../../_components/ui/edit-delete-buttons";
import { EmptyState } from "../../../_components/ui/empty-state";
import { Field } from "../../../_components/ui/field";
import { FieldFrame } from "../../../_components/ui/field-frame";
import { PageHeader } from "../../../_components/ui/page-header";

const PAGE_SIZE = 100;

/** quick choices beside the picker: distinct on a map and readable as a dot on white */
const PRESETS = ["#dc2626", "#ea580c", "#ca8a04", "#16a34a", "#0d9488", "#1e90ff", "#4f46e5", "#9333ea", "#db2777", DEFAULT_TAG_COLOR];

const COLUMNS: Column[] = [{ label: "Tag" }, { label: "Colour", className: "hidden sm:table-cell" }, { label: "Vehicles", className: "text-right" }, { label: "Drivers", className: "hidden text-right sm:table-cell" }];

type Editing = { mode: "create" } | { mode: "edit"; tag: TagDto } | null;

export function TagsClient({ accountKey, canWrite }: { accountKey: string; canWrite: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const deleting = useDeleteTarget<TagDto>();
  const tags = useInfiniteQuery(trpc.tags.list.infiniteQueryOptions({ accountKey, limit: PAGE_SIZE }, { getNextPageParam: (page) => page.next_cursor }));
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.tags.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.assets.pathKey() })]);
  const list = useListNotice(refresh);
  const remove = useMutation(
    trpc.tags.delete.mutationOptions({
      onSuccess: () => list.succeeded(`Deleted the tag ${deleting.target?.name ?? ""}.`, deleting.close),
    }),
  );

  const rows = tags.data?.pages.flatMap((page) => page.data) ?? [];
  const addButton = canWrite ? <Button onClick={() => setEditing({ mode: "create" })}>New tag</Button> : null;
  return (
    <>
      <PageHeader
        title="Tags"
        description="Labels with a colour (Refrigerated, Leased, Night shift) for vehicles and drivers. Filter the asset list and the live map by them; tag vehicles from the asset list."
        actions={addButton}
      />
      <NoticeLine notice={list.notice} />
      <ListCard
        query={tags}
        what="tags"
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title="No tags yet" action={addButton}>
            {canWrite ? "Create a tag, then choose vehicles on the asset list and tag them." : "An administrator or fleet manager can create tags."}
          </EmptyState>
        }
      >
        <DataTable caption="Tags" columns={canWrite ? [...COLUMNS, ACTIONS_COLUMN] : COLUMNS}>
          {rows.map((tag) => (
            <tr key={tag.id} data-testid="tag-row">
              <td className="max-w-[10rem] px-4 py-3 sm:max-w-none">
                <TagChip name={tag.name} color={tag.color} />
              </td>
              <td className="hidden px-4 py-3 font-mono text-xs text-slate-600 sm:table-cell">{tag.color}</td>
              <td className="px-4 py-3 text-right tabular-nums">
                <Link href={`/a/${accountKey}/assets?tag=${tag.id}`} className="text-blue-700 hover:underline" aria-label={`${plural(tag.asset_count, "vehicle")} tagged ${tag.name}`}>
                  {tag.asset_count}
                </Link>
              </td>
              <td className="hidden px-4 py-3 text-right tabular-nums text-slate-700 sm:table-cell">{tag.driver_count}</td>
              {canWrite ? (
                <ActionsCell>
                  <EditDeleteButtons name={tag.name} onEdit={() => setEditing({ mode: "edit", tag })} onDelete={() => deleting.choose(tag, remove)} />
                </ActionsCell>
              ) : null}
            </tr>
          ))}
        </DataTable>
      </ListCard>

      {editing ? (
        <TagDialog
          accountKey={accountKey}
          tag={editing.mode === "edit" ? editing.tag : null}
          onClose={() => setEditing(null)}
          onSaved={(message) => list.succeeded(message, () => setEditing(null))}
        />
      ) : null}

      <DeleteDialog
        target={deleting.target}
        title="Delete tag?"
        confirmLabel="Delete tag"
        mutation={remove}
        onClose={deleting.close}
        onConfirm={(row) => remove.mutate({ accountKey, tagId: row.id })}
      >
        <p>
          The tag <strong>{deleting.target?.name}</strong> is deleted; its {plural(deleting.target?.asset_count ?? 0, "vehicle")} and{" "}
          {plural(deleting.target?.driver_count ?? 0, "driver")} only lose the label.
        </p>
      </DeleteDialog>
    </>
  );
}

function TagDialog({ accountKey, tag, onClose, onSaved }: { accountKey: string; tag: TagDto | null; onClose: () => void; onSaved: (message: string) => void | Promise<void> }) {
  const trpc = useTRPC();
  const create = useMutation(trpc.tags.create.mutationOptions());
  const update = useMutation(trpc.tags.update.mutationOptions());
  const mutation = tag ? update : create;
  const failure = mutation.error ? describeError(mutation.error) : null;
  const [color, setColor] = useState(tag?.color ?? PRESETS[5]!);

  async function submit(form: FormData) {
    const name = String(form.get("name") ?? "");
    const saved = tag ? await update.mutateAsync({ accountKey, tagId: tag.id, name, color }) : await create.mutateAsync({ accountKey, name, color });
    await onSaved(tag ? `Saved the tag ${saved.name}.` : `Created the tag ${saved.name}.`);
  }

  return (
    <FormDialog
      title={tag ? `Edit ${tag.name}` : "New tag"}
      submitLabel={tag ? "Save tag" : "Create tag"}
      busy={mutation.isPending}
      failure={failure}
      onSubmit={submit}
      onClose={onClose}
      formClassName="grid grid-cols-1 gap-4"
    >
      <Field label="Name" name="name" required maxLength={60} defaultValue={tag?.name ?? ""} error={failure?.fields.name} placeholder="Refrigerated" />
      <FieldFrame label="Colour" error={failure?.fields.color} hint={`Pick one, or a colour of your own (${color})`}>
        {(control) => (
          <div className="flex flex-wrap items-center gap-2">
            <input
              {...control}
              type="color"
              value={color}
              onChange={(event) => setColor(event.target.value.toLowerCase())}
              className="h-9 w-12 cursor-pointer rounded-md border-0 bg-white p-0.5 ring-1 ring-inset ring-slate-300"
            />
            <div role="group" aria-label="Preset colours" className="flex flex-wrap gap-1.5">
              {PRESETS.map((preset) => (
                <button
                  key={preset}
                  type="button"
                  aria-label={`Colour ${preset}`}
                  aria-pressed={color === preset}
                  onClick={() => setColor(preset)}
                  className={`h-7 w-7 rounded-full ring-offset-2 ${color === preset ? "ring-2 ring-slate-900" : "ring-1 ring-slate-300"}`}
                  style={{ background: preset }}
                />
              ))}
            </div>
          </div>
        )}
      </FieldFrame>
      <p className="text-sm text-slate-600">
        Looks like: <TagChip name={tag?.name ?? "New tag"} color={color} />
      </p>
    </FormDialog>
  );
}
