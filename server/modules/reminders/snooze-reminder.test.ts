// Snoozing from the Reminders page (tRPC reminders.snooze over snoozeReminder) on every database kind: a service
// reminder and a driver's renewal snoozed until a later date read `snoozed` and keep the rest of them; woken, they
// read their due state again; a date that is not after today is refused on the field; another account's reminder is
// not found; viewers cannot snooze.
import { describe, expect, it } from "vitest";
import { makeAsset } from "../../testing/http-fixtures";
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
});
