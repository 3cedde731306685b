// The first step of the pipeline for one packet: which records become the asset's newest (live), which only fill in
// history (older than the newest stored fix: buffered while the device had no signal), which are stored flagged, and
// which cannot be stored at all. Each fix time is taken once, so a record sent twice in one packet, or the newest
// stored record resent, is a duplicate: acknowledged, not stored again. Pure: no clock, no database.
import type { TrackerRecord } from "../record";
import { judgeRecord, type PositionFlag } from "./record-flags";

export interface PartitionedRecords {
  /** newer than the asset's newest stored fix, oldest first: they move the live cursor */
  live: TrackerRecord[];
  /** older than the newest stored fix: stored for history only */
  history: TrackerRecord[];
  /** impossible or far-future fixes: stored flagged, outside the asset's state, trips and history */
  flagged: { record: TrackerRecord; flag: PositionFlag }[];
  /** records the database cannot hold (not a finite time or position): neither stored nor acknowledged */
  unstorable: number;
}

export function partitionRecords(records: readonly TrackerRecord[], receivedAt: number, newestStoredFix: number): PartitionedRecords {
  const sorted = [...records].sort((a, b) => a.timestamp - b.timestamp);
  const seen = new Set<number>();
  const parts: PartitionedRecords = { live: [], history: [], flagged: [], unstorable: 0 };
  for (const record of sorted) {
    const verdict = judgeRecord(record, receivedAt);
    if (verdict === "unstorable") {
      parts.unstorable++;
      continue;
    }
    if (seen.has(record.timestamp)) continue; // twice in one packet: stored once
    seen.add(record.timestamp);
    if (verdict !== "ok") parts.flagged.push({ record, flag: verdict });
    else if (record.timestamp === newestStoredFix) continue; // the newest stored record, resent
    else (record.timestamp > newestStoredFix ? parts.live : parts.history).push(record);
  }
  return parts;
}
