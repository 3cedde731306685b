// Schemas of the REST transport (bodies, queries, envelopes) shared by the route handlers and the OpenAPI document,
// so what is validated and what is documented cannot drift apart. Domain DTOs live in their modules' *.schema.ts.
import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "../errors";

export const ZErrorBody = z
  .object({
    message: z.string().meta({ description: "Human-readable explanation." }),
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]).meta({ description: "Stable error code." }),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .meta({ description: "Field errors (422 VALIDATION_FAILED)." }),
    quota: z
      .object({ resource: z.string(), limit: z.number().int(), count: z.number().int() })
      .optional()
      .meta({ description: "At an account quota (422 QUOTA_EXCEEDED, WEBHOOK_LIMIT_REACHED): the resource, its cap and the account's count." }),
  })
  .meta({ id: "Error", description: "Every REST error except 401 and the token endpoint's." });

export const ZUnauthenticated = z
  .object({ message: z.literal("Unauthenticated.") })
  .meta({ id: "Unauthenticated", description: "Missing, malformed, expired or revoked credentials." });

export const ZOAuthErrorBody = z
  .object({
    error: z.enum(["invalid_request", "invalid_client", "unsupported_grant_type", "invalid_scope", "rate_limited", "server_error"]),
    error_description: z.string(),
    message: z.string().meta({ description: "Same text as error_description." }),
  })
  .meta({ id: "OAuthError", description: "Errors of POST /oauth/token (RFC 6749 5.2 fields plus message)." });

export const ZTokenRequest = z
  .object({
    grant_type: z.literal("client_credentials"),
    client_id: z.string().optional().meta({ description: "Or in HTTP Basic authentication." }),
    client_secret: z.string().optional().meta({ description: "Or in HTTP Basic authentication." }),
    scope: z.string().optional().meta({ description: "Space-separated scopes; default: all the client allows." }),
  })
  .meta({ id: "TokenRequest" });

export const ZTokenResponse = z
  .object({
    access_token: z.string().meta({ description: "JWT (HS256)." }),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int().meta({ description: "Seconds; 31536000 (one year).", example: 31536000 }),
    scope: z.string().meta({ description: "The granted scopes, space-separated." }),
  })
  .meta({ id: "TokenResponse" });

export const ZUserProfile = z
  .object({
    data: z.object({
      id: z.number().int(),
      name: z.string(),
      accounts: z.array(z.object({ id: z.number().int(), key: z.string(), name: z.string() })),
    }),
  })
  .meta({ id: "UserProfile", description: "The user the client acts as and the account its token grants." });

export const ZAccountPathParams = z.object({
  accountKey: z.string().meta({ description: "The account key (dashboard address /a/{account_key}/dashboard)." }),
});

export const ZAssetMap = z
  .object({
    data: z.array(z.number().int()).meta({ description: "Asset ids of the account, ascending." }),
    next_cursor: z.string().nullable().meta({ description: "Pass as ?cursor= for the next page; null on the last page." }),
  })
  .meta({ id: "AssetMap" });
