// The profile router: only a signed-in person changes their own password or signs out everywhere, and both end
// their sessions (the revocation rules themselves: server/modules/users/session-revocation.test.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { authenticateUser } from "../../modules/users/authenticate-user";
import { forgetSessionCheck, isSessionCurrent } from "../../modules/users/session-validity";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { callerFor, createFixtureAccount, FIXTURE_PASSWORD, refusal, type FixtureAccount } from "../../testing/trpc-fixtures";
import { db } from "../../db/client";

describe.each(databaseKinds())("profile router on %s", (kind) => {
  useTestDatabase(kind);
  let account: FixtureAccount;
  beforeAll(async () => {
    account = await createFixtureAccount();
    for (const id of Object.values(account.users)) forgetSessionCheck(id);
  });

  it("refuses anonymous callers", async () => {
    expect((await refusal(callerFor(null).profile.signOutEverywhere())).code).toBe("UNAUTHORIZED");
    expect((await refusal(callerFor(null).profile.changePassword({ currentPassword: "x", newPassword: "yyyyyyyy" }))).code).toBe(
      "UNAUTHORIZED",
    );
  });

  it("signs a viewer out everywhere", async () => {
    const userId = account.users.viewer;
    const signedIn = Date.now() - 1_000;
    expect(await callerFor(userId).profile.signOutEverywhere()).toEqual({ signedOut: true });
    expect(await isSessionCurrent({ userId, authAtMs: signedIn })).toBe(false);
  });

  it("changes the caller's own password, with the field named when the current one is wrong", async () => {
    const userId = account.users.office_staff;
    const wrong = await refusal(callerFor(userId).profile.changePassword({ currentPassword: "nope", newPassword: "brand new secret" }));
    expect(wrong.code).toBe("BAD_REQUEST");
    expect(wrong.message).toBe("The current password is not right.");
    await callerFor(userId).profile.changePassword({ currentPassword: FIXTURE_PASSWORD, newPassword: "brand new secret" });
    const { email } = (await db().user.findUniqueOrThrow({ where: { id: userId } }))!;
    expect(await authenticateUser({ email, password: "brand new secret" })).toMatchObject({ id: userId });
    expect(await authenticateUser({ email, password: FIXTURE_PASSWORD })).toBeNull();
  });
});
