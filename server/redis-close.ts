// Closing a Redis client at shutdown without hanging on an outage: QUIT (or a graceful close) is a command, and a
// client that is reconnecting keeps it waiting for a connection that may never come back (a subscriber connection
// queues it; the hub-outage test caught a stop hanging on it). A client that is connected closes gracefully, its
// pending commands answered, for at most `graceMs`; one that is not, or does not finish in time, is destroyed.

/** the part of a node-redis client this needs */
export interface ClosableRedisClient {
  readonly isOpen: boolean;
  readonly isReady: boolean;
  close(): Promise<unknown>;
  destroy(): void;
}

/** how long a connected client may take to answer its pending commands before it is cut */
export const REDIS_CLOSE_GRACE_MS = 1_000;

export async function closeRedisClient(client: ClosableRedisClient, graceMs = REDIS_CLOSE_GRACE_MS): Promise<void> {
  if (!client.isOpen) return;
  if (!client.isReady) return client.destroy();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<"expired">((resolve) => (timer = setTimeout(() => resolve("expired"), graceMs)));
  const closed = client.close().then(
    () => "closed" as const,
    () => "failed" as const,
  );
  const outcome = await Promise.race([closed, expired]).finally(() => clearTimeout(timer));
  if (outcome !== "closed" && client.isOpen) client.destroy();
}
