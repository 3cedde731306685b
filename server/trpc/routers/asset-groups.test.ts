// The dashboard's asset-group procedures on every database kind: the roles that change assets (admin, fleet manager)
// create, rename, move and delete groups and change their assets; office staff and viewers only list; another
// account's members and groups are not found. The tree's rules come from the shared use cases (their own tests and
// the REST tests go through every case); here each surfaces as the tRPC error the dashboard shows.
import { beforeAll, describe, expect, it } from "vitest";
import { callerFor, createFixtureAccount, refusal, type FixtureAccount } from "../../testing/trpc-fixtures";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";

describe.each(databaseKinds())("assetGroups router on %s", (kind) => {
  const t = useTestDatabase(kind);
  let account: FixtureAccount;
  let other: FixtureAccount;
  beforeAll(async () => {
    account = await createFixtureAccount("Groups fleet");
    other = await createFixtureAccount("Other fleet");
  });

  it("creates, renames, moves and deletes groups; a group with subgroups is refused with GROUP_HAS_SUBGROUPS", async () => {
    const accountKey = account.key;
    const manager = callerFor(account.users.fleet_manager);
    const north = await manager.assetGroups.create({ accountKey, name: " North " });
    const vilnius = await manager.assetGroups.create({ accountKey, name: "Vilnius", parentId: north.id });
    const south = await manager.assetGroups.create({ accountKey, name: "South", parentId: null });
    expect([north.name, vilnius.parent_id, south.parent_id]).toEqual(["North", north.id, null]);

    const renamed = await manager.assetGroups.rename({ accountKey, groupId: vilnius.id, name: "Old town" });
    expect(renamed).toMatchObject({ name: "Old town", parent_id: north.id }); // renaming keeps its place
    const moved = await manager.assetGroups.move({ accountKey, groupId: vilnius.id, parentId: south.id });
    expect(moved).toMatchObject({ name: "Old town", parent_id: south.id }); // moving keeps its name

    const taken = await refusal(manager.assetGroups.create({ accountKey, name: "north" }));
    expect(taken).toMatchObject({ code: "CONFLICT", cause: { code: "GROUP_NAME_TAKEN" } });
    const cycle = await refusal(manager.assetGroups.move({ accountKey, groupId: south.id, parentId: vilnius.id }));
    expect(cycle).toMatchObject({ code: "BAD_REQUEST", cause: { errors: [{ field: "parent_id", message: expect.stringContaining("inside itself") }] } });

    const blocked = await refusal(manager.assetGroups.delete({ accountKey, groupId: south.id }));
    expect(blocked).toMatchObject({ code: "CONFLICT", cause: { code: "GROUP_HAS_SUBGROUPS" } });
    expect(blocked.message).toMatch(/1 subgroup\(s\); move them elsewhere or delete them first/);
    await manager.assetGroups.move({ accountKey, groupId: vilnius.id, parentId: null });
    expect(await manager.assetGroups.delete({ accountKey, groupId: south.id })).toEqual({ id: south.id });

    const listed = await callerFor(account.users.viewer).assetGroups.list({ accountKey });
    expect(listed.data.map((g) => [g.name, g.parent_id, g.subgroup_count])).toEqual([["North", null, 0], ["Old town", null, 0]]);
  });

  it("sets, adds and removes a group's assets in bulk, only the account's own", async () => {
    const accountKey = account.key;
    const admin = callerFor(account.users.admin);
    const [a, b, c] = await Promise.all(["Van 1", "Van 2", "Van 3"].map((name) => t.db.asset.create({ data: { accountId: account.id, name } })));
    const theirs = await t.db.asset.create({ data: { accountId: other.id, name: "Their van" } });
    const group = await admin.assetGroups.create({ accountKey, name: "Depot" });

    expect(await admin.assetGroups.addAssets({ accountKey, groupId: group.id, assetIds: [a!.id, b!.id, a!.id] })).toMatchObject({ asset_count: 2 });
    expect(await admin.assetGroups.setAssets({ accountKey, groupId: group.id, assetIds: [b!.id, c!.id] })).toMatchObject({ asset_count: 2 });
    expect(await admin.assetGroups.removeAssets({ accountKey, groupId: group.id, assetIds: [b!.id, 999_999] })).toMatchObject({ asset_count: 1 });
    const page = await admin.assets.list({ accountKey, groupId: group.id });
    expect(page.data.map((asset) => asset.name)).toEqual(["Van 3"]);

    const foreign = await refusal(admin.assetGroups.addAssets({ accountKey, groupId: group.id, assetIds: [a!.id, theirs.id] }));
    expect(foreign).toMatchObject({ code: "BAD_REQUEST", cause: { errors: [{ field: "asset_ids", message: `not assets of this account: ${theirs.id}` }] } });
    expect((await admin.assets.list({ accountKey, groupId: group.id })).data).toHaveLength(1); // nothing written
  });

  it("lets office staff and viewers list but not change; other accounts' members and groups are not found", async () => {
    const accountKey = account.key;
    const group = await callerFor(account.users.admin).assetGroups.create({ accountKey, name: "Locked" });
    for (const role of ["office_staff", "viewer"] as const) {
      const caller = callerFor(account.users[role]);
      expect((await caller.assetGroups.list({ accountKey })).data.map((g) => g.id)).toContain(group.id);
      await expect(caller.assetGroups.create({ accountKey, name: "Mine" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.assetGroups.rename({ accountKey, groupId: group.id, name: "X" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.assetGroups.delete({ accountKey, groupId: group.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.assetGroups.addAssets({ accountKey, groupId: group.id, assetIds: [] })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    await expect(callerFor(other.users.admin).assetGroups.create({ accountKey, name: "Intruder" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const otherKey = other.key;
    const theirAdmin = callerFor(other.users.admin);
    await expect(theirAdmin.assetGroups.rename({ accountKey: otherKey, groupId: group.id, name: "Stolen" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(theirAdmin.assetGroups.move({ accountKey: otherKey, groupId: group.id, parentId: null })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(theirAdmin.assetGroups.delete({ accountKey: otherKey, groupId: group.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(theirAdmin.assetGroups.setAssets({ accountKey: otherKey, groupId: group.id, assetIds: [] })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
