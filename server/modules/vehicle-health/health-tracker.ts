// Vehicle health snapshots per asset: computed from every live position, published when a value changed by at least
// its SIGNIFICANT_CHANGE step since the last published snapshot, and at most once per MIN_SNAPSHOT_INTERVAL_MS per
// asset. A change inside that window is held and published when the window opens (flushDue, driven by the
// evaluation service's timer), carrying the newest values by then. In memory only: after a restart the first
// position of each asset publishes a full snapshot again.
import type { LivePosition } from "../positions/live-position";
import { HEALTH_FIELDS, type HealthField, type VehicleHealthMessage } from "../stream/channel-messages";
import { readHealth, type HealthValues } from "./read-health";

export const MIN_SNAPSHOT_INTERVAL_MS = 60_000;

/** smallest change of a number that counts as a change (noise below it is not news) */
export const SIGNIFICANT_CHANGE = {
  externalVoltage: 0.1, // V
  batteryVoltage: 0.1, // V
  engineTemperature: 1, // °C
  fuelLevelPercent: 1, // %
  fuelLevelLiters: 1, // l
  odometer: 1000, // m
} as const;

interface AssetHealth {
  values: HealthValues | null;
  published: HealthValues | null;
  publishedAt: number;
  pending: VehicleHealthMessage | null;
}

export class HealthTracker {
  private readonly assets = new Map<number, AssetHealth>();

  /** the snapshot to publish now, or null (nothing changed, or held until the asset's window opens) */
  offer(position: LivePosition, now: number): VehicleHealthMessage | null {
    let entry = this.assets.get(position.assetId);
    if (!entry) {
      entry = { values: null, published: null, publishedAt: 0, pending: null };
      this.assets.set(position.assetId, entry);
    }
    const values = readHealth(position, entry.values);
    entry.values = values;
    const changed = entry.published ? changedFields(entry.published, values) : [...HEALTH_FIELDS];
    if (changed.length === 0) {
      entry.pending = null; // back to what was published: nothing to say
      return null;
    }
    const message: VehicleHealthMessage = {
      version: 1,
      accountId: position.accountId,
      assetId: position.assetId,
      at: position.dateUpdated,
      ...values,
      changed,
    };
    if (entry.published && now - entry.publishedAt < MIN_SNAPSHOT_INTERVAL_MS) {
      entry.pending = message;
      return null;
    }
    return this.publish(entry, message, values, now);
  }

  /** held snapshots whose asset's window has opened */
  flushDue(now: number): VehicleHealthMessage[] {
    const due: VehicleHealthMessage[] = [];
    for (const entry of this.assets.values()) {
      if (!entry.pending || now - entry.publishedAt < MIN_SNAPSHOT_INTERVAL_MS) continue;
      due.push(this.publish(entry, entry.pending, entry.values!, now));
    }
    return due;
  }

  private publish(entry: AssetHealth, message: VehicleHealthMessage, values: HealthValues, now: number) {
    entry.published = values;
    entry.publishedAt = now;
    entry.pending = null;
    return message;
  }
}

function numberChanged(a: number | null, b: number | null, step: number): boolean {
  if (a === null || b === null) return a !== b;
  return Math.abs(a - b) >= step;
}

export function changedFields(before: HealthValues, after: HealthValues): HealthField[] {
  const changed: HealthField[] = [];
  for (const field of Object.keys(SIGNIFICANT_CHANGE) as (keyof typeof SIGNIFICANT_CHANGE)[]) {
    if (numberChanged(before[field], after[field], SIGNIFICANT_CHANGE[field])) changed.push(field);
  }
  if (before.dtc.count !== after.dtc.count || before.dtc.codes.join() !== after.dtc.codes.join()) changed.push("dtc");
  if (JSON.stringify(before.adapter) !== JSON.stringify(after.adapter)) changed.push("adapter");
  return HEALTH_FIELDS.filter((field) => changed.includes(field));
}
