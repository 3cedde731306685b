// Starts the live stream's gateway on a socket.io server with the connection cap that fits the deployment: counted
// in Redis when REDIS_URL is set (shared by every node), in memory otherwise. The composition root calls this once.
import type { Logger } from "pino";
import type { Server } from "socket.io";
import type { Hub } from "../hub";
import type { RateLimit } from "../security/rate-limit";
import type { Clock } from "../modules/stream/clock";
import { createMemoryConnectionCap, createRedisConnectionCap } from "./connection-cap";
import { createLiveStreamGateway, type LiveStreamGateway } from "./live-stream-gateway";

export async function startLiveStream(options: {
  io: Server;
  hub: Hub;
  redisUrl?: string;
  maxConnectionsPerAccount: number;
  logger: Logger;
  clock?: Clock;
  maxBufferedPackets?: number;
  lookupTimeoutMs?: number;
  /** Redis key prefix of the connection cap (default fleetline:stream:connections:) */
  capKeyPrefix?: string;
  /** handshakes per client address a minute (default STREAM_HANDSHAKE_RATE_LIMIT); false: none */
  handshakeRateLimit?: RateLimit | false;
  /** client addresses from X-Forwarded-For (TRUST_PROXY) */
  trustProxy?: boolean;
}): Promise<LiveStreamGateway> {
  const { redisUrl, maxConnectionsPerAccount: max, logger } = options;
  const cap = redisUrl
    ? await createRedisConnectionCap({ url: redisUrl, max, keyPrefix: options.capKeyPrefix, onError: (error, what) => logger.warn({ err: error }, `stream connection cap: ${what}`) })
    : createMemoryConnectionCap(max);
  return createLiveStreamGateway({ ...options, cap });
}
