import { describe, expect, it } from "vitest";
import type { FlagSpec } from "./command";
import { parseFlags } from "./flags";

const specs: FlagSpec[] = [
  { name: "name", required: true, description: "" },
  { name: "plan", choices: ["standard", "detailed"], description: "" },
  { name: "addons", list: true, choices: ["mobility", "driver"], description: "" },
  { name: "force", boolean: true, description: "" },
];
const parse = (...args: string[]) => parseFlags(args, specs, "account create");
const usageError = (message: RegExp) => expect.objectContaining({ exitCode: 2, message: expect.stringMatching(message) });

describe("CLI flag parser", () => {
  it("reads --flag value and --flag=value, lists and choices", () => {
    expect(parse("--name", "Acme Ltd", "--plan=detailed", "--addons", "driver, mobility,driver")).toEqual({
      name: "Acme Ltd",
      plan: "detailed",
      addons: ["driver", "mobility"],
    });
    expect(parse("--name=--odd value")).toEqual({ name: "--odd value" });
  });

  it("reads switches without a value, and refuses one given a value", () => {
    expect(parse("--force", "--name", "x")).toEqual({ force: "true", name: "x" });
    expect(parse("--name", "x")).toEqual({ name: "x" });
    expect(() => parse("--name", "x", "--force=yes")).toThrow(usageError(/--force takes no value/));
  });

  it("refuses unknown, repeated, valueless and missing flags, bad choices and stray arguments", () => {
    expect(() => parse("--name", "x", "--colour", "red")).toThrow(usageError(/unknown flag --colour .*--name, --plan, --addons/));
    expect(() => parse("--name", "x", "--name", "y")).toThrow(usageError(/given twice/));
    expect(() => parse("--name")).toThrow(usageError(/--name needs a value/));
    expect(() => parse("--name", "--plan", "standard")).toThrow(usageError(/--name needs a value/));
    expect(() => parse("--plan", "standard")).toThrow(usageError(/missing required flag --name/));
    expect(() => parse("--name", "x", "--plan", "gold")).toThrow(usageError(/bad value for --plan: "gold" \(one of: standard, detailed\)/));
    expect(() => parse("--name", "x", "--addons", "mobility,boats")).toThrow(usageError(/bad value for --addons: "boats"/));
    expect(() => parse("--name", "x", "extra")).toThrow(usageError(/unexpected argument "extra"/));
  });
});
