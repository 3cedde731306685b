// Members and roles through the dashboard API: admins add people with a role, change roles and remove members;
// the last admin cannot be demoted or removed (LAST_ADMIN -> CONFLICT), and nobody else can manage users.
import { beforeAll, describe, expect, it } from "vitest";
import { authenticateUser } from "../../modules/users/authenticate-user";
import { createAccount } from "../../modules/accounts/create-account";
import { createUser } from "../../modules/users/create-user";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { callerFor, createFixtureAccount, type FixtureAccount } from "../test-fixtures";

describe.each(databaseKinds())("users router on %s", (kind) => {
  useTestDatabase(kind);
  let a: FixtureAccount;
  beforeAll(async () => {
    a = await createFixtureAccount("Users A");
  });

  it("adds a user who can then sign in, and lists them with their role", async () => {
    const admin = callerFor(a.users.admin);
    const { id } = await admin.users.create({
      accountKey: a.key,
      email: "New.Driver@Example.test",
      name: "New Driver",
      password: "s3cret-passw0rd",
      role: "office_staff",
    });
    const members = await admin.users.list({ accountKey: a.key });
    expect(members).toContainEqual(expect.objectContaining({ id, name: "New Driver", role: "office_staff", canSignIn: true }));
    expect(await authenticateUser({ email: "new.driver@example.test", password: "s3cret-passw0rd" })).toMatchObject({ id });
    expect(await callerFor(id).accounts.mine()).toEqual([expect.objectContaining({ key: a.key, role: "office_staff" })]);
  });

  it("shows validation errors per field and refuses an e-mail that is already a member", async () => {
    const admin = callerFor(a.users.admin);
    await expect(
      admin.users.create({ accountKey: a.key, email: "not-an-email", name: "", password: "short", role: "viewer" }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      cause: {
        code: "VALIDATION_FAILED",
        errors: expect.arrayContaining([
          expect.objectContaining({ field: "email" }),
          expect.objectContaining({ field: "name" }),
          expect.objectContaining({ field: "password" }),
        ]),
      },
    });
    await expect(
      admin.users.create({ accountKey: a.key, email: "new.driver@example.test", name: "Again", password: "whatever12", role: "viewer" }),
    ).rejects.toMatchObject({ code: "CONFLICT", cause: { code: "EMAIL_TAKEN" } });
  });

  it("changes roles and removes members, but never the last admin", async () => {
    const admin = callerFor(a.users.admin);
    expect(await admin.users.changeRole({ accountKey: a.key, userId: a.users.viewer, role: "fleet_manager" })).toEqual({ ok: true });
    expect((await callerFor(a.users.viewer).accounts.current({ accountKey: a.key })).role).toBe("fleet_manager");

    await expect(admin.users.changeRole({ accountKey: a.key, userId: a.users.admin, role: "viewer" })).rejects.toMatchObject({
      code: "CONFLICT",
      cause: { code: "LAST_ADMIN" },
    });
    await expect(admin.users.remove({ accountKey: a.key, userId: a.users.admin })).rejects.toMatchObject({
      code: "CONFLICT",
      cause: { code: "LAST_ADMIN" },
    });

    expect(await admin.users.remove({ accountKey: a.key, userId: a.users.office_staff })).toEqual({ ok: true });
    await expect(callerFor(a.users.office_staff).assets.list({ accountKey: a.key })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("cannot reach members of another account", async () => {
    const other = await createAccount({ name: "Elsewhere" });
    const { id: stranger } = await createUser({ accountId: other.id, email: "stranger@example.test", name: "S", password: "password123" });
    const admin = callerFor(a.users.admin);
    await expect(admin.users.changeRole({ accountKey: a.key, userId: stranger, role: "viewer" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(admin.users.remove({ accountKey: a.key, userId: stranger })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(callerFor(stranger).users.list({ accountKey: a.key })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("is for admins only", async () => {
    for (const role of ["fleet_manager", "office_staff"] as const) {
      const caller = callerFor(a.users[role]);
      await expect(caller.users.list({ accountKey: a.key })).rejects.toMatchObject({ code: expect.stringMatching(/FORBIDDEN|NOT_FOUND/) });
      await expect(
        caller.users.create({ accountKey: a.key, email: "x@example.test", name: "X", password: "password123", role: "admin" }),
      ).rejects.toMatchObject({ code: expect.stringMatching(/FORBIDDEN|NOT_FOUND/) });
    }
  });
});
