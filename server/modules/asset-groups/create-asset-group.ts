// Creates an asset group, at the top or inside a parent group of the account, within the account's quota of groups.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { takeAccountQuota } from "../accounts/account-quotas";
import { isUniqueViolation, parseInput } from "../parse-input";
import { type AssetGroupDto, groupNameTaken, groupSelect, toAssetGroupDto, ZAssetGroupBody } from "./asset-groups.schema";
import { loadGroupTree, lockGroupTree, placementProblem } from "./group-tree";

export async function createAssetGroup(input: { accountId: number; body: unknown }): Promise<AssetGroupDto> {
  const { name, parent_id: parentId = null } = parseInput(ZAssetGroupBody, input.body);
  try {
    const row = await db().$transaction(async (tx) => {
      await takeAccountQuota(tx, input.accountId, "asset_groups");
      await lockGroupTree(tx, input.accountId);
      const problem = placementProblem(await loadGroupTree(input.accountId, tx), null, parentId);
      if (problem) throw new AppError("VALIDATION_FAILED", `parent_id: ${problem}`, [{ field: "parent_id", message: problem }]);
      return tx.assetGroup.create({
        data: { accountId: input.accountId, parentId, name, nameKey: name.toLowerCase() },
        select: groupSelect,
      });
    });
    return toAssetGroupDto(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw groupNameTaken(name);
    throw error;
  }
}
