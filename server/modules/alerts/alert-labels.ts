// Human names of rule and alert types and a one-line summary of a rule's settings, shared by the dashboard's pages
// (client components import this file: it holds no server code).
import type { AlertRuleType, AlertType } from "../stream/channel-messages";

export const RULE_TYPE_LABELS: Record<AlertRuleType, string> = {
  OVERSPEED: "Overspeed",
  GEOFENCE: "Geofence enter / exit",
  IGNITION: "Ignition on / off",
  IDLING: "Idling too long",
  LOW_VOLTAGE: "Low external voltage",
  DTC_DETECTED: "Fault codes (DTC)",
  DEVICE_ALARM: "Device alarm (SOS, power cut, ...)",
  CONNECTIVITY: "Tracker offline / online",
};

export const ALERT_TYPE_LABELS: Record<AlertType, string> = {
  OVERSPEED: "Overspeed",
  GEOFENCE_ENTER: "Entered geofence",
  GEOFENCE_EXIT: "Left geofence",
  IGNITION_ON: "Ignition on",
  IGNITION_OFF: "Ignition off",
  IDLING: "Idling",
  LOW_VOLTAGE: "Low voltage",
  DTC_DETECTED: "Fault codes",
  DEVICE_ALARM: "Device alarm",
  TRACKER_OFFLINE: "Tracker offline",
  TRACKER_ONLINE: "Tracker online",
};

const TRIGGERS: Record<string, string> = {
  enter: "on entry",
  exit: "on exit",
  on: "when switched on",
  off: "when switched off",
  offline: "when it goes offline",
  online: "when it comes back",
  both: "both ways",
};

/** e.g. "over 90 km/h for 30 s", "Depot, on entry" */
export function ruleSummary(type: AlertRuleType, params: Record<string, unknown>, geofenceName?: string): string {
  const duration = (s: unknown) => (typeof s === "number" && s > 0 ? ` for ${s} s` : "");
  switch (type) {
    case "OVERSPEED":
      return `over ${params.speed_kmh} km/h${duration(params.min_duration_s)}`;
    case "GEOFENCE":
      return `${geofenceName ?? `geofence ${params.geofence_id}`}, ${TRIGGERS[String(params.trigger)] ?? ""}`;
    case "IGNITION":
      return TRIGGERS[String(params.trigger)] ?? "";
    case "IDLING":
      return `ignition on, standing still for ${params.idle_minutes} min`;
    case "LOW_VOLTAGE":
      return `below ${params.voltage_v} V${duration(params.min_duration_s)}`;
    case "DTC_DETECTED":
      return "a new trouble code is reported";
    case "DEVICE_ALARM":
      return Array.isArray(params.alarms) ? `the tracker raises ${params.alarms.join(", ")}` : "the tracker raises an alarm";
    case "CONNECTIVITY":
      return `silent for ${params.silence_minutes} min, ${TRIGGERS[String(params.trigger)] ?? ""}`;
  }
}
