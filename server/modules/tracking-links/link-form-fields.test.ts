// A link's passenger form as the link's create and update take it (dashboard, CLI), on every database kind: stored,
// changed, cleared with null, left alone when absent, and each rule of its fields with the field it names.
import { describe, expect, it } from "vitest";
import { makeAccount, makeAsset } from "../../testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { createTrackingLink } from "./create-tracking-link";
import { getTrackingLink } from "./get-tracking-link";
import { updateTrackingLink } from "./update-tracking-link";

describe.each(databaseKinds())("link forms in link create and update on %s", (kind) => {
  useTestDatabase(kind);

  async function link(form?: unknown) {
    const account = await makeAccount();
    const asset = await makeAsset(account.id, "Bus 1");
    return { accountId: account.id, assetId: asset.id, form };
  }

  it("stores a title and its choices (trimmed), changes them, keeps them when absent and clears them with null", async () => {
    const input = await link({ title: " Today ", choices: [" Not riding today ", "Running late"] });
    const created = await createTrackingLink(input as Parameters<typeof createTrackingLink>[0]);
    expect(created.form).toEqual({ title: "Today", choices: ["Not riding today", "Running late"] });
    const ref = { accountId: input.accountId, linkId: created.id };

    expect((await updateTrackingLink({ ...ref, displayName: "Renamed" })).form).toEqual(created.form);
    const changed = await updateTrackingLink({ ...ref, form: { title: "Morning", choices: ["Absent"] } });
    expect(changed.form).toEqual({ title: "Morning", choices: ["Absent"] });
    expect((await updateTrackingLink({ ...ref, form: null })).form).toBeNull();
    expect((await getTrackingLink(ref)).form).toBeNull();

    const plain = await link();
    expect((await createTrackingLink({ accountId: plain.accountId, assetId: plain.assetId })).form).toBeNull();
  });

  it("refuses more than 10 choices, a choice over 80 characters, one given twice, none, or an empty title", async () => {
    const input = await link();
    const cases: Array<[unknown, string, string]> = [
      [{ title: "T", choices: Array.from({ length: 11 }, (_, i) => `Choice ${i}`) }, "form.choices", "at most 10 choices"],
      [{ title: "T", choices: ["x".repeat(81)] }, "form.choices.0", "must be at most 80 characters"],
      [{ title: "T", choices: ["Late", "late"] }, "form.choices", "each choice only once"],
      [{ title: "T", choices: [] }, "form.choices", "give at least one choice"],
      [{ title: "T", choices: ["Fine", " "] }, "form.choices.1", "must not be empty"],
      [{ title: " ", choices: ["Late"] }, "form.title", "must not be empty"],
      [{ choices: ["Late"] }, "form.title", "must not be empty"],
    ];
    for (const [form, field, message] of cases) {
      await expect(createTrackingLink({ ...input, form } as Parameters<typeof createTrackingLink>[0]), JSON.stringify(form)).rejects.toMatchObject({
        code: "VALIDATION_FAILED",
        errors: [{ field, message }],
      });
    }
    const ten = Array.from({ length: 10 }, (_, i) => `${"c".repeat(78)}${i}`);
    expect((await createTrackingLink({ ...input, form: { title: "T", choices: ten } } as Parameters<typeof createTrackingLink>[0])).form!.choices).toHaveLength(10);
  });
});
