// A cap on concurrent connections per holder: live-stream connections per account (spec-readings.md: "one
// connection per account" read as a configurable cap, default 5) and public tracking WebSockets per client IP (spec:
// 100). A connection takes a slot when it is admitted and gives it back when it closes.
//
// One process counts in memory. With REDIS_URL the count is shared by every node: each holder has a sorted set
// `<key prefix><holder>` (e.g. fleetline:stream:connections:<accountId>) whose members are `<node id>:<socket id>`,
// scored with a lease expiry in Redis's own clock. Taking a slot is one Lua script (drop expired leases, count,
// add), so two nodes admitting at the same moment cannot both take the last slot. Nodes renew their leases every
// 20 s; the slots of a node that died without closing its sockets free themselves within LEASE_MS. (socket.io's
// fetchSockets() would count too, but it is a request to every node with a timeout, and two concurrent handshakes
// could both see room for one.)
// When Redis itself fails, a connection is admitted and a warning logged: the cap is fairness, not security.
import { createClient } from "redis";
import { redisClientOptions } from "../redis-options";
import { randomId } from "../security/random";
import { closeRedisClient } from "../redis-close";

/** who holds the slots: an account id, a client address */
export type CapHolder = number | string;

export interface ConnectionCap {
  readonly max: number;
  /** takes a slot; false when the holder already holds `max` */
  acquire(holder: CapHolder, connectionId: string): Promise<boolean>;
  release(holder: CapHolder, connectionId: string): void;
  close(): Promise<void>;
}

export function createMemoryConnectionCap(max: number): ConnectionCap {
  const held = new Map<CapHolder, Set<string>>();
  return {
    max,
    async acquire(holder, connectionId) {
      const slots = held.get(holder) ?? new Set<string>();
      if (slots.size >= max && !slots.has(connectionId)) return false;
      slots.add(connectionId);
      held.set(holder, slots);
      return true;
    },
    release(holder, connectionId) {
      const slots = held.get(holder);
      if (!slots) return;
      slots.delete(connectionId);
      if (slots.size === 0) held.delete(holder);
    },
    async close() {
      held.clear();
    },
  };
}

/** a slot's lease: a node that stops renewing (crashed) frees its slots after this long */
export const LEASE_MS = 60_000;
const RENEW_EVERY_MS = 20_000;
const DEFAULT_KEY_PREFIX = "fleetline:stream:connections:";

// KEYS[1] account's set; ARGV: max, member, lease ms. Scores are expiry times in Redis's clock (ms).
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if not redis.call('ZSCORE', KEYS[1], ARGV[2]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1
`;

// KEYS[1] account's set; ARGV: lease ms, members... (only members still present are renewed)
const RENEW = `
local t = redis.call('TIME')
local expiry = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + tonumber(ARGV[1])
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], 'XX', expiry, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
return 1
`;

export async function createRedisConnectionCap(options: {
  url: string;
  max: number;
  onError: (error: unknown, what: string) => void;
  keyPrefix?: string;
}): Promise<ConnectionCap> {
  const KEY_PREFIX = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
  // fails fast while Redis is away (redis-options.ts): a connection is then admitted with a warning instead of its
  // handshake waiting for the reconnect
  const client = createClient(redisClientOptions(options.url));
  client.on("error", (error) => options.onError(error, "redis connection"));
  await client.connect();
  const node = randomId(12);
  const held = new Map<string, CapHolder>(); // member -> holder, this node's slots
  const member = (connectionId: string) => `${node}:${connectionId}`;

  const renew = async () => {
    const byHolder = new Map<CapHolder, string[]>();
    for (const [slot, holder] of held) byHolder.set(holder, [...(byHolder.get(holder) ?? []), slot]);
    await Promise.all(
      [...byHolder].map(([holder, members]) =>
        client.sendCommand(["EVAL", RENEW, "1", KEY_PREFIX + holder, String(LEASE_MS), ...members]),
      ),
    );
  };
  const timer = setInterval(() => void renew().catch((error) => options.onError(error, "lease renewal")), RENEW_EVERY_MS);
  timer.unref();

  return {
    max: options.max,
    async acquire(holder, connectionId) {
      try {
        const admitted = await client.sendCommand([
          "EVAL",
          ACQUIRE,
          "1",
          KEY_PREFIX + holder,
          String(options.max),
          member(connectionId),
          String(LEASE_MS),
        ]);
        if (Number(admitted) !== 1) return false;
      } catch (error) {
        options.onError(error, "connection cap check (connection admitted)");
      }
      held.set(member(connectionId), holder);
      return true;
    },
    release(holder, connectionId) {
      if (!held.delete(member(connectionId))) return;
      client.zRem(KEY_PREFIX + holder, member(connectionId)).catch((error) => options.onError(error, "slot release"));
    },
    async close() {
      clearInterval(timer);
      const slots = [...held];
      held.clear();
      await Promise.allSettled(slots.map(([slot, holder]) => client.zRem(KEY_PREFIX + holder, slot)));
      await closeRedisClient(client);
    },
  };
}
