// Public tracking on the Pusher-protocol server (spec, Events: public tracking channel; docs/public-tracking.md).
// Each viewer subscribes to `private-tracking.{uuid}`; this node keeps a channel per link with viewers here.
//
// Subscribing checks, in this order, and closes with the spec's code when one fails: the channel signature and the
// grant /broadcasting/auth recorded for it (4001), the session (4001 unknown, 4002 ended), the link (4003 unknown,
// 4004 disabled or expired, 4005 outside its schedule), and whether the link still admits the session (4001). A
// subscribed viewer is closed with 4002 when its session ends, and with 4001 at once when the link is tightened so
// that it no longer admits the session (a stricter access mode, the viewer's address taken off the list): the
// change deleted that session, so its token is no longer valid, which is what 4001 says (4002 is time running out).
//
// What channels carry:
//   location.updated  every position of the link's vehicle (from the cluster hub, so a device on another node is
//                     seen here), while the link is within its schedule; coalesced to at most 10 a second per channel
//                     (spec) by keeping only the newest when they come faster. A route-based link's location also
//                     carries its stop (link-location.ts) and is sent again whenever the run it follows has news
//                     (run.eta, run.progress: the run board), so the countdown moves between positions
//   link.expired      the link was disabled, expired, or deleted; then every viewer is closed (4004, or 4003)
//   schedule.changed  the schedule window opened or closed (viewers stay connected; positions pause)
//   vehicle.changed   the link now follows another vehicle (with its location when known)
// Link events arrive as "tracking-link.changed" on the hub; the gateway reads the link again and compares it with
// what it knew, so a missed or repeated event is harmless, and a sweep re-reads every local link now and then.
import type { Logger } from "pino";
import { db } from "../db/client";
import type { Hub } from "../hub";
import type { LivePosition } from "../modules/positions/live-position";
import { TRACKING_CHANNEL_PREFIX, TrackingEvent } from "../modules/tracking-links/public-channel";
import { takeChannelGrant } from "../modules/tracking-links/channel-grants";
import { findTrackingLinkByUuid } from "../modules/tracking-links/find-tracking-link";
import { linkSelect, linkState, linkTiming, type LinkRecord } from "../modules/tracking-links/link-record";
import { nextWindowStart } from "../modules/tracking-links/link-timing";
import { PUBLIC_TRACKING_LIMITS } from "../modules/tracking-links/public-tracking-limits";
import { followedRunDate, linkLocation, type LinkLocation } from "../modules/tracking-links/link-location";
import { linkStopsKey, loadLinkStops, type LinkStops } from "../modules/tracking-links/link-stops";
import { NOTHING_HEARD, type RunBoard } from "../modules/tracking-links/run-board";
import { ZLinkUuid, type AccessMode, type ExpiryReason } from "../modules/tracking-links/tracking-links.schema";
import { admitsSession, findViewerSessionById } from "../modules/tracking-links/viewer-sessions";
import { verifyChannelSignature } from "../modules/tracking-links/channel-signature";
import { TrackingCloseCode } from "./pusher/close-codes";
import { channelFrame } from "./pusher/pusher-frames";
import type { ChannelAuthority, PusherConnection } from "./pusher/pusher-server";
import { metrics } from "../metrics/registry";

/** how often every local link is read again (a safety net under hub events: changes made where no hub reaches) */
export const REVALIDATE_MS = 10_000;
/** the metric label of each refusal: the close code's name, e.g. link_not_found */
const REFUSAL_REASONS = new Map<number, string>(Object.entries(TrackingCloseCode).map(([name, code]) => [code, name.toLowerCase()]));
const MIN_LOCATION_INTERVAL_MS = 1000 / PUBLIC_TRACKING_LIMITS.messagesPerChannelPerSecond;
/** setTimeout's longest delay; longer sessions are checked again when it fires */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Viewer {
  sessionId: number;
  /** what the link's rules judge the session by (admitsSession) */
  session: { email: string | null; accessMode: AccessMode };
  expiresAt: number;
  timer: NodeJS.Timeout;
}

interface LocalChannel {
  name: string;
  link: LinkRecord;
  /** what the viewers were last told: compared with a fresh read of the link */
  known: { assetId: number | null; within: boolean };
  viewers: Map<PusherConnection, Viewer>;
  /** the newest position of the link's vehicle seen here (undefined: not looked up yet) */
  position?: LivePosition | null;
  /** a route-based link's stops (undefined: not read yet), read for the link as `stopsKey` names it */
  stops?: LinkStops | null;
  stopsKey: string;
  lastLocationAt: number;
  flushTimer: NodeJS.Timeout | null;
}

export interface PublicTrackingStats {
  channels: number;
  viewers: number;
  locationsSent: number;
  locationsCoalesced: number;
}

export interface PublicTrackingGateway extends ChannelAuthority {
  stats(): PublicTrackingStats;
  /** reads every local link again (the periodic sweep; tests call it) */
  revalidate(): Promise<void>;
  close(): Promise<void>;
}

export function createPublicTrackingGateway(options: { hub: Hub; logger: Logger; revalidateMs?: number; runs?: RunBoard }): PublicTrackingGateway {
  const { hub, logger, runs } = options;
  const channels = new Map<string, LocalChannel>(); // by uuid
  const byAsset = new Map<number, Set<LocalChannel>>();
  /** route-based links by the route whose run they follow (the run board's news reaches them) */
  const byRoute = new Map<number, Set<LocalChannel>>();
  /** the channels each connection views here (its own record: a socket may close while its subscription is confirmed) */
  const byConnection = new Map<PusherConnection, Set<LocalChannel>>();
  const counters = { locationsSent: 0, locationsCoalesced: 0 };
  let closed = false;

  const index = (channel: LocalChannel) => {
    const assetId = channel.link.assetId;
    if (assetId === null) return;
    let set = byAsset.get(assetId);
    if (!set) byAsset.set(assetId, (set = new Set()));
    set.add(channel);
  };
  const indexRoute = (channel: LocalChannel, routeId: number | null) => {
    if (routeId === null) return;
    let set = byRoute.get(routeId);
    if (!set) byRoute.set(routeId, (set = new Set()));
    set.add(channel);
  };
  const unindexRoute = (channel: LocalChannel, routeId: number | null | undefined) => {
    if (routeId == null) return;
    const set = byRoute.get(routeId);
    set?.delete(channel);
    if (set?.size === 0) byRoute.delete(routeId);
  };
  const unindex = (channel: LocalChannel, assetId: number | null) => {
    if (assetId === null) return;
    const set = byAsset.get(assetId);
    set?.delete(channel);
    if (set?.size === 0) byAsset.delete(assetId);
  };
  const drop = (channel: LocalChannel) => {
    if (channels.get(channel.link.uuid) !== channel) return;
    channels.delete(channel.link.uuid);
    // under the vehicle its viewers know and the link's (a fresh read may name another before it is re-indexed)
    unindex(channel, channel.known.assetId);
    unindex(channel, channel.link.assetId);
    unindexRoute(channel, channel.stops?.routeId);
    unindexRoute(channel, channel.link.routeId);
    if (channel.flushTimer) clearTimeout(channel.flushTimer);
    for (const [connection, viewer] of channel.viewers) {
      clearTimeout(viewer.timer);
      forget(connection, channel);
    }
    channel.viewers.clear();
  };
  const forget = (connection: PusherConnection, channel: LocalChannel) => {
    const set = byConnection.get(connection);
    set?.delete(channel);
    if (set?.size === 0) byConnection.delete(connection);
  };
  const removeViewer = (channel: LocalChannel, connection: PusherConnection) => {
    const viewer = channel.viewers.get(connection);
    if (!viewer) return;
    clearTimeout(viewer.timer);
    channel.viewers.delete(connection);
    forget(connection, channel);
    if (channel.viewers.size === 0) drop(channel);
  };

  const broadcast = (channel: LocalChannel, event: string, payload: unknown) => {
    const frame = channelFrame(channel.name, event, payload);
    for (const connection of channel.viewers.keys()) connection.send(frame);
  };
  const closeAll = (channel: LocalChannel, code: (typeof TrackingCloseCode)[keyof typeof TrackingCloseCode]) => {
    const viewers = [...channel.viewers.keys()];
    drop(channel);
    for (const connection of viewers) connection.close(code);
  };

  /** location.updated's payload: {location} and, for a route-based link, its stop; null without a position */
  const locationOf = (channel: LocalChannel): LinkLocation | null => {
    if (!channel.position) return null;
    const stops = channel.stops ?? null;
    const run = stops ? (runs?.peek(stops.routeId, followedRunDate(channel.link.account.timeZone)) ?? NOTHING_HEARD) : null;
    return linkLocation({ link: channel.link, position: channel.position, stops, run });
  };

  const sendLocation = (channel: LocalChannel) => {
    channel.flushTimer = null;
    const payload = locationOf(channel);
    if (!payload || channel.viewers.size === 0) return;
    channel.lastLocationAt = Date.now();
    counters.locationsSent++;
    broadcast(channel, TrackingEvent.LOCATION_UPDATED, payload);
  };
  /** sends the channel's newest location now, or once the channel's message interval allows (the newest then) */
  const offerLocation = (channel: LocalChannel) => {
    if (channel.flushTimer) {
      counters.locationsCoalesced++;
      return;
    }
    const wait = channel.lastLocationAt + MIN_LOCATION_INTERVAL_MS - Date.now();
    if (wait <= 0) return sendLocation(channel);
    channel.flushTimer = setTimeout(() => sendLocation(channel), wait);
  };

  const watchViewer = (channel: LocalChannel, connection: PusherConnection, sessionId: number, session: Viewer["session"], expiresAt: number): Viewer => {
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, expiresAt - Date.now()));
    const timer = setTimeout(() => {
      if (Date.now() < expiresAt) return void channel.viewers.set(connection, watchViewer(channel, connection, sessionId, session, expiresAt));
      removeViewer(channel, connection);
      connection.close(TrackingCloseCode.SESSION_EXPIRED);
    }, delay);
    timer.unref();
    return { sessionId, session, expiresAt, timer };
  };

  /** closes (4001) the viewers whose sessions the link, as it is now, no longer admits */
  const closeNotAdmitted = (channel: LocalChannel) => {
    const refused = [...channel.viewers].filter(([, viewer]) => !admitsSession(channel.link, viewer.session)).map(([connection]) => connection);
    for (const connection of refused) {
      removeViewer(channel, connection);
      connection.close(TrackingCloseCode.INVALID_SESSION_TOKEN);
    }
    return channels.get(channel.link.uuid) === channel;
  };

  /** reads a route-based link's stops (again) when they may have changed */
  const loadStops = async (channel: LocalChannel) => {
    const key = linkStopsKey(channel.link);
    const stops = await loadLinkStops(channel.link);
    if (channels.get(channel.link.uuid) !== channel || linkStopsKey(channel.link) !== key) return; // gone, or changed again
    unindexRoute(channel, channel.stops?.routeId);
    channel.stops = stops;
    channel.stopsKey = key;
    indexRoute(channel, stops?.routeId ?? null);
  };

  const loadPosition = async (channel: LocalChannel) => {
    const assetId = channel.link.assetId;
    if (assetId === null) return void (channel.position = null);
    const state = await db().assetState.findUnique({ where: { assetId }, select: { payload: true } });
    // a live position may have arrived meanwhile: keep the newer
    if (channel.link.assetId === assetId && channel.position === undefined) {
      channel.position = (state?.payload as unknown as LivePosition | undefined) ?? null;
    }
  };

  /** compares a fresh read of the link with what its viewers know and tells them what changed */
  const apply = async (channel: LocalChannel, fresh: LinkRecord | null) => {
    if (channels.get(channel.link.uuid) !== channel) return;
    if (!fresh) {
      broadcast(channel, TrackingEvent.LINK_EXPIRED, { reason: "disabled" satisfies ExpiryReason });
      return closeAll(channel, TrackingCloseCode.LINK_NOT_FOUND);
    }
    const state = linkState(fresh, Date.now());
    const previousAsset = channel.link.assetId;
    channel.link = fresh;
    if (!state.isActive || state.isExpired) {
      const reason: ExpiryReason = !state.isActive ? "disabled" : (state.expiredReason ?? "time_expired");
      broadcast(channel, TrackingEvent.LINK_EXPIRED, { reason });
      return closeAll(channel, TrackingCloseCode.LINK_EXPIRED_OR_INACTIVE);
    }
    // tightened: a stricter mode or a shorter list; the channel is gone when no viewer is left
    if (!closeNotAdmitted(channel)) return;
    if (fresh.assetId !== channel.known.assetId) {
      unindex(channel, previousAsset);
      index(channel);
      channel.position = undefined;
      await loadPosition(channel);
      channel.known.assetId = fresh.assetId;
      const location = state.isWithinSchedule ? locationOf(channel)?.location : null;
      broadcast(channel, TrackingEvent.VEHICLE_CHANGED, {
        message: fresh.assetId === null ? "This link no longer follows a vehicle." : "This link now follows another vehicle.",
        ...(location && { new_location: location }),
      });
    }
    if (linkStopsKey(fresh) !== channel.stopsKey) {
      // another route, or the passenger's stops changed
      await loadStops(channel);
      if (channel.known.within) offerLocation(channel);
    }
    if (state.isWithinSchedule !== channel.known.within) {
      channel.known.within = state.isWithinSchedule;
      broadcast(channel, TrackingEvent.SCHEDULE_CHANGED, {
        is_active: state.isWithinSchedule,
        message: scheduleMessage(fresh, state.isWithinSchedule),
      });
      if (state.isWithinSchedule) offerLocation(channel);
    }
  };

  const refresh = async (uuid: string) => {
    const channel = channels.get(uuid);
    if (!channel) return;
    await apply(channel, await findTrackingLinkByUuid(uuid));
  };

  const revalidate = async () => {
    const local = [...channels.values()];
    if (local.length === 0) return;
    const rows = (await db().trackingLink.findMany({
      where: { uuid: { in: local.map((channel) => channel.link.uuid) } },
      select: linkSelect,
    })) as LinkRecord[];
    const fresh = new Map(rows.map((row) => [row.uuid, row]));
    for (const channel of local) await apply(channel, fresh.get(channel.link.uuid) ?? null);
  };

  const sweep = setInterval(() => {
    revalidate().catch((error) => logger.warn({ err: error }, "public tracking: revalidation failed"));
  }, options.revalidateMs ?? REVALIDATE_MS);
  sweep.unref();

  const onError = (what: string) => (error: unknown) => logger.error({ err: error }, `public tracking: ${what}`);
  const unsubscribers = [
    hub.subscribe("position", (position) => {
      const set = byAsset.get(position.assetId);
      if (!set) return;
      for (const channel of set) {
        channel.position = position;
        if (channel.known.within) offerLocation(channel);
      }
    }),
    hub.subscribe("tracking-link.changed", ({ uuid }) => void refresh(uuid).catch(onError("link change"))),
    // a route's stops edited: its links name their stops from the new list
    hub.subscribe("runs.changed", ({ accountId }) => {
      for (const channel of channels.values()) {
        if (channel.link.accountId !== accountId || channel.link.routeId === null) continue;
        loadStops(channel).then(() => channel.known.within && offerLocation(channel), onError("route stops"));
      }
    }),
    hub.subscribe("asset.changed", ({ assetId, change }) => {
      if (change !== "deleted") return;
      for (const channel of [...(byAsset.get(assetId) ?? [])]) void refresh(channel.link.uuid).catch(onError("asset deletion"));
    }),
  ];
  // the run a route-based link follows has news (a new ETA, a stop reached): its location again, with the new figures
  if (runs) {
    unsubscribers.push(
      runs.onChange((routeId) => {
        for (const channel of byRoute.get(routeId) ?? []) if (channel.known.within) offerLocation(channel);
      }),
    );
  }

  const refuse = (connection: PusherConnection, code: (typeof TrackingCloseCode)[keyof typeof TrackingCloseCode]) => {
    metrics().publicChannelRefusals.inc({ reason: REFUSAL_REASONS.get(code) ?? String(code) });
    connection.close(code);
    return false;
  };

  return {
    async subscribe(connection, name, data) {
      // {ws_url} carries no other channel: subscribing to one gives a connection that never emits (spec)
      if (!name.startsWith(TRACKING_CHANNEL_PREFIX)) return false;
      const uuid = ZLinkUuid.safeParse(name.slice(TRACKING_CHANNEL_PREFIX.length));
      if (!uuid.success || uuid.data !== name.slice(TRACKING_CHANNEL_PREFIX.length)) {
        return refuse(connection, TrackingCloseCode.LINK_NOT_FOUND);
      }
      if (!data.auth || !verifyChannelSignature(data.auth, connection.socketId, name)) {
        return refuse(connection, TrackingCloseCode.INVALID_SESSION_TOKEN);
      }
      const sessionId = await takeChannelGrant({ socketId: connection.socketId, channel: name });
      const session = sessionId === null ? null : await findViewerSessionById(sessionId);
      if (!session) return refuse(connection, TrackingCloseCode.INVALID_SESSION_TOKEN);
      const now = Date.now();
      if (session.expiresAt.getTime() <= now) return refuse(connection, TrackingCloseCode.SESSION_EXPIRED);
      const link = channels.get(uuid.data)?.link ?? (await findTrackingLinkByUuid(uuid.data));
      if (!link) return refuse(connection, TrackingCloseCode.LINK_NOT_FOUND);
      if (session.linkId !== link.id || !admitsSession(link, session)) return refuse(connection, TrackingCloseCode.INVALID_SESSION_TOKEN);
      const state = linkState(link, now);
      if (!state.isActive || state.isExpired) return refuse(connection, TrackingCloseCode.LINK_EXPIRED_OR_INACTIVE);
      if (!state.isWithinSchedule) return refuse(connection, TrackingCloseCode.OUTSIDE_SCHEDULE_WINDOW);
      if (!connection.open || closed) return false;

      let channel = channels.get(uuid.data);
      if (!channel) {
        channel = {
          name,
          link,
          known: { assetId: link.assetId, within: true },
          viewers: new Map(),
          lastLocationAt: 0,
          flushTimer: null,
          stopsKey: "",
        };
        channels.set(uuid.data, channel);
        index(channel);
      }
      const judged = { email: session.email, accessMode: session.accessMode };
      channel.viewers.set(connection, watchViewer(channel, connection, session.id, judged, session.expiresAt.getTime()));
      let viewing = byConnection.get(connection);
      if (!viewing) byConnection.set(connection, (viewing = new Set()));
      viewing.add(channel);
      return true;
    },

    afterSubscribe(connection, name) {
      // the newest location at once, so a viewer never waits for the vehicle's next report
      const channel = channels.get(name.slice(TRACKING_CHANNEL_PREFIX.length));
      if (!channel) return;
      const send = () => {
        const payload = locationOf(channel);
        if (payload && channel.viewers.has(connection)) {
          connection.send(channelFrame(channel.name, TrackingEvent.LOCATION_UPDATED, payload));
        }
      };
      if (channel.position !== undefined && channel.stops !== undefined) return send();
      Promise.all([
        channel.position === undefined ? loadPosition(channel) : null,
        channel.stops === undefined ? loadStops(channel) : null,
      ]).then(send, onError("first location"));
    },

    unsubscribe(connection, name) {
      const channel = channels.get(name.slice(TRACKING_CHANNEL_PREFIX.length));
      if (channel) removeViewer(channel, connection);
    },

    disconnected(connection) {
      for (const channel of [...(byConnection.get(connection) ?? [])]) removeViewer(channel, connection);
    },

    stats() {
      let viewers = 0;
      for (const channel of channels.values()) viewers += channel.viewers.size;
      return { channels: channels.size, viewers, ...counters };
    },

    revalidate,

    async close() {
      closed = true;
      clearInterval(sweep);
      for (const unsubscribe of unsubscribers) unsubscribe();
      for (const channel of [...channels.values()]) drop(channel);
    },
  };
}

/** what schedule.changed says: tracking resumed, or paused until when */
function scheduleMessage(link: LinkRecord, within: boolean): string {
  if (within) return "Tracking has resumed.";
  const timing = linkTiming(link);
  const next = nextWindowStart(timing, Date.now());
  if (next === null) return "Tracking is paused outside its schedule.";
  const when = new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: timing.timeZone,
  }).format(next);
  return `Tracking is paused outside its schedule; it resumes ${when}.`;
}
