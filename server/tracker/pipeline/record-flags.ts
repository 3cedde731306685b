// What the pipeline may do with one decoded record. A record that passed the CRC is stored whenever the database can
// hold it, because the device is acknowledged with the number of records stored and resends the whole packet until
// that number matches: dropping a record would either lose it silently or make the device resend forever. Records
// that cannot be a real position are stored with a flag instead, so they never become the asset's newest (the live
// cursor, asset_states, the stream), never join a trip and stay out of the history API.
import type { TrackerRecord } from "../record";

/** a fix this far ahead of the server's clock is a device clock error (or a forged packet), not the newest position */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;
/** fixes before this are GNSS week-rollover garbage */
export const EARLIEST_FIX = Date.UTC(2000, 0, 1);
/** later fix times do not fit the database's timestamp (a corrupt clock): such a record cannot be stored at all */
export const LATEST_STORABLE_FIX = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export type PositionFlag = "future" | "invalid";

/** `ok`: a normal record; a flag: stored but kept out of live state; `unstorable`: neither stored nor acknowledged */
export type RecordVerdict = "ok" | PositionFlag | "unstorable";

export function judgeRecord(record: TrackerRecord, receivedAt: number): RecordVerdict {
  if (!Number.isFinite(record.timestamp) || record.timestamp > LATEST_STORABLE_FIX) return "unstorable";
  if (!Number.isFinite(record.latitude) || !Number.isFinite(record.longitude)) return "unstorable";
  if (Math.abs(record.latitude) > 90 || Math.abs(record.longitude) > 180 || record.timestamp < EARLIEST_FIX) {
    return "invalid";
  }
  if (record.timestamp > receivedAt + FUTURE_TOLERANCE_MS) return "future";
  return "ok";
}
