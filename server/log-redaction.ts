// Deep redaction of secrets in log lines. pino's own `redact` paths are fixed depths and exact names, so a secret one
// level deeper or spelled in camelCase (clientSecret, apiKey, passwordHash, a cookie header) would slip through. This
// walks every plain object and array of a log line (bounded depth, cycles cut, the caller's object never changed)
// and replaces the value of any key that names a secret, compared without case, `_` or `-`.
// Errors are left to pino's serializer: their messages are ours and carry no secrets.

export const REDACTED = "[redacted]";

const SECRET_KEYS = new Set(
  [
    "password",
    "passwordHash",
    "secret",
    "secretHash",
    "clientSecret",
    "accessToken",
    "refreshToken",
    "token",
    "sessionToken",
    "xSessionToken",
    "authorization",
    "proxyAuthorization",
    "apiKey",
    "cookie",
    "setCookie",
    "accessCode",
    "code_verifier",
  ].map(normalise),
);

const MAX_DEPTH = 8;

function normalise(key: string): string {
  return key.replace(/[-_]/g, "").toLowerCase();
}

export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(normalise(key));
}

/** A copy of `value` with every secret-named key's value replaced by "[redacted]". */
export function redactSecrets<T>(value: T): T {
  return walk(value, 0, new WeakSet()) as T;
}

function walk(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (value === null || typeof value !== "object") return value;
  if (depth > MAX_DEPTH) return "[Too deep]"; // not walked, so not shown
  if (seen.has(value)) return "[Circular]"; // never the original: it may hold the secret this copy redacted
  if (Array.isArray(value)) {
    seen.add(value);
    return value.map((item) => walk(item, depth + 1, seen));
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value; // Errors, Dates, Buffers: as they are
  seen.add(value);
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = isSecretKey(key) && item !== undefined && item !== null ? REDACTED : walk(item, depth + 1, seen);
  }
  return copy;
}
