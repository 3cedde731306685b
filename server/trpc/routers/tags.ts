// Tags for the dashboard (docs/fleet-records.md "Tags"): members who read assets list them; the roles that change
// assets (`assets.write`, what the REST scope `assets:write` means for members) create, edit and delete tags and put
// them on or take them off assets and drivers. Names, colours and ids of the account are the use cases' rules,
// shared with REST.
import { z } from "zod";
import type { MembershipChange } from "../../modules/asset-groups/change-group-assets";
import { MAX_BODY_IDS, type OwnedKind } from "../../modules/owned-ids";
import { ZPageInput } from "../../modules/paging";
import { changeTagMembers } from "../../modules/tags/change-tag-members";
import { createTag } from "../../modules/tags/create-tag";
import { deleteTag } from "../../modules/tags/delete-tag";
import { listTags } from "../../modules/tags/list-tags";
import { replaceTag } from "../../modules/tags/replace-tag";
import { createTrpcRouter, requirePermission, requireWholeFleet } from "../trpc";

const ZId = z.number().int().positive();
const ZTagId = z.object({ tagId: ZId });
const ZTagFields = z.object({ name: z.string().max(1000), color: z.string().max(100).optional() });
const ZMembers = ZTagId.extend({ ids: z.array(ZId).max(MAX_BODY_IDS) });

function changeMembers(kind: OwnedKind, change: Exclude<MembershipChange, "replace">) {
  return requireWholeFleet("assets.write")
    .input(ZMembers)
    .mutation(({ ctx, input }) => changeTagMembers({ accountId: ctx.account.id, tagId: input.tagId, kind, change, ids: input.ids }));
}

export const tagsRouter = createTrpcRouter({
  list: requirePermission("assets.read")
    .input(ZPageInput)
    .query(({ ctx, input }) => listTags({ accountId: ctx.account.id, cursor: input.cursor, limit: input.limit })),

  create: requireWholeFleet("assets.write")
    .input(ZTagFields)
    .mutation(({ ctx, input }) => createTag({ accountId: ctx.account.id, body: { name: input.name, color: input.color } })),

  /** name and colour replaced (colour left out: the default grey), as REST PUT */
  update: requireWholeFleet("assets.write")
    .input(ZTagId.extend(ZTagFields.shape))
    .mutation(({ ctx, input }) => replaceTag({ accountId: ctx.account.id, tagId: input.tagId, body: { name: input.name, color: input.color } })),

  /** its assets and drivers only lose the label */
  delete: requireWholeFleet("assets.write")
    .input(ZTagId)
    .mutation(({ ctx, input }) => deleteTag({ accountId: ctx.account.id, tagId: input.tagId })),

  addAssets: changeMembers("asset", "add"),
  /** ids not tagged are ignored */
  removeAssets: changeMembers("asset", "remove"),
  addDrivers: changeMembers("driver", "add"),
  removeDrivers: changeMembers("driver", "remove"),
});
