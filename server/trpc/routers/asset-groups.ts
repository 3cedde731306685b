// Asset groups for the dashboard (docs/fleet-records.md): members who read assets list the account's groups, in id
// order (parents before their subgroups), as REST GET /api/{key}/asset-group does. The dashboard uses them to pick a
// group (messages to a group's drivers); editing groups is REST only for now.
import { listAssetGroups } from "../../modules/asset-groups/list-asset-groups";
import { ZPageInput } from "../../modules/paging";
import { createTrpcRouter, requirePermission } from "../trpc";

export const assetGroupsRouter = createTrpcRouter({
  list: requirePermission("assets.read")
    .input(ZPageInput)
    .query(({ ctx, input }) => listAssetGroups({ accountId: ctx.account.id, scope: ctx.scope, cursor: input.cursor, limit: input.limit })),
});
