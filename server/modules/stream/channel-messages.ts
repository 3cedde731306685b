// Messages of the live stream's non-location channels (alert, vehicle_health, driver_behavior), as the hub carries
// them and the socket.io gateway forwards them unchanged to entitled subscribers of the asset. The spec does not
// show these payloads: their shapes are ours, versioned by `version`, and documented field by field in
// docs/alerts.md. Producers: server/modules/alerts (alert), vehicle-health (vehicle_health), driver-behavior
// (driver_behavior). Field names are camelCase like the live position's; times are epoch milliseconds.

/** Every channel message names its account and asset, so the gateway can route it without knowing its shape. */
export interface ChannelMessageBase {
  /** payload version; bumped on any breaking change of the shape */
  version: 1;
  accountId: number;
  assetId: number;
}

/** Where something happened: the position it was detected on, a projection of the live position. */
export interface EventPosition {
  latitude: number;
  longitude: number;
  speed: number; // km/h
  course: number; // degrees from north
  dateUpdated: number; // fix time, epoch ms
  /** the live position's wsSeq; null when taken from stored state rather than a live record */
  wsSeq: number | null;
  address: { street: string | null; town: string | null; country: string | null } | null;
}

// ---- alert -------------------------------------------------------------------------------------------------------

/** Kinds of alert rules. GEOFENCE, IGNITION and CONNECTIVITY watch a transition in both directions (`trigger`). */
export const ALERT_RULE_TYPES = [
  "OVERSPEED",
  "GEOFENCE",
  "IGNITION",
  "IDLING",
  "LOW_VOLTAGE",
  "DTC_DETECTED",
  "DEVICE_ALARM",
  "CONNECTIVITY",
] as const;
export type AlertRuleType = (typeof ALERT_RULE_TYPES)[number];

/** What a fired alert says happened. */
export const ALERT_TYPES = [
  "OVERSPEED",
  "GEOFENCE_ENTER",
  "GEOFENCE_EXIT",
  "IGNITION_ON",
  "IGNITION_OFF",
  "IDLING",
  "LOW_VOLTAGE",
  "DTC_DETECTED",
  "DEVICE_ALARM",
  "TRACKER_OFFLINE",
  "TRACKER_ONLINE",
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** The alert types each rule type can fire. */
export const RULE_ALERT_TYPES: Record<AlertRuleType, readonly AlertType[]> = {
  OVERSPEED: ["OVERSPEED"],
  GEOFENCE: ["GEOFENCE_ENTER", "GEOFENCE_EXIT"],
  IGNITION: ["IGNITION_ON", "IGNITION_OFF"],
  IDLING: ["IDLING"],
  LOW_VOLTAGE: ["LOW_VOLTAGE"],
  DTC_DETECTED: ["DTC_DETECTED"],
  DEVICE_ALARM: ["DEVICE_ALARM"],
  CONNECTIVITY: ["TRACKER_OFFLINE", "TRACKER_ONLINE"],
};

/** The type-specific part of an alert. */
export interface AlertDetailsByType {
  /** speed above the limit for at least the rule's minimum duration */
  OVERSPEED: { speedKmh: number; limitKmh: number; durationS: number };
  GEOFENCE_ENTER: { geofenceId: number; geofenceName: string };
  GEOFENCE_EXIT: { geofenceId: number; geofenceName: string };
  IGNITION_ON: Record<string, never>;
  IGNITION_OFF: Record<string, never>;
  /** ignition on and not moving for at least `limitS` */
  IDLING: { idleS: number; limitS: number };
  /** external (vehicle) voltage below the threshold for at least the rule's minimum duration */
  LOW_VOLTAGE: { voltageV: number; thresholdV: number; durationS: number };
  /** `newCodes` appeared since the previous record; `codes` is everything reported now; `count` the device's count */
  DTC_DETECTED: { codes: string[]; newCodes: string[]; count: number | null };
  /** the device raised an alarm itself (GT06: `sos`, `power-cut`, ...); `protocol` is the tracker's */
  DEVICE_ALARM: { alarm: string; protocol: string };
  /** nothing heard from the tracker (no record, no login) since `lastHeardAt` for at least `silenceS` */
  TRACKER_OFFLINE: { lastHeardAt: number; silenceS: number };
  /** heard again after having been declared offline; `offlineS` is the gap since `lastHeardAt` */
  TRACKER_ONLINE: { lastHeardAt: number; offlineS: number; silenceS: number };
}

interface AlertCommon extends ChannelMessageBase {
  /** the stored alert's id (GET /api/{account_key}/fired-alert/{id}) */
  id: number;
  rule: { id: number; name: string; type: AlertRuleType };
  /** when it happened: the fix time of the record that fired it, or the server's time for connectivity alerts */
  firedAt: number;
  /** one human-readable sentence */
  message: string;
  /** the position it fired at; for connectivity alerts the last known one; null when the asset never reported */
  position: EventPosition | null;
}

export type AlertMessage = {
  [T in AlertType]: AlertCommon & { type: T; details: AlertDetailsByType[T] };
}[AlertType];

// ---- vehicle_health ----------------------------------------------------------------------------------------------

/** Names of the snapshot's values, as listed in `changed`. */
export const HEALTH_FIELDS = [
  "externalVoltage",
  "batteryVoltage",
  "engineTemperature",
  "fuelLevelPercent",
  "fuelLevelLiters",
  "dtc",
  "odometer",
  "adapter",
] as const;
export type HealthField = (typeof HEALTH_FIELDS)[number];

/** How the CAN adapter's line looks from the records: see docs/alerts.md. */
export type AdapterLineStatus = "ok" | "no_data" | "program_number_not_set";

export interface VehicleHealthMessage extends ChannelMessageBase {
  /** fix time of the newest record the snapshot reflects */
  at: number;
  externalVoltage: number | null; // V, vehicle supply
  batteryVoltage: number | null; // V, the tracker's own battery
  engineTemperature: number | null; // °C, CAN engine temperature, else OBD coolant temperature
  fuelLevelPercent: number | null; // %, CAN, else OBD
  fuelLevelLiters: number | null; // l, CAN, else OBD OEM
  /** diagnostic trouble codes reported now (SAE J2012, e.g. P0300); count is the device's own count when sent */
  dtc: { codes: string[]; count: number | null };
  odometer: number | null; // m: CAN dashboard mileage when reported, else accumulated GPS distance
  /** null when no CAN adapter data was ever seen for the asset */
  adapter: { programNumber: number | null; lineStatus: AdapterLineStatus } | null;
  /** values that changed since the previous snapshot of the asset (all of them in the first one) */
  changed: HealthField[];
}

// ---- driver_behavior ---------------------------------------------------------------------------------------------

export const BEHAVIOR_EVENT_TYPES = [
  "harsh_acceleration",
  "harsh_braking",
  "harsh_cornering",
  "overspeed",
  "idling",
] as const;
export type BehaviorEventType = (typeof BEHAVIOR_EVENT_TYPES)[number];

export interface DriverBehaviorMessage extends ChannelMessageBase {
  type: BehaviorEventType;
  /** fix time of the record the event was detected on (for overspeed and idling: when the episode ended) */
  at: number;
  /** device: the tracker's green-driving report (AVL 253/254); derived: from consecutive records */
  source: "device" | "derived";
  /**
   * how strong it was, in `unit`: m/s² for harsh events; km/h above the limit for overspeed; seconds for idling
   */
  value: number;
  unit: "m/s2" | "km/h" | "s";
  /** where the event counts as harsh: the same unit as `value` */
  threshold: number;
  /** 0 (worst) to 100: how safe the manoeuvre was; see docs/alerts.md for the formulas */
  score: number;
  severity: "low" | "medium" | "high";
  /** overspeed and idling: how long the episode lasted */
  durationS: number | null;
  /** overspeed: the highest speed of the episode */
  maxSpeedKmh: number | null;
  /** the running score (0..100) of the trip in progress, when there is one */
  tripScore: number | null;
  tripId: number | null;
  driverId: string | null;
  position: EventPosition;
}

// ---- channels ----------------------------------------------------------------------------------------------------

/** the channels a stream client may ask for; `location` is always included */
export const STREAM_CHANNELS = ["location", "alert", "vehicle_health", "driver_behavior"] as const;
export type StreamChannel = (typeof STREAM_CHANNELS)[number];
