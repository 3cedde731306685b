// The live position stream on socket.io (spec {avl_url}; docs/live-stream.md). The handshake is checked in a
// middleware, so a refusal reaches the client as connect_error with a message and `data.code` (stream-refusal.ts):
//   query -> token (cached, fail closed) -> entitlements -> connection cap -> subscribed assets -> register for
//   positions -> first message's positions -> connected: the array goes out, then live frames.
// Positions come from this node's own subscription to the cluster hub, which carries every stored position to every
// node exactly once; nothing is broadcast through the socket.io adapter, so no socket receives a frame twice.
// Each position is encoded once per payload style for all sockets that take it now (a local-only broadcast to their
// ids); the per-socket rules (ordering, dedupe, throttle, backpressure) live in StreamSubscription.
import type { Logger } from "pino";
import type { Server, Socket } from "socket.io";
import type { Hub } from "../hub";
import type { ChannelMessageBase } from "../modules/stream/channel-messages";
import { systemClock, type Clock, type ClockTimer } from "../modules/stream/clock";
import { FORWARDED_CHANNELS } from "../modules/stream/stream-events";
import { grantStream } from "../modules/stream/stream-entitlements";
import type { StreamChannel } from "../modules/stream/channel-messages";
import { getAccountEntitlements } from "../modules/accounts/get-account-entitlements";
import { LOOKUP_TIMEOUT_MS, MAX_BUFFERED_PACKETS, STALE_WHILE_FAILING_MS } from "../modules/stream/stream-limits";
import { livePayload } from "../modules/stream/stream-payload";
import { StreamAuthenticator, type StreamIdentity } from "../modules/stream/stream-authenticator";
import { parseStreamQuery } from "../modules/stream/stream-query";
import { StreamRefusal, StreamRefusalCode } from "../modules/stream/stream-refusal";
import { StreamSnapshots } from "../modules/stream/stream-snapshots";
import { StreamSubscription, type StreamOutput } from "../modules/stream/stream-subscription";
import type { LivePosition } from "../modules/positions/live-position";
import { rateLimiter, type RateLimit } from "../security/rate-limit";
import { RateLimitedError } from "../security/rate-limited-error";
import { clientAddressKey } from "../http/client-address-key";
import { clientIpFromHeader } from "../http/request-input";
import type { ConnectionCap } from "./connection-cap";
import { metrics } from "../metrics/registry";

export interface LiveStreamGatewayOptions {
  io: Server;
  /** the cluster hub: every node hears every position and channel message once */
  hub: Hub;
  cap: ConnectionCap;
  logger: Logger;
  /** drives the throttle and cache ages (tests pass a ManualClock) */
  clock?: Clock;
  /** engine write-buffer packets at which a socket counts as congested */
  maxBufferedPackets?: number;
  /** database lookups slower than this count as failures */
  lookupTimeoutMs?: number;
  /** handshakes per client address (default STREAM_HANDSHAKE_RATE_LIMIT); false turns the limit off */
  handshakeRateLimit?: RateLimit | false;
  /** take the client address from X-Forwarded-For's right-most entry (TRUST_PROXY) */
  trustProxy?: boolean;
}

/**
 * Every handshake authenticates a token and reads the account's assets and up to 20,000 last positions, so a client
 * reconnecting in a loop is expensive: each address gets this many a minute, counted before the token is looked at.
 */
export const STREAM_HANDSHAKE_RATE_LIMIT: RateLimit = { name: "stream-handshake", points: 120, duration: 60 };

export interface LiveStreamStats {
  connections: number;
  /** connections whose client is not reading (frames are being coalesced) */
  congested: number;
  /** positions waiting for a throttle window or a drain, over all connections */
  heldPositions: number;
  coalesced: number;
}

export interface LiveStreamGateway {
  stats(): LiveStreamStats;
  close(): Promise<void>;
}

/** what the handshake middleware hands to the connection handler */
interface Handshake {
  identity: StreamIdentity;
  /** what the client asked for (style, channels): granted again when the account's entitlements change */
  request: { wantsDetailed: boolean; channels: ReadonlySet<StreamChannel> };
  subscription: StreamSubscription;
  positions: LivePosition[];
  cleanup: () => void;
}

const MEMORY_SWEEP_MS = 60_000;

export function createLiveStreamGateway(options: LiveStreamGatewayOptions): LiveStreamGateway {
  const { io, hub, cap, logger } = options;
  const clock = options.clock ?? systemClock;
  const deliveries = metrics().liveStreamDeliveries;
  const maxBuffered = options.maxBufferedPackets ?? MAX_BUFFERED_PACKETS;
  const authenticator = new StreamAuthenticator(clock, options.lookupTimeoutMs ?? LOOKUP_TIMEOUT_MS);
  const snapshots = new StreamSnapshots(clock, options.lookupTimeoutMs ?? LOOKUP_TIMEOUT_MS);
  /** asset id -> subscriptions on this node that subscribe it */
  const byAsset = new Map<number, Set<StreamSubscription>>();
  const connections = new Map<string, { socket: Socket; handshake: Handshake }>();
  let closed = false;

  const register = (subscription: StreamSubscription) => {
    for (const assetId of subscription.assetIds) {
      let set = byAsset.get(assetId);
      if (!set) byAsset.set(assetId, (set = new Set()));
      set.add(subscription);
    }
  };
  const unregister = (subscription: StreamSubscription) => {
    subscription.close();
    for (const assetId of subscription.assetIds) {
      const set = byAsset.get(assetId);
      set?.delete(subscription);
      if (set?.size === 0) byAsset.delete(assetId);
    }
  };

  const handshakeLimit = options.handshakeRateLimit ?? STREAM_HANDSHAKE_RATE_LIMIT;
  const handshakeLimiter = handshakeLimit ? rateLimiter(handshakeLimit) : null;
  const addressOf = (socket: Socket) =>
    (options.trustProxy ? clientIpFromHeader(socket.handshake.headers["x-forwarded-for"]) : null) ?? socket.handshake.address;

  io.use(async (socket, next) => {
    let cleanup = () => {};
    // a client that goes away during the handshake never becomes a connection: give its slot back then too
    socket.conn.once("close", () => cleanup());
    try {
      if (closed) throw unavailable();
      await handshakeLimiter?.consume(clientAddressKey(addressOf(socket))).catch((error: unknown) => {
        if (!(error instanceof RateLimitedError)) throw error;
        throw new StreamRefusal(
          StreamRefusalCode.RATE_LIMITED,
          `Too many connections from this address. Try again in ${error.retryAfterSeconds} s.`,
        );
      });
      const query = parseStreamQuery(socket.handshake.query, socket.handshake.auth ?? {});
      const identity = await authenticator.authenticate(query.token);
      const account = identity.account;
      const grant = grantStream(account, query);
      if (!(await cap.acquire(account.id, socket.id))) {
        throw new StreamRefusal(
          StreamRefusalCode.CONNECTION_LIMIT,
          `This account already has ${cap.max} live-stream connections open, its maximum: use one connection for all assets.`,
        );
      }
      let subscription: StreamSubscription | null = null;
      let done = false;
      cleanup = () => {
        if (done) return;
        done = true;
        cap.release(account.id, socket.id);
        if (subscription) unregister(subscription);
        connections.delete(socket.id);
      };
      const assetIds = await snapshots.subscribedAssets(account.id, query.assetIds, identity.limitGroupIds);
      subscription = new StreamSubscription({ id: socket.id, accountId: account.id, assetIds, channels: grant.channels, detailed: grant.detailed, clock });
      register(subscription); // from here on positions are held for this socket, so none falls between the two
      const { positions, fromMemory } = await snapshots.lastPositions(account.id, assetIds);
      if (socket.conn.readyState !== "open") throw unavailable(); // gone meanwhile (socket.io drops it silently)
      socket.data.stream = { identity, request: query, subscription, positions, cleanup } satisfies Handshake;
      logger.info(
        {
          socketId: socket.id,
          clientId: identity.clientId,
          accountId: account.id,
          assets: assetIds.length,
          asked: query.assetIds.length,
          detailed: grant.detailed,
          channels: [...grant.channels],
          ...(identity.stale || fromMemory ? { servedThroughOutage: true } : {}),
        },
        "stream connected",
      );
      next();
    } catch (error) {
      cleanup();
      if (error instanceof StreamRefusal) {
        metrics().liveStreamRefusals.inc({ reason: String(error.code) });
        logger.info({ socketId: socket.id, code: error.code }, "stream connection refused");
        return next(error);
      }
      metrics().liveStreamRefusals.inc({ reason: "unavailable" });
      logger.error({ err: error, socketId: socket.id }, "stream handshake failed");
      next(unavailable());
    }
  });

  io.on("connection", (socket) => {
    const handshake = socket.data.stream as Handshake | undefined;
    if (!handshake) return void socket.disconnect(true);
    const { subscription, positions, cleanup } = handshake;
    connections.set(socket.id, { socket, handshake });
    socket.once("disconnect", cleanup);
    const conn = socket.conn as unknown as { writeBuffer: unknown[] }; // engine.io keeps it private; no public size
    const output: StreamOutput = {
      emit: (event, payload) => {
        deliveries.inc();
        socket.emit(event, payload as never);
      },
      congested: () => conn.writeBuffer.length >= maxBuffered,
    };
    socket.conn.on("drain", () => subscription.onDrain());
    subscription.start(output, positions);
    handshake.positions = []; // sent; not kept for the connection's life
  });

  const onPosition = (position: LivePosition) => {
    snapshots.memory.observe(position);
    const subscribers = byAsset.get(position.assetId);
    if (!subscribers) return;
    let detailed: string[] | null = null;
    let standard: string[] | null = null;
    for (const subscription of subscribers) {
      if (subscription.offer(position) !== "send") continue;
      if (subscription.detailed) (detailed ??= []).push(subscription.id);
      else (standard ??= []).push(subscription.id);
    }
    // local: this node's sockets only; every other node hears the same position from the hub
    if (detailed) io.local.to(detailed).emit("location", livePayload(position, true));
    if (standard) io.local.to(standard).emit("location", livePayload(position, false));
    if (detailed || standard) deliveries.inc((detailed?.length ?? 0) + (standard?.length ?? 0));
  };

  const onChannel = (event: (typeof FORWARDED_CHANNELS)[number]) => (message: ChannelMessageBase) => {
    for (const subscription of byAsset.get(message.assetId) ?? []) subscription.offerChannelMessage(event, message);
  };

  // a plan or add-on change reaches the account's open connections at once (not at their next reconnect); changes
  // in quick succession are read in order of arrival and only the newest read is applied
  const regrantReads = new Map<number, number>();
  const regrantAccount = async (accountId: number) => {
    const read = (regrantReads.get(accountId) ?? 0) + 1;
    regrantReads.set(accountId, read);
    try {
      const account = await getAccountEntitlements(accountId);
      if (regrantReads.get(accountId) !== read || !account) return;
      for (const { handshake } of connections.values()) {
        if (handshake.identity.account.id !== accountId) continue;
        const grant = grantStream(account, handshake.request);
        handshake.subscription.regrant(grant);
        handshake.identity.account = { ...handshake.identity.account, ...account };
      }
    } catch (error) {
      logger.warn({ err: error, accountId }, "stream connections keep their grant: the account could not be read");
    } finally {
      if (regrantReads.get(accountId) === read) regrantReads.delete(accountId);
    }
  };

  const unsubscribers = [
    hub.subscribe("position", onPosition),
    ...FORWARDED_CHANNELS.map((event) => hub.subscribe(event, onChannel(event))),
    hub.subscribe("credentials.revoked", (event) => {
      if (event.kind !== "oauth_client") return;
      authenticator.forgetClient(event.id);
      // its tokens stop at once: the client's reconnect is refused with TOKEN_INVALID
      for (const { socket, handshake } of connections.values()) {
        if (handshake.identity.oauthClientId === event.id) socket.disconnect(true);
      }
    }),
    hub.subscribe("credentials.changed", (event) => {
      authenticator.forgetClient(event.id);
      if (event.change === "name") return;
      // new scopes or a rotated secret: the client's connections are checked again by reconnecting (a token it may
      // keep reconnects at once; one issued under the old secret, or without stream:read now, is refused)
      for (const { socket, handshake } of connections.values()) {
        if (handshake.identity.oauthClientId === event.id) socket.disconnect(true);
      }
    }),
    hub.subscribe("account.changed", ({ accountId }) => {
      authenticator.forgetAccount(accountId);
      snapshots.forgetAccount(accountId);
      void regrantAccount(accountId);
    }),
    hub.subscribe("asset.changed", ({ accountId }) => snapshots.forgetAccount(accountId)),
  ];

  let sweepTimer: ClockTimer | null = null;
  const sweep = () => {
    snapshots.memory.sweep((assetId) => byAsset.has(assetId));
    if (!closed) sweepTimer = clock.setTimeout(sweep, MEMORY_SWEEP_MS);
  };
  sweepTimer = clock.setTimeout(sweep, Math.min(MEMORY_SWEEP_MS, STALE_WHILE_FAILING_MS));

  return {
    stats() {
      let congested = 0;
      let heldPositions = 0;
      let coalesced = 0;
      for (const { socket, handshake } of connections.values()) {
        if ((socket.conn as unknown as { writeBuffer: unknown[] }).writeBuffer.length >= maxBuffered) congested++;
        heldPositions += handshake.subscription.heldPositions;
        coalesced += handshake.subscription.stats.coalesced;
      }
      return { connections: connections.size, congested, heldPositions, coalesced };
    },
    async close() {
      closed = true;
      if (sweepTimer) clock.clearTimeout(sweepTimer);
      for (const unsubscribe of unsubscribers) unsubscribe();
      for (const { socket } of [...connections.values()]) socket.disconnect(true);
      await cap.close();
    },
  };
}

function unavailable(): StreamRefusal {
  return new StreamRefusal(StreamRefusalCode.SERVICE_UNAVAILABLE, "The live stream is not available right now; reconnect with backoff.");
}
