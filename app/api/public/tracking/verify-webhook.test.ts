// viewer_joined over the real server: a viewer's verify over HTTP, answered at once, and the account's webhook
// subscribed to viewer_joined receiving the signed event on a real receiver, with the attempt in the delivery log.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { createAccount } from "@/server/modules/accounts/create-account";
import { createAsset } from "@/server/modules/assets/create-asset";
import { createTrackingLink } from "@/server/modules/tracking-links/create-tracking-link";
import { createWebhook } from "@/server/modules/webhooks/create-webhook";
import type { WebhookEvent } from "@/server/modules/webhooks/webhook-events";
import { startTrackingServer, type TrackingServer } from "@/server/testing/public-tracking-harness";
import { startWebhookReceiver, type WebhookReceiver } from "@/server/testing/webhook-receiver";

let server: TrackingServer;
let ipSeq = 1;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  server = await startTrackingServer({ TRUST_PROXY: "1", WEBHOOK_ALLOW_PRIVATE: "1" });
}, 60_000);
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
});

async function verify(uuid: string, body: unknown) {
  const response = await fetch(`${server.url}/api/public/tracking/${uuid}/verify`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${ipSeq++}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function setup(events: WebhookEvent[], receiverOptions: Parameters<typeof startWebhookReceiver>[0] = {}) {
  const account = await createAccount({ name: "School Buses" });
  const admin = await db().user.create({
    data: { email: `admin-${account.id}@example.test`, name: "Admin", passwordHash: null, memberships: { create: { accountId: account.id, role: "admin" } } },
  });
  const asset = await createAsset({ accountId: account.id, name: "Bus 12" });
  const receiver = await startWebhookReceiver(receiverOptions);
  receivers.push(receiver);
  const webhook = await createWebhook({ accountId: account.id, userId: admin.id, body: { url: receiver.url, events } });
  receiver.setSecret(webhook.secret);
  return { account, asset, receiver, webhook };
}

describe("viewer_joined", () => {
  it("is delivered, signed, when a viewer's verify succeeds, and logged with the receiver's answer", async () => {
    const { account, asset, receiver, webhook } = await setup(["viewer_joined"]);
    const link = await createTrackingLink({ accountId: account.id, assetId: asset.id, displayName: "Route 12 morning", accessMode: "email" });

    const verified = await verify(link.uuid, { email: "Parent@Example.test" });
    expect(verified.status).toBe(200);
    const delivery = await receiver.next();
    expect(delivery.verified).toBe(true);
    expect(delivery.event).toBe("viewer_joined");
    expect(delivery.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      event: "viewer_joined",
      created_at: expect.any(String),
      account_key: account.key,
      data: { link_uuid: link.uuid, link_display_name: "Route 12 morning", passenger_id: null, viewer_email: "parent@example.test" },
    });
    await server.running.webhooks.idle();
    expect(await db().webhookDelivery.findMany({ where: { webhookId: webhook.id } })).toEqual([
      expect.objectContaining({ event: "viewer_joined", eventId: delivery.body!.id, responseCode: 200, error: null }),
    ]);
  });

  it("names the passenger of a passenger's own link, and no address on a public link", async () => {
    const { account, asset, receiver } = await setup(["viewer_joined"]);
    const route = await db().route.create({ data: { accountId: account.id, routeNumber: "12" } });
    const passenger = await db().passenger.create({ data: { accountId: account.id, routeId: route.id, name: "Ada" } });
    const link = await createTrackingLink({ accountId: account.id, assetId: asset.id, displayName: "Ada's bus" });
    await db().trackingLink.update({ where: { id: link.id }, data: { passengerId: passenger.id } });
    expect((await verify(link.uuid, {})).status).toBe(200);
    expect((await receiver.next()).body!.data).toEqual({ link_uuid: link.uuid, link_display_name: "Ada's bus", passenger_id: passenger.id, viewer_email: null });
  });

  it("never holds up the verify: it answers while a slow receiver still holds the delivery", async () => {
    const { account, asset, receiver, webhook } = await setup(["viewer_joined"], { delayMs: 4_000 });
    const link = await createTrackingLink({ accountId: account.id, assetId: asset.id });
    expect((await verify(link.uuid, {})).status).toBe(200);
    // the viewer has its session while the attempt is still under way (the receiver holds it for 4 s)
    await receiver.next();
    expect(receiver.received).toHaveLength(1);
    expect(await db().webhookDelivery.count({ where: { webhookId: webhook.id } })).toBe(0);
    await server.running.webhooks.idle();
    expect(await db().webhookDelivery.findMany({ where: { webhookId: webhook.id } })).toEqual([expect.objectContaining({ responseCode: 200 })]);
  }, 15_000);

  it("is not sent to webhooks that did not subscribe to it, nor for a verify that fails", async () => {
    const { account, asset, receiver } = await setup(["form_submitted"]);
    const link = await createTrackingLink({ accountId: account.id, assetId: asset.id, accessMode: "email" });
    expect((await verify(link.uuid, {})).status).toBe(422); // no address given
    expect((await verify(link.uuid, { email: "a@example.test" })).status).toBe(200);
    await server.running.webhooks.idle();
    expect(receiver.received).toHaveLength(0);
  });
});
