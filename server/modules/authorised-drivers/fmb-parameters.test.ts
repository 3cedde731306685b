// The Codec 12 texts of the iButton list and immobiliser parameters, and the slot plan. Answers are in the form the
// Teltonika wiki's setparam/getparam pages show.
import { describe, expect, it } from "vitest";
import { encodeCommandResponse } from "../../tracker/protocols/teltonika/avl-encoder";
import { decodeTcpPacket } from "../../tracker/protocols/teltonika/decoder";
import { encodeCommand } from "../../tracker/protocols/teltonika/encoder";
import {
  getparamCommand,
  immobiliserFromValues,
  isKeyId,
  parseGetparamAnswer,
  parseSetparamAnswer,
  setparamCommand,
  slotValueToKey,
} from "./fmb-parameters";
import { pendingChanges, planSlots } from "./slot-plan";

const A = "01A2B3C4D5E6F708";
const B = "01000000ABCDEF12";
const C = "0100000012345678";

describe("FMB parameter texts", () => {
  it("writes setparam and getparam as the device takes them", () => {
    expect(setparamCommand([[30000, A], [30001, "0"]])).toBe(`setparam 30000:${A};30001:0`);
    expect(getparamCommand([11700, 11703])).toBe("getparam 11700;11703");
  });

  it("reads the device's answers, one value or several", () => {
    expect(parseSetparamAnswer("New value 2001:wap;2002:user;2003:pass")).toEqual({
      ok: true,
      values: new Map([[2001, "wap"], [2002, "user"], [2003, "pass"]]),
    });
    expect(parseGetparamAnswer("Param ID:13000 Value:fm.teltonika.lt;1000:300")).toEqual({
      ok: true,
      values: new Map([[13000, "fm.teltonika.lt"], [1000, "300"]]),
    });
    expect(parseGetparamAnswer(`Param ID:30000 Value:${A}`)).toEqual({ ok: true, values: new Map([[30000, A]]) });
  });

  it("travels as Codec 12 frames both ways (the test device's answers decode as the server reads them)", () => {
    const command = encodeCommand(getparamCommand([30000, 30001]));
    expect(command.toString("latin1", 15, command.length - 5)).toBe("getparam 30000;30001");
    expect(decodeTcpPacket(encodeCommandResponse(`Param ID:30000 Value:${A};30001:0`))).toEqual({
      kind: "command-response",
      codec: 0x0c,
      responses: [`Param ID:30000 Value:${A};30001:0`],
    });
  });

  it("takes anything else as a refusal, with the device's words", () => {
    expect(parseSetparamAnswer("WARNING: Not supported Param ID or Value detected")).toEqual({
      ok: false,
      reason: "WARNING: Not supported Param ID or Value detected",
    });
    expect(parseGetparamAnswer("Param ID:99999 doesn't exist")).toEqual({ ok: false, reason: "Param ID:99999 doesn't exist" });
  });

  it("knows empty slots and valid key ids", () => {
    expect(slotValueToKey("0")).toBeNull();
    expect(slotValueToKey("0000000000000000")).toBeNull();
    expect(slotValueToKey("1a2b3c4d5e6f7081")).toBe("1A2B3C4D5E6F7081");
    expect(isKeyId(A)).toBe(true);
    expect(isKeyId("0000000000000000")).toBe(false);
    expect(isKeyId("01A2B3C4D5E6F7")).toBe(false);
    expect(isKeyId("01A2B3C4D5E6F70G")).toBe(false);
  });

  it("reads the immobiliser setting from both parameters", () => {
    expect(immobiliserFromValues(new Map([[11700, "1"], [11703, "1"]]))).toBe(true);
    expect(immobiliserFromValues(new Map([[11700, "1"], [11703, "0"]]))).toBe(false);
    expect(immobiliserFromValues(new Map([[11700, "0"], [11703, "1"]]))).toBe(false);
    expect(immobiliserFromValues(new Map([[11700, "1"]]))).toBeNull();
  });
});

describe("slot plan", () => {
  it("keeps held keys in their slots, clears the rest first and fills the lowest free slots", () => {
    expect(planSlots([B, C], { "0": A, "1": B })).toEqual({ clear: [0], write: [[0, C]] });
    expect(planSlots([A, B, C], {})).toEqual({ clear: [], write: [[0, A], [1, B], [2, C]] });
    expect(planSlots([], { "3": A })).toEqual({ clear: [3], write: [] });
  });

  it("clears a second copy of a key", () => {
    expect(planSlots([A], { "0": A, "7": A })).toEqual({ clear: [7], write: [] });
  });

  it("reports what is pending in the caller's terms", () => {
    expect(pendingChanges({ wanted: [B, C], immobiliser: true, device: { "0": A, "1": B }, deviceImmobiliser: false })).toEqual({
      add: [C],
      remove: [A],
      immobiliser: true,
    });
    expect(pendingChanges({ wanted: [A], immobiliser: false, device: null, deviceImmobiliser: null })).toEqual({
      add: [A],
      remove: [],
      immobiliser: false,
    });
  });
});
