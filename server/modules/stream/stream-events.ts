// The live stream's socket.io events (spec "Events > Live stream messages"): the event name is the message type
// and the payload is the object itself, without an envelope. The first location message is an array.
import type { LocationPayload } from "./stream-payload";
import type { AlertMessage, DriverBehaviorMessage, VehicleHealthMessage } from "./channel-messages";

export interface StreamServerToClientEvents {
  location: (payload: LocationPayload | LocationPayload[]) => void;
  alert: (payload: AlertMessage) => void;
  vehicle_health: (payload: VehicleHealthMessage) => void;
  driver_behavior: (payload: DriverBehaviorMessage) => void;
}

export type StreamEvent = keyof StreamServerToClientEvents;

/** the channels whose messages are forwarded unchanged from the hub */
export const FORWARDED_CHANNELS = ["alert", "vehicle_health", "driver_behavior"] as const;
export type ForwardedChannel = (typeof FORWARDED_CHANNELS)[number];
