// The private channels other than public tracking on the Pusher-protocol server (`private-user.{id}` and whatever
// else private-channel-authorizers.ts registers). Subscribing needs the signature /broadcasting/auth made for this
// socket and channel (it binds both, so it proves the authoriser said yes); without it the subscription is ignored
// with a pusher:error (as Pusher does), and the connection's other subscriptions carry on. Messages come from the hub ("private-channel.message", any node) and
// go to this node's subscribers of that channel.
import type { Logger } from "pino";
import type { Hub } from "../../hub";
import { verifyChannelSignature } from "../../modules/tracking-links/channel-signature";
import { TRACKING_CHANNEL_PREFIX } from "../../modules/tracking-links/public-channel";
import { PusherCloseCode } from "./close-codes";
import { channelFrame, errorFrame } from "./pusher-frames";
import type { ChannelAuthority, PusherConnection } from "./pusher-server";

const PRIVATE_PREFIX = "private-";
const MAX_CHANNEL_LENGTH = 200;

export interface PrivateChannelsGateway extends ChannelAuthority {
  /** whether this gateway serves `channel` (private, not public tracking) */
  serves(channel: string): boolean;
  stats(): { channels: number; subscriptions: number };
  close(): void;
}

export function createPrivateChannelsGateway(options: { hub: Hub; logger: Logger }): PrivateChannelsGateway {
  const channels = new Map<string, Set<PusherConnection>>();
  const serves = (channel: string) =>
    channel.startsWith(PRIVATE_PREFIX) && !channel.startsWith(TRACKING_CHANNEL_PREFIX) && channel.length <= MAX_CHANNEL_LENGTH;
  const leave = (connection: PusherConnection, channel: string) => {
    const set = channels.get(channel);
    set?.delete(connection);
    if (set?.size === 0) channels.delete(channel);
  };
  const unsubscribeMessages = options.hub.subscribe("private-channel.message", ({ channel, event, data }) => {
    const set = channels.get(channel);
    if (!set) return;
    const frame = channelFrame(channel, event, data);
    for (const connection of set) connection.send(frame);
  });
  // the whole socket closes, not only the channel: it was opened by the session that has just ended
  const unsubscribeRevocations = options.hub.subscribe("private-channel.revoked", ({ channel }) => {
    const set = channels.get(channel);
    if (!set) return;
    options.logger.info({ channel, sockets: set.size }, "private channel's sessions revoked: closing its sockets");
    for (const connection of [...set]) connection.close(PusherCloseCode.UNAUTHORIZED);
  });

  return {
    serves,
    async subscribe(connection, channel, data) {
      if (!serves(channel)) return false;
      if (!data.auth || !verifyChannelSignature(data.auth, connection.socketId, channel)) {
        options.logger.info({ socketId: connection.socketId }, "private channel subscription without a valid signature");
        connection.send(errorFrame(null, `Invalid signature for ${channel}: ask /broadcasting/auth.`));
        return false;
      }
      let set = channels.get(channel);
      if (!set) channels.set(channel, (set = new Set()));
      set.add(connection);
      return true;
    },
    unsubscribe: leave,
    disconnected(connection) {
      for (const channel of connection.channels) leave(connection, channel);
      // a subscription confirmed while the socket closed is not in connection.channels: sweep it too
      for (const [channel, set] of channels) if (set.has(connection)) leave(connection, channel);
    },
    stats() {
      let subscriptions = 0;
      for (const set of channels.values()) subscriptions += set.size;
      return { channels: channels.size, subscriptions };
    },
    close() {
      unsubscribeMessages();
      unsubscribeRevocations();
      channels.clear();
    },
  };
}

/** one authority for the Pusher server: public tracking's channels to its gateway, the other private ones to this */
export function routeChannels(tracking: ChannelAuthority, privateChannels: PrivateChannelsGateway): ChannelAuthority {
  return {
    subscribe: (connection, channel, data) =>
      privateChannels.serves(channel) ? privateChannels.subscribe(connection, channel, data) : tracking.subscribe(connection, channel, data),
    afterSubscribe(connection, channel) {
      if (!privateChannels.serves(channel)) tracking.afterSubscribe?.(connection, channel);
    },
    unsubscribe(connection, channel) {
      if (privateChannels.serves(channel)) privateChannels.unsubscribe(connection, channel);
      else tracking.unsubscribe(connection, channel);
    },
    disconnected(connection) {
      privateChannels.disconnected(connection);
      tracking.disconnected(connection);
    },
  };
}
