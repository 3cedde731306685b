// Lists an account's API keys (never the keys themselves), newest first. Revoked keys are left out unless asked for.
import { z } from "zod";
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { API_KEY_PREFIX, type ApiKeyDto } from "./api-keys.schema";

const ZListApiKeys = z.object({
  accountId: z.number().int().positive(),
  includeRevoked: z.boolean().default(false),
});

export async function listApiKeys(input: z.input<typeof ZListApiKeys>): Promise<ApiKeyDto[]> {
  const { accountId, includeRevoked } = parseInput(ZListApiKeys, input);
  const rows = await db().apiKey.findMany({
    where: { accountId, ...(includeRevoked ? {} : { revokedAt: null }) },
    orderBy: { id: "desc" },
    select: {
      id: true,
      name: true,
      keyId: true,
      lastUsedAt: true,
      revokedAt: true,
      createdAt: true,
      user: { select: { id: true, name: true, email: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: `${API_KEY_PREFIX}_${row.keyId}_…`,
    user: row.user,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
    createdAt: row.createdAt,
  }));
}
