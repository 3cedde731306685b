// CAN adapters a tracker can be fitted with (spec-readings.md "Vehicle control"). The kind decides what the
// vehicle-control work may offer: read-only adapters never get control actions.
export const ADAPTER_KINDS = ["lv-can200", "all-can300", "can-control", "can-control-immo"] as const;
export type AdapterKind = (typeof ADAPTER_KINDS)[number];

export const ADAPTER_DESCRIPTIONS: Record<AdapterKind, string> = {
  "lv-can200": "LV-CAN200: read-only, light vehicles and EVs",
  "all-can300": "ALL-CAN300: read-only, all vehicles",
  "can-control": "CAN-CONTROL: lock, unlock, trunk (no engine block)",
  "can-control-immo": "CAN-CONTROL with immobiliser: also engine block",
};

export function isAdapterKind(value: unknown): value is AdapterKind {
  return typeof value === "string" && (ADAPTER_KINDS as readonly string[]).includes(value);
}
