import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { newAccountKey, RESERVED_ACCOUNT_KEYS, slugify } from "./account-key";
import { createAccount } from "./create-account";
import { getAccountByKey } from "./get-account-by-key";
import { updateAccountSettings } from "./update-account-settings";

describe("account keys", () => {
  it("slugs names to lowercase URL-safe text", () => {
    expect(slugify("Müller & Söhne GmbH")).toBe("muller-sohne-gmbh");
    expect(slugify("  ACME  Logistics!! ")).toBe("acme-logistics");
    expect(slugify("日本")).toBe("");
    expect(slugify("x".repeat(100))).toHaveLength(40);
  });

  it("appends five random characters and never yields a reserved word", () => {
    for (let i = 0; i < 50; i++) {
      const key = newAccountKey("Acme");
      expect(key).toMatch(/^acme-[a-z0-9]{5}$/);
      expect(RESERVED_ACCOUNT_KEYS.has(key)).toBe(false);
    }
    expect(newAccountKey("!!!")).toMatch(/^account-[a-z0-9]{5}$/);
    for (const word of ["auth", "v1", "public", "trpc", "openapi.json", "docs"]) {
      expect(RESERVED_ACCOUNT_KEYS.has(word)).toBe(true);
    }
  });
});

describe.each(databaseKinds())("accounts on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("creates an account with defaults and finds it by key", async () => {
    const { id, key } = await createAccount({ name: "Acme Logistics" });
    expect(key).toMatch(/^acme-logistics-[a-z0-9]{5}$/);
    const account = await getAccountByKey({ key });
    expect(account).toEqual({
      id,
      key,
      name: "Acme Logistics",
      plan: "standard",
      addonMobility: false,
      addonDriver: false,
      brandingLogoUrl: null,
      brandingPrimaryColor: null,
      brandingCompanyName: null,
      contactName: null,
      contactEmail: null,
      contactPhone: null,
      timeZone: "UTC",
      historyRetentionDays: null,
      photoKeepLocation: false,
    });
  });

  it("keeps a time zone the platform knows, and refuses one it does not", async () => {
    const { id } = await createAccount({ name: "Zoned" });
    expect(await updateAccountSettings({ accountId: id, timeZone: "Europe/Vilnius" })).toMatchObject({ timeZone: "Europe/Vilnius" });
    await expect(updateAccountSettings({ accountId: id, timeZone: "Mars/Olympus" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "timeZone", message: "must be a time zone such as Europe/Vilnius" }],
    });
  });

  it("stores plan and add-ons", async () => {
    const { key } = await createAccount({ name: "Big", plan: "detailed", addons: { mobility: true, driver: true } });
    expect(await getAccountByKey({ key })).toMatchObject({ plan: "detailed", addonMobility: true, addonDriver: true });
  });

  it("gives two accounts of the same name different keys", async () => {
    const a = await createAccount({ name: "Twin" });
    const b = await createAccount({ name: "Twin" });
    expect(a.key).not.toBe(b.key);
  });

  it("refuses an empty name or an unknown plan", async () => {
    await expect(createAccount({ name: "  " })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await expect(createAccount({ name: "x", plan: "gold" as never })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "plan" }],
    });
  });

  it("answers ACCOUNT_NOT_FOUND for unknown or malformed keys", async () => {
    await expect(getAccountByKey({ key: "nope-12345" })).rejects.toMatchObject({ code: "ACCOUNT_NOT_FOUND" });
    await expect(getAccountByKey({ key: "../etc" })).rejects.toMatchObject({ code: "ACCOUNT_NOT_FOUND" });
  });

  it("updates settings, normalises the colour and clears with empty values", async () => {
    const { id, key } = await createAccount({ name: "Brand" });
    const updated = await updateAccountSettings({
      accountId: id,
      name: "Brand Co",
      brandingLogoUrl: "https://cdn.example.com/logo.png",
      brandingPrimaryColor: "#AABBCC",
      brandingCompanyName: "Brand Company",
      contactName: "Ann",
      contactEmail: "ann@example.com",
      contactPhone: "+44 20 7946 0000",
    });
    expect(updated).toMatchObject({
      key,
      name: "Brand Co",
      brandingPrimaryColor: "#aabbcc",
      brandingLogoUrl: "https://cdn.example.com/logo.png",
      contactEmail: "ann@example.com",
    });
    const cleared = await updateAccountSettings({ accountId: id, brandingLogoUrl: "", contactPhone: null });
    expect(cleared).toMatchObject({ brandingLogoUrl: null, contactPhone: null, contactName: "Ann", name: "Brand Co" });
    const row = await t.db.account.findUniqueOrThrow({ where: { id } });
    expect(row.brandingCompanyName).toBe("Brand Company");
  });

  it("refuses a bad colour, a non-http logo and a bad e-mail, naming each field", async () => {
    const { id } = await createAccount({ name: "Strict" });
    const attempt = updateAccountSettings({
      accountId: id,
      brandingPrimaryColor: "blue",
      brandingLogoUrl: "javascript:alert(1)",
      contactEmail: "nope",
    });
    await expect(attempt).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    const error = await attempt.catch((e) => e);
    expect(error.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "brandingLogoUrl",
      "brandingPrimaryColor",
      "contactEmail",
    ]);
  });

  it("answers ACCOUNT_NOT_FOUND when updating a missing account", async () => {
    await expect(updateAccountSettings({ accountId: 999999, name: "x" })).rejects.toMatchObject({
      code: "ACCOUNT_NOT_FOUND",
    });
  });
});
