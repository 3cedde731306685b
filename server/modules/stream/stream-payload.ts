// The two shapes of a location frame (spec "Live position message"): the standard payload is exactly the ten spec
// fields (toStandardPosition); the detailed payload is the complete LivePosition as the pipeline published it.
// In a first message the detailed status is judged again at send time, because a stored position can be hours
// old (an asset silent for 30 minutes is offline, vehicle-status.ts).
import { toStandardPosition, type LivePosition, type StandardPosition } from "../positions/live-position";
import { detailedStatus } from "../positions/vehicle-status";

export type LocationPayload = StandardPosition | LivePosition;

export function livePayload(position: LivePosition, detailed: boolean): LocationPayload {
  return detailed ? position : toStandardPosition(position);
}

export function snapshotPayload(position: LivePosition, detailed: boolean, now: number): LocationPayload {
  if (!detailed) return toStandardPosition(position);
  const status = detailedStatus({ speed: position.speed, ignition: position.ignition, fixTime: position.dateUpdated, now });
  return { ...position, status };
}
