// The configuration memory of a Teltonika FMB, answering `setparam` and `getparam` as the device does (answers as on
// the Teltonika wiki's setparam/getparam pages), for the parameters Fleetline writes (authorised-drivers/
// fmb-parameters.ts). The simulated Teltonika vehicles answer with it (simulated-vehicle.ts), and tests plug it into
// a TestDevice:
//
//   const fmb = new FmbParameterMemory();
//   const device = await TestDevice.connect(port, imei, "127.0.0.1", fmb.handler);
//
// Knobs for the failure cases: `refuse` (parameter ids answered with the device's warning), `stuck` (parameter ids
// that keep their old value although the device says it took the new one), `silent` (no answer at all).
import {
  IBUTTON_LIST_CHECK_PARAM,
  IBUTTON_LIST_FIRST_PARAM,
  IBUTTON_LIST_SIZE,
  IMMOBILISER_SCENARIO_PARAM,
} from "../modules/authorised-drivers/fmb-parameters";
import type { CommandAnswerer } from "./teltonika-device-client";

export const FMB_REFUSAL = "WARNING: Not supported Param ID or Value detected";

/** the commands this memory answers; the others are for whatever else the device has (its CAN adapter) */
const PARAMETER_VERBS = new Set(["setparam", "getparam"]);

export class FmbParameterMemory {
  readonly values = new Map<number, string>();
  readonly refuse = new Set<number>();
  readonly stuck = new Set<number>();
  silent = false;

  constructor() {
    for (let slot = 0; slot < IBUTTON_LIST_SIZE; slot++) this.values.set(IBUTTON_LIST_FIRST_PARAM + slot, "0");
    this.values.set(IMMOBILISER_SCENARIO_PARAM, "0");
    this.values.set(IBUTTON_LIST_CHECK_PARAM, "0");
  }

  /** the keys in the iButton list, by slot */
  keys(): Record<number, string> {
    const out: Record<number, string> = {};
    for (let slot = 0; slot < IBUTTON_LIST_SIZE; slot++) {
      const value = this.values.get(IBUTTON_LIST_FIRST_PARAM + slot)!;
      if (value !== "0") out[slot] = value;
    }
    return out;
  }

  get immobiliser(): boolean {
    return this.values.get(IMMOBILISER_SCENARIO_PARAM) !== "0" && this.values.get(IBUTTON_LIST_CHECK_PARAM) === "1";
  }

  readonly handler: CommandAnswerer = (command) => (this.silent ? null : this.answer(command));

  /** whether the command is one this memory answers (setparam, getparam) */
  understands(command: string): boolean {
    return PARAMETER_VERBS.has(command.trim().split(/\s+/, 1)[0]!);
  }

  answer(command: string): string {
    const [verb, rest = ""] = command.trim().split(/\s+(.*)/s);
    if (verb === "setparam") return this.set(rest);
    if (verb === "getparam") return this.get(rest);
    return `Unknown command: ${verb}`;
  }

  private set(text: string): string {
    const pairs = text.split(";").map((part) => /^(\d+):(.*)$/.exec(part.trim()));
    if (pairs.some((pair) => !pair || !this.values.has(Number(pair[1])) || this.refuse.has(Number(pair[1])))) {
      return FMB_REFUSAL; // the device takes all of a command or none of it
    }
    for (const pair of pairs) {
      const id = Number(pair![1]);
      if (!this.stuck.has(id)) this.values.set(id, pair![2]!.trim().toUpperCase());
    }
    return `New value ${pairs.map((pair) => `${pair![1]}:${pair![2]!.trim()}`).join(";")}`;
  }

  private get(text: string): string {
    const ids = text.split(";").map((part) => Number(part.trim()));
    const missing = ids.find((id) => !this.values.has(id));
    if (missing !== undefined) return `Param ID:${missing} doesn't exist`;
    const [first, ...others] = ids;
    return [`Param ID:${first} Value:${this.values.get(first!)}`, ...others.map((id) => `${id}:${this.values.get(id)}`)].join(";");
  }
}
