// Private-channel authorisation of the Pusher protocol (the spec's /broadcasting/auth and {ws_url}): the answer to
// an auth request is `<app key>:<hex HMAC-SHA256 of "<socket_id>:<channel_name>">`, keyed with the app secret. The
// secret is derived from AUTH_SECRET and never leaves the server; every node derives the same one, so a signature
// made by the node that answered /broadcasting/auth is checked by the node holding the WebSocket.
import { createHmac, timingSafeEqual } from "node:crypto";
import { derivedKey } from "../../security/derived-key";
import { PUBLIC_TRACKING_APP_KEY } from "./public-channel";

const PURPOSE = "fleetline/pusher-channel-auth/v1";

function hmacHex(socketId: string, channel: string): string {
  return createHmac("sha256", derivedKey(PURPOSE)).update(`${socketId}:${channel}`).digest("hex");
}

/** the `auth` value for a socket's subscription to a channel */
export function signChannel(socketId: string, channel: string): string {
  return `${PUBLIC_TRACKING_APP_KEY}:${hmacHex(socketId, channel)}`;
}

/** checks an `auth` value in constant time */
export function verifyChannelSignature(auth: string, socketId: string, channel: string): boolean {
  const expected = Buffer.from(signChannel(socketId, channel));
  const given = Buffer.from(auth);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
