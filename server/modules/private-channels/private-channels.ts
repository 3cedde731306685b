// The private channels of the Pusher-protocol server other than public tracking, as the rest of the server sees
// them: their names, and publishing to one from anywhere (any node). The hub carries "private-channel.message" and
// every node's private-channels gateway (server/realtime/pusher/private-channels-gateway.ts) hands it to that
// channel's subscribers there; who may subscribe is server/realtime/pusher/private-channel-authorizers.ts. A failed
// publish (Redis down) is logged, never thrown: live delivery is best effort, the data itself is in the database.
// No Node-only imports beyond the hub: the dashboard imports the names too.
import { hub } from "../../hub";
import { log } from "../../log";

export const USER_CHANNEL_PREFIX = "private-user.";

/** the private channel of a dashboard user (the inbox's live feed) */
export function userChannel(userId: number): string {
  return USER_CHANNEL_PREFIX + userId;
}

export async function publishPrivate(channel: string, event: string, data: unknown): Promise<void> {
  await hub()
    .publish("private-channel.message", { channel, event, data })
    .catch((error: unknown) => log("pusher").warn({ err: error, channel, event }, "private channel message not published"));
}
