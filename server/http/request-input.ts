// Reading request input for REST handlers: query strings and JSON bodies, validated by zod. Malformed JSON is a 400;
// a body or query that parses but breaks the schema is a 422 with field errors (mapError).
import type { z } from "zod";
import { AppError, type ErrorCode } from "../errors";
import { MIB, readBodyText, type ReadBodyOptions } from "./read-body";

/** Query parameters as an object (a repeated parameter keeps its last value), parsed by `schema`. */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return schema.parse(params);
}

/** the default cap of a JSON body; endpoints that take bulk data pass their own (docs/api.md "Limits") */
export const MAX_JSON_BYTES = 1 * MIB;

export interface BodyOptions extends ReadBodyOptions {
  /** the body's byte cap; larger bodies are 413 PAYLOAD_TOO_LARGE without being read further */
  maxBytes?: number;
}

/** The JSON body, parsed by `schema`. Requires a JSON content type. */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: BodyOptions = {},
): Promise<z.output<S>> {
  return schema.parse(await readJsonValue(request, options));
}

async function readJsonValue(request: Request, options: BodyOptions = {}): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "The request body must be JSON (Content-Type: application/json).");
  }
  const text = await readBodyText(request, options.maxBytes ?? MAX_JSON_BYTES, options);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", "The request body is not valid JSON.");
  }
  return value;
}

/** The JSON body when there is one; an empty body (no content) counts as `{}` (e.g. verify of a public link). */
export async function readOptionalJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const length = request.headers.get("content-length");
  if (length === "0" || (!request.headers.get("content-type") && !request.body)) return schema.parse({});
  return readJson(request, schema);
}

const MAX_FORM_BYTES = 64 * 1024;

/**
 * A form-encoded or JSON body as an object, parsed by `schema` (Pusher clients post their channel authorisation
 * form-encoded, others send JSON).
 */
export async function readFormOrJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) return readJson(request, schema);
  const text = await readBodyText(request, MAX_FORM_BYTES);
  return schema.parse(Object.fromEntries(new URLSearchParams(text)));
}

/** `Authorization: Bearer <token>` (scheme case-insensitive, RFC 6750 2.1); null when absent or another scheme. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * The caller's address for rate limits and logs: the right-most X-Forwarded-For entry. Without TRUST_PROXY the
 * server replaces the header with the socket's address (server/server.ts), so that is the only entry. With
 * TRUST_PROXY the one trusted proxy in front either overwrites the header or appends the address it saw to whatever
 * the client sent; either way the right-most entry is the one the proxy vouches for, and entries further left are
 * the client's own words (rotating them must not buy a fresh rate-limit bucket).
 */
export function clientIp(request: Request): string {
  return clientIpFromHeader(request.headers.get("x-forwarded-for")) ?? request.headers.get("x-real-ip") ?? "unknown";
}

/** The right-most non-empty entry of an X-Forwarded-For value (see clientIp). */
export function clientIpFromHeader(forwarded: string | string[] | null | undefined): string | null {
  const value = Array.isArray(forwarded) ? forwarded.join(",") : forwarded;
  const entries = (value ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  return entries.at(-1) ?? null;
}

/** A numeric id from the path; anything else is the resource's NOT_FOUND (a malformed id names nothing that exists). */
export function idParam(
  value: string | string[] | undefined,
  notFound: Extract<ErrorCode, `${string}NOT_FOUND`>,
): number {
  const id = typeof value === "string" && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw new AppError(notFound, "Not found.");
  return id;
}

/**
 * The JSON body of a call that refuses every malformed body with 422, like the import service and webhook
 * registration (spec, Import errors): text that is not JSON is VALIDATION_FAILED on `body`, not a 400. The use case
 * validates the value.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  try {
    return await readJsonValue(request);
  } catch (error) {
    if (error instanceof AppError && error.code === "BAD_REQUEST") {
      throw new AppError("VALIDATION_FAILED", `body: ${error.message}`, [{ field: "body", message: error.message }]);
    }
    throw error;
  }
}
