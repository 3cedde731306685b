// Deliveries to a real receiver on 127.0.0.1 (private receivers allowed, as in every test): the receiver verifies the
// signature over the raw body the way docs/webhooks.md tells integrators to.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { sendWebhook } from "./send-webhook";
import { checkWebhookDestination } from "./webhook-destination";
import { verifyWebhookSignature } from "./webhook-signature";

interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
  verified: boolean;
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function receiver(secret: string, answer: (response: http.ServerResponse) => void) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      received.push({ headers: request.headers, raw, verified: verifyWebhookSignature(secret, raw, request.headers["x-service-signature"] as string) });
      answer(response);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}/hooks?x=1`, received };
}

async function destination(url: string) {
  const checked = await checkWebhookDestination(url, { allowPrivate: true });
  if (!checked.ok) throw new Error(checked.reason);
  return checked;
}

describe("sendWebhook", () => {
  it("posts the raw body once, signed, with the event header, and reports the receiver's status", async () => {
    const secret = "whsec_abc";
    const hook = await receiver(secret, (response) => response.writeHead(204).end());
    const rawBody = JSON.stringify({ id: "evt_1", event: "test_ping", occurred_at: "2026-11-24T10:00:00.000Z", data: {} });
    const outcome = await sendWebhook({ destination: await destination(hook.url), event: "test_ping", rawBody, secret });
    expect(outcome).toMatchObject({ responseCode: 204, error: null });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0]).toMatchObject({ raw: rawBody, verified: true });
    expect(hook.received[0]!.headers).toMatchObject({ "x-service-event": "test_ping", "content-type": "application/json", host: expect.stringMatching(/^localhost:/) });
  });

  it("reports an error status as it came", async () => {
    const hook = await receiver("s", (response) => response.writeHead(500).end("boom"));
    expect(await sendWebhook({ destination: await destination(hook.url), event: "test_ping", rawBody: "{}", secret: "s" })).toMatchObject({ responseCode: 500, error: null });
  });

  it("gives up after its timeout with no status and says so", async () => {
    const hook = await receiver("s", () => undefined); // never answers
    const outcome = await sendWebhook({ destination: await destination(hook.url), event: "test_ping", rawBody: "{}", secret: "s", timeoutMs: 300 });
    expect(outcome).toMatchObject({ responseCode: null, error: "no answer within 0.3 s" });
    expect(hook.received).toHaveLength(1); // delivered once, never retried
  });

  it("reports a refused connection", async () => {
    const hook = await receiver("s", (response) => response.end());
    const target = await destination(hook.url);
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
    expect(await sendWebhook({ destination: target, event: "test_ping", rawBody: "{}", secret: "s" })).toMatchObject({ responseCode: null, error: expect.stringMatching(/^ECONNREFUSED/) });
  });

  it("connects to the checked address, not to a fresh DNS answer", async () => {
    const hook = await receiver("s", (response) => response.writeHead(200).end());
    const port = new URL(hook.url).port;
    // the name does not resolve at all; the pinned, checked address is what the connection uses
    const pinned = { ok: true as const, url: new URL(`http://hooks.invalid:${port}/x`), addresses: [{ address: "127.0.0.1", family: 4 as const }] };
    expect(await sendWebhook({ destination: pinned, event: "test_ping", rawBody: "{}", secret: "s" })).toMatchObject({ responseCode: 200 });
    expect(hook.received[0]!.headers.host).toBe(`hooks.invalid:${port}`);
  });
});
