// A real webhook receiver on 127.0.0.1 for tests, end-to-end specs and the webhook benchmark (plain Node: Playwright
// specs use it too). It checks each delivery the way docs/webhooks.md tells integrators to, written here on its own
// rather than with the server's signing code: HMAC-SHA256 of the raw bytes, compared with crypto.timingSafeEqual
// before the body is parsed. It answers with a chosen status, after a chosen delay, or never.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  /** X-Service-Event */
  event: string | undefined;
  /** the raw body as received */
  raw: string;
  /** the body parsed (only after its signature was checked; null when it was not valid) */
  body: Record<string, any> | null;
  /** the signature matched the secret known at the time of receipt */
  verified: boolean;
  headers: http.IncomingHttpHeaders;
  receivedAt: number;
}

export interface ReceiverOptions {
  /** the webhook's secret; may be set later (the registration answer carries it) */
  secret?: string;
  /** status to answer (default 200) */
  status?: number;
  /** answer after this long (milliseconds); "never" keeps the request open until the receiver closes */
  delayMs?: number | "never";
}

export interface WebhookReceiver {
  /** http://127.0.0.1:<port>/hooks */
  url: string;
  received: ReceivedWebhook[];
  setSecret(secret: string): void;
  /** resolves with the first delivery after `from` matching `match`, or rejects after `timeoutMs` */
  next(match?: (delivery: ReceivedWebhook) => boolean, options?: { from?: number; timeoutMs?: number }): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

/** docs/webhooks.md's check: `sha256=` + lowercase hex HMAC-SHA256 of the raw body, compared in constant time */
export function signatureMatches(secret: string, raw: Buffer, header: string | string[] | undefined): boolean {
  if (typeof header !== "string") return false;
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startWebhookReceiver(options: ReceiverOptions = {}): Promise<WebhookReceiver> {
  let secret = options.secret;
  const received: ReceivedWebhook[] = [];
  const waiters = new Set<() => void>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks);
      const verified = secret !== undefined && signatureMatches(secret, raw, request.headers["x-service-signature"]);
      received.push({
        event: request.headers["x-service-event"] as string | undefined,
        raw: raw.toString("utf8"),
        body: verified ? (JSON.parse(raw.toString("utf8")) as Record<string, any>) : null,
        verified,
        headers: request.headers,
        receivedAt: Date.now(),
      });
      for (const wake of waiters) wake();
      if (options.delayMs === "never") return;
      const answer = () => response.writeHead(options.status ?? 200, { "content-type": "text/plain" }).end("ok");
      if (options.delayMs) setTimeout(answer, options.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    setSecret: (value) => void (secret = value),
    next(match = () => true, { from = 0, timeoutMs = 10_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.slice(from).find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching webhook delivery within ${timeoutMs} ms (${received.length} received)`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
