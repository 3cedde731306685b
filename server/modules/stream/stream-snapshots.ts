// What a connection subscribes and what its first message holds: asset_ids intersected with the account's assets
// (others dropped silently, spec "Authentication > Live stream" rule 2), and the last stored position of each
// (asset_states). The account's asset list is read on every connect and kept, so that during a database outage a
// client validated before it still connects, from the kept list and this node's memory of last positions; with
// anything missing the connection is refused (fail closed) and the client retries.
import { db } from "../../db/client";
import { filterVisibleAssetIds, scopeOfGroups, wholeFleet } from "../asset-scope/asset-scope";
import { listAssetIds } from "../assets/list-asset-ids";
import type { LivePosition, TripSummary } from "../positions/live-position";
import type { Clock } from "./clock";
import { LastPositionMemory } from "./last-position-memory";
import { LOOKUP_TIMEOUT_MS, STALE_WHILE_FAILING_MS } from "./stream-limits";
import { StreamRefusal, StreamRefusalCode } from "./stream-refusal";
import { withTimeout } from "../../deadlines";
import { StaleTolerantCache } from "./stale-tolerant-cache";

export interface StreamSnapshot {
  /** the last known position of each subscribed asset that has one, in the order asked */
  positions: LivePosition[];
  /** answered from memory because the database failed */
  fromMemory: boolean;
}

const MAX_CACHED_ACCOUNTS = 10_000;

export class StreamSnapshots {
  readonly memory: LastPositionMemory;
  private readonly accountAssets: StaleTolerantCache<number, number[]>;

  constructor(
    clock: Clock,
    private readonly lookupTimeoutMs = LOOKUP_TIMEOUT_MS,
  ) {
    this.memory = new LastPositionMemory(clock, STALE_WHILE_FAILING_MS);
    // freshMs 0: asked on every connect (assets come and go); the kept list only bridges an outage
    this.accountAssets = new StaleTolerantCache({ freshMs: 0, staleMs: STALE_WHILE_FAILING_MS, clock, maxEntries: MAX_CACHED_ACCOUNTS });
  }

  /**
   * The assets to subscribe: those asked for that belong to the account, in the order asked (the rest dropped
   * silently). Throws StreamRefusal SERVICE_UNAVAILABLE when the database fails and no recent list is kept. A member
   * limited to some groups (`limitGroupIds`) gets only the assets of those groups, read afresh on every connect and
   * never served from the kept list (fail closed), so an asset outside them is never subscribed.
   */
  async subscribedAssets(accountId: number, requested: readonly number[], limitGroupIds: readonly number[] | null = null): Promise<number[]> {
    if (limitGroupIds !== null) {
      try {
        const visible = async () => filterVisibleAssetIds(await scopeOfGroups(accountId, limitGroupIds), requested);
        return await withTimeout(visible(), this.lookupTimeoutMs, "asset lookup");
      } catch {
        throw unavailable();
      }
    }
    let owned: number[];
    try {
      const load = () => withTimeout(listAssetIds({ scope: wholeFleet(accountId) }), this.lookupTimeoutMs, "asset lookup");
      owned = (await this.accountAssets.get(accountId, load)).value;
    } catch {
      throw unavailable();
    }
    const ownedSet = new Set(owned);
    return requested.filter((id) => ownedSet.has(id));
  }

  /**
   * The last stored position of each asset (asset_states), or while the database fails this node's memory of them.
   * Throws StreamRefusal SERVICE_UNAVAILABLE when the database fails and memory does not cover every asset.
   */
  async lastPositions(accountId: number, assetIds: readonly number[]): Promise<StreamSnapshot> {
    if (assetIds.length === 0) return { positions: [], fromMemory: false };
    let byAsset: Map<number, LivePosition | null>;
    let fromMemory = false;
    try {
      byAsset = await withTimeout(readLastPositions(assetIds), this.lookupTimeoutMs, "snapshot");
      for (const [assetId, position] of byAsset) this.memory.remember(accountId, assetId, position);
      // the hub may have delivered something newer while the query ran
      byAsset = this.memory.recall(accountId, assetIds) ?? byAsset;
    } catch {
      const recalled = this.memory.recall(accountId, assetIds);
      if (!recalled) throw unavailable();
      byAsset = recalled;
      fromMemory = true;
    }
    const positions = assetIds.map((id) => byAsset.get(id)).filter((p): p is LivePosition => !!p);
    return { positions, fromMemory };
  }

  /** an asset was created or deleted: the account's list is read again (it is anyway on the next connect) */
  forgetAccount(accountId: number): void {
    this.accountAssets.delete(accountId);
  }
}

async function readLastPositions(assetIds: readonly number[]): Promise<Map<number, LivePosition | null>> {
  const rows = await db().assetState.findMany({
    where: { assetId: { in: [...assetIds] } },
    select: { assetId: true, payload: true, openTripId: true },
  });
  // the stored snapshot leaves the open trip's trail out (docs/ingest.md): the detailed payload gets it from trips
  const openTripIds = rows.map((row) => row.openTripId).filter((id): id is number => id !== null);
  const trails = new Map(
    openTripIds.length === 0
      ? []
      : (await db().trip.findMany({ where: { id: { in: openTripIds } }, select: { id: true, trail: true } })).map((trip) => [trip.id, trip.trail]),
  );
  const found = new Map<number, LivePosition | null>(assetIds.map((id) => [id, null]));
  for (const row of rows) {
    const position = row.payload as unknown as LivePosition;
    const trail = row.openTripId === null ? undefined : trails.get(row.openTripId);
    if (position.startStopTrip && Array.isArray(trail)) {
      position.startStopTrip = { ...position.startStopTrip, trail: trail as TripSummary["trail"] };
    }
    found.set(row.assetId, position);
  }
  return found;
}

function unavailable(): StreamRefusal {
  return new StreamRefusal(
    StreamRefusalCode.SERVICE_UNAVAILABLE,
    "The stream cannot be opened right now (database unreachable); reconnect with backoff.",
  );
}
