// Account settings through the dashboard API: branding and contact details saved and cleared, validation errors
// per field, admins only; the switcher lists every account of a user in several.
import { beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../../modules/accounts/create-account";
import { createUser } from "../../modules/users/create-user";
import { listUserAccounts } from "../../modules/users/list-user-accounts";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { callerFor, createFixtureAccount, type FixtureAccount } from "../../testing/trpc-fixtures";

describe.each(databaseKinds())("accounts router on %s", (kind) => {
  const t = useTestDatabase(kind);
  let a: FixtureAccount;
  beforeAll(async () => {
    a = await createFixtureAccount("Settings A");
  });

  it("saves the name, branding and contact details, and clears them again", async () => {
    const admin = callerFor(a.users.admin);
    const saved = await admin.accounts.updateSettings({
      accountKey: a.key,
      name: "Settings A Ltd",
      brandingLogoUrl: "https://cdn.example.test/logo.png",
      brandingPrimaryColor: "#1E40AF",
      brandingCompanyName: "A Logistics",
      contactName: "Dispatch",
      contactEmail: "dispatch@example.test",
      contactPhone: "+44 20 7946 0000",
    });
    expect(saved).toMatchObject({ key: a.key, name: "Settings A Ltd", brandingPrimaryColor: "#1e40af", contactName: "Dispatch" });
    expect(await t.db.account.findUniqueOrThrow({ where: { key: a.key } })).toMatchObject({ brandingCompanyName: "A Logistics" });

    const cleared = await admin.accounts.updateSettings({ accountKey: a.key, brandingLogoUrl: "", contactPhone: null });
    expect(cleared).toMatchObject({ brandingLogoUrl: null, contactPhone: null, name: "Settings A Ltd" });
  });

  it("reports each invalid field", async () => {
    await expect(
      callerFor(a.users.admin).accounts.updateSettings({
        accountKey: a.key,
        name: "",
        brandingLogoUrl: "javascript:alert(1)",
        brandingPrimaryColor: "blue",
      }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      cause: {
        errors: expect.arrayContaining([
          expect.objectContaining({ field: "name" }),
          expect.objectContaining({ field: "brandingLogoUrl" }),
          expect.objectContaining({ field: "brandingPrimaryColor" }),
        ]),
      },
    });
  });

  it("lets only admins change settings", async () => {
    for (const role of ["fleet_manager", "office_staff", "viewer"] as const) {
      await expect(callerFor(a.users[role]).accounts.updateSettings({ accountKey: a.key, name: "Mine" })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
    }
  });

  it("lists every account of a user who belongs to several", async () => {
    const second = await createAccount({ name: "Second fleet" });
    const { id } = await createUser({ accountId: second.id, email: "both@example.test", name: "Both", password: "password123" });
    await createUser({ accountId: a.id, email: "both@example.test", name: "Both", role: "viewer" }, { existingUser: "add" });
    const accounts = await listUserAccounts({ userId: id });
    expect(accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: second.key, role: "admin" }),
        expect.objectContaining({ key: a.key, role: "viewer" }),
      ]),
    );
    expect(accounts).toHaveLength(2);
  });
});
