// How a Teltonika FMB holds its authorised-driver list, and the Codec 12 texts that read and write it. Pure: no
// socket, no clock. Sources (Teltonika wiki, docs/vehicle-control.md "Authorised drivers" cites them):
// - "FMB Device Family iButton Parameter list": the iButton list is parameters 30000-30499, one key id per slot
//   (64-bit, written as 16 hex symbols); 0 is an empty slot.
// - "FMB Features settings", Immobilizer: 11700 is the scenario (0 disabled, 1 low, 2 high, 3 panic priority of its
//   event records) and 11703 "iButton List Check" (1: only keys on the list authorise the driver).
// - "SMS/GPRS command - setparam / getparam": `setparam <id>:<value>;<id>:<value>` answers
//   `New value <id>:<value>;...`; `getparam <id>;<id>` answers `Param ID:<id> Value:<value>;<id>:<value>`; anything
//   else (`WARNING: Not supported Param ID or Value detected`, `Param ID:99999 doesn't exist`) is a refusal.

/** parameter id of the first iButton list slot; slot n is FIRST + n */
export const IBUTTON_LIST_FIRST_PARAM = 30_000;
/** slots of an FMB iButton list (30000-30499): the most drivers one asset can authorise */
export const IBUTTON_LIST_SIZE = 500;
/** Immobilizer scenario: 0 disabled; 1 enabled (records its events at low priority) */
export const IMMOBILISER_SCENARIO_PARAM = 11_700;
/** iButton List Check: 1 authorises only the keys on the list ("authorised driving") */
export const IBUTTON_LIST_CHECK_PARAM = 11_703;
/** what an empty slot holds */
export const EMPTY_SLOT = "0";
/**
 * Parameters per setparam or getparam command. A command is one Codec 12 frame; ten slots keep a command near
 * 240 characters, well inside what an FMB takes over GPRS, and keep the device's answer short.
 */
export const PARAMS_PER_COMMAND = 10;

/** a key id as the API takes it and the device reports it (AVL IO 78): 16 hex digits, not all zero */
export const KEY_ID_PATTERN = /^[0-9A-F]{16}$/;

export function normaliseKeyId(value: string): string {
  return value.trim().toUpperCase();
}

export function isKeyId(value: string): boolean {
  return KEY_ID_PATTERN.test(value) && !/^0+$/.test(value);
}

export function slotParam(slot: number): number {
  return IBUTTON_LIST_FIRST_PARAM + slot;
}

/** a device's slot value to a key id, or null for an empty slot (0, all zeros or blank) */
export function slotValueToKey(value: string): string | null {
  const normalised = normaliseKeyId(value);
  if (normalised === "" || /^0+$/.test(normalised)) return null;
  return normalised.padStart(16, "0");
}

export function setparamCommand(values: ReadonlyArray<readonly [number, string]>): string {
  return `setparam ${values.map(([id, value]) => `${id}:${value}`).join(";")}`;
}

export function getparamCommand(ids: readonly number[]): string {
  return `getparam ${ids.join(";")}`;
}

export type ParamAnswer = { ok: true; values: Map<number, string> } | { ok: false; reason: string };

function pairs(text: string): Map<number, string> | null {
  const values = new Map<number, string>();
  for (const part of text.split(";")) {
    const match = /^(\d+):(.*)$/.exec(part.trim());
    if (!match) return null;
    values.set(Number(match[1]), match[2]!.trim());
  }
  return values;
}

/** reads a setparam answer: the values the device says it took, or its refusal */
export function parseSetparamAnswer(text: string): ParamAnswer {
  const match = /^New value\s+(.*)$/s.exec(text.trim());
  const values = match ? pairs(match[1]!) : null;
  return values ? { ok: true, values } : { ok: false, reason: text.trim() || "empty answer" };
}

/** reads a getparam answer: the values by parameter id, or the device's refusal */
export function parseGetparamAnswer(text: string): ParamAnswer {
  const match = /^Param ID:\s*(\d+)\s+Value:(.*)$/s.exec(text.trim());
  if (!match) return { ok: false, reason: text.trim() || "empty answer" };
  const values = pairs(`${match[1]}:${match[2]}`);
  return values ? { ok: true, values } : { ok: false, reason: text.trim() };
}

/** the immobiliser setting as parameter values */
export function immobiliserValues(enabled: boolean): [number, string][] {
  return [
    [IMMOBILISER_SCENARIO_PARAM, enabled ? "1" : "0"],
    [IBUTTON_LIST_CHECK_PARAM, enabled ? "1" : "0"],
  ];
}

/** the setting the device enforces: the scenario on and only listed keys authorising */
export function immobiliserFromValues(values: Map<number, string>): boolean | null {
  const scenario = values.get(IMMOBILISER_SCENARIO_PARAM);
  const listCheck = values.get(IBUTTON_LIST_CHECK_PARAM);
  if (scenario === undefined || listCheck === undefined) return null;
  return scenario !== "0" && listCheck === "1";
}

export function chunk<T>(items: readonly T[], size = PARAMS_PER_COMMAND): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
