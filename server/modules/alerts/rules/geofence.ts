// GEOFENCE: fires when a fix lands on the other side of the geofence's edge than the previous one (enter, exit or
// both, by `trigger`). The first fix an evaluator sees for an asset only sets where it is: after a restart nothing
// fires for vehicles that simply are inside.
import { isNullIsland } from "../../positions/geo";
import type { RuleEvaluator } from "./rule-evaluator";

interface State {
  inside: boolean | null;
}

export const geofence: RuleEvaluator<"GEOFENCE", State> = {
  initial: () => ({ inside: null }),
  step(rule, state, p) {
    if (isNullIsland(p.latitude, p.longitude)) return null;
    const inside = rule.geofence.geometry.contains(p.latitude, p.longitude);
    const was = state.inside;
    state.inside = inside;
    if (was === null || was === inside) return null;
    const { trigger } = rule.params;
    const details = { geofenceId: rule.geofence.id, geofenceName: rule.geofence.name };
    if (inside && trigger !== "exit") {
      return { type: "GEOFENCE_ENTER", details, firedAt: p.dateUpdated, message: `Entered ${rule.geofence.name}` };
    }
    if (!inside && trigger !== "enter") {
      return { type: "GEOFENCE_EXIT", details, firedAt: p.dateUpdated, message: `Left ${rule.geofence.name}` };
    }
    return null;
  },
};
