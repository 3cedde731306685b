// Asset group inputs (REST bodies and the dashboard send the same shape), the AssetGroupDto every transport answers
// with, and the tree's limits. Groups form a tree per account (docs/fleet-records.md "Asset groups").
import { z } from "zod";
import { AppError } from "../../errors";
import { requiredOr } from "../parse-input";
import { ZCursor } from "../paging";

/** levels a tree may have: a top-level group is level 1; deeper trees are refused (422 on parent_id) */
export const MAX_GROUP_DEPTH = 8;
const ZId = z.number().int().positive();

export const ZGroupName = z
  .string({ error: requiredOr("must be a text") })
  .trim()
  .min(1, "must not be empty")
  .max(120, "must be at most 120 characters");

const ZParentId = z
  .number({ error: "must be a group id or null" })
  .int("must be a group id or null")
  .positive("must be a group id or null")
  .nullable();

export const ZAssetGroupBody = z
  .object({
    name: ZGroupName,
    parent_id: ZParentId.optional().meta({ description: "The group it sits in; null or left out: a top-level group." }),
  })
  .strict()
  .meta({ id: "AssetGroupInput", description: `A group's name (unique among its parent's subgroups, whatever the case) and its parent; at most ${MAX_GROUP_DEPTH} levels.` });
export type AssetGroupBody = z.input<typeof ZAssetGroupBody>;

export const ZGroupListQuery = z.object({
  parent_id: z
    .union([z.literal("null"), z.coerce.number({ error: "must be a group id or null" }).int("must be a group id or null").positive("must be a group id or null")])
    .optional()
    .meta({ description: "Only the subgroups of this group; `null`: only top-level groups." }),
  cursor: ZCursor.optional(),
  limit: z.coerce.number({ error: "must be a whole number from 1 to 500" }).int("must be a whole number from 1 to 500").min(1, "must be a whole number from 1 to 500").max(500, "must be a whole number from 1 to 500").optional(),
});

export const ZGroupRef = z.object({ accountId: ZId, groupId: ZId });

export const ZAssetGroupDto = z
  .object({
    id: z.number().int(),
    name: z.string(),
    parent_id: z.number().int().nullable().meta({ description: "the group it sits in; null for a top-level group" }),
    asset_count: z.number().int().meta({ description: "assets directly in this group (not counting its subgroups)" }),
    subgroup_count: z.number().int().meta({ description: "groups directly under this one" }),
    created_at: z.string().meta({ description: "ISO 8601" }),
    updated_at: z.string().meta({ description: "ISO 8601" }),
  })
  .meta({ id: "AssetGroup" });
export type AssetGroupDto = z.infer<typeof ZAssetGroupDto>;

export const ZAssetGroupPage = z
  .object({ data: z.array(ZAssetGroupDto), next_cursor: z.string().nullable() })
  .meta({ id: "AssetGroupPage" });
export type AssetGroupPage = z.infer<typeof ZAssetGroupPage>;

export const groupSelect = {
  id: true,
  name: true,
  parentId: true,
  createdAt: true,
  updatedAt: true,
  _count: { select: { members: true, children: true } },
} as const;

interface GroupRow {
  id: number;
  name: string;
  parentId: number | null;
  createdAt: Date;
  updatedAt: Date;
  _count: { members: number; children: number };
}

export function toAssetGroupDto(row: GroupRow): AssetGroupDto {
  return {
    id: row.id,
    name: row.name,
    parent_id: row.parentId,
    asset_count: row._count.members,
    subgroup_count: row._count.children,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function groupNotFound(groupId: number): AppError {
  return new AppError("GROUP_NOT_FOUND", `asset group ${groupId} not found`);
}

export function groupNameTaken(name: string): AppError {
  return new AppError("GROUP_NAME_TAKEN", `A group named "${name}" is already there; names are unique among a group's subgroups.`, [
    { field: "name", message: "is already used by another group in the same parent" },
  ]);
}
