"use client";
// The account's vehicles, live: the asset list (with last_position) as the snapshot, then positions from the SSE
// subscription merged per asset, keeping only a newer wsSeq. After a (re)connection the stream has no replay, so the
// snapshot is fetched again and events that arrive meanwhile are held back and applied on top of it (those not older
// than the snapshot's fix) — traccar-web's rule: never trust the stream across a gap.
// With a group or tag filter, the snapshot and the stream both carry only the vehicles it picks (the server decides
// both), and a position of a vehicle the snapshot lacks is dropped rather than fetched again: the two were decided a
// moment apart, and a vehicle taken out of the group in that moment must not make every one of its fixes refetch.
import { useCallback, useRef, useState } from "react";
import type { MapPosition } from "@/server/modules/positions/positions.schema";
import { useSubscriptionState, type StreamStateHandlers } from "../use-subscription-state";
import { liveClient } from "./live-client";
import { fromAssetDto, type VehicleView } from "./vehicle-view";

const PAGE = 500;

/** only the vehicles of a group (with its subgroups) and/or with a tag */
export interface FleetFilter {
  groupId?: number;
  tagId?: number;
}

async function fetchSnapshot(accountKey: string, filter: FleetFilter): Promise<VehicleView[]> {
  const all: VehicleView[] = [];
  let cursor: string | null = null;
  do {
    const page = await liveClient().assets.list.query({ accountKey, cursor, limit: PAGE, ...filter });
    all.push(...page.data.map(fromAssetDto));
    cursor = page.next_cursor;
  } while (cursor);
  return all;
}

/** true when `incoming` should replace `current` (same asset) */
export function isNewer(current: MapPosition | null, incoming: MapPosition): boolean {
  if (!current) return true;
  // snapshot entries carry no sequence (wsSeq 0): compare fix times
  if (current.wsSeq === 0) return incoming.dateUpdated >= current.dateUpdated;
  return incoming.wsSeq > current.wsSeq;
}

export function useLiveFleet(accountKey: string, { groupId, tagId }: FleetFilter = {}) {
  const [vehicles, setVehicles] = useState<Map<number, VehicleView>>(new Map());
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const syncing = useRef(false);
  const held = useRef<MapPosition[]>([]);
  const generation = useRef(0);

  const known = useRef<Set<number>>(new Set());

  const apply = useCallback((positions: MapPosition[]) => {
    setVehicles((current) => {
      let next: Map<number, VehicleView> | null = null;
      for (const position of positions) {
        const vehicle = (next ?? current).get(position.assetId);
        if (!vehicle || !isNewer(vehicle.position, position)) continue;
        next ??= new Map(current);
        next.set(position.assetId, { ...vehicle, position });
      }
      return next ?? current;
    });
  }, []);

  const resync = useCallback(async () => {
    const mine = ++generation.current;
    syncing.current = true;
    try {
      const snapshot = await fetchSnapshot(accountKey, { groupId, tagId });
      if (mine !== generation.current) return;
      known.current = new Set(snapshot.map((v) => v.id));
      setVehicles(new Map(snapshot.map((v) => [v.id, v])));
      setError(null);
      setLoaded(true);
      const pending = held.current;
      held.current = [];
      syncing.current = false;
      apply(pending);
    } catch {
      if (mine !== generation.current) return;
      syncing.current = false;
      setError("The vehicle list could not be loaded. Retrying…");
      setTimeout(() => {
        if (mine === generation.current) void resync();
      }, 5000);
    }
  }, [accountKey, apply, groupId, tagId]);

  const subscribe = useCallback(
    (handlers: StreamStateHandlers) => {
      // another filter: forget the vehicles of the last one until its snapshot is in
      setLoaded(false);
      setVehicles(new Map());
      known.current = new Set();
      held.current = [];
      const filtered = groupId !== undefined || tagId !== undefined;
      const subscription = liveClient().positions.live.subscribe(
        { accountKey, groupId, tagId },
        {
          ...handlers,
          onStarted: () => {
            handlers.onStarted();
            void resync();
          },
          onData: (position) => {
            if (syncing.current) {
              held.current.push(position);
              return;
            }
            if (!known.current.has(position.assetId)) {
              if (filtered) return;
              // an asset created after the snapshot: fetch it, keeping this fix for afterwards
              held.current.push(position);
              void resync();
              return;
            }
            apply([position]);
          },
        },
      );
      return {
        unsubscribe: () => {
          generation.current++;
          subscription.unsubscribe();
        },
      };
    },
    [accountKey, apply, resync, groupId, tagId],
  );
  const stream = useSubscriptionState(subscribe);

  return { vehicles, loaded, error, stream };
}
