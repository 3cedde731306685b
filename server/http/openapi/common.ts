// What every path of the OpenAPI document shares: the security schemes (OAuth 2.0 client credentials, API keys,
// viewer sessions) and the standard error responses, so a registration file states only what is its own.
import type { OpenAPIRegistry, ResponseConfig } from "@asteasolutions/zod-to-openapi";
import { SCOPES } from "../../modules/oauth/scopes";
import { ZErrorBody, ZUnauthenticated } from "../rest.schema";

export const SECURITY = {
  oauth2: "oauth2",
  apiKey: "apiKey",
  viewerSession: "viewerSession",
} as const;

export function registerCommon(registry: OpenAPIRegistry): void {
  registry.registerComponent("securitySchemes", SECURITY.oauth2, {
    type: "oauth2",
    description: "OAuth 2.0 client credentials. Tokens are JWTs valid for one year; send `Authorization: Bearer <token>`.",
    flows: {
      clientCredentials: {
        tokenUrl: "/oauth/token",
        scopes: Object.fromEntries(SCOPES.map((scope) => [scope.name, scope.description])),
      },
    },
  });
  registry.registerComponent("securitySchemes", SECURITY.apiKey, {
    type: "http",
    scheme: "bearer",
    bearerFormat: "flk_<key id>_<secret>",
    description: "API key (import service, webhooks); acts as the member who created it.",
  });
  registry.registerComponent("securitySchemes", SECURITY.viewerSession, {
    type: "apiKey",
    in: "header",
    name: "X-Session-Token",
    description: "Public tracking viewer session from POST /api/public/tracking/{uuid}/verify.",
  });
}

/** `security` of an operation: OAuth with one scope (or none), an API key, or a viewer session. */
export function oauth(scope?: string) {
  return [{ [SECURITY.oauth2]: scope ? [scope] : [] }];
}
export const apiKeySecurity = [{ [SECURITY.apiKey]: [] }];
export const viewerSessionSecurity = [{ [SECURITY.viewerSession]: [] }];

const ERROR_DESCRIPTIONS = {
  400: "Malformed request (e.g. invalid JSON).",
  401: "Missing, malformed, expired or revoked credentials.",
  403: "Authenticated, but the scope or role does not allow this (INSUFFICIENT_SCOPE, FORBIDDEN).",
  404: "Not found; also an account key that the credentials do not belong to (ACCOUNT_NOT_FOUND).",
  409: "Conflict with existing data.",
  410: "Gone: the resource existed but has expired.",
  413: "The request body is above the endpoint's cap (PAYLOAD_TOO_LARGE); it was not read past the cap.",
  415: "The body's type is not one the endpoint takes (UNSUPPORTED_MEDIA_TYPE).",
  422: "Validation failed; `errors` lists the fields (VALIDATION_FAILED).",
  429: "Rate limit exceeded; see Retry-After (RATE_LIMITED).",
} as const;

/** The standard error responses for the given statuses (500 is always included). */
export function errorResponses(...statuses: (keyof typeof ERROR_DESCRIPTIONS)[]): Record<string, ResponseConfig> {
  const out: Record<string, ResponseConfig> = {};
  for (const status of statuses) {
    out[status] = {
      description: ERROR_DESCRIPTIONS[status],
      content: { "application/json": { schema: status === 401 ? ZUnauthenticated : ZErrorBody } },
    };
  }
  out[500] = { description: "Internal server error.", content: { "application/json": { schema: ZErrorBody } } };
  return out;
}
