// The private channels of the Pusher-protocol server other than public tracking, as the rest of the server sees
// them: their names, and publishing to one from anywhere (any node). The hub carries "private-channel.message" and
// every node's private-channels gateway (server/realtime/pusher/private-channels-gateway.ts) hands it to that
// channel's subscribers there; who may subscribe is server/realtime/pusher/private-channel-authorizers.ts. A failed
// publish (Redis down) is logged, never thrown: live delivery is best effort, the data itself is in the database.
// The channels' names live apart (server/modules/notifications/inbox/user-channel-name.ts,
// server/modules/messages/driver-channel-name.ts) so browser code can import them without the hub.
import { hubIfCreated } from "../../hub";
import { log } from "../../log";

/**
 * Closes every socket subscribed to `channel`, on every node, with 4009: its sessions were revoked, so what was
 * authorised before must not keep listening. pusher-js does not reconnect on 4009; the page's polling then meets 401.
 */
export async function closePrivateChannel(channel: string): Promise<void> {
  // no hub: a CLI without REDIS_URL, which reaches no server's sockets (their next auth is refused all the same)
  await hubIfCreated()
    ?.publish("private-channel.revoked", { channel })
    .catch((error: unknown) => log("pusher").warn({ err: error, channel }, "private channel revocation not published"));
}

export async function publishPrivate(channel: string, event: string, data: unknown): Promise<void> {
  await hubIfCreated()
    ?.publish("private-channel.message", { channel, event, data })
    .catch((error: unknown) => log("pusher").warn({ err: error, channel, event }, "private channel message not published"));
}
