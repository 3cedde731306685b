// What the OsmAnd decoder hands on: the device id and its positions in our units, or the reason the request is
// refused (sent back as the text of a 400). Units are converted here once: speed in km/h, angles in degrees from
// north, lengths in metres, battery in percent.

export type ExtraValue = number | boolean | string;

export interface OsmandPosition {
  /** fix time, epoch milliseconds (UTC); the request's receive time when the phone sent none */
  timestamp: number;
  latitude: number; // degrees, WGS84
  longitude: number; // degrees, WGS84
  /** false only when the phone said so (`valid=false`); phones send fixes, not cell guesses */
  valid: boolean;
  speed?: number; // km/h
  course?: number; // degrees from north, 0..360
  altitude?: number; // metres above sea level
  accuracy?: number; // metres, horizontal radius
  hdop?: number;
  batteryLevel?: number; // percent, 0..100
  charging?: boolean;
  /** the phone's own motion detection (JSON `is_moving`) */
  moving?: boolean;
  /** what made the app send this location (JSON `event`, e.g. "motionchange", "heartbeat") */
  event?: string;
  /** every other field, by the name the phone used: kept as raw IO for history */
  extra: Record<string, ExtraValue>;
}

/**
 * `positions` is empty for a request with cell-tower or Wi-Fi data and no coordinates: the device was heard, there is
 * no position to store (none is guessed from the towers).
 */
export type OsmandDecodeResult =
  | { ok: true; deviceId: string; positions: OsmandPosition[] }
  | { ok: false; reason: string };

export interface OsmandRequest {
  /** the URL's query string, with or without its leading "?" */
  query: string;
  /** the Content-Type header, if any */
  contentType?: string;
  /** the request body (empty for GET) */
  body: Buffer | string;
  /** when the request arrived, epoch ms: the fix time of a position without one, and the bound on future times */
  receivedAt: number;
}

/** Bounds on what one request may carry (bodies are capped at 64 KiB by the listener before this runs). */
export const LIMITS = {
  /** extra fields kept per position */
  extraFields: 32,
  extraKeyLength: 64,
  extraValueLength: 256,
  /** positions in one JSON batch (the app's batch sync) */
  positions: 500,
  /** a fix time may be ahead of the receive time by this much (phone clocks drift) */
  futureMs: 24 * 3_600_000,
  /** no fix before this: 2000-01-01T00:00:00Z */
  earliest: Date.UTC(2000, 0, 1),
} as const;

export const KNOTS_TO_KMH = 1.852;
export const MPS_TO_KMH = 3.6;
