// Per-IP limits key an IPv6 client on its /64 (server/http/client-address-key.ts), over real sockets on the real
// server behind a trusted proxy (TRUST_PROXY=1, the client address is X-Forwarded-For's right-most entry): addresses
// of one /64 share the verify budget (30 a minute) and the 100-WebSocket cap; another /64 has its own; an
// IPv4-mapped address is its IPv4 client.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createAccount } from "../modules/accounts/create-account";
import { createAsset } from "../modules/assets/create-asset";
import { createTrackingLink } from "../modules/tracking-links/create-tracking-link";
import { PUBLIC_TRACKING_APP_KEY } from "../modules/tracking-links/public-channel";
import { PUBLIC_TRACKING_LIMITS } from "../modules/tracking-links/public-tracking-limits";
import { resetRateLimits } from "../security/rate-limit";
import { startTrackingServer, type TrackingServer } from "../testing/public-tracking-harness";

let server: TrackingServer;
let uuid: string;

beforeAll(async () => {
  server = await startTrackingServer({ TRUST_PROXY: "1" });
  const account = await createAccount({ name: "Buses" });
  const asset = await createAsset({ accountId: account.id, name: "Bus 1" });
  uuid = (await createTrackingLink({ accountId: account.id, assetId: asset.id, displayName: "Route 1" })).uuid;
}, 60_000);
afterAll(async () => {
  await server?.close();
});
beforeEach(() => resetRateLimits());

async function verifyFrom(address: string): Promise<number> {
  const response = await fetch(`${server.url}/api/public/tracking/${uuid}/verify`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: "{}",
  });
  await response.arrayBuffer();
  return response.status;
}

describe("per-IP limits over IPv6", () => {
  it("gives one /64 one verify budget, whichever of its addresses the requests come from", async () => {
    const budget = PUBLIC_TRACKING_LIMITS.verifyPerIp.points;
    for (let i = 1; i <= budget; i++) expect(await verifyFrom(`2001:db8:aa:1::${i.toString(16)}`)).toBe(200);
    expect(await verifyFrom("2001:db8:aa:1:ffff:ffff:ffff:ffff")).toBe(429);
    expect(await verifyFrom("2001:0db8:00aa:0001::1234")).toBe(429); // the same /64 spelled out
    expect(await verifyFrom("2001:db8:aa:2::1")).toBe(200); // the next /64 is another client
  });

  it("counts an IPv4-mapped address as its IPv4 client", async () => {
    const budget = PUBLIC_TRACKING_LIMITS.verifyPerIp.points;
    for (let i = 0; i < budget; i++) expect(await verifyFrom(i % 2 === 0 ? "198.51.100.7" : "::ffff:198.51.100.7")).toBe(200);
    expect(await verifyFrom("::ffff:c633:6407")).toBe(429);
  });

  it("holds one /64 to 100 public WebSockets together; another /64 still connects", async () => {
    const max = PUBLIC_TRACKING_LIMITS.webSocketsPerIp;
    const open = Array.from({ length: max }, (_, i) => socketFrom(`2001:db8:bb:1::${(i + 1).toString(16)}`));
    await Promise.all(open.map((socket) => socket.established));
    const refused = socketFrom("2001:db8:bb:1::ffff");
    expect(await refused.closed).toBe(4100);
    const elsewhere = socketFrom("2001:db8:bb:2::1");
    await elsewhere.established;
    for (const socket of [...open, elsewhere]) socket.ws.close();
    await Promise.all([...open, elsewhere].map((socket) => socket.closed));
  });
});

function socketFrom(address: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/app/${PUBLIC_TRACKING_APP_KEY}?protocol=7&client=js&version=8.6.0`, {
    headers: { "x-forwarded-for": address },
  });
  const established = new Promise<void>((resolve, reject) => {
    ws.on("message", (raw) => {
      if (JSON.parse(raw.toString()).event === "pusher:connection_established") resolve();
    });
    ws.on("close", (code) => reject(new Error(`closed with ${code} before it was established`)));
  });
  established.catch(() => {});
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  return { ws, established, closed };
}
