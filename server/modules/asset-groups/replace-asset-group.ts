// PUT of an asset group: its name and its place in the tree, replaced as a whole (parent_id left out: a top-level
// group). Moving a group moves its subgroups and keeps its assets; the move is refused (422 on parent_id) when the new
// parent is not a group of the account, is the group itself or one of its subgroups (a cycle), or would make the tree
// deeper than MAX_GROUP_DEPTH levels.
import { db } from "../../db/client";
import { publishRulesChanged } from "../geofences/notify-rules-changed";
import { AppError } from "../../errors";
import { isUniqueViolation, parseInput } from "../parse-input";
import { type AssetGroupDto, groupNameTaken, groupNotFound, groupSelect, toAssetGroupDto, ZAssetGroupBody, ZGroupRef } from "./asset-groups.schema";
import { loadGroupTree, lockGroupTree, placementProblem } from "./group-tree";

export async function replaceAssetGroup(input: { accountId: number; groupId: number; body: unknown }): Promise<AssetGroupDto> {
  const { accountId, groupId } = parseInput(ZGroupRef, input);
  const { name, parent_id: parentId = null } = parseInput(ZAssetGroupBody, input.body);
  try {
    const row = await db().$transaction(async (tx) => {
      await lockGroupTree(tx, accountId);
      const tree = await loadGroupTree(accountId, tx);
      if (!tree.some((node) => node.id === groupId)) throw groupNotFound(groupId);
      const problem = placementProblem(tree, groupId, parentId);
      if (problem) throw new AppError("VALIDATION_FAILED", `parent_id: ${problem}`, [{ field: "parent_id", message: problem }]);
      return tx.assetGroup.update({ where: { id: groupId }, data: { name, nameKey: name.toLowerCase(), parentId }, select: groupSelect });
    });
    // a move changes which groups' subtrees hold its assets (alert rules targeting groups)
    await publishRulesChanged(accountId);
    return toAssetGroupDto(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw groupNameTaken(name);
    throw error;
  }
}
