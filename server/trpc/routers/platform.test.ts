// The platform operator's dashboard API: every account's plan and add-ons, listed and changed; no one else may.
import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { callerFor, createFixtureAccount } from "../../testing/trpc-fixtures";

describe.each(databaseKinds())("platform router on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("lets the platform operator list every account and change its plan and add-ons", async () => {
    const home = await createFixtureAccount("Operator home");
    const customer = await createFixtureAccount("Customer");
    await t.db.user.update({ where: { id: home.users.admin }, data: { platformAdmin: true } });
    const operator = callerFor(home.users.admin);

    const listed = await operator.platform.accounts();
    expect(listed.map((account) => account.key)).toEqual(expect.arrayContaining([home.key, customer.key]));
    expect(listed.find((account) => account.key === customer.key)).toMatchObject({ plan: "standard", addons: [], members: 4, assets: 0 });

    const updated = await operator.platform.updatePlan({ accountId: customer.id, plan: "detailed", addons: ["driver"] });
    expect(updated).toMatchObject({ key: customer.key, plan: "detailed", addons: ["driver"] });
    expect(await t.db.account.findUniqueOrThrow({ where: { id: customer.id } })).toMatchObject({ plan: "detailed", addonMobility: false, addonDriver: true });

    await expect(operator.platform.updatePlan({ accountId: customer.id, plan: "gold", addons: [] })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      cause: { code: "VALIDATION_FAILED", errors: [expect.objectContaining({ field: "plan" })] },
    });
    await expect(operator.platform.updatePlan({ accountId: 99_999_999, plan: "standard", addons: [] })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("refuses everyone else, an account's own admin included", async () => {
    const account = await createFixtureAccount("Not an operator");
    for (const userId of [account.users.admin, account.users.viewer]) {
      await expect(callerFor(userId).platform.accounts()).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(callerFor(userId).platform.updatePlan({ accountId: account.id, plan: "detailed", addons: [] })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    await expect(callerFor(null).platform.accounts()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
