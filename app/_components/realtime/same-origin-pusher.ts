// pusher-js pointed at this site's own Pusher-protocol server (served on the dashboard's origin, docs/realtime.md),
// with private channels authorised by /broadcasting/auth. One set-up for every page that listens live: the passenger
// page, the dashboard's inbox bell and the driver page differ only in what they send with the auth request.
import type PusherClient from "pusher-js";
import { PUBLIC_TRACKING_APP_KEY } from "@/server/modules/tracking-links/public-channel";

export async function connectSameOriginPusher(authHeaders?: Record<string, string>): Promise<PusherClient> {
  const module = await import("pusher-js");
  // the browser build is a UMD bundle: its default export may come wrapped or bare
  const Pusher = (module.default ?? module) as typeof module.default;
  const { hostname, port, protocol } = window.location;
  return new Pusher(PUBLIC_TRACKING_APP_KEY, {
    wsHost: hostname,
    wsPort: port ? Number(port) : 80,
    wssPort: port ? Number(port) : 443,
    forceTLS: protocol === "https:",
    enabledTransports: ["ws", "wss"],
    cluster: "",
    disableStats: true,
    // the cookie of a dashboard or driver session rides on the same-origin request by itself
    channelAuthorization: { endpoint: "/broadcasting/auth", transport: "ajax", ...(authHeaders && { headers: authHeaders }) },
  });
}
