import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { getAccountByKey } from "../accounts/get-account-by-key";
import { listAssets } from "../assets/list-assets";
import { authenticateUser } from "../users/authenticate-user";
import { getMembership } from "../users/get-membership";
import { getLinkInfo } from "../tracking-links/get-link-info";
import { DEMO_ACCOUNT_KEY, DEMO_ADMIN_EMAIL, DEMO_ASSETS, DEMO_IMEIS, DEMO_TRACKED_ASSET, seedDemo } from "./seed-demo";

describe.each(databaseKinds())("demo seed on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("creates the demo account, an admin who can sign in with the printed password, and tracked vehicles", async () => {
    const signIn = await seedDemo(t.db);
    expect(signIn).toEqual({
      accountKey: DEMO_ACCOUNT_KEY,
      email: DEMO_ADMIN_EMAIL,
      password: expect.any(String),
      trackingLinkUuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
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

    // a public tracking link on the school bus, branded, for the passenger page
    expect(await getLinkInfo({ uuid: signIn!.trackingLinkUuid })).toMatchObject({
      access_mode: "public",
      is_active: true,
      branding: { company_name: "Demo Fleet", primary_color: "#2563eb" },
    });
    const link = await t.db.trackingLink.findUniqueOrThrow({ where: { uuid: signIn!.trackingLinkUuid }, select: { asset: { select: { name: true } } } });
    expect(link.asset?.name).toBe(DEMO_TRACKED_ASSET);
  });

  it("does nothing the second time", async () => {
    expect(await seedDemo(t.db)).toBeNull();
    expect(await t.db.account.count({ where: { key: DEMO_ACCOUNT_KEY } })).toBe(1);
    expect(await t.db.asset.count()).toBe(DEMO_ASSETS.length);
  });
});
