// Revokes an API key. Every call reads the key's row, so the next call is refused on every node; this process also
// drops the key from its verified-key cache, and the hub event tells long-lived holders (e.g. open connections of
// later features) to drop it too.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { publishRevocation } from "../oauth/find-active-oauth-client";
import { ZApiKeyItem } from "./api-keys.schema";
import { forgetVerifiedApiKeys } from "./authenticate-api-key";

export async function revokeApiKey(input: { accountId: number; id: number }): Promise<{ id: number; revokedAt: Date }> {
  const { accountId, id } = parseInput(ZApiKeyItem, input);
  const key = await db().apiKey.findFirst({ where: { id, accountId }, select: { id: true, revokedAt: true } });
  if (!key) throw new AppError("NOT_FOUND", "API key not found.");
  if (key.revokedAt) return { id, revokedAt: key.revokedAt };
  const updated = await db().apiKey.update({ where: { id }, data: { revokedAt: new Date() }, select: { revokedAt: true } });
  forgetVerifiedApiKeys(id);
  await publishRevocation({ accountId, kind: "api_key", id });
  return { id, revokedAt: updated.revokedAt! };
}
