// Creates an API key that acts as one member of the account (imports, webhooks). The key is returned once; only its
// argon2id hash is stored. Whether the member may use it (role) is checked on every call, not here, so a later role
// change takes effect at once. An account holds at most ACCOUNT_QUOTAS.api_keys keys that are not revoked.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { hashSecret } from "../../security/hashing";
import { randomId, randomToken } from "../../security/random";
import { takeAccountQuota } from "../accounts/account-quotas";
import { parseInput } from "../parse-input";
import { API_KEY_PREFIX, type CreateApiKeyInput, ZCreateApiKey } from "./api-keys.schema";

export async function createApiKey(input: CreateApiKeyInput): Promise<{ id: number; apiKey: string }> {
  const { accountId, userId, name } = parseInput(ZCreateApiKey, input);
  const membership = await db().membership.findUnique({
    where: { userId_accountId: { userId, accountId } },
    select: { userId: true },
  });
  if (!membership) throw new AppError("USER_NOT_FOUND", "User not found in this account.");
  const keyId = randomId(16);
  const apiKey = `${API_KEY_PREFIX}_${keyId}_${randomToken(32)}`;
  const secretHash = await hashSecret(apiKey); // before the transaction: argon2 takes a while
  const created = await db().$transaction(async (tx) => {
    await takeAccountQuota(tx, accountId, "api_keys");
    return tx.apiKey.create({ data: { accountId, userId, name, keyId, secretHash }, select: { id: true } });
  });
  return { id: created.id, apiKey };
}
