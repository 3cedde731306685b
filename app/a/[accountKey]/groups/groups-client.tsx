"use client";
// Groups: the tree of asset groups, each parent before its subgroups (indented), with the vehicles directly in each
// and its subgroups. Admins and fleet managers create groups (at the top or inside one), rename them, move them
// under another parent (with their subgroups and vehicles) and delete them; a group with subgroups is refused by the
// server (GROUP_HAS_SUBGROUPS), which the dialog says before and after trying. Vehicles are put in groups from the
// asset list, in bulk.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo, useState } from "react";
import type { AssetGroupDto } from "@/server/modules/asset-groups/asset-groups.schema";
import { DeleteDialog, useDeleteTarget } from "../../../_components/delete-dialog";
import { FormDialog } from "../../../_components/form-dialog";
import { branchIds, groupPaths, treeRows } from "../../../_components/fleet/group-tree";
import { useAssetGroups } from "../../../_components/fleet/use-fleet-labels";
import { ListCard } from "../../../_components/list-card";
import { NoticeLine } from "../../../_components/notice-line";
import { plural } from "../../../_components/transport/transport-labels";
import { describeError, useTRPC } from "../../../_components/trpc";
import { useListNotice } from "../../../_components/use-list-notice";
import { Button } from "../../../_components/ui/button";
import { EmptyState } from "../../../_components/ui/empty-state";
import { Field } from "../../../_components/ui/field";
import { PageHeader } from "../../../_components/ui/page-header";
import { SelectField } from "../../../_components/ui/select-field";

type Editing = { mode: "create"; parentId: number | null } | { mode: "rename"; group: AssetGroupDto } | { mode: "move"; group: AssetGroupDto } | null;

/** indentation per level, capped so that eight levels still fit a phone */
const indent = (depth: number) => ({ paddingLeft: `${Math.min(depth, 6) * 0.75}rem` });

export function GroupsClient({ accountKey, canWrite }: { accountKey: string; canWrite: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { query, groups } = useAssetGroups(accountKey);
  const [editing, setEditing] = useState<Editing>(null);
  const deleting = useDeleteTarget<AssetGroupDto>();
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: trpc.assetGroups.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.assets.pathKey() })]);
  const list = useListNotice(refresh);
  const remove = useMutation(
    trpc.assetGroups.delete.mutationOptions({
      onSuccess: () => list.succeeded(`Deleted the group ${deleting.target?.name ?? ""}.`, deleting.close),
    }),
  );

  const rows = useMemo(() => treeRows(groups), [groups]);
  const subgroupsOf = (group: AssetGroupDto) => groups.filter((g) => g.parent_id === group.id).map((g) => g.name);
  const addButton = canWrite ? <Button onClick={() => setEditing({ mode: "create", parentId: null })}>New group</Button> : null;
  const deleteRefusal = remove.error ? describeError(remove.error) : null;

  return (
    <>
      <PageHeader
        title="Groups"
        description="Sort vehicles into depots, regions or customers. Groups nest (up to 8 levels); a group picks its own vehicles and those of its subgroups wherever it filters: the asset list, the live map. Put vehicles in groups from the asset list."
        actions={addButton}
      />
      <NoticeLine notice={list.notice} />
      <ListCard
        query={{ isPending: query.isPending, isError: query.isError, error: query.error }}
        what="groups"
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title="No groups yet" action={addButton}>
            {canWrite
              ? "Create a group, then choose vehicles on the asset list and add them to it."
              : "An administrator or fleet manager can create groups."}
          </EmptyState>
        }
      >
        <ul aria-label="Groups" className="divide-y divide-slate-100">
          {rows.map(({ group, depth }) => (
            <li key={group.id} data-testid="group-row" data-group-id={group.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <div className="min-w-0 flex-1" style={indent(depth)}>
                <p className="flex min-w-0 items-center gap-1 font-medium text-slate-900">
                  {depth > 0 ? (
                    <span aria-hidden className="text-slate-400">
                      └
                    </span>
                  ) : null}
                  <span className="truncate">{group.name}</span>
                </p>
                <p className="text-xs text-slate-500">
                  <Link href={`/a/${accountKey}/assets?group=${group.id}`} className="text-blue-700 hover:underline">
                    {plural(group.asset_count, "vehicle")}
                  </Link>
                  {group.subgroup_count > 0 ? ` · ${plural(group.subgroup_count, "subgroup")}` : null}
                </p>
              </div>
              {canWrite ? (
                <div className="flex flex-wrap justify-end gap-1">
                  <Button variant="ghost" aria-label={`Add a subgroup to ${group.name}`} onClick={() => setEditing({ mode: "create", parentId: group.id })}>
                    Add subgroup
                  </Button>
                  <Button variant="ghost" aria-label={`Rename ${group.name}`} onClick={() => setEditing({ mode: "rename", group })}>
                    Rename
                  </Button>
                  <Button variant="ghost" aria-label={`Move ${group.name}`} onClick={() => setEditing({ mode: "move", group })}>
                    Move
                  </Button>
                  <Button variant="danger-ghost" aria-label={`Delete ${group.name}`} onClick={() => deleting.choose(group, remove)}>
                    Delete
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </ListCard>

      {editing ? (
        <GroupDialog
          accountKey={accountKey}
          editing={editing}
          groups={groups}
          onClose={() => setEditing(null)}
          onSaved={(message) => list.succeeded(message, () => setEditing(null))}
        />
      ) : null}

      <DeleteDialog
        target={deleting.target}
        title="Delete group?"
        confirmLabel="Delete group"
        mutation={{ isPending: remove.isPending, error: null }}
        onClose={deleting.close}
        onConfirm={(row) => remove.mutate({ accountKey, groupId: row.id })}
      >
        {deleting.target && deleting.target.subgroup_count > 0 ? (
          <p className="mb-2 rounded-md bg-amber-50 p-2 text-amber-900">
            <strong>{deleting.target.name}</strong> has subgroups ({subgroupsOf(deleting.target).join(", ")}). A group with subgroups cannot be
            deleted: move them under another group or delete them first.
          </p>
        ) : null}
        <p>
          The group <strong>{deleting.target?.name}</strong> is deleted. Its {plural(deleting.target?.asset_count ?? 0, "vehicle")} only leave it: they stay
          in their other groups, with their tags.
        </p>
        {deleteRefusal ? (
          <p role="alert" data-testid="delete-refusal" className="mt-3 rounded-md bg-red-50 p-2 font-medium text-red-800">
            {deleteRefusal.appCode === "GROUP_HAS_SUBGROUPS"
              ? `Not deleted: ${deleting.target?.name ?? "the group"} still has subgroups. Move them under another group or delete them first.`
              : deleteRefusal.message}
          </p>
        ) : null}
      </DeleteDialog>
    </>
  );
}

function GroupDialog({
  accountKey,
  editing,
  groups,
  onClose,
  onSaved,
}: {
  accountKey: string;
  editing: Exclude<Editing, null>;
  groups: AssetGroupDto[];
  onClose: () => void;
  onSaved: (message: string) => void | Promise<void>;
}) {
  const trpc = useTRPC();
  const create = useMutation(trpc.assetGroups.create.mutationOptions());
  const rename = useMutation(trpc.assetGroups.rename.mutationOptions());
  const move = useMutation(trpc.assetGroups.move.mutationOptions());
  const mutation = editing.mode === "create" ? create : editing.mode === "rename" ? rename : move;
  const failure = mutation.error ? describeError(mutation.error) : null;

  // a group cannot move into itself or its own subgroups: those are not offered (the server refuses them too)
  const excluded = editing.mode === "move" ? branchIds(groups, editing.group.id) : new Set<number>();
  const parentOptions = [
    { value: "", label: "Top level (no parent)" },
    ...groupPaths(groups)
      .filter((group) => !excluded.has(group.id))
      .map((group) => ({ value: String(group.id), label: group.path })),
  ];
  const parentOf = (form: FormData) => (String(form.get("parent") ?? "") ? Number(form.get("parent")) : null);

  async function submit(form: FormData) {
    const name = String(form.get("name") ?? "");
    if (editing.mode === "create") {
      const group = await create.mutateAsync({ accountKey, name, parentId: parentOf(form) });
      await onSaved(`Created the group ${group.name}.`);
    } else if (editing.mode === "rename") {
      const group = await rename.mutateAsync({ accountKey, groupId: editing.group.id, name });
      await onSaved(`Renamed the group to ${group.name}.`);
    } else {
      const parentId = parentOf(form);
      const group = await move.mutateAsync({ accountKey, groupId: editing.group.id, parentId });
      const parent = groups.find((g) => g.id === parentId);
      await onSaved(parent ? `Moved ${group.name} into ${parent.name}.` : `Moved ${group.name} to the top level.`);
    }
  }

  const title = editing.mode === "create" ? "New group" : editing.mode === "rename" ? `Rename ${editing.group.name}` : `Move ${editing.group.name}`;
  const submitLabel = editing.mode === "create" ? "Create group" : editing.mode === "rename" ? "Rename" : "Move group";
  return (
    <FormDialog title={title} submitLabel={submitLabel} busy={mutation.isPending} failure={failure} onSubmit={submit} onClose={onClose} formClassName="grid grid-cols-1 gap-4">
      {editing.mode !== "move" ? (
        <Field
          label="Name"
          name="name"
          required
          maxLength={120}
          defaultValue={editing.mode === "rename" ? editing.group.name : ""}
          error={failure?.fields.name}
          placeholder="North depot"
          hint="Unique among the groups of the same parent"
        />
      ) : null}
      {editing.mode !== "rename" ? (
        <SelectField
          label={editing.mode === "move" ? "Move under" : "Inside"}
          name="parent"
          options={parentOptions}
          defaultValue={editing.mode === "create" ? String(editing.parentId ?? "") : String(editing.group.parent_id ?? "")}
          error={failure?.fields.parent_id}
          hint={editing.mode === "move" ? "Its subgroups and vehicles move with it" : "Groups nest at most 8 levels deep"}
        />
      ) : null}
    </FormDialog>
  );
}
