// The driver's private channel `private-driver.{driverId}` on pusher-js: /broadcasting/auth signs it with the
// driver session cookie the browser sends by itself. Any "message.changed" is a cue for the page to read the
// conversation again (which also records "delivered"). When WebSockets are blocked (a proxy, a captive portal),
// pusher-js never connects and the page keeps polling; `onLive` tells the page which of the two it is on.
import { PUBLIC_TRACKING_APP_KEY } from "@/server/modules/tracking-links/public-channel";
import { driverChannel, DRIVER_MESSAGE_EVENT } from "@/server/modules/messages/driver-channel-name";

export function openDriverChannel(driverId: number, handlers: { onMessage: () => void; onLive: (live: boolean) => void }): () => void {
  let closed = false;
  let disconnect = () => undefined as void;
  void import("pusher-js").then((module) => {
    if (closed) return;
    // the browser build is a UMD bundle: its default export may come wrapped or bare
    const Pusher = (module.default ?? module) as typeof module.default;
    const { hostname, port, protocol } = window.location;
    const pusher = new Pusher(PUBLIC_TRACKING_APP_KEY, {
      wsHost: hostname,
      wsPort: port ? Number(port) : 80,
      wssPort: port ? Number(port) : 443,
      forceTLS: protocol === "https:",
      enabledTransports: ["ws", "wss"],
      cluster: "",
      disableStats: true,
      channelAuthorization: { endpoint: "/broadcasting/auth", transport: "ajax" },
    });
    const channel = pusher.subscribe(driverChannel(driverId));
    channel.bind("pusher:subscription_succeeded", () => {
      handlers.onLive(true);
      // anything sent while the socket was being set up
      handlers.onMessage();
    });
    channel.bind("pusher:subscription_error", () => handlers.onLive(false));
    channel.bind(DRIVER_MESSAGE_EVENT, () => handlers.onMessage());
    pusher.connection.bind("state_change", ({ current }: { current: string }) => {
      if (current !== "connected") handlers.onLive(false);
    });
    disconnect = () => pusher.disconnect();
  });
  return () => {
    closed = true;
    disconnect();
  };
}
