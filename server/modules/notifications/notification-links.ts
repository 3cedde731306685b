// Signed links in notification e-mails that work without signing in: one-click unsubscribe (turns one alert type's
// e-mail off for one recipient) and acknowledge (a critical alert). The token is the payload and an HMAC-SHA256 of it
// keyed from AUTH_SECRET per purpose; it is compared in constant time. It does not expire: an unsubscribe link must
// keep working (RFC 8058), and acknowledging an alert twice changes nothing.
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "../../env";
import { derivedKey } from "../../security/derived-key";

export type LinkPurpose = "unsubscribe" | "acknowledge";

export interface UnsubscribePayload {
  accountId: number;
  /** "user:<id>" or "email:<address>" */
  recipientKey: string;
  alertType: string;
}

export interface AcknowledgePayload {
  accountId: number;
  alertId: number;
  recipientKey: string;
}

const key = (purpose: LinkPurpose) => derivedKey(`fleetline/notification-${purpose}/v1`);

export function signToken(purpose: LinkPurpose, payload: UnsubscribePayload | AcknowledgePayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  const mac = createHmac("sha256", key(purpose)).update(body).digest("base64url");
  return `${body}.${mac}`;
}

/** the payload of a token this server signed for `purpose`, or null (bad, altered or for another purpose) */
export function verifyToken<T extends UnsubscribePayload | AcknowledgePayload>(purpose: LinkPurpose, token: string | null | undefined): T | null {
  if (typeof token !== "string" || token.length > 2000) return null;
  const dot = token.indexOf(".");
  if (dot <= 0) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), "base64url");
  const expected = createHmac("sha256", key(purpose)).update(body).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as T;
  } catch {
    return null;
  }
}

export function unsubscribeUrl(payload: UnsubscribePayload): string {
  return new URL(`/notifications/unsubscribe?token=${signToken("unsubscribe", payload)}`, env().PUBLIC_URL).toString();
}

export function acknowledgeUrl(payload: AcknowledgePayload): string {
  return new URL(`/notifications/acknowledge?token=${signToken("acknowledge", payload)}`, env().PUBLIC_URL).toString();
}
