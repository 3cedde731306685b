// Where a connected spreadsheet may be fetched from: the webhook SSRF guard (public addresses only, unless the
// operator set WEBHOOK_ALLOW_PRIVATE=1), https only, except that plain http is accepted where private addresses are
// (development and tests, where a local server has no certificate). The checked addresses are returned so the
// fetch connects to one of them, never to a second DNS answer.
import type { HostLookupOptions } from "../../webhooks/resolve-host";
import { checkWebhookDestination, type Destination } from "../../webhooks/webhook-destination";

export const SPREADSHEET_URL_MAX_LENGTH = 2_000;

export async function checkSpreadsheetUrl(url: string, options: { allowPrivate: boolean; lookup?: HostLookupOptions }): Promise<Destination> {
  if (url.length > SPREADSHEET_URL_MAX_LENGTH) return { ok: false, reason: `must be at most ${SPREADSHEET_URL_MAX_LENGTH} characters` };
  const destination = await checkWebhookDestination(url, { allowPrivate: options.allowPrivate, lookup: options.lookup });
  if (destination.ok && destination.url.protocol === "http:" && !options.allowPrivate) {
    return { ok: false, reason: "must use https (plain http only where the operator allows private addresses, WEBHOOK_ALLOW_PRIVATE=1)" };
  }
  return destination;
}
