// The signed-in user's private channel `private-user.{id}` on pusher-js (the inbox's live feed). /broadcasting/auth
// authorises it by the dashboard session cookie, which the same-origin auth request carries by itself. Reports
// whether the socket is up, so the bell polls while it is not.
import { PUBLIC_TRACKING_APP_KEY } from "@/server/modules/tracking-links/public-channel";

export interface UserChannelHandlers {
  onEvent(event: string, data: unknown): void;
  /** true once subscribed, false whenever the connection is not up */
  onLive(live: boolean): void;
}

export async function openUserChannel(userId: number, handlers: UserChannelHandlers): Promise<() => void> {
  const module = await import("pusher-js");
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
  const channel = pusher.subscribe(`private-user.${userId}`);
  channel.bind("pusher:subscription_succeeded", () => handlers.onLive(true));
  channel.bind("pusher:subscription_error", () => handlers.onLive(false));
  channel.bind_global((event: string, data: unknown) => {
    if (!event.startsWith("pusher:")) handlers.onEvent(event, data);
  });
  pusher.connection.bind("state_change", ({ current }: { current: string }) => {
    if (current !== "connected") handlers.onLive(false);
  });
  return () => pusher.disconnect();
}
