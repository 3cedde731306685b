// Private channels on the Pusher-protocol server besides public tracking, and who may subscribe to each (the
// registry /broadcasting/auth consults). Public tracking's `private-tracking.{uuid}` keeps its own path (the viewer
// session in X-Session-Token, app/broadcasting/auth/route.ts); every other private channel is named
// `<prefix><id>` and authorised by the entry whose prefix it starts with:
//   private-user.{userId}     the dashboard session (cookie) of that very user: the in-app inbox
//   private-driver.{driverId} the driver page's session (cookie) of that very driver: driver messaging
// To add a channel: one entry in BUILT_IN below (or registerPrivateChannel at start-up). An authoriser answers true
// (sign it), false (403 CHANNEL_FORBIDDEN) or "unauthenticated" (401: no credentials of its kind on the request).
// The body of the request has been read already: authorisers look at headers and cookies only.
//
// The signature is the only proof the WebSocket server asks for these channels (private-channels-gateway.ts): it
// binds the socket id and the channel name, so a signature is good for one socket and one channel.
import { sessionUserIdFromRequest } from "../../auth/request-session";
import { authorizeDriverChannel } from "../../modules/messages/driver-channel";
import { DRIVER_CHANNEL_PREFIX } from "../../modules/messages/driver-channel-name";
import { USER_CHANNEL_PREFIX, userChannel } from "../../modules/notifications/inbox/user-channel-name";

export type ChannelDecision = boolean | "unauthenticated";
export type PrivateChannelAuthorize = (request: Request, channel: string) => Promise<ChannelDecision>;

export interface PrivateChannelAuthorizer {
  /** e.g. "private-user."; the rest of the channel name is the authoriser's business */
  prefix: string;
  authorize: PrivateChannelAuthorize;
}

/** `private-user.{userId}`: only the signed-in user's own channel */
export const authorizeUserChannel: PrivateChannelAuthorize = async (request, channel) => {
  const userId = await sessionUserIdFromRequest(request);
  if (userId === null) return "unauthenticated";
  return channel === userChannel(userId);
};

const BUILT_IN: PrivateChannelAuthorizer[] = [
  { prefix: USER_CHANNEL_PREFIX, authorize: authorizeUserChannel },
  // the driver phone page's session cookie, its own driver only (docs/messaging.md)
  { prefix: DRIVER_CHANNEL_PREFIX, authorize: authorizeDriverChannel },
];

const store = globalThis as unknown as { __fleetlinePrivateChannels?: PrivateChannelAuthorizer[] };
const registry = () => (store.__fleetlinePrivateChannels ??= [...BUILT_IN]);

/** adds (or replaces) the authoriser of channels starting with `prefix` */
export function registerPrivateChannel(prefix: string, authorize: PrivateChannelAuthorize): void {
  if (!prefix.startsWith("private-") || prefix === "private-tracking.") throw new Error(`not a registrable private channel prefix: ${prefix}`);
  const entries = registry();
  const at = entries.findIndex((entry) => entry.prefix === prefix);
  if (at >= 0) entries[at] = { prefix, authorize };
  else entries.push({ prefix, authorize });
}

/** the authoriser of a channel (the longest matching prefix), or null when no entry knows it */
export function findPrivateChannelAuthorizer(channel: string): PrivateChannelAuthorizer | null {
  let found: PrivateChannelAuthorizer | null = null;
  for (const entry of registry()) {
    if (channel.startsWith(entry.prefix) && channel.length > entry.prefix.length && (!found || entry.prefix.length > found.prefix.length)) found = entry;
  }
  return found;
}
