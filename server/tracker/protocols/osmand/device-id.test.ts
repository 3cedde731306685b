// The OsmAnd decoder's device-id syntax and the asset schema's device-id rule are two copies of one rule (the protocol
// folder may not import the domain): this test keeps them the same, so an id saved on an asset is always accepted on
// the wire and the error messages say the same thing.
import { describe, expect, it } from "vitest";
import * as asset from "../../../modules/assets/device-id";
import * as wire from "./device-id";

describe("device id: wire syntax and asset rule agree", () => {
  it("has the same pattern and wording", () => {
    expect(wire.DEVICE_ID.source).toBe(asset.DEVICE_ID.source);
    expect(wire.DEVICE_ID.flags).toBe(asset.DEVICE_ID.flags);
    expect(wire.DEVICE_ID_RULE).toBe(asset.DEVICE_ID_RULE);
  });

  it.each(["123456", "phone-1.fleet_a:2", "x".repeat(64), "", "x".repeat(65), "a b", "ä", "a/b", "A:Z", "id\n"])(
    "%j is judged the same by both",
    (id) => expect(wire.isValidDeviceId(id)).toBe(asset.isValidDeviceId(id)),
  );
});
