// What a protocol listener needs from the rest of the server, kept to one small interface so listeners only hold
// bytes and sockets: who a device is, where its records go, and where command answers go.
import type { DecodedRecord } from "./protocols/teltonika/decoder";

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
  /** stores the records durably; resolves only after they are stored, so the device is acknowledged after that */
  ingest(tracker: KnownTracker, records: DecodedRecord[], meta: { protocol: string; receivedAt: number }): Promise<void>;
  /** a Codec 12 answer arrived on the session of this tracker */
  commandResponse?(tracker: KnownTracker, text: string): void;
  /** connection state changes (device_offline, connectivity alerts) */
  connected?(tracker: KnownTracker): void;
  disconnected?(tracker: KnownTracker): void;
}
