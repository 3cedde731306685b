// DTC_DETECTED: fires when a record reports a trouble code the previous one did not (codes that stay active do not
// fire again; a code that clears and comes back does). Adapters that send only a count fire when the count rises.
// The first codes seen after a start are marked `baseline`: the recorder drops those its last alert already named.
import { readDtc } from "../dtc-codes";
import type { RuleEvaluator } from "./rule-evaluator";

interface State {
  codes: Set<string> | null;
  count: number | null;
}

export const dtcDetected: RuleEvaluator<"DTC_DETECTED", State> = {
  initial: () => ({ codes: null, count: null }),
  step(_rule, state, p) {
    const reading = readDtc(p.ioData);
    if (reading.codes !== null) {
      const baseline = state.codes === null;
      const known = state.codes ?? new Set<string>();
      const newCodes = reading.codes.filter((code) => !known.has(code));
      state.codes = new Set(reading.codes);
      state.count = reading.count;
      if (newCodes.length === 0) return null;
      return {
        type: "DTC_DETECTED",
        details: { codes: reading.codes, newCodes, count: reading.count },
        firedAt: p.dateUpdated,
        message: `Fault codes detected: ${newCodes.join(", ")}`,
        baseline,
      };
    }
    if (reading.count === null) return null; // this record says nothing about faults
    const previous = state.count;
    state.count = reading.count;
    if (reading.count === 0 || (previous !== null && reading.count <= previous)) return null;
    return {
      type: "DTC_DETECTED",
      details: { codes: [], newCodes: [], count: reading.count },
      firedAt: p.dateUpdated,
      message: `${reading.count} fault code${reading.count === 1 ? "" : "s"} reported by the vehicle`,
      baseline: previous === null,
    };
  },
};
