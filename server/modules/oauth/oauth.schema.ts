// Input schemas and DTOs of the OAuth client use cases. The secret is never part of a DTO: it is returned once by
// createOAuthClient and stored only as an argon2id hash.
import { z } from "zod";
import { SCOPE_NAMES, type Scope } from "./scopes";

const zId = z.number().int().positive();

export const ZScope = z.enum(SCOPE_NAMES as [Scope, ...Scope[]], {
  error: `must be one of ${SCOPE_NAMES.join(", ")}`,
});

export const ZCreateOAuthClient = z.object({
  accountId: zId,
  userId: zId.optional(),
  name: z
    .string()
    .trim()
    .max(100, "must be at most 100 characters")
    .optional()
    .transform((value) => (value ? value : "API client")),
  /** absent: every scope; present: a non-empty subset */
  scopes: z
    .array(ZScope)
    .min(1, "give at least one scope, or leave scopes out for all of them")
    .optional()
    .transform((value) => (value ? [...new Set(value)] : [...SCOPE_NAMES])),
});
export type CreateOAuthClientInput = z.input<typeof ZCreateOAuthClient>;

export const ZAccountItem = z.object({ accountId: zId, id: zId });

/** Editing a client: absent fields stay; scopes replace the set (at least one, within the member's role). */
export const ZUpdateOAuthClient = z.object({
  accountId: zId,
  id: zId,
  name: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters").optional(),
  scopes: z
    .array(ZScope)
    .min(1, "give at least one scope")
    .optional()
    .transform((value) => (value ? [...new Set(value)] : undefined)),
});
export type UpdateOAuthClientInput = z.input<typeof ZUpdateOAuthClient>;

export interface OAuthClientDto {
  id: number;
  name: string;
  clientId: string;
  scopes: Scope[];
  user: { id: number; name: string; email: string; service: boolean };
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}
