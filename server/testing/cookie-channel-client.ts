// pusher-js as a browser tab signed in by a cookie (the dashboard's session or the driver page's): the private
// channels' tests subscribe through the real /broadcasting/auth with the cookie a browser would send by itself, and
// collect what arrives. Node's pusher-js cannot attach a cookie to its auth request, hence the custom handler.
import Pusher from "pusher-js";
import { PUBLIC_TRACKING_APP_KEY } from "../modules/tracking-links/public-channel";
import { localPusherConnection } from "./public-tracking-harness";

/** POST /broadcasting/auth as the page does, with an optional cookie */
export async function postChannelAuth(serverUrl: string, channel: string, cookie?: string, socketId = "1.2") {
  const response = await fetch(`${serverUrl}/broadcasting/auth`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: `socket_id=${socketId}&channel_name=${encodeURIComponent(channel)}`,
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** a pusher-js client on the server at `serverUrl` whose channel authorisation carries `cookie` (or none) */
export function cookieChannelClient(serverUrl: string, cookie: string | null): Pusher {
  return new Pusher(PUBLIC_TRACKING_APP_KEY, {
    ...localPusherConnection(serverUrl),
    channelAuthorization: {
      endpoint: `${serverUrl}/broadcasting/auth`,
      transport: "ajax",
      customHandler: ({ socketId, channelName }, callback) => {
        postChannelAuth(serverUrl, channelName, cookie ?? undefined, socketId).then(
          ({ status, body }) => (status === 200 ? callback(null, body as { auth: string }) : callback(new Error(`status ${status}`), null)),
          (error: Error) => callback(error, null),
        );
      },
    },
  });
}

/** subscribes and records every event (and every refusal) the channel gets */
export function listenOnChannel(client: Pusher, channelName: string) {
  const channel = client.subscribe(channelName);
  const events: Array<{ event: string; data: any }> = [];
  const failures: unknown[] = [];
  channel.bind_global((event: string, data: unknown) => {
    if (event === "pusher:subscription_error") failures.push(data);
    else events.push({ event, data });
  });
  return { channel, events, failures };
}
