// The public tracking channel's names, shared by the server and the passenger page (no Node-only imports here): the
// spec's application key, the channel of a link, and its events (spec, Events: public tracking channel).

/** the spec's application key for public tracking (a constant, not a secret) */
export const PUBLIC_TRACKING_APP_KEY = "public-tracking";

export const TRACKING_CHANNEL_PREFIX = "private-tracking.";

export function trackingChannel(uuid: string): string {
  return TRACKING_CHANNEL_PREFIX + uuid;
}

export const TrackingEvent = {
  LOCATION_UPDATED: "location.updated",
  LINK_EXPIRED: "link.expired",
  SCHEDULE_CHANGED: "schedule.changed",
  VEHICLE_CHANGED: "vehicle.changed",
} as const;
