// The spec's webhook signature: `X-Service-Signature: sha256=<lowercase hex HMAC-SHA256 of the raw body>`, keyed
// with the webhook's secret. Signed over the exact bytes sent, so a receiver verifies before parsing (docs/webhooks.md
// has a receiver); verification compares in constant time.
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "X-Service-Signature";
export const EVENT_HEADER = "X-Service-Event";
const PREFIX = "sha256=";

export function signWebhookBody(secret: string, rawBody: string | Buffer): string {
  return PREFIX + createHmac("sha256", secret).update(rawBody).digest("hex");
}

/** true when `signature` (the header's value) is the body's signature under `secret` */
export function verifyWebhookSignature(secret: string, rawBody: string | Buffer, signature: string | null | undefined): boolean {
  if (typeof signature !== "string") return false;
  const expected = Buffer.from(signWebhookBody(secret, rawBody));
  const given = Buffer.from(signature.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
