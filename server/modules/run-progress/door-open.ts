// Whether a record shows a passenger door open, from the CAN values the Teltonika decoder names: the door-status
// bitmask (IO 90) published as canDoor*Open booleans, and the security-state flags canSsf*DoorOpen (io-values.ts).
// The trunk is not a passenger door. A record without either says nothing (false): the speed and dwell rules apply.
import type { NamedIoValue } from "../../tracker/record";

const DOOR_OPEN = /^can(Ssf)?(Front|Rear)(Left|Right)DoorOpen$|^canDoor(Front|Rear)(Left|Right)Open$/;

export function doorOpen(io: Record<string, NamedIoValue>): boolean {
  for (const name in io) {
    const value = io[name];
    if ((value === true || value === 1) && DOOR_OPEN.test(name)) return true;
  }
  return false;
}
