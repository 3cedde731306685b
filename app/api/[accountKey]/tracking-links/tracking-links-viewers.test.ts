// Tracking links changed over REST reach their viewers as a change in the dashboard does: the real server, the REST
// routes over HTTP with an OAuth token, and viewers on pusher-js subscribed to the link's channel. Disabling with PUT
// (`active: false`) sends link.expired (reason disabled) and closes them with 4004; DELETE with 4003.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TrackingCloseCode } from "@/server/realtime/pusher/close-codes";
import { makeAccount, makeAsset, makeToken } from "@/server/testing/http-fixtures";
import { connectViewer, startTrackingServer, type TrackingServer, type Viewer } from "@/server/testing/public-tracking-harness";

let server: TrackingServer;
const viewers: Viewer[] = [];
beforeAll(async () => {
  server = await startTrackingServer();
}, 60_000);
afterAll(async () => {
  for (const viewer of viewers) viewer.disconnect();
  await server?.close();
});

async function call(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: "application/json", ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, any>) : null };
}

/** an integrator's account with a vehicle, a token with the tracking scopes, and a watched public link made over REST */
async function watchedLink() {
  const account = await makeAccount("School buses");
  const asset = await makeAsset(account.id, "Bus 7");
  const { token } = await makeToken(account.id, { scopes: ["tracking:read", "tracking:write"] });
  const base = `/api/${account.key}/tracking-links`;
  const created = await call("POST", base, token, { asset_id: asset.id, display_name: "Morning run" });
  expect(created.status).toBe(201);
  const uuid = created.body!.data.uuid as string;
  const verified = await fetch(`${server.url}/api/public/tracking/${uuid}/verify`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  expect(verified.status).toBe(200);
  const session = ((await verified.json()) as { session: { token: string } }).session.token;
  const viewer = connectViewer(server.url, uuid, session);
  viewers.push(viewer);
  await viewer.subscribed();
  return { token, uuid, session, link: `${base}/${uuid}`, data: created.body!.data as Record<string, any> };
}

describe("tracking links changed over REST, seen by viewers on pusher-js", () => {
  it("PUT active: false disconnects every viewer at once: link.expired (reason disabled), close 4004", async () => {
    const { token, uuid, session, link, data } = await watchedLink();
    const disabled = await call("PUT", link, token, { asset_id: data.asset.id, display_name: data.display_name, active: false });
    expect(disabled).toMatchObject({ status: 200, body: { data: { uuid, is_active: false, status: "disabled" } } });

    const viewer = viewers.at(-1)!;
    expect(await viewer.next("link.expired")).toEqual({ reason: "disabled" });
    expect(await viewer.closedWith()).toBe(TrackingCloseCode.LINK_EXPIRED_OR_INACTIVE);
    // the session issued before cannot watch again
    const late = connectViewer(server.url, uuid, session);
    viewers.push(late);
    expect(await late.closedWith()).toBe(TrackingCloseCode.LINK_EXPIRED_OR_INACTIVE);
  });

  it("DELETE disconnects every viewer at once: link.expired (reason disabled), close 4003", async () => {
    const { token, link } = await watchedLink();
    expect(await call("DELETE", link, token)).toEqual({ status: 204, body: null });

    const viewer = viewers.at(-1)!;
    expect(await viewer.next("link.expired")).toEqual({ reason: "disabled" });
    expect(await viewer.closedWith()).toBe(TrackingCloseCode.LINK_NOT_FOUND);
    expect(await call("GET", link, token)).toMatchObject({ status: 404, body: { code: "LINK_NOT_FOUND" } });
  });
});
