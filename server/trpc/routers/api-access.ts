// API access: OAuth clients (REST API) and API keys (import service, webhooks). Secrets are returned by the create
// mutations only, once; the lists never carry them.
import { z } from "zod";
import { createApiKey } from "../../modules/api-keys/create-api-key";
import { listApiKeys } from "../../modules/api-keys/list-api-keys";
import { revokeApiKey } from "../../modules/api-keys/revoke-api-key";
import { createOAuthClient } from "../../modules/oauth/create-oauth-client";
import type { CreateOAuthClientInput, UpdateOAuthClientInput } from "../../modules/oauth/oauth.schema";
import { listOAuthClients } from "../../modules/oauth/list-oauth-clients";
import { revokeOAuthClient } from "../../modules/oauth/revoke-oauth-client";
import { rotateOAuthClientSecret } from "../../modules/oauth/rotate-oauth-client-secret";
import { updateOAuthClient } from "../../modules/oauth/update-oauth-client";
import { listMembers } from "../../modules/users/list-members";
import { createTrpcRouter, requirePermission } from "../trpc";

const ZId = z.object({ id: z.number().int().positive() });

export const apiAccessRouter = createTrpcRouter({
  listClients: requirePermission("api.manage").query(({ ctx }) => listOAuthClients({ accountId: ctx.account.id })),

  /** The client acts as the signed-in user (GET /api/v1/user answers with them). */
  createClient: requirePermission("api.manage")
    .input(z.object({ name: z.string().max(200).optional(), scopes: z.array(z.string().max(100)).max(50) }))
    .mutation(({ ctx, input }) =>
      createOAuthClient({
        accountId: ctx.account.id,
        userId: ctx.userId,
        name: input.name,
        // names are checked by the use case (VALIDATION_FAILED with the field), not here
        scopes: input.scopes as CreateOAuthClientInput["scopes"],
      }),
    ),

  /**
   * Name and scopes (within the acting member's role). A removed scope ends at once for the client's tokens; an added
   * one comes with its next token (a token keeps the scopes it was issued with).
   */
  updateClient: requirePermission("api.manage")
    .input(ZId.extend({ name: z.string().max(200).optional(), scopes: z.array(z.string().max(100)).max(50).optional() }))
    .mutation(({ ctx, input }) =>
      updateOAuthClient({
        accountId: ctx.account.id,
        id: input.id,
        name: input.name,
        scopes: input.scopes as UpdateOAuthClientInput["scopes"],
      }),
    ),

  /** A new secret, shown once; the old secret and the tokens obtained with it stop working. */
  rotateClient: requirePermission("api.manage")
    .input(ZId)
    .mutation(({ ctx, input }) => rotateOAuthClientSecret({ accountId: ctx.account.id, id: input.id })),

  revokeClient: requirePermission("api.manage")
    .input(ZId)
    .mutation(async ({ ctx, input }) => {
      await revokeOAuthClient({ accountId: ctx.account.id, id: input.id });
      return { ok: true as const };
    }),

  listKeys: requirePermission("api.manage").query(({ ctx }) => listApiKeys({ accountId: ctx.account.id })),

  /** Members a key can act as (the key carries that member's role). */
  members: requirePermission("api.manage").query(({ ctx }) => listMembers({ accountId: ctx.account.id })),

  createKey: requirePermission("api.manage")
    .input(z.object({ userId: z.number().int().positive(), name: z.string().max(200).optional() }))
    .mutation(({ ctx, input }) => createApiKey({ accountId: ctx.account.id, userId: input.userId, name: input.name })),

  revokeKey: requirePermission("api.manage")
    .input(ZId)
    .mutation(async ({ ctx, input }) => {
      await revokeApiKey({ accountId: ctx.account.id, id: input.id });
      return { ok: true as const };
    }),
});
