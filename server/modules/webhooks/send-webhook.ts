// One webhook delivery: a single HTTP POST of the raw JSON body with X-Service-Event and X-Service-Signature, to one
// of the addresses the destination guard checked (the connection's DNS lookup answers with them, so the Host header
// and TLS name stay the URL's while a second DNS answer cannot redirect the request inside). Five seconds for the
// whole exchange, one attempt, never retried: the outcome (status, duration, error) is returned for the delivery log.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { Destination } from "./webhook-destination";
import { EVENT_HEADER, SIGNATURE_HEADER, signWebhookBody } from "./webhook-signature";

export const WEBHOOK_TIMEOUT_MS = 5_000;
/** what is kept of a receiver's answer: the status; the body is read and dropped, at most this much */
const MAX_RESPONSE_BYTES = 64 * 1024;

export interface DeliveryOutcome {
  /** the receiver's HTTP status, or null when no answer came */
  responseCode: number | null;
  durationMs: number;
  /** why there was no (complete) answer: timeout, refused connection, TLS failure ... */
  error: string | null;
}

export function sendWebhook(input: {
  destination: Extract<Destination, { ok: true }>;
  event: string;
  rawBody: string;
  secret: string;
  timeoutMs?: number;
}): Promise<DeliveryOutcome> {
  const { destination, event, rawBody, secret } = input;
  const timeoutMs = input.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const pinned = destination.addresses[0]!;
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const transport = destination.url.protocol === "https:" ? https : http;
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (responseCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ responseCode, durationMs: Math.round(performance.now() - started), error });
    };
    const request = transport.request(
      destination.url,
      {
        method: "POST",
        lookup,
        agent: false, // one connection per delivery: a pooled socket could have been opened to another address
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(rawBody),
          "user-agent": "Fleetline-Webhooks/1",
          [EVENT_HEADER]: event,
          [SIGNATURE_HEADER]: signWebhookBody(secret, rawBody),
        },
      },
      (response) => {
        let received = 0;
        response.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received > MAX_RESPONSE_BYTES) response.destroy();
        });
        response.on("end", () => finish(response.statusCode ?? null, null));
        response.on("close", () => finish(response.statusCode ?? null, null));
        response.on("error", () => finish(response.statusCode ?? null, null)); // the status arrived; the body does not matter
      },
    );
    const deadline = setTimeout(() => {
      finish(null, `no answer within ${timeoutMs / 1000} s`);
      request.destroy();
    }, timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) => finish(null, error.code ? `${error.code}: ${error.message}` : error.message));
    request.end(rawBody);
  });
}
