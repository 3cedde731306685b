// Creates a tag, within the account's quota of tags.
import { db } from "../../db/client";
import { takeAccountQuota } from "../accounts/account-quotas";
import { isUniqueViolation, parseInput } from "../parse-input";
import { DEFAULT_TAG_COLOR, type TagDto, tagNameTaken, tagSelect, toTagDto, ZTagBody } from "./tags.schema";

export async function createTag(input: { accountId: number; body: unknown }): Promise<TagDto> {
  const { name, color = DEFAULT_TAG_COLOR } = parseInput(ZTagBody, input.body);
  try {
    const row = await db().$transaction(async (tx) => {
      await takeAccountQuota(tx, input.accountId, "tags");
      return tx.tag.create({ data: { accountId: input.accountId, name, nameKey: name.toLowerCase(), color }, select: tagSelect });
    });
    return toTagDto(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw tagNameTaken(name);
    throw error;
  }
}
