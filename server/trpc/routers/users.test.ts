// Members and roles through the dashboard API: admins add people with a role, change roles and remove members;
// the last admin cannot be demoted or removed (LAST_ADMIN -> CONFLICT), and nobody else can manage users.
import { beforeAll, describe, expect, it } from "vitest";
import { authenticateUser } from "../../modules/users/authenticate-user";
import { createAccount } from "../../modules/accounts/create-account";
import { createUser } from "../../modules/users/create-user";
import { listUserAccounts } from "../../modules/users/list-user-accounts";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { callerFor, createFixtureAccount, type FixtureAccount } from "../../testing/trpc-fixtures";

describe.each(databaseKinds())("users router on %s", (kind) => {
  const t = useTestDatabase(kind);
  let a: FixtureAccount;
  beforeAll(async () => {
    a = await createFixtureAccount("Users A");
  });

  it("adds a user who can then sign in, and lists them with their role", async () => {
    const admin = callerFor(a.users.admin);
    const created = await admin.users.create({
      accountKey: a.key,
      email: "New.Driver@Example.test",
      name: "New Driver",
      password: "s3cret-passw0rd",
      role: "office_staff",
    });
    if (created.invited) throw new Error("a new e-mail must create the user");
    const { id } = created;
    const members = await admin.users.list({ accountKey: a.key });
    expect(members).toContainEqual(expect.objectContaining({ id, name: "New Driver", role: "office_staff", canSignIn: true }));
    expect(await authenticateUser({ email: "new.driver@example.test", password: "s3cret-passw0rd" })).toMatchObject({ id });
    expect(await listUserAccounts({ userId: id })).toEqual([expect.objectContaining({ key: a.key, role: "office_staff" })]);
  });

  it("invites a user of another account instead of adding them; they join only by accepting", async () => {
    const b = await createFixtureAccount("Other fleet");
    const outsider = await t.db.user.findUniqueOrThrow({ where: { id: b.users.viewer }, select: { email: true, name: true } });
    const admin = callerFor(a.users.admin);
    expect(await admin.users.create({ accountKey: a.key, email: outsider.email, name: "Guess", password: "whatever-1", role: "fleet_manager" })).toEqual({
      invited: true,
      mailed: true,
    });
    // nothing about them shows in this account but the address the admin typed
    expect((await admin.users.list({ accountKey: a.key })).map((m) => m.email)).not.toContain(outsider.email);
    expect(await admin.users.invitations({ accountKey: a.key })).toEqual([
      expect.objectContaining({ email: outsider.email, role: "fleet_manager" }),
    ]);
    const invitee = callerFor(b.users.viewer);
    expect((await listUserAccounts({ userId: b.users.viewer })).map((x) => x.key)).toEqual([b.key]);
    await expect(invitee.assets.list({ accountKey: a.key })).rejects.toMatchObject({ code: "NOT_FOUND" });

    const [invitation] = await invitee.accounts.invitations();
    expect(invitation).toMatchObject({ account: { key: a.key, name: expect.any(String) }, role: "fleet_manager" });
    // another user cannot accept it
    await expect(callerFor(b.users.admin).accounts.acceptInvitation({ id: invitation!.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await invitee.accounts.acceptInvitation({ id: invitation!.id })).toEqual({ accountKey: a.key });
    expect(await roleIn(b.users.viewer, a.key)).toBe("fleet_manager");
    expect(await invitee.assets.list({ accountKey: a.key })).toMatchObject({ data: expect.any(Array) });
    expect(await admin.users.invitations({ accountKey: a.key })).toEqual([]);
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
    expect(await roleIn(a.users.viewer, a.key)).toBe("fleet_manager");

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

/** the caller's role in an account, as the dashboard's account layout reads it (null: not a member) */
async function roleIn(userId: number, accountKey: string): Promise<string | null> {
  return (await listUserAccounts({ userId })).find((account) => account.key === accountKey)?.role ?? null;
}
