// What a protocol listener needs from the rest of the server, kept to one small interface so listeners only hold
// bytes and sockets: who a device is, where its records go, and where command answers go.
import type { TrackerRecord } from "./record";

export interface KnownTracker {
  trackerId: number;
  assetId: number | null;
  accountId: number;
  imei: string;
  protocol: string;
}

export interface TrackerSink {
  /** the provisioned tracker with this IMEI, or null (the attempt is recorded for the dashboard) */
  identify(input: { imei: string; protocol: string; remoteAddress?: string }): Promise<KnownTracker | null>;
  /**
   * stores the records durably; resolves only after they are stored, with how many of them are stored (now, or
   * before: a resent record) — the count the device is acknowledged with. Rejects when nothing may be acknowledged.
   */
  ingest(tracker: KnownTracker, records: TrackerRecord[], meta: { protocol: string; receivedAt: number }): Promise<number>;
  /** a Codec 12 answer arrived on the session of this tracker */
  commandResponse?(tracker: KnownTracker, text: string): void;
  /** connection state changes (device_offline, connectivity alerts) */
  connected?(tracker: KnownTracker): void;
  disconnected?(tracker: KnownTracker): void;
}

/**
 * Thrown by `ingest` when the packet is refused for good and the device's session must end: its tracker no longer
 * belongs to the asset it logged in for, or the database refuses the packet's data. The device is not acknowledged;
 * when it connects again its login is looked up afresh.
 */
export class EndSessionError extends Error {}
