// The protocol-neutral record: what every tracker protocol's decoder is mapped to inside its own folder, and the only
// shape the pipeline, the sink, the position writer, the domain modules and the routers see of a device's report.
// A protocol's `normalize` fills the neutral fields (ignition, movement, HDOP, a harsh-driving event, a device alarm)
// from its own ids; named IO values carry the rest with the same names across protocols where the meaning is the
// same (`externalVoltage`, `gsmSignal`, ...), so the domain never asks which protocol a value came from. Raw IO stays
// as the device sent it, by the protocol's own ids, and is stored for history (named again when read, through the
// protocol's IO dictionary, through the domain's protocol port: modules/protocol-port.ts).
//
// This file imports nothing: the protocols and the domain both read it, so it must not depend on either. What needs
// the registry (naming stored IO, describing IO names, which protocols carry commands) is tracker/protocol-catalogue.ts,
// which the domain reaches through the protocol port.

/** A named IO value: a number in the unit the protocol's IO table gives, a text or hex id, or a flag. */
export type NamedIoValue = number | string | boolean;

/** a named IO value when it is a number (voltages, levels, counters), else null */
export function numericIo(value: NamedIoValue | undefined): number | null {
  return typeof value === "number" ? value : null;
}

/** A raw IO value as the decoder read it: an unsigned number, a decimal string beyond 2^53, or hex. */
export type RawIoValue = number | string;

/** Driving events a device detects itself (accelerometer); the trip score counts them. */
export type HarshEvent = "acceleration" | "braking" | "cornering";

export interface TrackerRecord {
  timestamp: number; // fix time, epoch milliseconds (UTC)
  latitude: number; // degrees, WGS84
  longitude: number; // degrees, WGS84
  altitude: number; // whole metres above sea level, 0 when the protocol does not send it
  speed: number; // whole km/h
  course: number; // whole degrees from north
  satellites: number;
  hdop: number | null; // null when not sent
  ignition: boolean | null; // null when not sent
  movement: boolean | null; // the device's own motion sensor; null when not sent
  /** 0 low, 1 high, 2 panic (an alarm) */
  priority: number;
  /** the protocol's id of what triggered the record (stored with it), 0 for a periodic record */
  eventIoId: number;
  harshEvent: HarshEvent | null;
  /** an alarm the device raised with this record (`sos`, `power-cut`, ... in kebab-case), an alert input */
  alarm: string | null;
  /** IO values by published name (units in the protocol's IO dictionary) */
  io: Record<string, NamedIoValue>;
  /** IO as the device sent it, by the protocol's ids: stored for history */
  rawIo: Record<string, RawIoValue>;
}

/** What a protocol says about one published IO name (units for the readings panel). */
export interface IoDescription {
  unit: string | null;
  group: string | null;
  /** the protocol's own id of the element, as installers configure it (Teltonika: "AVL 66"), when it has one */
  protocolId?: string;
  /** the top of a level's scale (GSM signal: 5 on Teltonika, 4 on GT06), so the dashboard draws the right bars */
  levelMax?: number;
}

/** How a protocol names and describes its IO: the registry holds one per protocol. */
export interface IoDictionary {
  /** stored raw IO to published names (history is read this way) */
  name(rawIo: Record<string, RawIoValue>): Record<string, NamedIoValue>;
  /** unit and group of a published name, or null when the protocol does not know it */
  describe(name: string): IoDescription | null;
}

