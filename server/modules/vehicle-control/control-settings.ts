// Timings of vehicle control (docs/vehicle-control.md). The stale threshold comes from CONTROL_STALE_AFTER_S, the
// interlock window from CONTROL_INTERLOCK_FRESH_S; the others are fixed in production and shortened by tests through setControlSettings.
import { env } from "../../env";

export interface ControlSettings {
  /** a vehicle whose newest record is older than this is stale_position */
  staleAfterMs: number;
  /** TRUNK and IMMOBILISE need a record younger than this, else state_not_fresh */
  interlockFreshMs: number;
  /** how long the device has to answer a command before it is expired */
  answerTimeoutMs: number;
  /** the same action on the same vehicle within this is refused with cooldown */
  cooldownMs: number;
}

const store = globalThis as unknown as { __fleetlineControlSettings?: Partial<ControlSettings> };

export function controlSettings(): ControlSettings {
  return {
    staleAfterMs: env().CONTROL_STALE_AFTER_S * 1000,
    interlockFreshMs: env().CONTROL_INTERLOCK_FRESH_S * 1000,
    answerTimeoutMs: 30_000,
    cooldownMs: 30_000,
    ...store.__fleetlineControlSettings,
  };
}

export function setControlSettings(settings: Partial<ControlSettings> | undefined): void {
  store.__fleetlineControlSettings = settings;
}
