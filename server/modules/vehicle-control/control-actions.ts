// The vehicle-control vocabulary in one place: the actions, the Codec 12 text each sends to a CAN-CONTROL adapter,
// which need confirm true, and every refusal reason with the answer it gets (docs/vehicle-control.md).
//
// The command texts: Teltonika's public FMB command list names the CAN-CONTROL door command `lvcanopenalldoors`;
// it does not print the others' exact texts in a form we could check, so the rest follow the same pattern and are
// documented as our choice in docs/vehicle-control.md "Command texts".

export const CONTROL_ACTIONS = ["LOCK", "UNLOCK", "TRUNK", "IMMOBILISE"] as const;
export type ControlAction = (typeof CONTROL_ACTIONS)[number];

export function isControlAction(value: unknown): value is ControlAction {
  return typeof value === "string" && (CONTROL_ACTIONS as readonly string[]).includes(value);
}

export const ACTION_COMMANDS: Record<ControlAction, string> = {
  LOCK: "lvcanclosealldoors",
  UNLOCK: "lvcanopenalldoors",
  TRUNK: "lvcanopentrunk",
  IMMOBILISE: "lvcanblockengine",
};

/** destructive actions: sent only with confirm true (spec rule 2) */
export const REQUIRES_CONFIRMATION: readonly ControlAction[] = ["IMMOBILISE"];

/**
 * Actions a turning engine or a moving vehicle makes unsafe: opening the trunk or blocking the engine. They fail
 * closed: they need the ignition reported off (unknown is a refusal) by a record newer than the interlock window
 * (CONTROL_INTERLOCK_FRESH_S), not merely one within the stale threshold. Locking and unlocking do not: a driver may
 * lock themselves in, and a lock sent to a vehicle that started moving since its last report is harmless.
 */
export const IGNITION_INTERLOCKED: readonly ControlAction[] = ["TRUNK", "IMMOBILISE"];

/** provisioning steps, recorded in the same command log as the actions */
export const PROVISIONING_ACTIONS = { SET: "PROGRAM_SET", GET: "PROGRAM_GET", INFO: "ADAPTER_INFO" } as const;

/**
 * Refusals. `policy` ones are about how the vehicle is fitted and configured (or the request itself): they will not
 * change by retrying, and answer 422. `device` ones are about the vehicle's state now: they answer 200 with the
 * reason, since the request was right and may succeed later.
 */
export const REFUSALS = {
  protocol_has_no_commands: { kind: "policy", message: "This vehicle's tracker speaks a protocol that cannot carry commands." },
  no_adapter_detected: { kind: "policy", message: "No CAN adapter is fitted to this vehicle's tracker." },
  adapter_is_read_only: { kind: "policy", message: "The fitted CAN adapter only reads vehicle data; it cannot control the vehicle." },
  program_number_not_set: { kind: "policy", message: "The CAN adapter has no program number for its vehicle yet, so it reads and controls nothing." },
  vehicle_profile_unmatched: { kind: "policy", message: "There is no vehicle profile for this brand, model and variant." },
  requires_immo_adapter_variant: { kind: "policy", message: "Engine control needs the CAN-CONTROL adapter with immobiliser." },
  not_supported_by_vehicle: { kind: "policy", message: "This vehicle model cannot do this action." },
  confirmation_required: { kind: "policy", message: "This action is destructive: send it again with confirm true." },
  device_offline: { kind: "device", message: "The tracker is not connected." },
  vehicle_moving: { kind: "device", message: "The vehicle is moving." },
  ignition_on: { kind: "device", message: "The ignition is on." },
  stale_position: { kind: "device", message: "The vehicle's last report is too old to act on." },
  // ours, beyond the spec's twelve reasons: the interlocks fail closed (docs/vehicle-control.md "Refusals")
  state_not_fresh: {
    kind: "device",
    message: "The vehicle's last report is too old for this action: the trunk and the engine block need a recent report of the vehicle standing still with the ignition off.",
  },
  ignition_unknown: {
    kind: "device",
    message: "The tracker does not report the ignition, so the trunk and the engine block cannot be checked as safe.",
  },
  cooldown: { kind: "device", message: "The same action was sent moments ago; check its state before sending it again." },
} as const;

export type RefusalReason = keyof typeof REFUSALS;

/** command states (docs/vehicle-control.md "Command states") */
export const COMMAND_STATES = ["delivered_awaiting_vehicle_confirmation", "confirmed", "failed", "expired"] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
export const AWAITING = "delivered_awaiting_vehicle_confirmation" satisfies CommandState;
