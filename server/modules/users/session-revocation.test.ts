// Revoking dashboard sessions (security review #25): a password change or "sign out everywhere" ends every session
// signed in before it, across re-signing, and the current password guards the change.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authOptions } from "../../auth/auth-options";
import { db } from "../../db/client";
import { resetRateLimits } from "../../security/rate-limit";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { createAccount } from "../accounts/create-account";
import { authenticateUser } from "./authenticate-user";
import { changePassword, PASSWORD_CHANGE_RATE_LIMIT } from "./change-password";
import { createUser } from "./create-user";
import { revokeUserSessions } from "./revoke-user-sessions";
import { forgetSessionCheck, isSessionCurrent, SESSION_CHECK_CACHE_MS } from "./session-validity";

describe("the session's sign-in time", () => {
  it("is set at sign-in, kept when next-auth re-signs the token, and handed to the session", async () => {
    const callbacks = authOptions().callbacks!;
    const before = Date.now();
    const signedIn = await callbacks.jwt!({ token: { sub: "7" }, user: { id: "7" } } as never);
    expect(signedIn.authAt).toBeGreaterThanOrEqual(before);
    const resigned = await callbacks.jwt!({ token: { ...signedIn } } as never);
    expect(resigned.authAt).toBe(signedIn.authAt);
    const session = await callbacks.session!({ session: { user: {}, expires: "" }, token: resigned } as never);
    expect(session.user).toMatchObject({ id: "7", authAt: signedIn.authAt });
  });
});

describe.each(databaseKinds())("dashboard session revocation on %s", (kind) => {
  useTestDatabase(kind);
  let accountId: number;
  beforeAll(async () => {
    ({ id: accountId } = await createAccount({ name: "Revocation fleet" }));
  });
  beforeEach(() => resetRateLimits());

  async function newUser(password = "first-password") {
    const email = `user-${Math.random().toString(36).slice(2)}@example.test`;
    const { id } = await createUser({ accountId, email, name: "Person", password });
    forgetSessionCheck(id!); // both database kinds number their users from 1; the cache is per process
    return { id: id!, email };
  }

  it("keeps every session of a user who never revoked, old ones without a sign-in time included", async () => {
    const { id } = await newUser();
    expect(await isSessionCurrent({ userId: id, authAtMs: null })).toBe(true);
    expect(await isSessionCurrent({ userId: id, authAtMs: Date.now() - 86_400_000 })).toBe(true);
  });

  it("ends sessions signed in before a revocation and keeps those signed in after it", async () => {
    const { id } = await newUser();
    const earlier = Date.now() - 1_000;
    await isSessionCurrent({ userId: id, authAtMs: earlier }); // cached as valid before the revocation
    const { revokedAt } = await revokeUserSessions({ userId: id, reason: "signed_out_everywhere" });
    expect(await isSessionCurrent({ userId: id, authAtMs: earlier })).toBe(false); // this node forgot its cache at once
    expect(await isSessionCurrent({ userId: id, authAtMs: null })).toBe(false);
    expect(await isSessionCurrent({ userId: id, authAtMs: revokedAt.getTime() })).toBe(true);
  });

  it("sees another node's revocation once its cached answer is older than the cache window", async () => {
    const { id } = await newUser();
    const signedIn = Date.now() - 1_000;
    const now = Date.now();
    expect(await isSessionCurrent({ userId: id, authAtMs: signedIn, nowMs: now })).toBe(true);
    // another node revokes: written to the database, this process's cache untouched
    await db().user.update({ where: { id }, data: { sessionsValidAfter: new Date() } });
    expect(await isSessionCurrent({ userId: id, authAtMs: signedIn, nowMs: now + 1 })).toBe(true);
    expect(await isSessionCurrent({ userId: id, authAtMs: signedIn, nowMs: now + SESSION_CHECK_CACHE_MS })).toBe(false);
  });

  it("refuses the session of a user that no longer exists", async () => {
    const { id } = await newUser();
    await db().membership.deleteMany({ where: { userId: id } });
    await db().user.delete({ where: { id } });
    forgetSessionCheck(id);
    expect(await isSessionCurrent({ userId: id, authAtMs: Date.now() })).toBe(false);
  });

  it("changes the password only with the right current one, and then ends every session", async () => {
    const { id, email } = await newUser("first-password");
    const signedIn = Date.now() - 1_000;
    await expect(changePassword({ userId: id, currentPassword: "wrong-password", newPassword: "second-password" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "currentPassword", message: "is not right" }],
    });
    expect(await isSessionCurrent({ userId: id, authAtMs: signedIn })).toBe(true);
    await expect(changePassword({ userId: id, currentPassword: "first-password", newPassword: "first-password" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "newPassword" }],
    });
    await expect(changePassword({ userId: id, currentPassword: "first-password", newPassword: "short" })).rejects.toMatchObject({
      errors: [{ field: "newPassword", message: "must be at least 8 characters" }],
    });

    await changePassword({ userId: id, currentPassword: "first-password", newPassword: "second-password" });
    expect(await authenticateUser({ email, password: "first-password" })).toBeNull();
    expect(await authenticateUser({ email, password: "second-password" })).toMatchObject({ id });
    expect(await isSessionCurrent({ userId: id, authAtMs: signedIn })).toBe(false);
  });

  it("budgets wrong current passwords per user before any hashing", async () => {
    const { id } = await newUser("first-password");
    for (let i = 0; i < PASSWORD_CHANGE_RATE_LIMIT.points; i++) {
      await expect(changePassword({ userId: id, currentPassword: `guess-${i}`, newPassword: "second-password" })).rejects.toMatchObject({
        code: "VALIDATION_FAILED",
      });
    }
    await expect(changePassword({ userId: id, currentPassword: "first-password", newPassword: "second-password" })).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
  });
});
