"use client";
// What the asset list does with the chosen rows at once: put them in a group or take them out (the group's own
// membership: a subgroup's vehicles stay there), tag or untag them. One call per action (the server takes up to
// 10,000 ids, all of them the account's, in one transaction).
import { useMutation } from "@tanstack/react-query";
import { FormDialog } from "../../../_components/form-dialog";
import { plural } from "../../../_components/transport/transport-labels";
import { describeError, useTRPC } from "../../../_components/trpc";
import { Button } from "../../../_components/ui/button";
import { SelectField } from "../../../_components/ui/select-field";

export type BulkAction = "addToGroup" | "removeFromGroup" | "addTag" | "removeTag";

const ACTIONS: Record<BulkAction, { button: string; title: string; field: "Group" | "Tag"; done: (count: string, name: string) => string }> = {
  addToGroup: { button: "Add to group", title: "Add to a group", field: "Group", done: (count, name) => `Added ${count} to ${name}.` },
  removeFromGroup: { button: "Remove from group", title: "Remove from a group", field: "Group", done: (count, name) => `Took ${count} out of ${name}.` },
  addTag: { button: "Add tag", title: "Add a tag", field: "Tag", done: (count, name) => `Tagged ${count} ${name}.` },
  removeTag: { button: "Remove tag", title: "Remove a tag", field: "Tag", done: (count, name) => `Removed the tag ${name} from ${count}.` },
};

export function BulkBar({ count, onAction, onClear }: { count: number; onAction: (action: BulkAction) => void; onClear: () => void }) {
  return (
    <div role="region" aria-label="Chosen assets" className="sticky top-0 z-10 mb-4 flex flex-wrap items-center gap-2 rounded-lg bg-blue-50 p-3 ring-1 ring-blue-200">
      <p className="mr-auto text-sm font-medium text-blue-900" aria-live="polite">
        {plural(count, "asset")} chosen
      </p>
      {(Object.keys(ACTIONS) as BulkAction[]).map((action) => (
        <Button key={action} variant="secondary" onClick={() => onAction(action)}>
          {ACTIONS[action].button}
        </Button>
      ))}
      <Button variant="ghost" onClick={onClear}>
        Clear
      </Button>
    </div>
  );
}

export function BulkDialog({
  accountKey,
  action,
  assetIds,
  groups,
  tags,
  onClose,
  onDone,
}: {
  accountKey: string;
  action: BulkAction;
  assetIds: number[];
  groups: ReadonlyArray<{ id: number; path: string }>;
  tags: ReadonlyArray<{ id: number; name: string }>;
  onClose: () => void;
  onDone: (message: string) => void | Promise<void>;
}) {
  const trpc = useTRPC();
  const addToGroup = useMutation(trpc.assetGroups.addAssets.mutationOptions());
  const removeFromGroup = useMutation(trpc.assetGroups.removeAssets.mutationOptions());
  const addTag = useMutation(trpc.tags.addAssets.mutationOptions());
  const removeTag = useMutation(trpc.tags.removeAssets.mutationOptions());
  const mutation = { addToGroup, removeFromGroup, addTag, removeTag }[action];
  const failure = mutation.error ? describeError(mutation.error) : null;
  const spec = ACTIONS[action];
  const options = spec.field === "Group" ? groups.map((g) => ({ value: String(g.id), label: g.path })) : tags.map((t) => ({ value: String(t.id), label: t.name }));
  const count = plural(assetIds.length, "asset");

  async function submit(form: FormData) {
    const id = Number(form.get("target"));
    if (action === "addToGroup") await addToGroup.mutateAsync({ accountKey, groupId: id, assetIds });
    else if (action === "removeFromGroup") await removeFromGroup.mutateAsync({ accountKey, groupId: id, assetIds });
    else if (action === "addTag") await addTag.mutateAsync({ accountKey, tagId: id, ids: assetIds });
    else await removeTag.mutateAsync({ accountKey, tagId: id, ids: assetIds });
    await onDone(spec.done(count, options.find((option) => option.value === String(id))?.label ?? ""));
  }

  return (
    <FormDialog
      title={spec.title}
      submitLabel={spec.button}
      busy={mutation.isPending}
      submitDisabled={options.length === 0}
      failure={failure}
      onSubmit={submit}
      onClose={onClose}
      formClassName="grid grid-cols-1 gap-4"
    >
      <p className="text-sm text-slate-700">{count} chosen.</p>
      {options.length === 0 ? (
        <p className="text-sm text-slate-600">
          No {spec.field === "Group" ? "groups" : "tags"} yet: create one on the {spec.field === "Group" ? "Groups" : "Tags"} page first.
        </p>
      ) : (
        <SelectField label={spec.field} name="target" options={options} error={failure?.fields.asset_ids ?? failure?.fields.ids} />
      )}
    </FormDialog>
  );
}
