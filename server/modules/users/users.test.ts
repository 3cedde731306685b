import { describe, expect, it } from "vitest";
import { verifySecret } from "../../security/hashing";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { createAccount } from "../accounts/create-account";
import { acceptInvitation, declineInvitation, listMyInvitations, listSentInvitations, withdrawInvitation } from "./account-invitations";
import { authenticateUser } from "./authenticate-user";
import { changeMemberRole } from "./change-member-role";
import { createUser } from "./create-user";
import { getMembership } from "./get-membership";
import { listMembers } from "./list-members";
import { listUserAccounts } from "./list-user-accounts";
import { removeMember } from "./remove-member";
import { can, PERMISSIONS, ROLE_PERMISSIONS, ROLES } from "./roles";

describe("roles", () => {
  it("gives admins every permission and viewers only reading (assets and alerts)", () => {
    for (const permission of PERMISSIONS) expect(can("admin", permission)).toBe(true);
    expect(PERMISSIONS.filter((p) => can("viewer", p))).toEqual(["assets.read", "alerts.read"]);
    expect(can("fleet_manager", "assets.write")).toBe(true);
    expect(can("fleet_manager", "users.manage")).toBe(false);
    expect(can("office_staff", "assets.write")).toBe(false);
    expect(can("office_staff", "assets.read")).toBe(true);
    expect(can("office_staff", "imports.manage")).toBe(true);
    expect(can("fleet_manager", "imports.manage")).toBe(true);
    expect(can("fleet_manager", "passengers.manage")).toBe(true);
    expect(can("viewer", "imports.manage")).toBe(false);
    expect(can("office_staff", "webhooks.manage")).toBe(true);
    expect(can("fleet_manager", "webhooks.manage")).toBe(true);
    expect(can("viewer", "webhooks.manage")).toBe(false);
    expect(can("office_staff", "alerts.manage")).toBe(false);
    expect(can("fleet_manager", "alerts.manage")).toBe(true);
    expect(can(null, "assets.read")).toBe(false);
    for (const required of ["account.manage", "users.manage", "api.manage", "assets.write", "assets.read"]) {
      expect(ROLE_PERMISSIONS).toHaveProperty([required]);
    }
    expect(ROLES).toEqual(["admin", "fleet_manager", "office_staff", "viewer"]);
  });
});

describe.each(databaseKinds())("users on %s", (kind) => {
  const t = useTestDatabase(kind);
  let n = 0;
  const email = () => `user${++n}-${kind}@example.com`;

  it("creates a user with an argon2 password and an admin membership by default", async () => {
    const account = await createAccount({ name: "Users" });
    const address = email();
    const { id } = await createUser({ accountId: account.id, email: `  ${address.toUpperCase()} `, name: "Ann", password: "correct horse" });
    const user = await t.db.user.findUniqueOrThrow({ where: { id }, include: { memberships: true } });
    expect(user.email).toBe(address);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifySecret(user.passwordHash!, "correct horse")).toBe(true);
    expect(user.memberships).toMatchObject([{ accountId: account.id, role: "admin" }]);
  });

  it("invites an existing e-mail to another account: nothing changes for them until they accept", async () => {
    const a = await createAccount({ name: "A" });
    const b = await createAccount({ name: "B" });
    const address = email();
    const first = await createUser({ accountId: a.id, email: address, name: "Bob", password: "password-one" });
    const second = await createUser({ accountId: b.id, email: address, name: "Other", password: "password-two", role: "viewer" });
    expect(second).toEqual({ id: first.id, invited: true });
    expect(await authenticateUser({ email: address, password: "password-one" })).toMatchObject({ id: first.id, name: "Bob" });
    expect(await authenticateUser({ email: address, password: "password-two" })).toBeNull();
    // not a member of B yet: not in its list, B not in their switcher, no access
    expect((await listUserAccounts({ userId: first.id })).map((x) => x.id)).toEqual([a.id]);
    expect((await listMembers({ accountId: b.id })).map((m) => m.email)).not.toContain(address);
    expect(await listSentInvitations({ accountId: b.id })).toEqual([
      { id: expect.any(Number), email: address, role: "viewer", invitedAt: expect.any(String) },
    ]);
    await expect(getMembership({ userId: first.id, accountKey: b.key })).rejects.toMatchObject({ code: "ACCOUNT_NOT_FOUND" });

    // only the invitee can accept; then they are a member with the offered role
    const [invitation] = await listMyInvitations({ userId: first.id });
    expect(invitation).toMatchObject({ account: { id: b.id, key: b.key }, role: "viewer" });
    const stranger = await createUser({ accountId: b.id, email: email(), name: "Eve", password: "password-eve" });
    await expect(acceptInvitation({ userId: stranger.id, id: invitation!.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await acceptInvitation({ userId: first.id, id: invitation!.id })).toEqual({ accountKey: b.key });
    expect((await listUserAccounts({ userId: first.id })).map((x) => [x.id, x.role])).toEqual([
      [a.id, "admin"],
      [b.id, "viewer"],
    ]);
    expect(await listMyInvitations({ userId: first.id })).toEqual([]);
    expect(await listSentInvitations({ accountId: b.id })).toEqual([]);
  });

  it("lets the invitee decline and the account withdraw; the operator CLI adds directly", async () => {
    const a = await createAccount({ name: "A" });
    const b = await createAccount({ name: "B" });
    const address = email();
    const { id: userId } = await createUser({ accountId: a.id, email: address, name: "Dora", password: "password-one" });
    await createUser({ accountId: b.id, email: address, name: "x", password: "password-two" });
    const [invitation] = await listMyInvitations({ userId });
    await declineInvitation({ userId, id: invitation!.id });
    expect(await listSentInvitations({ accountId: b.id })).toEqual([]);

    await createUser({ accountId: b.id, email: address, name: "x", password: "password-two" });
    const [again] = await listSentInvitations({ accountId: b.id });
    await expect(withdrawInvitation({ accountId: a.id, id: again!.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await withdrawInvitation({ accountId: b.id, id: again!.id });
    expect(await listMyInvitations({ userId })).toEqual([]);

    expect(await createUser({ accountId: b.id, email: address, name: "x", password: "password-two" }, { existingUser: "add" })).toEqual({
      id: userId,
      invited: false,
    });
    expect((await listUserAccounts({ userId })).map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
  });

  it("refuses a second membership in the same account with EMAIL_TAKEN", async () => {
    const a = await createAccount({ name: "Dup" });
    const address = email();
    await createUser({ accountId: a.id, email: address, name: "C", password: "password1" });
    await expect(createUser({ accountId: a.id, email: address, name: "C", password: "password1" })).rejects.toMatchObject({
      code: "EMAIL_TAKEN",
      status: 409,
    });
  });

  it("validates e-mail, password length, role and the account", async () => {
    const a = await createAccount({ name: "Valid" });
    await expect(createUser({ accountId: a.id, email: "nope", name: "x", password: "password1" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "email" }],
    });
    await expect(createUser({ accountId: a.id, email: email(), name: "x", password: "short" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "password" }],
    });
    await expect(
      createUser({ accountId: a.id, email: email(), name: "x", password: "password1", role: "owner" as never }),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "role" }] });
    await expect(createUser({ accountId: 999999, email: email(), name: "x", password: "password1" })).rejects.toMatchObject({
      code: "ACCOUNT_NOT_FOUND",
    });
  });

  it("authenticates case-insensitively and refuses wrong passwords, unknown e-mails and service users", async () => {
    const a = await createAccount({ name: "Auth" });
    const address = email();
    const { id } = await createUser({ accountId: a.id, email: address, name: "Dee", password: "s3cret-pass" });
    expect(await authenticateUser({ email: address.toUpperCase(), password: "s3cret-pass" })).toEqual({ id, email: address, name: "Dee" });
    expect(await authenticateUser({ email: address, password: "wrong-pass" })).toBeNull();
    expect(await authenticateUser({ email: "nobody@example.com", password: "s3cret-pass" })).toBeNull();
    expect(await authenticateUser({ email: "not an e-mail", password: "x" })).toBeNull();
    const service = await createUser({ accountId: a.id, email: email(), name: "Service" });
    const row = await t.db.user.findUniqueOrThrow({ where: { id: service.id } });
    expect(row.passwordHash).toBeNull();
    expect(await authenticateUser({ email: row.email, password: "" })).toBeNull();
  });

  it("does comparable work whether or not the e-mail exists", async () => {
    const a = await createAccount({ name: "Timing" });
    const address = email();
    await createUser({ accountId: a.id, email: address, name: "T", password: "timing-pass" });
    await authenticateUser({ email: "warmup@example.com", password: "x" }); // builds the dummy hash once
    const time = async (mail: string) => {
      const start = performance.now();
      for (let i = 0; i < 3; i++) await authenticateUser({ email: mail, password: "wrong-pass" });
      return performance.now() - start;
    };
    const known = await time(address);
    const unknown = await time("ghost@example.com");
    // both run argon2 (~20 ms each); without the dummy the unknown address would answer in about a millisecond
    expect(unknown).toBeGreaterThan(known * 0.25);
  });

  it("gets a membership by account key and hides accounts the user is not in", async () => {
    const a = await createAccount({ name: "Mine", plan: "detailed" });
    const b = await createAccount({ name: "Theirs" });
    const { id } = await createUser({ accountId: a.id, email: email(), name: "M", password: "password1", role: "fleet_manager" });
    const membership = await getMembership({ userId: id, accountKey: a.key });
    expect(membership).toMatchObject({ role: "fleet_manager", account: { id: a.id, key: a.key, name: "Mine", plan: "detailed" } });
    await expect(getMembership({ userId: id, accountKey: b.key })).rejects.toMatchObject({ code: "ACCOUNT_NOT_FOUND" });
    await expect(getMembership({ userId: id, accountKey: "missing-abcde" })).rejects.toMatchObject({ code: "ACCOUNT_NOT_FOUND" });
  });

  it("lists members in joining order with their role", async () => {
    const a = await createAccount({ name: "Team" });
    const first = await createUser({ accountId: a.id, email: email(), name: "First", password: "password1" });
    const second = await createUser({ accountId: a.id, email: email(), name: "Second", role: "viewer" });
    const members = await listMembers({ accountId: a.id });
    expect(members.map((m) => [m.id, m.name, m.role, m.canSignIn])).toEqual([
      [first.id, "First", "admin", true],
      [second.id, "Second", "viewer", false],
    ]);
    expect(new Date(members[0]!.joinedAt).toISOString()).toBe(members[0]!.joinedAt);
  });

  it("changes roles but never demotes the last admin", async () => {
    const a = await createAccount({ name: "Roles" });
    const admin = await createUser({ accountId: a.id, email: email(), name: "Admin", password: "password1" });
    const other = await createUser({ accountId: a.id, email: email(), name: "Other", password: "password1", role: "viewer" });
    await expect(changeMemberRole({ accountId: a.id, userId: admin.id, role: "viewer" })).rejects.toMatchObject({
      code: "LAST_ADMIN",
      status: 409,
    });
    expect(await changeMemberRole({ accountId: a.id, userId: other.id, role: "admin" })).toEqual({ id: other.id, role: "admin" });
    expect(await changeMemberRole({ accountId: a.id, userId: admin.id, role: "office_staff" })).toEqual({
      id: admin.id,
      role: "office_staff",
    });
    await expect(changeMemberRole({ accountId: a.id, userId: other.id, role: "viewer" })).rejects.toMatchObject({ code: "LAST_ADMIN" });
    await expect(changeMemberRole({ accountId: a.id, userId: 999999, role: "viewer" })).rejects.toMatchObject({ code: "USER_NOT_FOUND" });
  });

  it("lets only one of two admins demoting each other at the same time succeed", async () => {
    const a = await createAccount({ name: "Race" });
    const x = await createUser({ accountId: a.id, email: email(), name: "X", password: "password1" });
    const y = await createUser({ accountId: a.id, email: email(), name: "Y", password: "password1" });
    const results = await Promise.allSettled([
      changeMemberRole({ accountId: a.id, userId: x.id, role: "viewer" }),
      changeMemberRole({ accountId: a.id, userId: y.id, role: "viewer" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await t.db.membership.count({ where: { accountId: a.id, role: "admin" } })).toBe(1);
  });

  it("removes members, revokes their API keys there, and keeps the last admin", async () => {
    const a = await createAccount({ name: "Remove" });
    const admin = await createUser({ accountId: a.id, email: email(), name: "Admin", password: "password1" });
    const staff = await createUser({ accountId: a.id, email: email(), name: "Staff", password: "password1", role: "office_staff" });
    const key = await t.db.apiKey.create({
      data: { accountId: a.id, userId: staff.id, name: "k", keyId: `k${kind}${n}`, secretHash: "x" },
    });
    await expect(removeMember({ accountId: a.id, userId: admin.id })).rejects.toMatchObject({ code: "LAST_ADMIN" });
    expect(await removeMember({ accountId: a.id, userId: staff.id })).toEqual({ id: staff.id });
    expect((await listMembers({ accountId: a.id })).map((m) => m.id)).toEqual([admin.id]);
    expect((await t.db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).revokedAt).toBeInstanceOf(Date);
    expect(await t.db.user.findUnique({ where: { id: staff.id } })).not.toBeNull();
    await expect(removeMember({ accountId: a.id, userId: staff.id })).rejects.toMatchObject({ code: "USER_NOT_FOUND" });
  });
});
