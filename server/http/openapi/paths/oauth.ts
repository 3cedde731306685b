// POST /oauth/token and GET /api/v1/user.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { ZOAuthErrorBody, ZTokenRequest, ZTokenResponse, ZUserProfile } from "../../rest.schema";
import { errorResponses, oauth } from "../common";

export function registerOAuthPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: "post",
    path: "/oauth/token",
    tags: ["Authentication"],
    summary: "Get an access token (client credentials)",
    description:
      "Form-encoded only. Client authentication in the body (client_id, client_secret) or by HTTP Basic, not both. " +
      "Rate-limited to 30 requests per minute per IP address and client_id.",
    security: [],
    request: {
      body: { required: true, content: { "application/x-www-form-urlencoded": { schema: ZTokenRequest } } },
    },
    responses: {
      200: { description: "The token response.", content: { "application/json": { schema: ZTokenResponse } } },
      400: {
        description: "invalid_request, unsupported_grant_type or invalid_scope.",
        content: { "application/json": { schema: ZOAuthErrorBody } },
      },
      401: { description: "invalid_client.", content: { "application/json": { schema: ZOAuthErrorBody } } },
      413: { description: "invalid_request: the body is above 8 KiB.", content: { "application/json": { schema: ZOAuthErrorBody } } },
      429: { description: "rate_limited (60 a minute per address, 30 per address and client_id); see Retry-After.", content: { "application/json": { schema: ZOAuthErrorBody } } },
    },
  });

  registry.registerPath({
    method: "get",
    path: "/api/v1/user",
    tags: ["Authentication"],
    summary: "The client's user and account",
    security: oauth(),
    responses: {
      200: { description: "The user profile.", content: { "application/json": { schema: ZUserProfile } } },
      ...errorResponses(401, 429),
    },
  });
}
