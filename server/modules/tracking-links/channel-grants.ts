// Which viewer session a channel signature was issued to. /broadcasting/auth signs "<socket_id>:<channel>" (the
// Pusher protocol's private-channel auth, which carries no session) and records here that the grant belongs to the
// caller's session; the WebSocket server takes the record when the socket subscribes, so it knows whose session to
// watch (expiry closes with 4002). With REDIS_URL the records are in Redis, because the auth request and the
// WebSocket may reach different nodes; otherwise they are in this process's memory (shared by the custom server and
// the Next.js bundle through globalThis).
import { env } from "../../env";
import { readyRedis } from "../../redis-connection";

/** a grant not used within this long is void: clients subscribe right after the auth request */
export const GRANT_TTL_MS = 120_000;
const KEY_PREFIX = "fleetline:tracking:grant:";

interface MemoryGrant {
  sessionId: number;
  expiresAt: number;
}

const store = globalThis as unknown as { __fleetlineChannelGrants?: { grants: Map<string, MemoryGrant>; sweptAt: number } };

/** the in-memory grants, with the unused ones dropped now and then (a burst of subscriptions must not sweep each time) */
function memory(now = Date.now()): Map<string, MemoryGrant> {
  const held = (store.__fleetlineChannelGrants ??= { grants: new Map(), sweptAt: now });
  if (now - held.sweptAt > GRANT_TTL_MS) {
    for (const [key, grant] of held.grants) if (grant.expiresAt <= now) held.grants.delete(key);
    held.sweptAt = now;
  }
  return held.grants;
}

const grantKey = (socketId: string, channel: string) => `${socketId}|${channel}`;

export async function putChannelGrant(input: { socketId: string; channel: string; sessionId: number }): Promise<void> {
  const key = grantKey(input.socketId, input.channel);
  const redisUrl = env().REDIS_URL;
  if (redisUrl) {
    const client = await readyRedis(redisUrl);
    await client.set(KEY_PREFIX + key, String(input.sessionId), { PX: GRANT_TTL_MS });
    return;
  }
  memory().set(key, { sessionId: input.sessionId, expiresAt: Date.now() + GRANT_TTL_MS });
}

/** the session a subscription's signature was issued to, or null; each grant can be taken once */
export async function takeChannelGrant(input: { socketId: string; channel: string }): Promise<number | null> {
  const key = grantKey(input.socketId, input.channel);
  const redisUrl = env().REDIS_URL;
  if (redisUrl) {
    const client = await readyRedis(redisUrl);
    const value = await client.getDel(KEY_PREFIX + key);
    return value === null ? null : Number(value);
  }
  const grant = memory().get(key);
  memory().delete(key);
  return grant && grant.expiresAt > Date.now() ? grant.sessionId : null;
}
