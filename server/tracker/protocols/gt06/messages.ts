// What the GT06 decoder produces: one plain message per frame, in the protocol's own terms (the tracker layer maps it
// to its protocol-neutral record; docs/gt06.md suggests how). Field meanings follow Concox's GT06 and JM-VL03
// protocol documents.

export const PROTOCOL = {
  LOGIN: 0x01,
  LOCATION: 0x12, // GT06: GPS + LBS
  STATUS: 0x13, // status information, the heartbeat
  ALARM: 0x16, // GT06: GPS + LBS + status
  LOCATION_UTC: 0x22, // newer firmware (JM-VL03 and others): 0x12 plus ACC, upload mode, re-upload, mileage
  HEARTBEAT: 0x23, // GK310 and others: status with the battery voltage in volts
  ALARM_UTC: 0x26, // newer firmware: alarm, time in UTC
  ALARM_FENCES: 0x27, // 0x26 plus the geofence number
  TIME_REQUEST: 0x8a, // the device asks for the current UTC time
  INFORMATION: 0x94, // information transfer: external voltage, ICCID, door, status text ...
} as const;

export interface CellTower {
  mcc: number; // mobile country code
  mnc: number; // mobile network code
  lac: number; // location area code
  cellId: number;
}

export interface Gt06Location {
  /** UTC from the frame's date-time; null when the device sent an impossible date (zeros before its first fix) */
  fixTime: Date | null;
  latitude: number; // degrees, negative south (raw value / 1,800,000, sign from the course/status word)
  longitude: number; // degrees, negative west
  speed: number; // km/h
  course: number; // degrees from north, 0-359
  satellites: number;
  gpsFixed: boolean; // course/status bit 12: the device has a position fix
  differential: boolean; // course/status bit 13: differential GPS
}

/** The terminal information byte of status and alarm frames. */
export interface TerminalInfo {
  raw: number;
  armed: boolean; // bit 0: defence (anti-theft) activated
  ignition: boolean; // bit 1: ACC high
  charging: boolean; // bit 2: external power connected, battery charging
  /** bits 3-5: the alarm the GT06 signals inside the status byte (null: none) */
  alarm: AlarmName | null;
  gpsTracking: boolean; // bit 6: GPS tracking on / positioned
  outputCut: boolean; // bit 7: fuel / power cut by the relay
}

export interface Gt06Status {
  terminal: TerminalInfo;
  /** 0 (no power) .. 6 (very high); 0x13 and alarm frames */
  voltageLevel?: number;
  /** battery volts; 0x23 heartbeat sends the voltage instead of a level */
  batteryVoltage?: number;
  /** 0 (no signal) .. 4 (strong) */
  gsmSignal?: number;
  /** the alarm byte of the alarm/language word (0x13 sends it too) */
  alarmCode?: number;
  language?: number; // 1 Chinese, 2 English
}

interface Base {
  protocol: number;
  serial: number; // information serial number: the acknowledgement repeats it
}

export type Gt06Message =
  | (Base & {
      type: "login";
      imei: string;
      typeCode?: number; // type identity code of the terminal model
      /** time zone the device reports, minutes east of UTC */
      timezoneOffsetMinutes?: number;
    })
  | (Base & {
      type: "location";
      location: Gt06Location;
      cell?: CellTower;
      ignition?: boolean; // 0x22: ACC byte
      uploadMode?: number; // 0x22: why the device sent it (0 interval, 1 distance, 2 cornering, 3 ACC change ...)
      reupload?: boolean; // 0x22: buffered while offline
      mileage?: number; // 0x22: optional mileage counter, unit as the device is configured (metres on Concox)
    })
  | (Base & {
      type: "status";
      status: Gt06Status;
      /** the alarm byte's name (0x13 repeats an ongoing alarm); null: normal or not sent */
      alarm: AlarmName | null;
    })
  | (Base & {
      type: "alarm";
      location: Gt06Location;
      cell?: CellTower;
      status: Gt06Status;
      alarm: AlarmName | null; // null: the alarm byte says normal
      alarmCode: number;
      fence?: number; // 0x27: geofence number, 0-based
    })
  | (Base & { type: "time-request" })
  | (Base & { type: "information"; info: Gt06Information })
  | (Base & { type: "unsupported"; content: Buffer });

export type Gt06Information =
  | { kind: "external-voltage"; volts: number }
  | { kind: "status-sync"; text: string } // "ALM1=..;STA1=..;DYD=..;SOS=..;"
  | { kind: "door"; open: boolean; raw: number }
  | { kind: "iccid"; imei: string; imsi: string; iccid: string }
  | { kind: "other"; infoType: number; content: Buffer };

/** Alarm byte of the alarm/language word (JM-VL03 protocol 1.1.2 table). Names are ours, kebab-case. */
export const ALARM_TYPES: Readonly<Record<number, AlarmName>> = {
  0x01: "sos",
  0x02: "power-cut",
  0x03: "vibration",
  0x04: "geofence-enter",
  0x05: "geofence-exit",
  0x06: "overspeed",
  0x09: "tow",
  0x0a: "gps-blind-spot-enter",
  0x0b: "gps-blind-spot-exit",
  0x0c: "power-on",
  0x0d: "gps-first-fix",
  0x0e: "external-battery-low",
  0x0f: "external-battery-protection",
  0x10: "sim-changed",
  0x11: "power-off",
  0x12: "airplane-mode",
  0x13: "tamper",
  0x14: "door",
  0x15: "low-battery-shutdown",
  0x16: "sound",
  0x17: "fake-base-station",
  0x18: "cover-opened",
  0x19: "internal-battery-low",
  0x20: "deep-sleep",
  0x23: "fall",
  0x29: "harsh-acceleration",
  0x2a: "sharp-left-turn",
  0x2b: "sharp-right-turn",
  0x2c: "collision",
  0x30: "harsh-braking",
  0x32: "unplugged",
  0xfe: "acc-on",
  0xff: "acc-off",
};

export type AlarmName =
  | "sos"
  | "power-cut"
  | "vibration"
  | "geofence-enter"
  | "geofence-exit"
  | "overspeed"
  | "tow"
  | "gps-blind-spot-enter"
  | "gps-blind-spot-exit"
  | "power-on"
  | "gps-first-fix"
  | "external-battery-low"
  | "external-battery-protection"
  | "sim-changed"
  | "power-off"
  | "airplane-mode"
  | "tamper"
  | "door"
  | "low-battery-shutdown"
  | "sound"
  | "fake-base-station"
  | "cover-opened"
  | "internal-battery-low"
  | "deep-sleep"
  | "fall"
  | "harsh-acceleration"
  | "sharp-left-turn"
  | "sharp-right-turn"
  | "collision"
  | "harsh-braking"
  | "unplugged"
  | "acc-on"
  | "acc-off"
  | "low-battery"
  | "unknown";

/** Alarm in bits 3-5 of the terminal information byte (GT06 document). */
export const TERMINAL_ALARMS: Readonly<Record<number, AlarmName>> = {
  0b001: "vibration", // "shock" in the GT06 document
  0b010: "power-cut",
  0b011: "low-battery",
  0b100: "sos",
};
