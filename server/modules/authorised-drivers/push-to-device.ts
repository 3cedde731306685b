// One push of an asset's authorised-driver list and immobiliser setting to its connected tracker: reads the tracker's
// list when it was never read, writes the difference (clears first, then new keys), reads every written parameter
// back, and records what was read back as confirmed, chunk by chunk. Throws a SyncFailure when the tracker refuses,
// reads back other values, or does not answer; the caller does the bookkeeping.
import type { Db } from "../../db/client";
import { CommandTimeoutError, type TrackerSession } from "../devices/device-port";
import {
  chunk,
  EMPTY_SLOT,
  getparamCommand,
  IBUTTON_LIST_CHECK_PARAM,
  IBUTTON_LIST_FIRST_PARAM,
  IBUTTON_LIST_SIZE,
  IMMOBILISER_SCENARIO_PARAM,
  immobiliserFromValues,
  immobiliserValues,
  parseGetparamAnswer,
  parseSetparamAnswer,
  setparamCommand,
  slotParam,
  slotValueToKey,
} from "./fmb-parameters";
import type { SyncErrorCode } from "./authorised-drivers.schema";
import { type DeviceSlots, planSlots } from "./slot-plan";

export class SyncFailure extends Error {
  constructor(
    readonly code: SyncErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "SyncFailure";
  }

  /** a refusal would be refused again: it waits for the next change or login instead of a timer */
  get retryable(): boolean {
    return this.code === "device_offline" || this.code === "device_timeout";
  }
}

/**
 * An answer naming other parameters than the command did is the late answer to an earlier command whose wait timed
 * out (a session takes the next answer for the command waiting now): nothing in it is trusted, and the attempt is
 * retried like a timeout.
 */
function answering(ids: readonly number[], values: Map<number, string>): void {
  if (ids.length !== values.size || ids.some((id) => !values.has(id))) {
    throw new SyncFailure("device_timeout", "the tracker's answer was for another command (a late answer); retrying");
  }
}

export interface PushTarget {
  assetId: number;
  wantedKeys: string[];
  immobiliser: boolean;
  deviceSlots: DeviceSlots | null;
  deviceImmobiliser: boolean | null;
}

export class DevicePush {
  constructor(
    private readonly prisma: Db,
    private readonly session: TrackerSession,
    private readonly timeoutMs: number,
  ) {}

  async run(target: PushTarget): Promise<void> {
    let slots = target.deviceSlots ? { ...target.deviceSlots } : null;
    let immobiliser = target.deviceImmobiliser;
    if (slots === null || immobiliser === null) {
      ({ slots, immobiliser } = await this.readAll(target.assetId));
    }
    const plan = planSlots(target.wantedKeys, slots);
    // one value per parameter: a slot cleared and filled again is simply written with its new key
    const values = new Map<number, string>(plan.clear.map((slot) => [slotParam(slot), EMPTY_SLOT]));
    for (const [slot, key] of plan.write) values.set(slotParam(slot), key);
    const writes = [...values.entries()].sort(([a], [b]) => a - b);
    for (const part of chunk(writes)) {
      const readBack = await this.write(part);
      for (const [param] of part) {
        const slot = String(param - IBUTTON_LIST_FIRST_PARAM);
        const key = slotValueToKey(readBack.get(param) ?? EMPTY_SLOT);
        if (key) slots[slot] = key;
        else delete slots[slot];
      }
      await this.confirm(target.assetId, { deviceSlots: slots });
      const wrong = part.filter(([param, value]) => slotValueToKey(readBack.get(param) ?? EMPTY_SLOT) !== slotValueToKey(value));
      if (wrong.length > 0) {
        throw new SyncFailure("verification_failed", `the tracker holds other values than written for parameter ${wrong.map(([p]) => p).join(", ")}`);
      }
    }
    if (immobiliser !== target.immobiliser) {
      const readBack = await this.write(immobiliserValues(target.immobiliser));
      const held = immobiliserFromValues(readBack);
      await this.confirm(target.assetId, { deviceImmobiliser: held });
      if (held !== target.immobiliser) {
        throw new SyncFailure("verification_failed", `the tracker's immobiliser setting reads ${held === null ? "unknown" : held ? "on" : "off"} after writing`);
      }
    }
  }

  /** the whole list and the setting, as the tracker holds them now */
  private async readAll(assetId: number): Promise<{ slots: DeviceSlots; immobiliser: boolean }> {
    const slots: DeviceSlots = {};
    const ids = Array.from({ length: IBUTTON_LIST_SIZE }, (_, slot) => slotParam(slot));
    for (const part of chunk(ids)) {
      const values = await this.read(part);
      for (const param of part) {
        const key = slotValueToKey(values.get(param) ?? EMPTY_SLOT);
        if (key) slots[String(param - IBUTTON_LIST_FIRST_PARAM)] = key;
      }
    }
    const immobiliser = immobiliserFromValues(await this.read([IMMOBILISER_SCENARIO_PARAM, IBUTTON_LIST_CHECK_PARAM]));
    if (immobiliser === null) throw new SyncFailure("device_error", "the tracker did not report its immobiliser parameters");
    await this.confirm(assetId, { deviceSlots: slots, deviceImmobiliser: immobiliser });
    return { slots, immobiliser };
  }

  /** setparam, then getparam of the same parameters: what the tracker holds afterwards */
  private async write(values: [number, string][]): Promise<Map<number, string>> {
    const answer = parseSetparamAnswer(await this.send(setparamCommand(values)));
    if (!answer.ok) throw new SyncFailure("device_error", `the tracker refused the change: ${answer.reason}`);
    answering(values.map(([param]) => param), answer.values);
    return this.read(values.map(([param]) => param));
  }

  private async read(ids: number[]): Promise<Map<number, string>> {
    const answer = parseGetparamAnswer(await this.send(getparamCommand(ids)));
    if (!answer.ok) throw new SyncFailure("device_error", `the tracker refused to read its parameters: ${answer.reason}`);
    answering(ids, answer.values);
    return answer.values;
  }

  private async send(command: string): Promise<string> {
    try {
      return await this.session.send(command, this.timeoutMs);
    } catch (error) {
      if (error instanceof CommandTimeoutError) {
        throw new SyncFailure("device_timeout", `the tracker did not answer within ${Math.round(this.timeoutMs / 1000)} s`);
      }
      throw new SyncFailure("device_offline", "the tracker disconnected during the sync");
    }
  }

  private async confirm(assetId: number, data: { deviceSlots?: DeviceSlots; deviceImmobiliser?: boolean | null }) {
    await this.prisma.authorisedDriverSync.update({ where: { assetId }, data: { ...data, deviceConfirmedAt: new Date() } });
  }
}
