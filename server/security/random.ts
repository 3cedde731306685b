// High-entropy identifiers and secrets, and constant-time comparison for anything secret.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** URL-safe random string with `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Lowercase alphanumeric id (for account keys and public ids) of the given length. */
export function randomId(length: number): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = randomBytes(length);
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[bytes[i]! % alphabet.length];
  return out;
}

/** Compares two secrets in constant time (over their SHA-256 digests, so lengths may differ). */
export function safeEqual(a: string, b: string): boolean {
  const da = createHash("sha256").update(a).digest();
  const db = createHash("sha256").update(b).digest();
  return timingSafeEqual(da, db) && a.length === b.length;
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}
