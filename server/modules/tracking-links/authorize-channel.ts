// POST /broadcasting/auth: signs a socket's subscription to `private-tracking.{uuid}` for a viewer session of that
// very link (spec: a session for one link cannot access another link's channel), and records the grant so the
// WebSocket server knows whose session it serves. The link's state is judged when the socket subscribes, where the
// spec's close codes can say what is wrong.
import { z } from "zod";
import { AppError } from "../../errors";
import { signChannel } from "./channel-signature";
import { putChannelGrant } from "./channel-grants";
import { trackingChannel } from "./public-channel";
import type { ViewerSession } from "./viewer-sessions";

/** Pusher socket ids are two integers joined by a dot */
export const ZChannelAuthRequest = z.object({
  socket_id: z.string({ error: "is required" }).regex(/^\d{1,20}\.\d{1,20}$/, "must be a socket id like 1234.5678"),
  channel_name: z.string({ error: "is required" }).min(1).max(200),
});

export async function authorizeChannel(
  session: ViewerSession,
  request: z.input<typeof ZChannelAuthRequest>,
): Promise<{ auth: string }> {
  const { socket_id, channel_name } = ZChannelAuthRequest.parse(request);
  if (channel_name !== trackingChannel(session.link.uuid)) {
    throw new AppError("CHANNEL_FORBIDDEN", "This session may only subscribe to its own link's channel.");
  }
  await putChannelGrant({ socketId: socket_id, channel: channel_name, sessionId: session.id });
  return { auth: signChannel(socket_id, channel_name) };
}
