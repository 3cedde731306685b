// Which assets (or drivers) carry a tag, changed in bulk, as groups' assets are (asset-groups/change-group-assets.ts):
// `replace` makes the list exactly the tagged ones, `add` tags them (those tagged already stay), `remove` untags them
// (ids not tagged are ignored). Ids to replace or add must all be the account's (422 otherwise, nothing written).
import { db } from "../../db/client";
import { publishRulesChanged } from "../geofences/notify-rules-changed";
import type { MembershipChange } from "../asset-groups/change-group-assets";
import { parseInput } from "../parse-input";
import { checkOwnedIds, type OwnedKind } from "../owned-ids";
import { type TagDto, tagNotFound, tagSelect, toTagDto, ZTagRef } from "./tags.schema";

export async function changeTagMembers(input: {
  accountId: number;
  tagId: number;
  kind: OwnedKind;
  change: MembershipChange;
  ids: readonly number[];
}): Promise<TagDto> {
  const { accountId, tagId } = parseInput(ZTagRef, input);
  const { kind, change } = input;
  const row = await db().$transaction(async (tx) => {
    const tag = await tx.tag.findFirst({ where: { id: tagId, accountId }, select: { id: true } });
    if (!tag) throw tagNotFound(tagId);
    const ids = change === "remove" ? [...new Set(input.ids)] : await checkOwnedIds(tx, kind, accountId, input.ids, `${kind}_ids`);
    if (kind === "asset") {
      if (change === "remove") await tx.assetTag.deleteMany({ where: { tagId, assetId: { in: ids } } });
      if (change === "replace") await tx.assetTag.deleteMany({ where: { tagId, assetId: { notIn: ids } } });
      if (change !== "remove") await tx.assetTag.createMany({ data: ids.map((assetId) => ({ tagId, assetId })), skipDuplicates: true });
    } else {
      if (change === "remove") await tx.driverTag.deleteMany({ where: { tagId, driverId: { in: ids } } });
      if (change === "replace") await tx.driverTag.deleteMany({ where: { tagId, driverId: { notIn: ids } } });
      if (change !== "remove") await tx.driverTag.createMany({ data: ids.map((driverId) => ({ tagId, driverId })), skipDuplicates: true });
    }
    return tx.tag.findUniqueOrThrow({ where: { id: tagId }, select: tagSelect });
  });
  // alert rules targeting the tag watch the assets carrying it now
  if (kind === "asset") await publishRulesChanged(accountId);
  return toTagDto(row);
}
