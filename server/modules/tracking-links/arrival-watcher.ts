// Arrival-based expiry: a link with a destination expires (reason arrival) when its vehicle reports a position within
// the arrival radius while the link may be watched. It listens to this node's own devices only (the process-local
// hub), so each position is judged once in a cluster; expireTrackingLink's compare-and-set makes the announcement
// happen once even so. The links to watch are held in memory by vehicle, loaded at start and kept current from the
// cluster hub's tracking-link.changed, so positions of vehicles without such a link cost one map lookup.
import type { Logger } from "pino";
import { db } from "../../db/client";
import type { Hub } from "../../hub";
import { haversineMeters } from "../positions/geo";
import type { LivePosition } from "../positions/live-position";
import { expireTrackingLink } from "./expire-tracking-link";
import { isWatchable, linkSelect, linkState, type LinkRecord } from "./link-record";
import { linkDestination } from "./public-location";

export interface ArrivalWatcher {
  /** resolves once the links are loaded */
  ready: Promise<void>;
  stop(): void;
}

/** links that can still expire by arrival */
const ARMED = { active: true, expiredAt: null, destinationLat: { not: null }, destinationLng: { not: null } } as const;

export function startArrivalWatcher(options: { hub: Hub; local: Hub; logger: Logger }): ArrivalWatcher {
  const { logger } = options;
  const byLink = new Map<number, LinkRecord>();
  const byAsset = new Map<number, Map<number, LinkRecord>>();

  const forget = (linkId: number) => {
    const link = byLink.get(linkId);
    if (!link) return;
    byLink.delete(linkId);
    const set = link.assetId === null ? undefined : byAsset.get(link.assetId);
    set?.delete(linkId);
    if (set?.size === 0) byAsset.delete(link.assetId!);
  };
  const remember = (link: LinkRecord) => {
    forget(link.id);
    if (link.assetId === null || !linkDestination(link)) return;
    byLink.set(link.id, link);
    let set = byAsset.get(link.assetId);
    if (!set) byAsset.set(link.assetId, (set = new Map()));
    set.set(link.id, link);
  };

  const reload = async (linkId: number) => {
    const link = (await db().trackingLink.findFirst({ where: { id: linkId, ...ARMED }, select: linkSelect })) as LinkRecord | null;
    if (link) remember(link);
    else forget(linkId);
  };

  const check = async (position: LivePosition) => {
    const links = byAsset.get(position.assetId);
    if (!links) return;
    for (const link of [...links.values()]) {
      const destination = linkDestination(link)!;
      const metres = haversineMeters(position.latitude, position.longitude, destination.lat, destination.lng);
      if (metres > destination.radiusM || !isWatchable(linkState(link, position.dateUpdated))) continue;
      forget(link.id);
      const expired = await expireTrackingLink({
        accountId: link.accountId,
        linkId: link.id,
        uuid: link.uuid,
        reason: "arrival",
        at: new Date(position.dateUpdated),
      });
      if (expired) logger.info({ linkId: link.id, assetId: position.assetId, metres: Math.round(metres) }, "tracking link expired on arrival");
    }
  };

  const onError = (what: string) => (error: unknown) => logger.error({ err: error }, `arrival watcher: ${what}`);
  const unsubscribers = [
    options.local.subscribe("position", (position) => void check(position).catch(onError("position"))),
    options.hub.subscribe("tracking-link.changed", ({ linkId }) => void reload(linkId).catch(onError("link change"))),
  ];
  const ready = (async () => {
    const links = (await db().trackingLink.findMany({ where: ARMED, select: linkSelect })) as LinkRecord[];
    for (const link of links) remember(link);
  })();
  ready.catch(onError("start"));

  return {
    ready,
    stop() {
      for (const unsubscribe of unsubscribers) unsubscribe();
    },
  };
}
