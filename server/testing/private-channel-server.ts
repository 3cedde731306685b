// Test support for the private channels over real sockets: for the test file, the real server started once, and
// browser tabs on it whose channel authorisation carries a cookie (cookie-channel-client.ts), all disconnected and
// the server closed afterwards.
import type Pusher from "pusher-js";
import { afterAll, beforeAll } from "vitest";
import { cookieChannelClient, postChannelAuth } from "./cookie-channel-client";
import { startTrackingServer, type TrackingServer } from "./public-tracking-harness";

export interface PrivateChannelServer {
  /** the running server, from beforeAll on */
  readonly server: TrackingServer;
  /** a tab signed in by `cookie` (the dashboard's session, the driver page's), or anonymous with null */
  open: (cookie: string | null) => Pusher;
  /** POST /broadcasting/auth as the page does */
  auth: (channel: string, cookie?: string, socketId?: string) => ReturnType<typeof postChannelAuth>;
}

export function usePrivateChannelServer(): PrivateChannelServer {
  let server: TrackingServer | undefined;
  const tabs: Pusher[] = [];
  const running = () => {
    if (!server) throw new Error("the private channel server starts in beforeAll");
    return server;
  };
  beforeAll(async () => {
    server = await startTrackingServer();
  }, 60_000);
  afterAll(async () => {
    for (const tab of tabs.splice(0)) tab.disconnect();
    await server?.close();
  });
  return {
    get server() {
      return running();
    },
    open: (cookie) => {
      const tab = cookieChannelClient(running().url, cookie);
      tabs.push(tab);
      return tab;
    },
    auth: (channel, cookie, socketId) => postChannelAuth(running().url, channel, cookie, socketId),
  };
}
