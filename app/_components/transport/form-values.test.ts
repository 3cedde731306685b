import { describe, expect, it } from "vitest";
import { changedFields, formChoice, formText } from "./form-values";

describe("transport form values", () => {
  it("reads text trimmed and choices as ids or null", () => {
    const form = new FormData();
    form.set("name", "  Oak Street ");
    form.set("assetId", "12");
    form.set("driverId", "");
    expect(formText(form, "name")).toBe("Oak Street");
    expect(formText(form, "missing")).toBe("");
    expect(formChoice(form, "assetId")).toBe(12);
    expect(formChoice(form, "driverId")).toBeNull();
  });

  it("keeps only the fields that changed", () => {
    expect(changedFields({ name: "Oak", time: "07:25", assetId: null, kind: "both" }, { name: "Oak", time: "7.25", assetId: 3, kind: "both" })).toEqual({
      time: "07:25",
      assetId: null,
    });
  });
});
