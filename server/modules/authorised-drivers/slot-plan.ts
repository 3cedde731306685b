// The difference between the wanted key list and what the device's iButton list holds, as slot writes. A key the
// device already holds keeps its slot; keys no longer wanted (and second copies) are cleared first, so the new keys
// always find free slots; new keys take the lowest free slots. Pure.
import { IBUTTON_LIST_SIZE } from "./fmb-parameters";

/** the device's occupied slots: slot number (as a string, the JSON column's key) to key id */
export type DeviceSlots = Record<string, string>;

export interface SlotPlan {
  /** slots to empty */
  clear: number[];
  /** slots to fill, with their key */
  write: [number, string][];
}

export function planSlots(wanted: readonly string[], device: DeviceSlots): SlotPlan {
  const wantedSet = new Set(wanted);
  const kept = new Set<string>();
  const clear: number[] = [];
  const occupied = new Set<number>();
  for (const [slotText, key] of Object.entries(device).sort(([a], [b]) => Number(a) - Number(b))) {
    const slot = Number(slotText);
    if (wantedSet.has(key) && !kept.has(key)) {
      kept.add(key);
      occupied.add(slot);
    } else {
      clear.push(slot);
    }
  }
  const write: [number, string][] = [];
  let next = 0;
  for (const key of wanted) {
    if (kept.has(key)) continue;
    while (occupied.has(next)) next++;
    if (next >= IBUTTON_LIST_SIZE) throw new Error("more keys than the device's list holds");
    occupied.add(next);
    write.push([next, key]);
  }
  return { clear, write };
}

/** the keys the device holds, in slot order */
export function deviceKeys(device: DeviceSlots): string[] {
  return Object.entries(device)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, key]) => key);
}

export interface PendingChanges {
  /** wanted keys the device does not hold yet (all wanted keys while its list was never read) */
  add: string[];
  /** keys the device holds that are no longer wanted */
  remove: string[];
  /** the immobiliser setting still to be written, or null when the device already has it */
  immobiliser: boolean | null;
}

export function pendingChanges(input: {
  wanted: readonly string[];
  immobiliser: boolean;
  device: DeviceSlots | null;
  deviceImmobiliser: boolean | null;
}): PendingChanges {
  const held = new Set(input.device ? deviceKeys(input.device) : []);
  const wanted = new Set(input.wanted);
  return {
    add: input.wanted.filter((key) => !held.has(key)),
    remove: [...held].filter((key) => !wanted.has(key)),
    immobiliser: input.deviceImmobiliser === input.immobiliser ? null : input.immobiliser,
  };
}

export function isInSync(input: Parameters<typeof pendingChanges>[0]): boolean {
  if (!input.device) return false;
  const plan = planSlots(input.wanted, input.device);
  return plan.clear.length === 0 && plan.write.length === 0 && input.deviceImmobiliser === input.immobiliser;
}
