"use client";

// The Group and Tag selects that narrow a report's assets (the report form and the schedule dialog share them):
// groups named by their path ("Depot › Minibuses"), tags by name; "" is no filter. Hidden while the account has no
// groups and no tags, and each one while the account has none of its kind.
import { useMemo } from "react";
import { groupPaths } from "../../../_components/fleet/group-tree";
import { useAssetGroups, useTags } from "../../../_components/fleet/use-fleet-labels";
import { SelectField } from "../../../_components/ui/select-field";

export interface ReportAssetFilterValue {
  /** a group id as text, or "" */
  groupId: string;
  /** a tag id as text, or "" */
  tagId: string;
}

export function ReportAssetFilters({
  accountKey,
  value,
  onChange,
  errors,
}: {
  accountKey: string;
  value: ReportAssetFilterValue;
  onChange: (value: ReportAssetFilterValue) => void;
  errors?: { groupId?: string; tagId?: string };
}) {
  const { groups } = useAssetGroups(accountKey);
  const { tags } = useTags(accountKey);
  const groupOptions = useMemo(() => [{ value: "", label: "Any group" }, ...groupPaths(groups).map((group) => ({ value: String(group.id), label: group.path }))], [groups]);
  const tagOptions = useMemo(() => [{ value: "", label: "Any tag" }, ...[...tags].sort((a, b) => a.name.localeCompare(b.name)).map((tag) => ({ value: String(tag.id), label: tag.name }))], [tags]);
  if (groups.length === 0 && tags.length === 0) return null;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {groups.length > 0 ? (
        <SelectField
          label="Group"
          value={value.groupId}
          error={errors?.groupId}
          onChange={(event) => onChange({ ...value, groupId: event.target.value })}
          options={groupOptions}
          hint="Only the assets in this group and its subgroups."
        />
      ) : null}
      {tags.length > 0 ? (
        <SelectField label="Tag" value={value.tagId} error={errors?.tagId} onChange={(event) => onChange({ ...value, tagId: event.target.value })} options={tagOptions} hint="Only the assets with this tag." />
      ) : null}
    </div>
  );
}

/** how a saved group / tag filter reads in a list ("group Depot › Minibuses · tag Cold chain"), null without one */
export function useDescribeAssetFilters(accountKey: string): (filters: { group_id: number | null; tag_id: number | null }) => string | null {
  const { groups } = useAssetGroups(accountKey);
  const { tags } = useTags(accountKey);
  const paths = useMemo(() => new Map(groupPaths(groups).map((group) => [group.id, group.path])), [groups]);
  const tagNames = useMemo(() => new Map(tags.map((tag) => [tag.id, tag.name])), [tags]);
  return (filters) => {
    const parts = [
      filters.group_id !== null ? `group ${paths.get(filters.group_id) ?? `#${filters.group_id}`}` : null,
      filters.tag_id !== null ? `tag ${tagNames.get(filters.tag_id) ?? `#${filters.tag_id}`}` : null,
    ].filter((part) => part !== null);
    return parts.length > 0 ? parts.join(" · ") : null;
  };
}
