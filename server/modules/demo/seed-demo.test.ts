import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { getAccountByKey } from "../accounts/get-account-by-key";
import { listAssets } from "../assets/list-assets";
import { authenticateUser } from "../users/authenticate-user";
import { getMembership } from "../users/get-membership";
import { DEMO_ACCOUNT_KEY, DEMO_ADMIN_EMAIL, DEMO_ASSETS, DEMO_IMEIS, seedDemo } from "./seed-demo";

describe.each(databaseKinds())("demo seed on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("creates the demo account, an admin who can sign in with the printed password, and tracked vehicles", async () => {
    const signIn = await seedDemo(t.db);
    expect(signIn).toEqual({ accountKey: DEMO_ACCOUNT_KEY, email: DEMO_ADMIN_EMAIL, password: expect.any(String) });
    expect(signIn!.password.length).toBeGreaterThanOrEqual(12);

    const account = await getAccountByKey({ key: DEMO_ACCOUNT_KEY });
    expect(account).toMatchObject({ name: "Demo Fleet", plan: "detailed", addonMobility: true, addonDriver: true });

    const user = await authenticateUser({ email: signIn!.email, password: signIn!.password });
    expect(user).not.toBeNull();
    expect((await getMembership({ userId: user!.id, accountKey: DEMO_ACCOUNT_KEY })).role).toBe("admin");

    const assets = await listAssets({ accountId: account.id });
    expect(assets.data.map((a) => [a.name, a.plate])).toEqual(DEMO_ASSETS.map((a) => [a.name, a.plate]));
    expect(assets.data.map((a) => a.tracker?.imei)).toEqual(DEMO_IMEIS);
    expect(DEMO_IMEIS.every((imei) => /^\d{15}$/.test(imei))).toBe(true);
    expect(assets.data.every((a) => a.plate)).toBe(true);
  });

  it("does nothing the second time", async () => {
    expect(await seedDemo(t.db)).toBeNull();
    expect(await t.db.account.count({ where: { key: DEMO_ACCOUNT_KEY } })).toBe(1);
    expect(await t.db.asset.count()).toBe(DEMO_ASSETS.length);
  });
});
