// GET /targets describes exactly the fields the row schemas accept: a field added to one without the other fails.
import { describe, expect, it } from "vitest";
import { IMPORT_TARGET_DESCRIPTIONS } from "./import-targets";
import { IMPORT_TARGETS, ROW_SCHEMAS, ZStopRow } from "./imports.schema";

describe("import targets", () => {
  it("lists every target with exactly its schema's fields", () => {
    expect(IMPORT_TARGET_DESCRIPTIONS.map((d) => d.target)).toEqual([...IMPORT_TARGETS]);
    for (const description of IMPORT_TARGET_DESCRIPTIONS) {
      expect(description.fields.map((f) => f.name).sort()).toEqual(Object.keys(ROW_SCHEMAS[description.target].shape).sort());
    }
    const routes = IMPORT_TARGET_DESCRIPTIONS.find((d) => d.target === "routes")!;
    expect(routes.stop_fields!.map((f) => f.name).sort()).toEqual(Object.keys(ZStopRow.shape).sort());
  });
});
