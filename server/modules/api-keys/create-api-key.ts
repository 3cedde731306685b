// Creates an API key that acts as one member of the account (imports, webhooks). The key is returned once; only its
// argon2id hash is stored. Whether the member may use it (role) is checked on every call, not here, so a later role
// change takes effect at once.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { hashSecret } from "../../security/hashing";
import { randomId, randomToken } from "../../security/random";
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
  const created = await db().apiKey.create({
    data: { accountId, userId, name, keyId, secretHash: await hashSecret(apiKey) },
    select: { id: true },
  });
  return { id: created.id, apiKey };
}
