// Reading request input for REST handlers: query strings and JSON bodies, validated by zod. Malformed JSON is a 400;
// a body or query that parses but breaks the schema is a 422 with field errors (mapError).
import type { z } from "zod";
import { AppError, type ErrorCode } from "../errors";

/** Query parameters as an object (a repeated parameter keeps its last value), parsed by `schema`. */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return schema.parse(params);
}

const MAX_JSON_BYTES = 10 * 1024 * 1024;

/** The JSON body, parsed by `schema`. Requires a JSON content type. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "The request body must be JSON (Content-Type: application/json).");
  }
  const text = await request.text();
  if (text.length > MAX_JSON_BYTES) throw new AppError("BAD_REQUEST", "The request body is too large.");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", "The request body is not valid JSON.");
  }
  return schema.parse(value);
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
  const text = await request.text();
  if (text.length > MAX_FORM_BYTES) throw new AppError("BAD_REQUEST", "The request body is too large.");
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
 * The caller's address for rate limits: the first X-Forwarded-For hop. Next.js fills the header from the socket
 * when the request does not carry one; behind a reverse proxy, the proxy must set (overwrite) it.
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  const first = forwarded?.split(",")[0]?.trim();
  return first || request.headers.get("x-real-ip") || "unknown";
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
