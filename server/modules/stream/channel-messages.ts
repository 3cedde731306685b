// Messages of the live stream's non-location channels (alert, vehicle_health, driver_behavior), as the hub carries
// them and the socket.io gateway forwards them unchanged to entitled subscribers of the asset. The spec does not
// show these payloads: their shapes are ours, versioned by `version`, and documented in docs/live-stream.md.
// Producers (server/modules/alerts, vehicle-health, driver-behavior) extend the base with their own fields.

/** Every channel message names its account and asset, so the gateway can route it without knowing its shape. */
export interface ChannelMessageBase {
  /** payload version; bumped on any breaking change of the shape */
  version: 1;
  accountId: number;
  assetId: number;
}

export type AlertMessage = ChannelMessageBase & Record<string, unknown>;
export type VehicleHealthMessage = ChannelMessageBase & Record<string, unknown>;
export type DriverBehaviorMessage = ChannelMessageBase & Record<string, unknown>;

/** the channels a stream client may ask for; `location` is always included */
export const STREAM_CHANNELS = ["location", "alert", "vehicle_health", "driver_behavior"] as const;
export type StreamChannel = (typeof STREAM_CHANNELS)[number];
