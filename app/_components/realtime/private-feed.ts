// A private channel used as a feed of cues: every event tells the page to read its data again (the inbox, a driver's
// conversation), so a missed event costs nothing but a little delay. `onLive` says whether the channel is up; while
// it is not (WebSockets blocked by a proxy, the server restarting) the page polls instead.
import { connectSameOriginPusher } from "./same-origin-pusher";

export interface PrivateFeedHandlers {
  onEvent(event: string, data: unknown): void;
  /** true once subscribed, false whenever the connection is not up */
  onLive(live: boolean): void;
}

/** Subscribes to `channelName`; the returned function disconnects, also before the connection is made. */
export function openPrivateFeed(channelName: string, handlers: PrivateFeedHandlers): () => void {
  let closed = false;
  let disconnect = () => undefined as void;
  connectSameOriginPusher().then(
    (pusher) => {
      if (closed) return pusher.disconnect();
      const channel = pusher.subscribe(channelName);
      channel.bind("pusher:subscription_succeeded", () => handlers.onLive(true));
      channel.bind("pusher:subscription_error", () => handlers.onLive(false));
      channel.bind_global((event: string, data: unknown) => {
        if (!event.startsWith("pusher:")) handlers.onEvent(event, data);
      });
      pusher.connection.bind("state_change", ({ current }: { current: string }) => {
        if (current !== "connected") handlers.onLive(false);
      });
      disconnect = () => pusher.disconnect();
    },
    () => handlers.onLive(false),
  );
  return () => {
    closed = true;
    disconnect();
  };
}
