// The position an alert or behaviour event happened at: a small projection of the live position.
import type { LivePosition } from "../positions/live-position";
import type { EventPosition } from "./channel-messages";

export function toEventPosition(p: LivePosition, options: { live?: boolean } = {}): EventPosition {
  return {
    latitude: p.latitude,
    longitude: p.longitude,
    speed: p.speed,
    course: p.course,
    dateUpdated: p.dateUpdated,
    wsSeq: options.live === false ? null : p.wsSeq,
    address: p.geoPoint ? { street: p.geoPoint.street, town: p.geoPoint.town, country: p.geoPoint.country } : null,
  };
}
