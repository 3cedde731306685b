// The dashboard user's private channel over real sockets: /broadcasting/auth authorises `private-user.{id}` by the
// dashboard session cookie (its own user only), pusher-js subscribes on the real server, and a message published on
// the hub reaches it; other users' channels, other accounts' and requests without a session are refused.
import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { db } from "../../db/client";
import { PUBLIC_TRACKING_APP_KEY } from "../../modules/tracking-links/public-channel";
import { authSecret } from "../../security/auth-secret";
import { listenOnChannel as listen } from "../../testing/cookie-channel-client";
import { usePrivateChannelServer } from "../../testing/private-channel-server";
import { waitUntil } from "../../testing/public-tracking-harness";
import { createFixtureAccount } from "../../testing/trpc-fixtures";
import { publishPrivate } from "../../modules/private-channels/private-channels";
import { userChannel } from "../../modules/notifications/inbox/user-channel-name";
import { revokeUserSessions } from "../../modules/users/revoke-user-sessions";
import { findPrivateChannelAuthorizer, registerPrivateChannel } from "./private-channel-authorizers";

// a dashboard tab on pusher-js: the auth request carries the cookie (a browser sends it by itself)
const channels = usePrivateChannelServer();
const { open: dashboardClient, auth: channelAuth } = channels;

async function sessionCookie(userId: number, authAt = Date.now()): Promise<string> {
  const token = await encode({ token: { sub: String(userId), authAt }, secret: authSecret() });
  return `next-auth.session-token=${token}`;
}

describe("private-user channel", () => {
  it("lets a signed-in user subscribe to their own channel and hear what is published on the hub", async () => {
    const account = await createFixtureAccount();
    const userId = account.users.fleet_manager;
    const client = dashboardClient(await sessionCookie(userId));
    const { channel, events } = listen(client, userChannel(userId));
    await waitUntil("subscription", () => (channel.subscribed ? true : undefined));
    await publishPrivate(userChannel(userId), "notification.created", { id: 7, title: "Report ready" });
    const heard = await waitUntil("notification", () => events.find((e) => e.event === "notification.created"));
    expect(heard.data).toEqual({ id: 7, title: "Report ready" });
  });

  it("refuses another user's channel, in the same account and in another (403), and no session (401)", async () => {
    const account = await createFixtureAccount();
    const other = await createFixtureAccount("Other fleet");
    const cookie = await sessionCookie(account.users.viewer);
    expect(await channelAuth(userChannel(account.users.viewer), cookie)).toMatchObject({ status: 200, body: { auth: expect.stringMatching(/^public-tracking:[0-9a-f]{64}$/) } });
    expect(await channelAuth(userChannel(account.users.admin), cookie)).toMatchObject({ status: 403, body: { code: "CHANNEL_FORBIDDEN" } });
    expect(await channelAuth(userChannel(other.users.admin), cookie)).toMatchObject({ status: 403, body: { code: "CHANNEL_FORBIDDEN" } });
    expect(await channelAuth(userChannel(account.users.viewer))).toEqual({ status: 401, body: { message: "Unauthenticated." } });
    expect(await channelAuth(userChannel(account.users.viewer), "next-auth.session-token=forged")).toEqual({ status: 401, body: { message: "Unauthenticated." } });
    // a channel nobody registered, and public tracking's without its session token: 401 as before
    expect((await channelAuth("private-nothing.1", cookie)).status).toBe(401);
    expect((await channelAuth("private-tracking.00000000-0000-4000-8000-000000000000", cookie)).status).toBe(401);
  });

  it("refuses a revoked session (sessions_valid_after after its sign-in)", async () => {
    const account = await createFixtureAccount();
    const userId = account.users.office_staff;
    const cookie = await sessionCookie(userId, Date.now() - 60_000);
    await db().user.update({ where: { id: userId }, data: { sessionsValidAfter: new Date() } });
    // session-validity caches per process for a few seconds: this user was never looked up before
    expect((await channelAuth(userChannel(userId), cookie)).status).toBe(401);
  });

  it("closes an open subscription with 4009 when the user signs out everywhere, on the socket that was listening", async () => {
    const account = await createFixtureAccount();
    const userId = account.users.fleet_manager;
    const bystander = account.users.viewer;
    const client = dashboardClient(await sessionCookie(userId));
    const other = dashboardClient(await sessionCookie(bystander));
    const { channel } = listen(client, userChannel(userId));
    const kept = listen(other, userChannel(bystander));
    const closes: unknown[] = [];
    client.connection.bind("error", (error: { data?: { code?: number } }) => closes.push(error?.data?.code));
    await waitUntil("subscriptions", () => (channel.subscribed && kept.channel.subscribed ? true : undefined));
    await revokeUserSessions({ userId, reason: "signed_out_everywhere" });
    await waitUntil("4009", () => (closes.includes(4009) ? true : undefined));
    await waitUntil("socket down", () => (client.connection.state !== "connected" ? true : undefined));
    // another user's socket is untouched and still hears its own channel
    await publishPrivate(userChannel(bystander), "notification.created", { id: 3 });
    await waitUntil("bystander still live", () => kept.events.find((e) => e.event === "notification.created"));
    expect(other.connection.state).toBe("connected");
  });

  it("pusher-js gets a subscription error for another user's channel and hears nothing from it", async () => {
    const account = await createFixtureAccount();
    const other = await createFixtureAccount("Another fleet");
    const client = dashboardClient(await sessionCookie(account.users.admin));
    const refused = listen(client, userChannel(other.users.admin));
    const nobody = dashboardClient(null);
    const anonymous = listen(nobody, userChannel(account.users.admin));
    await waitUntil("refusals", () => (refused.failures.length > 0 && anonymous.failures.length > 0 ? true : undefined));
    const own = listen(client, userChannel(account.users.admin));
    await waitUntil("own subscription", () => (own.channel.subscribed ? true : undefined));
    await publishPrivate(userChannel(other.users.admin), "notification.created", { id: 1 });
    await publishPrivate(userChannel(account.users.admin), "notification.created", { id: 2 });
    await waitUntil("own message", () => own.events.find((e) => e.event === "notification.created"));
    expect(refused.channel.subscribed).toBe(false);
    expect(refused.events).toEqual([]);
    expect(anonymous.events).toEqual([]);
  });

  it("ignores a subscription with a forged signature on the socket (the connection carries on)", async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${channels.server.port}/app/${PUBLIC_TRACKING_APP_KEY}?protocol=7&client=js&version=8.6.0`);
    const messages: Array<{ event: string; data: any }> = [];
    ws.on("message", (raw) => messages.push(JSON.parse(raw.toString())));
    try {
      await waitUntil("established", () => messages.find((m) => m.event === "pusher:connection_established"));
      ws.send(JSON.stringify({ event: "pusher:subscribe", data: { channel: userChannel(1), auth: `${PUBLIC_TRACKING_APP_KEY}:${"0".repeat(64)}` } }));
      const error = await waitUntil("error", () => messages.find((m) => m.event === "pusher:error"));
      expect(JSON.stringify(error.data)).toContain("Invalid signature");
      expect(messages.some((m) => m.event === "pusher_internal:subscription_succeeded")).toBe(false);
      expect(ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      ws.close();
    }
  });

  it("takes more channels through the registry (the longest prefix wins)", async () => {
    registerPrivateChannel("private-test-thing.", async (_request, channel) => channel === "private-test-thing.ok");
    expect(findPrivateChannelAuthorizer("private-test-thing.ok")?.prefix).toBe("private-test-thing.");
    expect(findPrivateChannelAuthorizer("private-test-thing.")).toBeNull();
    expect((await channelAuth("private-test-thing.ok")).status).toBe(200);
    expect((await channelAuth("private-test-thing.no")).status).toBe(403);
    expect(() => registerPrivateChannel("private-tracking.", async () => true)).toThrow();
  });

  it("spends the per-IP budget on refusals only: a signed-in user's own channel gives its point back", async () => {
    const account = await createFixtureAccount();
    const userId = account.users.admin;
    const cookie = await sessionCookie(userId);
    // more than the budget (60 a minute per address) of page loads, all from this one address
    for (let i = 0; i < 70; i++) expect((await channelAuth(userChannel(userId), cookie)).status).toBe(200);
    // refusals still count, up to a 429
    let status = 0;
    for (let i = 0; i < 61 && status !== 429; i++) status = (await channelAuth(userChannel(userId))).status;
    expect(status).toBe(429);
  }); // last: it leaves this address out of budget
});
