// Lists an account's OAuth clients (never their secrets), newest first. Revoked clients are left out unless asked for.
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { z } from "zod";
import type { OAuthClientDto } from "./oauth.schema";
import { isScope } from "./scopes";

const ZListOAuthClients = z.object({
  accountId: z.number().int().positive(),
  includeRevoked: z.boolean().default(false),
});

export async function listOAuthClients(input: z.input<typeof ZListOAuthClients>): Promise<OAuthClientDto[]> {
  const { accountId, includeRevoked } = parseInput(ZListOAuthClients, input);
  const rows = await db().oAuthClient.findMany({
    where: { accountId, ...(includeRevoked ? {} : { revokedAt: null }) },
    orderBy: { id: "desc" },
    select: {
      id: true,
      name: true,
      clientId: true,
      scopes: true,
      lastUsedAt: true,
      revokedAt: true,
      createdAt: true,
      user: { select: { id: true, name: true, email: true, passwordHash: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    clientId: row.clientId,
    scopes: row.scopes.filter(isScope),
    user: { id: row.user.id, name: row.user.name, email: row.user.email, service: row.user.passwordHash === null },
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
    createdAt: row.createdAt,
  }));
}
