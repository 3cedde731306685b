// The REST API's response shapes in one place: JSON bodies, the exact 401 of the spec, and the error body
// `{message, code, errors?}` (spec-readings.md "Responses the spec does not show").
import type { ErrorCode, FieldError } from "../errors";

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("content-type", JSON_CONTENT_TYPE);
  if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  return new Response(JSON.stringify(body), { ...init, headers });
}

export interface ErrorBody {
  message: string;
  code: ErrorCode;
  errors?: FieldError[];
  /** at an account quota: which resource, its cap and the account's count (docs/api.md "Quotas") */
  quota?: { resource: string; limit: number; count: number };
}

export function errorResponse(status: number, body: ErrorBody, headers?: HeadersInit): Response {
  const { message, code, errors, quota } = body;
  return jsonResponse({ message, code, ...(errors?.length ? { errors } : {}), ...(quota ? { quota } : {}) }, { status, headers });
}

/** Missing, malformed, expired or revoked credentials: exactly `{"message": "Unauthenticated."}` (spec, Errors). */
export function unauthenticatedResponse(scheme?: "Bearer"): Response {
  return jsonResponse({ message: "Unauthenticated." }, { status: 401, headers: scheme ? { "www-authenticate": scheme } : {} });
}
