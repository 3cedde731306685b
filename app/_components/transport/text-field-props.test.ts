import { describe, expect, it } from "vitest";
import { textFieldProps } from "./text-field-props";

describe("text field props", () => {
  it("give a field its name, the record's value and the server's error by one name", () => {
    const field = textFieldProps({ name: "Oak", startTime: "07:15", assetId: 3 }, { startTime: "Not a time." });
    expect(field("name")).toEqual({ name: "name", defaultValue: "Oak", error: undefined });
    expect(field("startTime")).toEqual({ name: "startTime", defaultValue: "07:15", error: "Not a time." });
  });

  it("leave a new record's fields empty", () => {
    const field = textFieldProps<{ name: string }>(null, undefined);
    expect(field("name")).toEqual({ name: "name", defaultValue: undefined, error: undefined });
  });
});
