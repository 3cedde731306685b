// Deletes a tag; the assets and drivers it labelled only lose the label.
import { db } from "../../db/client";
import { publishRulesChanged } from "../geofences/notify-rules-changed";
import { parseInput } from "../parse-input";
import { tagNotFound, ZTagRef } from "./tags.schema";

export async function deleteTag(input: { accountId: number; tagId: number }): Promise<{ id: number }> {
  const { accountId, tagId } = parseInput(ZTagRef, input);
  const { count } = await db().tag.deleteMany({ where: { id: tagId, accountId } });
  if (count === 0) throw tagNotFound(tagId);
  // alert rules naming the tag keep its id, which now picks no asset
  await publishRulesChanged(accountId);
  return { id: tagId };
}
