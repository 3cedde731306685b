// GT06 messages mapped onto the protocol-neutral record (../../record.ts), as docs/gt06.md proposes. GT06 sends one
// position per location or alarm frame and the device's state (ignition, battery, GSM) in separate status frames,
// so a per-connection `Gt06State` remembers the newest state and each record carries it. Named IO uses the
// Teltonika names where the meaning is the same (`batteryVoltage`, `gsmSignal`, `totalOdometer`), so the domain does
// not care which protocol a value came from; `gt06VoltageLevel` is a 0-6 level, not volts. Raw IO keeps what only
// history needs (protocol number, terminal byte, alarm code, cell).
import type { HarshEvent, IoDescription, IoDictionary, NamedIoValue, RawIoValue, TrackerRecord } from "../../record";
import type { CellTower, Gt06Location, Gt06Message, Gt06Status } from "./messages";

/** the device's newest state on one connection: what status frames said, applied to the positions that follow */
export interface Gt06State {
  ignition: boolean | null;
  io: Record<string, NamedIoValue>;
}

export function newGt06State(): Gt06State {
  return { ignition: null, io: {} };
}

/** updates the state with a status (heartbeat or alarm) frame's values */
function applyStatus(state: Gt06State, status: Gt06Status): void {
  state.ignition = status.terminal.ignition;
  state.io.charging = status.terminal.charging;
  state.io.armed = status.terminal.armed;
  state.io.outputCut = status.terminal.outputCut;
  if (status.voltageLevel !== undefined) state.io.gt06VoltageLevel = status.voltageLevel;
  if (status.batteryVoltage !== undefined) state.io.batteryVoltage = status.batteryVoltage;
  if (status.gsmSignal !== undefined) state.io.gsmSignal = status.gsmSignal;
}

/** alarms that are driving events the trip score counts (0x29, 0x30, 0x2A, 0x2B) */
const HARSH_ALARMS: Readonly<Record<string, HarshEvent>> = {
  "harsh-acceleration": "acceleration",
  "harsh-braking": "braking",
  "sharp-left-turn": "cornering",
  "sharp-right-turn": "cornering",
};

function cellIo(cell: CellTower | undefined): Record<string, RawIoValue> {
  return cell ? { mcc: cell.mcc, mnc: cell.mnc, lac: cell.lac, cellId: cell.cellId } : {};
}

function record(
  state: Gt06State,
  location: Gt06Location,
  extra: { protocol: number; alarm: string | null; raw: Record<string, RawIoValue>; io?: Record<string, NamedIoValue> },
): TrackerRecord | null {
  if (location.fixTime === null) return null; // an impossible date: the record has no time to be stored at
  const io: Record<string, NamedIoValue> = { ...state.io, ...extra.io, gpsFixed: location.gpsFixed };
  return {
    timestamp: location.fixTime.getTime(),
    latitude: location.latitude,
    longitude: location.longitude,
    altitude: 0, // not sent by GT06
    speed: location.speed,
    course: location.course,
    satellites: location.satellites,
    hdop: null, // not sent by GT06
    ignition: state.ignition,
    movement: null, // GT06 has no motion sensor bit; the pipeline derives motion from speed
    priority: extra.alarm === null ? 0 : 2,
    eventIoId: 0, // the record's trigger is in raw IO (`protocol`, `alarmCode`)
    harshEvent: (extra.alarm !== null && HARSH_ALARMS[extra.alarm]) || null,
    alarm: extra.alarm,
    io,
    // raw IO holds the named values too: history names GT06 IO by reading them back (gt06Io.name)
    rawIo: { ...io, protocol: extra.protocol, ...extra.raw },
  };
}

/**
 * The records a message carries (none for a heartbeat, a login or an impossible date), updating the connection's
 * state on the way: a status frame only updates it; an alarm updates it and is a record with its alarm.
 */
export function normalizeMessage(state: Gt06State, message: Gt06Message): TrackerRecord[] {
  switch (message.type) {
    case "status":
      applyStatus(state, message.status);
      return [];
    case "location": {
      if (message.ignition !== undefined) state.ignition = message.ignition;
      const io: Record<string, NamedIoValue> = {};
      if (message.mileage !== undefined) io.totalOdometer = message.mileage;
      const raw: Record<string, RawIoValue> = { ...cellIo(message.cell) };
      if (message.uploadMode !== undefined) raw.uploadMode = message.uploadMode;
      if (message.reupload !== undefined) raw.reupload = message.reupload ? 1 : 0;
      const made = record(state, message.location, { protocol: message.protocol, alarm: null, raw, io });
      return made ? [made] : [];
    }
    case "alarm": {
      applyStatus(state, message.status);
      if (message.alarm === "acc-on") state.ignition = true;
      if (message.alarm === "acc-off") state.ignition = false;
      const raw: Record<string, RawIoValue> = { ...cellIo(message.cell), terminalInfo: message.status.terminal.raw, alarmCode: message.alarmCode };
      if (message.fence !== undefined) raw.fence = message.fence;
      const made = record(state, message.location, { protocol: message.protocol, alarm: message.alarm, raw });
      return made ? [made] : [];
    }
    case "information":
      if (message.info.kind === "external-voltage") state.io.externalVoltage = message.info.volts;
      if (message.info.kind === "door") state.io.door = message.info.open;
      return [];
    default:
      return [];
  }
}

const DESCRIPTIONS: ReadonlyMap<string, IoDescription> = new Map([
  ["batteryVoltage", { unit: "V", group: "permanent" }],
  ["externalVoltage", { unit: "V", group: "permanent" }],
  ["totalOdometer", { unit: "m", group: "permanent" }],
  ["gsmSignal", { unit: null, group: "permanent", levelMax: 4 }], // 0-4
  ["gt06VoltageLevel", { unit: null, group: "permanent" }], // 0-6, a level
  ["charging", { unit: null, group: "permanent" }],
  ["armed", { unit: null, group: "permanent" }],
  ["outputCut", { unit: null, group: "permanent" }],
  ["door", { unit: null, group: "permanent" }],
  ["gpsFixed", { unit: null, group: "permanent" }],
]);

export const gt06Io: IoDictionary = {
  name: (rawIo) => {
    const out: Record<string, NamedIoValue> = {};
    for (const [name, value] of Object.entries(rawIo)) out[name] = value;
    return out;
  },
  describe: (name) => DESCRIPTIONS.get(name) ?? null,
};
