// What a person reads for one tracker reading: a plain-word label and the value in human units and words (km with
// thousands separators, On/Off, V with two decimals, signal bars), plus the raw name and value kept as the tracker sent
// them for installers. The one place the dashboard turns IO into words; pure, so it is tested beside this file.
// Values arrive already scaled to the unit the protocol's IO dictionary gives (externalVoltage in V, odometers in m).
import type { Reading } from "@/server/modules/positions/positions.schema";

export interface TelemetryReading {
  name: string;
  value: Reading["value"];
  unit: string | null;
  /** the protocol's IO dictionary knows the name (null: an unknown element, shown as it came) */
  group: string | null;
  /** the top of a level's scale (GSM signal); null or absent: not a level */
  levelMax?: number | null;
}

export interface ReadingView {
  label: string;
  text: string;
  /** GSM signal as bars: drawn next to the text, which says the same in words */
  bars: { level: number; max: number } | null;
  /** the name and value as the tracker published them */
  raw: { name: string; value: string };
  known: boolean;
}

/** Plain words for the names people look at most; other known names are split from camel case. */
const LABELS: Record<string, string> = {
  ignition: "Ignition",
  movement: "Moving",
  instantMovement: "Moving (instant)",
  externalVoltage: "External voltage",
  batteryVoltage: "Tracker battery voltage",
  batteryCurrent: "Tracker battery current",
  batteryLevel: "Tracker battery level",
  gsmSignal: "GSM signal",
  gnssStatus: "GNSS status",
  gnssSpeed: "GNSS speed",
  gnssPdop: "GNSS PDOP",
  gnssHdop: "GNSS HDOP",
  gnssJamming: "GNSS jamming",
  gpsFixed: "GPS fix",
  totalOdometer: "Odometer (GPS)",
  tripOdometer: "Trip distance",
  networkType: "Network",
  sleepMode: "Sleep mode",
  dataMode: "Data mode",
  activeGsmOperator: "GSM operator",
  gsmCellId: "Cell id",
  gsmAreaCode: "Location area code",
  umtsLteCellId: "UMTS/LTE cell id",
  iccid1: "SIM ICCID (part 1)",
  iccid2: "SIM ICCID (part 2)",
  iButton: "iButton",
  rfid: "RFID",
  vin: "VIN",
  canVin: "VIN",
  canTotalMileage: "Odometer",
  canTotalMileageCounted: "Odometer (counted)",
  canFuelLevelLiters: "Fuel level",
  canFuelLevelPercent: "Fuel level",
  canFuelConsumed: "Fuel used",
  canEngineRpm: "Engine speed",
  engineRpm: "Engine speed",
  canEngineTemperature: "Engine temperature",
  coolantTemperature: "Coolant temperature",
  canAdblueLevelPercent: "AdBlue level",
  canAdblueLevelLiters: "AdBlue level",
  charging: "Charging",
  accuracy: "Position accuracy",
};

/** numbered families: digitalInput2 -> "Digital input 2" */
const NUMBERED: [RegExp, string][] = [
  [/^digitalInput(\d+)$/, "Digital input"],
  [/^digitalOutput(\d+)$/, "Digital output"],
  [/^analogInput(\d+)$/, "Analog input"],
  [/^dallasTemperature(\d+)$/, "Temperature sensor"],
  [/^llsFuelLevel(\d+)$/, "Fuel sensor level"],
  [/^llsTemperature(\d+)$/, "Fuel sensor temperature"],
];

/** switches read On/Off; other yes-or-no values read Yes/No */
const ON_OFF = new Set(["ignition", "canSsfIgnition", "charging"]);
const ON_OFF_FAMILIES = /^(digitalInput|digitalOutput)\d+$/;
/** 0/1 numbers that mean yes or no (Teltonika sends these as unsigned bytes) */
const YES_NO_NUMBERS = new Set(["movement", "instantMovement", "towing", "idling", "unplug", "jamming", "alarm"]);

/** coded states in words, from the protocols' documentation (Teltonika AVL list) */
const STATES: Record<string, Record<number, string>> = {
  gnssStatus: { 0: "Off", 1: "Fix", 2: "No fix", 3: "Asleep" },
  networkType: { 0: "3G", 1: "GSM", 2: "4G", 3: "LTE-M", 4: "NB-IoT" },
  sleepMode: { 0: "Awake", 1: "GPS sleep", 2: "Deep sleep", 3: "Online sleep", 4: "Ultra sleep" },
  gnssJamming: { 0: "None", 1: "Warning", 2: "Critical" },
  dataMode: {
    0: "Home network, stopped",
    1: "Home network, moving",
    2: "Roaming, stopped",
    3: "Roaming, moving",
    4: "Unknown network, stopped",
    5: "Unknown network, moving",
  },
};

/** metre values that are distances travelled (shown in km); other metre values (accuracy, arm lengths) stay in m */
const TRAVELLED = /odometer|mileage|distance|range/i;

/** canEngineRpm -> "Engine rpm" (the can prefix is the section's title) */
export function humanizeName(name: string): string {
  const bare = name.startsWith("can") && name.length > 3 && /[A-Z]/.test(name[3]!) ? name.slice(3) : name;
  const words = bare.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2");
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

export function readingLabel(name: string): string {
  const label = LABELS[name];
  if (label) return label;
  for (const [pattern, words] of NUMBERED) {
    const match = pattern.exec(name);
    if (match) return `${words} ${match[1]}`;
  }
  return humanizeName(name);
}

const number = (value: number, digits: { min?: number; max: number }, locale?: string) =>
  value.toLocaleString(locale, { minimumFractionDigits: digits.min ?? 0, maximumFractionDigits: digits.max });

/** 82782377 m -> "82,782 km"; under 100 km one decimal: 5432 m -> "5.4 km" */
export function formatKilometres(km: number, locale?: string): string {
  return `${number(km, Math.abs(km) < 100 ? { max: 1 } : { max: 0 }, locale)} km`;
}

/** seconds as hours and minutes: 11520 -> "3 h 12 min" */
function formatHoursMinutes(seconds: number, locale?: string): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.round((seconds % 3600) / 60);
  return hours ? `${number(hours, { max: 0 }, locale)} h ${minutes} min` : `${minutes} min`;
}

function withUnit(value: number, unit: string | null, name: string, locale?: string): string {
  switch (unit) {
    case "m":
      return TRAVELLED.test(name) ? formatKilometres(value / 1000, locale) : `${number(value, { max: 1 }, locale)} m`;
    case "km":
      return formatKilometres(value, locale);
    case "mV":
      return `${number(value / 1000, { min: 1, max: 2 }, locale)} V`;
    case "V":
      return `${number(value, { min: 1, max: 2 }, locale)} V`;
    case "mA":
      return `${number(value / 1000, { max: 2 }, locale)} A`;
    case "A":
      return `${number(value, { max: 2 }, locale)} A`;
    case "°C":
      return `${number(value, { max: 1 }, locale)} °C`;
    case "l":
      return `${number(value, { max: 1 }, locale)} L`;
    case "%":
      return `${number(value, { max: 0 }, locale)}%`;
    case "km/h":
      return `${number(value, { max: 0 }, locale)} km/h`;
    case "s":
      return value >= 60 ? formatHoursMinutes(value, locale) : `${number(value, { max: 0 }, locale)} s`;
    case "min":
      return formatHoursMinutes(value * 60, locale);
    case null:
      return number(value, { max: 3 }, locale);
    default:
      return `${number(value, { max: 3 }, locale)} ${unit}`;
  }
}

function rawValue(r: TelemetryReading): string {
  return r.unit ? `${String(r.value)} ${r.unit}` : String(r.value);
}

/** a switch's state in words: true -> "On"; null (not reported) -> "—" */
export function formatOnOff(on: boolean | null): string {
  return on === null ? "—" : on ? "On" : "Off";
}

/** One reading as a person reads it, with its raw form for installers. `locale`: the browser's when absent. */
export function describeReading(r: TelemetryReading, locale?: string): ReadingView {
  const raw = { name: r.name, value: rawValue(r) };
  const view = (text: string, bars: ReadingView["bars"] = null): ReadingView => ({ label: readingLabel(r.name), text, bars, raw, known: true });
  // unknown elements (io<id> and names no protocol describes): as they came, nothing guessed
  if (r.group === null) return { label: r.name, text: String(r.value), bars: null, raw, known: false };

  const onOff = ON_OFF.has(r.name) || ON_OFF_FAMILIES.test(r.name);
  const flag = typeof r.value === "boolean" ? r.value : (onOff || YES_NO_NUMBERS.has(r.name)) && (r.value === 0 || r.value === 1) ? r.value === 1 : null;
  if (flag !== null) return view(onOff ? formatOnOff(flag) : flag ? "Yes" : "No");

  if (typeof r.value !== "number") return view(rawValue(r));

  if (r.name === "gsmSignal" || r.levelMax) {
    const max = r.levelMax ?? 5;
    const level = Math.max(0, Math.min(max, Math.round(r.value)));
    return view(`Signal ${level} of ${max}`, { level, max });
  }
  const state = STATES[r.name]?.[r.value];
  if (state) return view(state);
  if (r.name === "satellites") return view(`${r.value} satellite${r.value === 1 ? "" : "s"}`);
  return view(withUnit(r.value, r.unit, r.name, locale));
}
