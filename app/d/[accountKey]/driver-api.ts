// The driver page's calls to /api/driver/*: JSON in and out, the session in an httpOnly cookie the browser sends.
import type { CannedReplyDto } from "@/server/modules/messages/canned-replies.schema";
import type { MessageDto } from "@/server/modules/messages/messages.schema";

export interface Conversation {
  driver: { id: number; name: string };
  messages: MessageDto[];
  canned_replies: CannedReplyDto[];
}

export class DriverApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, { ...init, credentials: "same-origin", headers: { accept: "application/json", ...(init.body ? { "content-type": "application/json" } : {}) } });
  if (response.status === 204) return undefined as T;
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new DriverApiError(response.status, (body as { message?: string }).message ?? `HTTP ${response.status}`);
  return body as T;
}

export const driverApi = {
  signInWithToken: (accountKey: string, token: string) => call("/api/driver/session", { method: "POST", body: JSON.stringify({ account_key: accountKey, token }) }),
  signInWithPin: (accountKey: string, login: string, pin: string) =>
    call("/api/driver/session", { method: "POST", body: JSON.stringify({ account_key: accountKey, login, pin }) }),
  signOut: () => call("/api/driver/session", { method: "DELETE" }),
  conversation: () => call<Conversation>("/api/driver/messages"),
  reply: (reply: { body: string } | { canned_reply_key: string }) => call<{ data: MessageDto }>("/api/driver/messages", { method: "POST", body: JSON.stringify(reply) }),
  receipt: (upToId: number, status: "delivered" | "read") => call("/api/driver/receipts", { method: "POST", body: JSON.stringify({ up_to_id: upToId, status }) }),
};
