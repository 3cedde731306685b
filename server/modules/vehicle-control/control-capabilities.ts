// What may be sent to a vehicle now: the spec's capabilities object, computed from the adapter kind, its program
// number, the vehicle profile, whether the tracker is connected and how fresh and still the vehicle's last report is.
// Pure: the caller loads the facts (load-control-context.ts). The checks run in the order of docs/vehicle-control.md
// "Refusals": how the vehicle is fitted first (policy), then its state now (device).
import type { AdapterKind } from "../assets/adapter-kinds";
import type { VehicleProfileRow } from "./vehicle-profiles";
import {
  CONTROL_ACTIONS,
  IGNITION_INTERLOCKED,
  REFUSALS,
  REQUIRES_CONFIRMATION,
  type ControlAction,
  type RefusalReason,
} from "./control-actions";

export interface ControlFacts {
  /** whether the tracker's protocol can carry commands (GT06 cannot, yet); true when there is no tracker */
  protocolHasCommands: boolean;
  adapter: AdapterKind | null;
  /** the adapter's reported program number; null when none or 0 was reported */
  programNumber: number | null;
  vehicle: { brand: string | null; model: string | null; variant: string | null };
  profile: VehicleProfileRow | null;
  online: boolean;
  /** the newest stored record: fix time (epoch ms), speed (km/h), ignition (AVL 239) */
  lastRecord: { fixTime: number; speed: number; ignition: boolean | null } | null;
  now: number;
  staleAfterMs: number;
  /** the ignition-interlocked actions need a record younger than this (CONTROL_INTERLOCK_FRESH_S) */
  interlockFreshMs: number;
}

/** line_status: one word for the state of the link to the vehicle (docs/vehicle-control.md) */
export type LineStatus = "ok" | "no_commands" | "no_adapter" | "not_programmed" | "offline" | "stale";

export interface ControlCapabilities {
  adapter: AdapterKind | null;
  program_number: number | null;
  line_status: LineStatus;
  profile: {
    variant: string;
    brand: string;
    model: string;
    comfort_closure: boolean;
    capabilities: Record<string, boolean>;
  } | null;
  actions: Record<ControlAction, boolean>;
  reasons: Partial<Record<ControlAction, RefusalReason>>;
  requires_confirmation: ControlAction[];
}

const READ_ONLY: readonly AdapterKind[] = ["lv-can200", "all-can300"];

function profileSupports(profile: VehicleProfileRow, action: ControlAction): boolean {
  switch (action) {
    case "LOCK":
      return profile.lock;
    case "UNLOCK":
      return profile.unlock;
    case "TRUNK":
      return profile.trunk;
    case "IMMOBILISE":
      return profile.immobilise;
  }
}

/** the policy refusal of `action` (how the vehicle is fitted and configured), or null */
export function policyRefusal(facts: ControlFacts, action: ControlAction): RefusalReason | null {
  if (!facts.protocolHasCommands) return "protocol_has_no_commands"; // whatever is fitted, nothing can reach it
  if (!facts.adapter) return "no_adapter_detected";
  if (READ_ONLY.includes(facts.adapter)) return "adapter_is_read_only";
  if (!facts.programNumber) return "program_number_not_set";
  if (!facts.profile) return "vehicle_profile_unmatched";
  if (action === "IMMOBILISE" && facts.adapter !== "can-control-immo") return "requires_immo_adapter_variant";
  if (!profileSupports(facts.profile, action)) return "not_supported_by_vehicle";
  return null;
}

/** the device-state refusal of `action` (the vehicle now), or null */
export function deviceRefusal(facts: ControlFacts, action: ControlAction): RefusalReason | null {
  if (!facts.online) return "device_offline";
  const last = facts.lastRecord;
  if (!last || facts.now - last.fixTime > facts.staleAfterMs) return "stale_position";
  // the trunk and the engine block fail closed: state that is not recent, or an ignition not reported, refuses them
  const interlocked = IGNITION_INTERLOCKED.includes(action);
  if (interlocked && facts.now - last.fixTime > facts.interlockFreshMs) return "state_not_fresh";
  if (last.speed > 0) return "vehicle_moving";
  if (interlocked && last.ignition === null) return "ignition_unknown";
  if (interlocked && last.ignition) return "ignition_on";
  return null;
}

function lineStatus(facts: ControlFacts): LineStatus {
  if (!facts.protocolHasCommands) return "no_commands";
  if (!facts.adapter) return "no_adapter";
  if (!facts.programNumber) return "not_programmed";
  if (!facts.online) return "offline";
  if (!facts.lastRecord || facts.now - facts.lastRecord.fixTime > facts.staleAfterMs) return "stale";
  return "ok";
}

export function controlCapabilities(facts: ControlFacts): ControlCapabilities {
  const actions = {} as Record<ControlAction, boolean>;
  const reasons: Partial<Record<ControlAction, RefusalReason>> = {};
  for (const action of CONTROL_ACTIONS) {
    const reason = policyRefusal(facts, action) ?? deviceRefusal(facts, action);
    actions[action] = reason === null;
    if (reason) reasons[action] = reason;
  }
  const profile = facts.profile;
  return {
    adapter: facts.adapter,
    program_number: facts.programNumber,
    line_status: lineStatus(facts),
    profile: profile
      ? {
          variant: profile.variant,
          brand: profile.brand,
          model: profile.model,
          comfort_closure: profile.comfortClosure,
          capabilities: {
            LOCK: profile.lock,
            UNLOCK: profile.unlock,
            TRUNK: profile.trunk,
            IMMOBILISE: profile.immobilise,
            TURN_SIGNALS: profile.turnSignals,
            HORN: profile.horn,
          },
        }
      : null,
    actions,
    reasons,
    requires_confirmation: [...REQUIRES_CONFIRMATION],
  };
}

export function refusalMessage(reason: RefusalReason): string {
  return REFUSALS[reason].message;
}
