// The driver's private channel over real sockets: /broadcasting/auth signs `private-driver.{id}` for the driver
// page's session cookie (its own driver only), pusher-js subscribes on the real server and hears a dispatch message
// the moment it is sent; another driver's channel (same account or another), no session and a revoked session are
// refused.
import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { listenOnChannel as listen } from "../../testing/cookie-channel-client";
import { usePrivateChannelServer } from "../../testing/private-channel-server";
import { waitUntil } from "../../testing/public-tracking-harness";
import { makeAccount } from "../../testing/http-fixtures";
import { driverChannel } from "./driver-channel-name";
import { createDriverSession } from "./create-driver-session";
import { DRIVER_SESSION_COOKIE } from "./driver-session.schema";
import { revokeDriverSessions } from "./revoke-driver-sessions";
import { recordDriverReceipt } from "./record-driver-receipt";
import { sendMessage } from "./send-message";

// the driver page on pusher-js: the auth request carries the cookie (a browser sends it by itself)
const { open: driverPage, auth: channelAuth } = usePrivateChannelServer();

async function driverWithCookie(accountId: number, name: string) {
  const driver = await db().driver.create({ data: { accountId, name } });
  const session = await createDriverSession({ accountId, driverId: driver.id });
  return { driver, cookie: `${DRIVER_SESSION_COOKIE}=${session.token}` };
}

describe("private-driver channel", () => {
  it("delivers a dispatch message and its receipts live to the driver's own channel", async () => {
    const account = await makeAccount();
    const { driver, cookie } = await driverWithCookie(account.id, "Anna");
    const page = listen(driverPage(cookie), driverChannel(driver.id));
    await waitUntil("subscription", () => (page.channel.subscribed ? true : undefined));
    const [sent] = await sendMessage({ accountId: account.id, senderUserId: account.adminId, request: { driver_id: driver.id, body: "Come back to the depot" } });
    const heard = await waitUntil("message", () => page.events.find((e) => e.event === "message.changed" && e.data.id === sent!.id));
    expect(heard.data).toMatchObject({ body: "Come back to the depot", status: "sent", direction: "to_driver" });
    await recordDriverReceipt({ accountId: account.id, driverId: driver.id, upToId: sent!.id, status: "read" });
    await waitUntil("read receipt", () => page.events.find((e) => e.event === "message.changed" && e.data.status === "read"));
  });

  it("refuses another driver's channel in the same account and in another (403), no session and a revoked one (401)", async () => {
    const account = await makeAccount();
    const other = await makeAccount("Other");
    const anna = await driverWithCookie(account.id, "Anna");
    const ben = await driverWithCookie(account.id, "Ben");
    const theirs = await driverWithCookie(other.id, "Theirs");
    expect(await channelAuth(driverChannel(anna.driver.id), anna.cookie)).toMatchObject({ status: 200, body: { auth: expect.any(String) } });
    expect(await channelAuth(driverChannel(ben.driver.id), anna.cookie)).toMatchObject({ status: 403, body: { code: "CHANNEL_FORBIDDEN" } });
    expect(await channelAuth(driverChannel(theirs.driver.id), anna.cookie)).toMatchObject({ status: 403, body: { code: "CHANNEL_FORBIDDEN" } });
    expect((await channelAuth(driverChannel(anna.driver.id))).status).toBe(401);
    expect((await channelAuth(driverChannel(anna.driver.id), `${DRIVER_SESSION_COOKIE}=forged`)).status).toBe(401);
    await revokeDriverSessions({ accountId: account.id, driverId: anna.driver.id });
    expect((await channelAuth(driverChannel(anna.driver.id), anna.cookie)).status).toBe(401);
  });

  it("closes the open page's socket with 4009 when the account signs the driver out everywhere (a lost phone)", async () => {
    const account = await makeAccount();
    const { driver, cookie } = await driverWithCookie(account.id, "Anna");
    const phone = driverPage(cookie);
    const page = listen(phone, driverChannel(driver.id));
    const closes: unknown[] = [];
    phone.connection.bind("error", (error: { data?: { code?: number } }) => closes.push(error?.data?.code));
    await waitUntil("subscription", () => (page.channel.subscribed ? true : undefined));
    await revokeDriverSessions({ accountId: account.id, driverId: driver.id });
    await waitUntil("4009", () => (closes.includes(4009) ? true : undefined));
    await sendMessage({ accountId: account.id, senderUserId: account.adminId, request: { driver_id: driver.id, body: "Are you there?" } });
    await waitUntil("socket down", () => (phone.connection.state !== "connected" ? true : undefined));
    expect(page.events.filter((e) => e.event === "message.changed")).toEqual([]);
  });

  it("pusher-js hears nothing on another driver's channel", async () => {
    const account = await makeAccount();
    const other = await makeAccount("Another");
    const anna = await driverWithCookie(account.id, "Anna");
    const theirs = await driverWithCookie(other.id, "Theirs");
    const client = driverPage(anna.cookie);
    const refused = listen(client, driverChannel(theirs.driver.id));
    await waitUntil("refusal", () => (refused.failures.length > 0 ? true : undefined));
    const own = listen(client, driverChannel(anna.driver.id));
    await waitUntil("own subscription", () => (own.channel.subscribed ? true : undefined));
    await sendMessage({ accountId: other.id, senderUserId: other.adminId, request: { driver_id: theirs.driver.id, body: "Not for Anna" } });
    await sendMessage({ accountId: account.id, senderUserId: account.adminId, request: { driver_id: anna.driver.id, body: "For Anna" } });
    await waitUntil("own message", () => own.events.find((e) => e.event === "message.changed"));
    expect(refused.channel.subscribed).toBe(false);
    expect(refused.events).toEqual([]);
    expect(own.events.filter((e) => e.event === "message.changed").map((e) => e.data.body)).toEqual(["For Anna"]);
  });
});
