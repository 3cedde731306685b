// Snoozing from the Reminders page (tRPC reminders.snooze over snoozeReminder) on every database kind: a service
// reminder and a driver's renewal snoozed until a later date read `snoozed` and keep the rest of them; woken, they
// read their due state again; a date that is not after today is refused on the field; another account's reminder is
// not found; viewers cannot snooze; a member limited to some groups snoozes their assets' reminders only and cannot
// change a driver's renewal.
import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { makeAsset, makeMember } from "../../testing/http-fixtures";
import { setMemberGroups } from "../users/set-member-groups";
import { callerFor, createFixtureAccount, refusal } from "../../testing/trpc-fixtures";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(databaseKinds())("snoozing reminders on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("snoozes and wakes service reminders and renewals, refusing past dates, others' reminders and viewers", async () => {
    const account = await createFixtureAccount("Snooze fleet");
    const accountKey = account.key;
    const manager = callerFor(account.users.fleet_manager);
    const viewer = callerFor(account.users.viewer);
    const van = (await makeAsset(account.id, "Van")).id;
    const driver = await t.db.driver.create({ data: { accountId: account.id, name: "Rita Renewal" } });
    const overdue = await manager.reminders.saveService({ accountKey, id: null, body: { asset_id: van, task: "Oil", time: { every: 1, unit: "year" }, start: { on: day(-400) }, watcher_ids: [account.users.fleet_manager] } });
    const licence = await manager.reminders.saveRenewal({ accountKey, id: null, body: { driver_id: driver.id, kind: "licence", expires_on: day(5) } });
    expect([overdue.status, licence.status]).toEqual(["overdue", "due_soon"]);

    const snoozed = await manager.reminders.snooze({ accountKey, type: "service", id: overdue.id, until: day(7) });
    expect(snoozed).toMatchObject({ status: "snoozed", snoozed_until: day(7), task: "Oil", watcher_ids: [account.users.fleet_manager], start: { on: day(-400) } });
    expect(await manager.reminders.snooze({ accountKey, type: "renewal", id: licence.id, until: day(2) })).toMatchObject({ status: "snoozed", driver_id: driver.id });
    const list = await viewer.reminders.list({ accountKey, statuses: ["snoozed"] });
    expect(list.map((item) => [item.key, item.assetName])).toEqual([
      [`renewal-${licence.id}`, "Rita Renewal"],
      [`service-${overdue.id}`, "Van"],
    ]);

    expect(await manager.reminders.snooze({ accountKey, type: "service", id: overdue.id, until: null })).toMatchObject({ status: "overdue", snoozed_until: null });
    expect(await manager.reminders.snooze({ accountKey, type: "renewal", id: licence.id, until: null })).toMatchObject({ status: "due_soon", snoozed_until: null });

    const today = await refusal(manager.reminders.snooze({ accountKey, type: "service", id: overdue.id, until: day(0) }));
    expect(today.code).toBe("BAD_REQUEST");
    expect(today.message).toBe("snoozed_until: must be after today");
    expect((await refusal(manager.reminders.snooze({ accountKey, type: "service", id: overdue.id, until: "next week" }))).message).toContain("must be a date YYYY-MM-DD");
    expect((await refusal(viewer.reminders.snooze({ accountKey, type: "service", id: overdue.id, until: day(3) }))).code).toBe("FORBIDDEN");

    const other = await createFixtureAccount("Other fleet");
    const stranger = callerFor(other.users.fleet_manager);
    expect((await refusal(stranger.reminders.snooze({ accountKey: other.key, type: "service", id: overdue.id, until: day(3) }))).code).toBe("NOT_FOUND");
    expect((await refusal(stranger.reminders.snooze({ accountKey: other.key, type: "renewal", id: licence.id, until: day(3) }))).code).toBe("NOT_FOUND");
  });

  it("lets a group-limited member snooze their assets' reminders only, and not a driver's renewal", async () => {
    const account = await createFixtureAccount("Limited snooze fleet");
    const accountKey = account.key;
    const manager = callerFor(account.users.fleet_manager);
    const north = await db().assetGroup.create({ data: { accountId: account.id, name: "North", nameKey: "north" }, select: { id: true } });
    const inside = (await makeAsset(account.id, "Van N")).id;
    const outside = (await makeAsset(account.id, "Van S")).id;
    await db().assetGroupMember.create({ data: { groupId: north.id, assetId: inside } });
    const limited = await makeMember(account.id, "fleet_manager", "Limited Lee");
    await setMemberGroups({ accountId: account.id, userId: limited.id, groupIds: [north.id] });
    const limitedCaller = callerFor(limited.id);
    const driver = await t.db.driver.create({ data: { accountId: account.id, name: "Dana" } });
    const oil = (assetId: number) => ({ asset_id: assetId, task: "Oil", time: { every: 1, unit: "year" }, start: { on: day(-400) } });
    const own = await manager.reminders.saveService({ accountKey, id: null, body: oil(inside) });
    const foreign = await manager.reminders.saveService({ accountKey, id: null, body: oil(outside) });
    const foreignRenewal = await manager.reminders.saveRenewal({ accountKey, id: null, body: { asset_id: outside, kind: "insurance", expires_on: day(5) } });
    const licence = await manager.reminders.saveRenewal({ accountKey, id: null, body: { driver_id: driver.id, kind: "licence", expires_on: day(5) } });

    expect(await limitedCaller.reminders.snooze({ accountKey, type: "service", id: own.id, until: day(7) })).toMatchObject({ status: "snoozed" });
    expect((await refusal(limitedCaller.reminders.snooze({ accountKey, type: "service", id: foreign.id, until: day(7) }))).code).toBe("NOT_FOUND");
    expect((await refusal(limitedCaller.reminders.snooze({ accountKey, type: "renewal", id: foreignRenewal.id, until: day(7) }))).code).toBe("NOT_FOUND");
    expect((await refusal(limitedCaller.reminders.snooze({ accountKey, type: "renewal", id: licence.id, until: day(2) }))).code).toBe("FORBIDDEN");
    const untouched = await manager.reminders.list({ accountKey });
    expect(untouched.filter((item) => item.status === "snoozed").map((item) => item.key)).toEqual([`service-${own.id}`]);
  });
});
