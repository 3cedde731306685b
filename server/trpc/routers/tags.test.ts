// The dashboard's tag procedures on every database kind: admins and fleet managers create, edit and delete tags and
// tag assets and drivers in bulk; office staff and viewers only list; another account's members and tags are not
// found. Name and colour rules come from the shared use cases and surface as the errors forms show.
import { beforeAll, describe, expect, it } from "vitest";
import { callerFor, createFixtureAccount, refusal, type FixtureAccount } from "../../testing/trpc-fixtures";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";

describe.each(databaseKinds())("tags router on %s", (kind) => {
  const t = useTestDatabase(kind);
  let account: FixtureAccount;
  let other: FixtureAccount;
  beforeAll(async () => {
    account = await createFixtureAccount("Tags fleet");
    other = await createFixtureAccount("Other fleet");
  });

  it("creates, edits and deletes tags with their colours; names and colours are checked", async () => {
    const accountKey = account.key;
    const manager = callerFor(account.users.fleet_manager);
    const cold = await manager.tags.create({ accountKey, name: "Refrigerated", color: "#1E90FF" });
    expect(cold).toMatchObject({ name: "Refrigerated", color: "#1e90ff", asset_count: 0 });
    expect(await manager.tags.create({ accountKey, name: "Leased" })).toMatchObject({ color: "#6b7280" });

    const edited = await manager.tags.update({ accountKey, tagId: cold.id, name: "Cold chain", color: "#0ea5e9" });
    expect(edited).toMatchObject({ id: cold.id, name: "Cold chain", color: "#0ea5e9" });
    const badColor = await refusal(manager.tags.update({ accountKey, tagId: cold.id, name: "Cold chain", color: "blue" }));
    expect(badColor).toMatchObject({ code: "BAD_REQUEST", cause: { errors: [{ field: "color", message: "must be a colour #rrggbb" }] } });
    const taken = await refusal(manager.tags.create({ accountKey, name: "leased" }));
    expect(taken).toMatchObject({ code: "CONFLICT", cause: { code: "TAG_NAME_TAKEN" } });

    expect(await manager.tags.delete({ accountKey, tagId: cold.id })).toEqual({ id: cold.id });
    const listed = await callerFor(account.users.viewer).tags.list({ accountKey });
    expect(listed.data.map((tag) => tag.name)).toEqual(["Leased"]);
  });

  it("tags and untags assets and drivers in bulk, only the account's own", async () => {
    const accountKey = account.key;
    const admin = callerFor(account.users.admin);
    const tag = await admin.tags.create({ accountKey, name: "Night shift", color: "#7c3aed" });
    const [a, b] = await Promise.all(["Truck 1", "Truck 2"].map((name) => t.db.asset.create({ data: { accountId: account.id, name } })));
    const driver = await t.db.driver.create({ data: { accountId: account.id, name: "Ona" } });
    const theirDriver = await t.db.driver.create({ data: { accountId: other.id, name: "Not ours" } });

    expect(await admin.tags.addAssets({ accountKey, tagId: tag.id, ids: [a!.id, b!.id] })).toMatchObject({ asset_count: 2 });
    expect(await admin.tags.removeAssets({ accountKey, tagId: tag.id, ids: [a!.id, 424_242] })).toMatchObject({ asset_count: 1 });
    expect((await admin.assets.list({ accountKey, tagId: tag.id })).data.map((asset) => [asset.name, asset.tag_ids])).toEqual([["Truck 2", [tag.id]]]);

    expect(await admin.tags.addDrivers({ accountKey, tagId: tag.id, ids: [driver.id] })).toMatchObject({ driver_count: 1 });
    const foreign = await refusal(admin.tags.addDrivers({ accountKey, tagId: tag.id, ids: [theirDriver.id] }));
    expect(foreign).toMatchObject({ code: "BAD_REQUEST", cause: { errors: [{ field: "driver_ids", message: `not drivers of this account: ${theirDriver.id}` }] } });
    expect(await admin.tags.removeDrivers({ accountKey, tagId: tag.id, ids: [driver.id] })).toMatchObject({ driver_count: 0 });
  });

  it("lets office staff and viewers list but not change; other accounts' members and tags are not found", async () => {
    const accountKey = account.key;
    const tag = await callerFor(account.users.admin).tags.create({ accountKey, name: "Locked" });
    for (const role of ["office_staff", "viewer"] as const) {
      const caller = callerFor(account.users[role]);
      expect((await caller.tags.list({ accountKey })).data.map((row) => row.id)).toContain(tag.id);
      await expect(caller.tags.create({ accountKey, name: "Mine" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.tags.update({ accountKey, tagId: tag.id, name: "X" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.tags.delete({ accountKey, tagId: tag.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.tags.addAssets({ accountKey, tagId: tag.id, ids: [] })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    await expect(callerFor(other.users.admin).tags.list({ accountKey })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const theirAdmin = callerFor(other.users.admin);
    await expect(theirAdmin.tags.update({ accountKey: other.key, tagId: tag.id, name: "Stolen" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(theirAdmin.tags.delete({ accountKey: other.key, tagId: tag.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(theirAdmin.tags.addAssets({ accountKey: other.key, tagId: tag.id, ids: [] })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
