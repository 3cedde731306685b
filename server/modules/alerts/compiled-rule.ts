// A stored rule prepared for the hot path: params parsed once, the asset list as a set, the geofence's geometry
// compiled. `version` changes with every edit, so evaluators start the rule's per-asset state afresh.
import type { CompiledActiveHours } from "./active-hours";
import { compileGeometry, type CompiledGeometry } from "../geofences/geofence-geometry";
import { rowGeometry, type GeofenceRow } from "../geofences/geofences.schema";
import {
  type AlertRuleRow,
  type ConnectivityParams,
  type DeviceAlarmParams,
  type GeofenceRuleParams,
  type IdlingParams,
  type IgnitionParams,
  type LowVoltageParams,
  type OverspeedParams,
  ZConnectivityParams,
  ZDeviceAlarmParams,
  ZDtcParams,
  ZGeofenceRuleParams,
  ZIdlingParams,
  ZIgnitionParams,
  ZLowVoltageParams,
  ZOverspeedParams,
} from "./alerts.schema";

interface CompiledBase {
  id: number;
  name: string;
  accountId: number;
  /** updatedAt in epoch ms */
  version: number;
  createdAt: number;
  /** null: every asset of the account; else the listed assets and those of the rule's groups and tags (rule-targets.ts) */
  assetIds: ReadonlySet<number> | null;
  cooldownMs: number;
  /** null: alerts at any time */
  activeHours: CompiledActiveHours | null;
}

export type CompiledRule =
  | (CompiledBase & { type: "OVERSPEED"; params: OverspeedParams })
  | (CompiledBase & {
      type: "GEOFENCE";
      params: GeofenceRuleParams;
      geofence: { id: number; name: string; geometry: CompiledGeometry };
    })
  | (CompiledBase & { type: "IGNITION"; params: IgnitionParams })
  | (CompiledBase & { type: "IDLING"; params: IdlingParams })
  | (CompiledBase & { type: "LOW_VOLTAGE"; params: LowVoltageParams })
  | (CompiledBase & { type: "DTC_DETECTED"; params: Record<string, never> })
  | (CompiledBase & { type: "DEVICE_ALARM"; params: DeviceAlarmParams; alarms: ReadonlySet<string> })
  | (CompiledBase & { type: "CONNECTIVITY"; params: ConnectivityParams });

export type CompiledRuleOf<T extends CompiledRule["type"]> = Extract<CompiledRule, { type: T }>;

export function appliesTo(rule: CompiledRule, assetId: number): boolean {
  return rule.assetIds === null || rule.assetIds.has(assetId);
}

export type RuleRowWithGeofence = AlertRuleRow & { accountId: number; geofence: GeofenceRow | null };

/** the compiled rule (`targeted`: the assets its groups and tags hold now; `timeZone`: the account's, for its active
 *  hours), or null when its stored settings no longer make sense (the caller logs it) */
export function compileRule(row: RuleRowWithGeofence, targeted: readonly number[] = [], timeZone = "UTC"): CompiledRule | null {
  const everyAsset = row.assetIds.length === 0 && row.groupIds.length === 0 && row.tagIds.length === 0;
  const base: CompiledBase = {
    id: row.id,
    name: row.name,
    accountId: row.accountId,
    version: row.updatedAt.getTime(),
    createdAt: row.createdAt.getTime(),
    assetIds: everyAsset ? null : new Set([...row.assetIds, ...targeted]),
    cooldownMs: row.cooldownS * 1000,
    activeHours: row.activeFrom === null || row.activeTo === null ? null : { from: row.activeFrom, to: row.activeTo, timeZone },
  };
  switch (row.type) {
    case "OVERSPEED": {
      const params = ZOverspeedParams.safeParse(row.params);
      return params.success ? { ...base, type: row.type, params: params.data } : null;
    }
    case "GEOFENCE": {
      const params = ZGeofenceRuleParams.safeParse(row.params);
      if (!params.success || !row.geofence) return null;
      const geofence = { id: row.geofence.id, name: row.geofence.name, geometry: compileGeometry(rowGeometry(row.geofence)) };
      return { ...base, type: row.type, params: params.data, geofence };
    }
    case "IGNITION": {
      const params = ZIgnitionParams.safeParse(row.params);
      return params.success ? { ...base, type: row.type, params: params.data } : null;
    }
    case "IDLING": {
      const params = ZIdlingParams.safeParse(row.params);
      return params.success ? { ...base, type: row.type, params: params.data } : null;
    }
    case "LOW_VOLTAGE": {
      const params = ZLowVoltageParams.safeParse(row.params);
      return params.success ? { ...base, type: row.type, params: params.data } : null;
    }
    case "DTC_DETECTED": {
      const params = ZDtcParams.safeParse(row.params);
      return params.success ? { ...base, type: row.type, params: {} } : null;
    }
    case "DEVICE_ALARM": {
      const params = ZDeviceAlarmParams.safeParse(row.params);
      return params.success ? { ...base, type: row.type, params: params.data, alarms: new Set(params.data.alarms) } : null;
    }
    case "CONNECTIVITY": {
      const params = ZConnectivityParams.safeParse(row.params);
      return params.success ? { ...base, type: row.type, params: params.data } : null;
    }
  }
}
