// Public tracking over real sockets (spec, Events: public tracking channel; Errors: WebSocket close codes; Limits):
// the real server, viewers on pusher-js and laravel-echo as an integrator's page uses them, raw WebSockets for the
// protocol's edges, and a Teltonika device over TCP moving the vehicle.
import Echo from "laravel-echo";
import Pusher from "pusher-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { db } from "../db/client";
import { createAccount } from "../modules/accounts/create-account";
import { createAsset } from "../modules/assets/create-asset";
import { putChannelGrant } from "../modules/tracking-links/channel-grants";
import { createTrackingLink } from "../modules/tracking-links/create-tracking-link";
import { findTrackingLinkByUuid } from "../modules/tracking-links/find-tracking-link";
import { issueViewerSession } from "../modules/tracking-links/viewer-sessions";
import { updateTrackingLink } from "../modules/tracking-links/update-tracking-link";
import type { CreateTrackingLinkInput } from "../modules/tracking-links/tracking-links.schema";
import { PUBLIC_TRACKING_APP_KEY } from "../modules/tracking-links/public-channel";
import { signChannel } from "../modules/tracking-links/channel-signature";
import {
  connectViewer,
  pusherOptions,
  startTrackingServer,
  trackingDevice,
  waitUntil,
  type TrackingServer,
  type Viewer,
} from "../testing/public-tracking-harness";
import { TrackingCloseCode } from "./pusher/close-codes";
import { testImei } from "../testing/test-imei";

const SCHOOL = { lat: 54.6872, lng: 25.2797 };
const ALLOWED_LOCATION_KEYS = ["country", "heading", "ignition", "is_moving", "latitude", "longitude", "speed_kmh", "street", "timestamp", "town"];

let server: TrackingServer;
const viewers: Viewer[] = [];
beforeAll(async () => {
  server = await startTrackingServer();
}, 60_000);
afterAll(async () => {
  for (const viewer of viewers) viewer.disconnect();
  await server?.close();
});

async function vehicle(timeZone = "Europe/Vilnius") {
  const account = await createAccount({ name: "School buses" });
  await db().account.update({ where: { id: account.id }, data: { timeZone, brandingCompanyName: "School Buses Ltd" } });
  const imei = testImei();
  const asset = await createAsset({ accountId: account.id, name: "Bus 7", imei });
  return { accountId: account.id, assetId: asset.id, imei };
}

async function link(input: Omit<CreateTrackingLinkInput, "accountId" | "assetId">, target?: Awaited<ReturnType<typeof vehicle>>) {
  const owner = target ?? (await vehicle());
  const created = await createTrackingLink({ accountId: owner.accountId, assetId: owner.assetId, ...input });
  return { ...owner, link: created };
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function sessionFor(uuid: string, body: unknown = {}): Promise<string> {
  const answer = await post(`/api/public/tracking/${uuid}/verify`, body);
  const { status } = answer;
  expect(status).toBe(200);
  return answer.body.session.token as string;
}

function viewer(uuid: string, token: string): Viewer {
  const v = connectViewer(server.url, uuid, token);
  viewers.push(v);
  return v;
}

/** a raw WebSocket speaking the Pusher protocol, for the edges pusher-js hides */
function rawSocket(query = "protocol=7&client=js&version=8.6.0", key = PUBLIC_TRACKING_APP_KEY) {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/app/${key}?${query}`);
  const messages: Array<{ event: string; channel?: string; data: any }> = [];
  ws.on("message", (raw) => {
    const message = JSON.parse(raw.toString());
    messages.push({ ...message, data: typeof message.data === "string" ? JSON.parse(message.data) : message.data });
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })));
  return {
    ws,
    messages,
    closed,
    get established() {
      return waitUntil("connection_established", () =>
        messages.find((m) => m.event === "pusher:connection_established")?.data as { socket_id: string; activity_timeout: number } | undefined,
      );
    },
    send: (event: string, data: unknown) => ws.send(JSON.stringify({ event, data })),
    next: (event: string) => waitUntil(event, () => messages.find((m) => m.event === event)),
  };
}

const recordAt = (at: number, where: { lat: number; lng: number }, speed: number) => ({
  timestamp: at,
  latitude: where.lat,
  longitude: where.lng,
  speed,
  io: { u8: { 239: 1, 240: speed > 0 ? 1 : 0 } },
});

describe("public tracking channel on pusher-js", () => {
  it("subscribes with a session, gets the newest location at once, then every new position with public fields only", async () => {
    const { imei, link: created } = await link({ displayName: "Morning run" });
    const device = await trackingDevice(server.teltonikaPort, imei);
    const t0 = Date.now() - 60_000;
    await device.send(recordAt(t0, { lat: 54.7, lng: 25.3 }, 40));

    const v = viewer(created.uuid, await sessionFor(created.uuid));
    await v.subscribed();
    const first = (await v.next("location.updated")) as { location: Record<string, unknown> };
    expect(first.location).toMatchObject({ latitude: 54.7, longitude: 25.3, speed_kmh: 40, is_moving: true, ignition: true });

    await device.send(recordAt(t0 + 10_000, { lat: 54.71, lng: 25.31 }, 52));
    const moved = (await waitUntil("the second location", () =>
      v.events.filter((e) => e.event === "location.updated")[1]?.data,
    )) as { location: Record<string, unknown> };
    expect(Object.keys(moved.location).sort()).toEqual(ALLOWED_LOCATION_KEYS);
    // ISO 8601 with the account's offset (Vilnius: +02:00 or +03:00)
    expect(moved.location.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[23]:00$/);
    expect(Date.parse(moved.location.timestamp as string)).toBe(Math.floor((t0 + 10_000) / 1000) * 1000);
    expect(moved.location).toMatchObject({ latitude: 54.71, longitude: 25.31, speed_kmh: 52, heading: 90 });
    device.close();
  });

  it("works through laravel-echo with the leading-dot event names of an integrator's page", async () => {
    const { imei, link: created } = await link({});
    const token = await sessionFor(created.uuid);
    const echo = new Echo({
      broadcaster: "pusher",
      key: PUBLIC_TRACKING_APP_KEY,
      Pusher,
      ...pusherOptions(server.url, token),
      authEndpoint: `${server.url}/broadcasting/auth`,
      auth: { headers: { "X-Session-Token": token } },
    });
    const heard: unknown[] = [];
    let subscribed = false;
    echo
      .private(`tracking.${created.uuid}`)
      .subscribed(() => (subscribed = true))
      .listen(".location.updated", (data: unknown) => heard.push(data));
    try {
      await waitUntil("echo subscription", () => (subscribed ? true : undefined));
      const device = await trackingDevice(server.teltonikaPort, imei);
      await device.send(recordAt(Date.now() - 1000, SCHOOL, 12));
      const data = (await waitUntil("echo location", () => heard[0])) as { location: { speed_kmh: number } };
      expect(data.location.speed_kmh).toBe(12);
      device.close();
    } finally {
      echo.disconnect();
    }
  });

  it("adds distance and ETA for a link with a destination, and expires it on arrival (reason arrival, close 4004)", async () => {
    const { imei, link: created } = await link({ destination: { ...SCHOOL, radiusM: 150 } });
    const v = viewer(created.uuid, await sessionFor(created.uuid));
    await v.subscribed();
    const device = await trackingDevice(server.teltonikaPort, imei);
    const t0 = Date.now() - 60_000;
    await device.send(recordAt(t0, { lat: 54.7052, lng: 25.2797 }, 36)); // 2 km north
    const far = (await v.next("location.updated")) as { location: { distance_km: number; eta_minutes: number } };
    expect(far.location.distance_km).toBeCloseTo(2.0, 1);
    expect(far.location.eta_minutes).toBe(Math.ceil(((2.0 * 1.3) / 36) * 60));
    await device.send(recordAt(t0 + 60_000, { lat: 54.6878, lng: 25.2797 }, 5)); // 67 m away: arrived
    expect(await v.next("link.expired")).toEqual({ reason: "arrival" });
    expect(await v.closedWith()).toBe(TrackingCloseCode.LINK_EXPIRED_OR_INACTIVE);
    device.close();
  });

  it("tells viewers when the link is disabled (reason disabled, close 4004) and refuses new subscriptions with 4004", async () => {
    const { accountId, link: created } = await link({});
    const token = await sessionFor(created.uuid);
    const v = viewer(created.uuid, token);
    await v.subscribed();
    await updateTrackingLink({ accountId, linkId: created.id, active: false });
    expect(await v.next("link.expired")).toEqual({ reason: "disabled" });
    expect(await v.closedWith()).toBe(TrackingCloseCode.LINK_EXPIRED_OR_INACTIVE);
    // a session issued before still gets its channel signed, and the server refuses the subscription
    const late = viewer(created.uuid, token);
    expect(await late.closedWith()).toBe(TrackingCloseCode.LINK_EXPIRED_OR_INACTIVE);
  });

  it("closes viewers at once with 4001 when the link is tightened: a stricter mode ends all, a shorter list its removed addresses", async () => {
    const { accountId, imei, link: created } = await link({ accessMode: "email" });
    const emailOnly = viewer(created.uuid, await sessionFor(created.uuid, { email: "ann@example.test" }));
    await emailOnly.subscribed();
    await updateTrackingLink({ accountId, linkId: created.id, accessMode: "authorized_only", allowedEmails: ["ann@example.test", "bob@example.test"] });
    expect(await emailOnly.closedWith()).toBe(TrackingCloseCode.INVALID_SESSION_TOKEN);
    expect(emailOnly.events.some((event) => event.event === "link.expired")).toBe(false);

    const listed = (await findTrackingLinkByUuid(created.uuid))!;
    const ann = viewer(created.uuid, (await issueViewerSession(listed, "ann@example.test")).session.token);
    const bob = viewer(created.uuid, (await issueViewerSession(listed, "bob@example.test")).session.token);
    await Promise.all([ann.subscribed(), bob.subscribed()]);
    await updateTrackingLink({ accountId, linkId: created.id, allowedEmails: ["ann@example.test"] });
    expect(await bob.closedWith()).toBe(TrackingCloseCode.INVALID_SESSION_TOKEN);
    // ann still watches: the next position reaches her
    const from = ann.events.length;
    const device = await trackingDevice(server.teltonikaPort, imei);
    await device.send(recordAt(Date.now() - 1000, SCHOOL, 12));
    device.close();
    expect(await ann.next("location.updated", from)).toMatchObject({ location: { speed_kmh: 12 } });
    expect(ann.errors).toEqual([]);
  });

  it("expires at the time limit (reason time_expired) through the scheduler", async () => {
    const { link: created } = await link({ expiresAt: new Date(Date.now() + 1500) });
    const v = viewer(created.uuid, await sessionFor(created.uuid));
    await v.subscribed();
    expect(await v.next("link.expired")).toEqual({ reason: "time_expired" });
    expect(await v.closedWith()).toBe(TrackingCloseCode.LINK_EXPIRED_OR_INACTIVE);
  });

  it("announces schedule windows closing and opening, and refuses subscriptions outside the window with 4005", async () => {
    const { accountId, link: created } = await link({}, await vehicle("UTC"));
    const v = viewer(created.uuid, await sessionFor(created.uuid));
    await v.subscribed();
    const now = new Date();
    const today = now.getUTCDay() === 0 ? 7 : now.getUTCDay();
    const otherDay = (today % 7) + 1;
    await updateTrackingLink({ accountId, linkId: created.id, schedule: { days: [otherDay], start: "00:00", end: "24:00" } });
    const closing = (await v.next("schedule.changed")) as { is_active: boolean; message: string };
    expect(closing).toMatchObject({ is_active: false });
    expect(closing.message).toMatch(/^Tracking is paused outside its schedule; it resumes \w+day 00:00\.$/);

    const outside = viewer(created.uuid, await sessionFor(created.uuid));
    expect(await outside.closedWith()).toBe(TrackingCloseCode.OUTSIDE_SCHEDULE_WINDOW);

    const from = v.events.length;
    await updateTrackingLink({ accountId, linkId: created.id, schedule: { days: [today, otherDay], start: "00:00", end: "24:00" } });
    expect(await v.next("schedule.changed", from)).toEqual({ is_active: true, message: "Tracking has resumed." });
  });

  it("announces a new vehicle with its location (vehicle.changed)", async () => {
    const { accountId, link: created } = await link({});
    const { id: otherAsset } = await createAsset({ accountId, name: "Bus 8", imei: testImei() });
    const other = await db().tracker.findFirstOrThrow({ where: { assetId: otherAsset }, select: { imei: true } });
    const device = await trackingDevice(server.teltonikaPort, other.imei);
    await device.send(recordAt(Date.now() - 5000, SCHOOL, 0));
    device.close();
    const v = viewer(created.uuid, await sessionFor(created.uuid));
    await v.subscribed();
    await updateTrackingLink({ accountId, linkId: created.id, assetId: otherAsset });
    const changed = (await v.next("vehicle.changed")) as { message: string; new_location: Record<string, unknown> };
    expect(changed.message).toBe("This link now follows another vehicle.");
    expect(changed.new_location).toMatchObject({ latitude: SCHOOL.lat, longitude: SCHOOL.lng, speed_kmh: 0 });
  });

  it("closes a viewer with 4002 when its session ends", async () => {
    const { link: created } = await link({ sessionMinutes: 5 });
    const token = await sessionFor(created.uuid);
    // the session ends in a second and a half (as if its 5 minutes were nearly over)
    await db().viewerSession.updateMany({ where: { linkId: created.id }, data: { expiresAt: new Date(Date.now() + 1500) } });
    const v = viewer(created.uuid, token);
    await v.subscribed();
    expect(await v.closedWith()).toBe(TrackingCloseCode.SESSION_EXPIRED);
  });

  it("coalesces a burst to at most 10 messages a second on the channel, ending with the newest position", async () => {
    const { imei, link: created } = await link({});
    const v = viewer(created.uuid, await sessionFor(created.uuid));
    await v.subscribed();
    const device = await trackingDevice(server.teltonikaPort, imei);
    const t0 = Date.now() - 120_000;
    const before = v.events.length;
    for (let i = 0; i < 40; i++) void device.send(recordAt(t0 + i * 1000, { lat: 54.7 + i * 0.001, lng: 25.3 }, 30 + i));
    const last = await waitUntil("the newest position", () =>
      v.events.slice(before).find((e) => (e.data as { location?: { speed_kmh: number } }).location?.speed_kmh === 69),
    );
    expect(last).toBeDefined();
    const received = v.events.slice(before).filter((e) => e.event === "location.updated");
    expect(received.length).toBeLessThan(40);
    device.close();
  });
});

describe("Pusher protocol edges", () => {
  it("answers the handshake, pings, refuses client events and never emits on channels it does not carry", async () => {
    const socket = rawSocket();
    const { socket_id, activity_timeout } = await socket.established;
    expect(socket_id).toMatch(/^\d+\.\d+$/);
    expect(activity_timeout).toBe(120);
    socket.send("pusher:ping", {});
    await socket.next("pusher:pong");
    socket.send("client-hello", { channel: "x" });
    expect((await socket.next("pusher:error")).data).toMatchObject({ code: null });
    socket.send("pusher:subscribe", { channel: "fleet-positions" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.messages.some((m) => m.channel === "fleet-positions")).toBe(false);
    socket.ws.close();
  });

  it("closes with the spec's codes: a forged signature or one without a grant is 4001, an unknown link 4003", async () => {
    const forged = rawSocket();
    await forged.established;
    const { link: created } = await link({});
    forged.send("pusher:subscribe", { channel: `private-tracking.${created.uuid}`, auth: `${PUBLIC_TRACKING_APP_KEY}:${"0".repeat(64)}` });
    expect((await forged.closed).code).toBe(TrackingCloseCode.INVALID_SESSION_TOKEN);
    expect(forged.messages.find((m) => m.event === "pusher:error")?.data).toEqual({ code: 4001, message: "Invalid session token." });

    const ungranted = rawSocket();
    const { socket_id } = await ungranted.established;
    const channel = `private-tracking.${created.uuid}`;
    ungranted.send("pusher:subscribe", { channel, auth: signChannel(socket_id, channel) });
    expect((await ungranted.closed).code).toBe(TrackingCloseCode.INVALID_SESSION_TOKEN);

    // a real session's grant, presented for a link that does not exist
    const unknown = rawSocket();
    const { socket_id: id } = await unknown.established;
    const missing = "private-tracking.00000000-0000-4000-8000-000000000000";
    const session = await db().viewerSession.create({ data: { linkId: created.id, tokenHash: `t-${id}`, expiresAt: new Date(Date.now() + 60_000) } });
    await putChannelGrant({ socketId: id, channel: missing, sessionId: session.id });
    unknown.send("pusher:subscribe", { channel: missing, auth: signChannel(id, missing) });
    expect((await unknown.closed).code).toBe(TrackingCloseCode.LINK_NOT_FOUND);
  });

  it("closes an unsupported protocol version with 4007 and refuses other application keys", async () => {
    const old = rawSocket("protocol=4");
    expect((await old.closed).code).toBe(4007);
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${server.port}/app/another-app?protocol=7`);
      ws.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
      ws.on("error", () => {});
    });
    expect(status).toBe(404);
  });

  it("holds at most 100 WebSocket connections per address; the next gets the protocol's over-capacity error", async () => {
    for (const v of viewers.splice(0)) v.disconnect();
    await waitUntil("earlier connections to close", () => (server.running.publicTracking.pusher.stats().connections === 0 ? true : undefined));
    const open = Array.from({ length: 100 }, () => rawSocket());
    await Promise.all(open.map((socket) => socket.established));
    const extra = rawSocket();
    const closed = await extra.closed;
    expect(closed.code).toBe(4100);
    expect(extra.messages[0]).toMatchObject({ event: "pusher:error", data: { code: 4100 } });
    for (const socket of open) socket.ws.close();
    await Promise.all(open.map((socket) => socket.closed));
    // the slots are free again
    const again = rawSocket();
    await again.established;
    again.ws.close();
  });
});
