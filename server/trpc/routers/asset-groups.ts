// Asset groups for the dashboard (docs/fleet-records.md): members who read assets list the account's groups, in id
// order (parents before their subgroups), as REST GET /api/{key}/asset-group does; the roles that change assets
// (`assets.write`, what the REST scope `assets:write` means for members) create, rename, move and delete groups and
// change their assets. Every rule (names, the tree's depth and cycles, GROUP_HAS_SUBGROUPS, ids of the account) is
// the use cases', shared with REST.
import { z } from "zod";
import { changeGroupAssets, type MembershipChange } from "../../modules/asset-groups/change-group-assets";
import { createAssetGroup } from "../../modules/asset-groups/create-asset-group";
import { deleteAssetGroup } from "../../modules/asset-groups/delete-asset-group";
import { getAssetGroup } from "../../modules/asset-groups/get-asset-group";
import { listAssetGroups } from "../../modules/asset-groups/list-asset-groups";
import { replaceAssetGroup } from "../../modules/asset-groups/replace-asset-group";
import { MAX_BODY_IDS } from "../../modules/owned-ids";
import { ZPageInput } from "../../modules/paging";
import { createTrpcRouter, requirePermission, requireWholeFleet } from "../trpc";

const ZId = z.number().int().positive();
const ZGroupId = z.object({ groupId: ZId });
const ZName = z.string().max(1000);
const ZAssetIds = ZGroupId.extend({ assetIds: z.array(ZId).max(MAX_BODY_IDS) });

function changeAssets(change: MembershipChange) {
  return requireWholeFleet("assets.write")
    .input(ZAssetIds)
    .mutation(({ ctx, input }) => changeGroupAssets({ accountId: ctx.account.id, groupId: input.groupId, change, assetIds: input.assetIds }));
}

export const assetGroupsRouter = createTrpcRouter({
  list: requirePermission("assets.read")
    .input(ZPageInput)
    .query(({ ctx, input }) => listAssetGroups({ accountId: ctx.account.id, scope: ctx.scope, cursor: input.cursor, limit: input.limit })),

  create: requireWholeFleet("assets.write")
    .input(z.object({ name: ZName, parentId: ZId.nullable().optional() }))
    .mutation(({ ctx, input }) => createAssetGroup({ accountId: ctx.account.id, body: { name: input.name, parent_id: input.parentId ?? null } })),

  /** a new name in the same place (the REST PUT with the group's current parent) */
  rename: requireWholeFleet("assets.write")
    .input(ZGroupId.extend({ name: ZName }))
    .mutation(async ({ ctx, input }) => {
      const group = await getAssetGroup({ accountId: ctx.account.id, groupId: input.groupId });
      return replaceAssetGroup({ accountId: ctx.account.id, groupId: group.id, body: { name: input.name, parent_id: group.parent_id } });
    }),

  /** the group (with its subgroups and assets) under another parent; null: to the top level */
  move: requireWholeFleet("assets.write")
    .input(ZGroupId.extend({ parentId: ZId.nullable() }))
    .mutation(async ({ ctx, input }) => {
      const group = await getAssetGroup({ accountId: ctx.account.id, groupId: input.groupId });
      return replaceAssetGroup({ accountId: ctx.account.id, groupId: group.id, body: { name: group.name, parent_id: input.parentId } });
    }),

  /** refused with GROUP_HAS_SUBGROUPS while subgroups sit in it; its assets only leave it */
  delete: requireWholeFleet("assets.write")
    .input(ZGroupId)
    .mutation(({ ctx, input }) => deleteAssetGroup({ accountId: ctx.account.id, groupId: input.groupId })),

  /** the group's own assets become exactly these */
  setAssets: changeAssets("replace"),
  addAssets: changeAssets("add"),
  /** ids not in the group are ignored */
  removeAssets: changeAssets("remove"),
});
