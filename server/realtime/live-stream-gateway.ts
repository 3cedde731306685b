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
import { LOOKUP_TIMEOUT_MS, MAX_BUFFERED_PACKETS, STALE_WHILE_FAILING_MS } from "../modules/stream/stream-limits";
import { livePayload } from "../modules/stream/stream-payload";
import { StreamAuthenticator, type StreamIdentity } from "../modules/stream/stream-authenticator";
import { parseStreamQuery } from "../modules/stream/stream-query";
import { StreamRefusal, StreamRefusalCode } from "../modules/stream/stream-refusal";
import { StreamSnapshots } from "../modules/stream/stream-snapshots";
import { StreamSubscription, type StreamOutput } from "../modules/stream/stream-subscription";
import type { LivePosition } from "../modules/positions/live-position";
import type { ConnectionCap } from "./connection-cap";

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
}

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
  subscription: StreamSubscription;
  positions: LivePosition[];
  cleanup: () => void;
}

const MEMORY_SWEEP_MS = 60_000;

export function createLiveStreamGateway(options: LiveStreamGatewayOptions): LiveStreamGateway {
  const { io, hub, cap, logger } = options;
  const clock = options.clock ?? systemClock;
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

  io.use(async (socket, next) => {
    let cleanup = () => {};
    // a client that goes away during the handshake never becomes a connection: give its slot back then too
    socket.conn.once("close", () => cleanup());
    try {
      if (closed) throw unavailable();
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
      const assetIds = await snapshots.subscribedAssets(account.id, query.assetIds);
      subscription = new StreamSubscription({ id: socket.id, accountId: account.id, assetIds, channels: grant.channels, detailed: grant.detailed, clock });
      register(subscription); // from here on positions are held for this socket, so none falls between the two
      const { positions, fromMemory } = await snapshots.lastPositions(account.id, assetIds);
      if (socket.conn.readyState !== "open") throw unavailable(); // gone meanwhile (socket.io drops it silently)
      socket.data.stream = { identity, subscription, positions, cleanup } satisfies Handshake;
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
        logger.info({ socketId: socket.id, code: error.code }, "stream connection refused");
        return next(error);
      }
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
      emit: (event, payload) => void socket.emit(event, payload as never),
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
  };

  const onChannel = (event: (typeof FORWARDED_CHANNELS)[number]) => (message: ChannelMessageBase) => {
    for (const subscription of byAsset.get(message.assetId) ?? []) subscription.offerChannelMessage(event, message);
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
    hub.subscribe("account.changed", ({ accountId }) => {
      authenticator.forgetAccount(accountId);
      snapshots.forgetAccount(accountId);
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
