// tRPC reminders (the Reminders page) on every database kind: the list sorted by urgency (overdue, due soon by
// nearest date, ok, snoozed) with status and asset filters, a logged service resetting its reminder, renewing, and
// viewers reading but not writing.
import { describe, expect, it } from "vitest";
import { makeAsset } from "../../testing/http-fixtures";
import { callerFor, createFixtureAccount, refusal } from "../../testing/trpc-fixtures";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(databaseKinds())("tRPC reminders on %s", (kind) => {
  useTestDatabase(kind);

  it("lists by urgency, filters, logs a service that resets it, renews, and refuses viewers' writes", async () => {
    const account = await createFixtureAccount("Reminder fleet");
    const accountKey = account.key;
    const manager = callerFor(account.users.fleet_manager);
    const viewer = callerFor(account.users.viewer);
    const van = (await makeAsset(account.id, "Van")).id;
    const truck = (await makeAsset(account.id, "Truck")).id;
    const yearly = { time: { every: 1, unit: "year" } };
    const ok = await manager.reminders.saveService({ accountKey, id: null, body: { asset_id: van, task: "Tyres", ...yearly } });
    const overdue = await manager.reminders.saveService({ accountKey, id: null, body: { asset_id: van, task: "Oil", ...yearly, start: { on: day(-400) } } });
    const soonLater = await manager.reminders.saveRenewal({ accountKey, id: null, body: { asset_id: truck, kind: "insurance", expires_on: day(20) } });
    const soonFirst = await manager.reminders.saveRenewal({ accountKey, id: null, body: { asset_id: van, kind: "registration", expires_on: day(5) } });
    const snoozed = await manager.reminders.saveService({ accountKey, id: null, body: { asset_id: truck, task: "Brakes", ...yearly, start: { on: day(-400) }, snoozed_until: day(3) } });

    const list = await viewer.reminders.list({ accountKey });
    expect(list.map((item) => [item.key, item.status])).toEqual([
      [`service-${overdue.id}`, "overdue"],
      [`renewal-${soonFirst.id}`, "due_soon"],
      [`renewal-${soonLater.id}`, "due_soon"],
      [`service-${ok.id}`, "ok"],
      [`service-${snoozed.id}`, "snoozed"],
    ]);
    expect((await viewer.reminders.list({ accountKey, statuses: ["due_soon"], assetId: truck })).map((item) => item.key)).toEqual([`renewal-${soonLater.id}`]);

    await manager.reminders.logService({ accountKey, body: { asset_id: van, serviced_on: day(0), reminder_ids: [overdue.id] } });
    await manager.reminders.saveRenewal({ accountKey, id: soonFirst.id, body: { asset_id: van, kind: "registration", expires_on: day(370) } });
    const after = await viewer.reminders.list({ accountKey, assetId: van });
    expect(after.map((item) => item.status)).toEqual(["ok", "ok", "ok"]);

    expect((await refusal(viewer.reminders.saveService({ accountKey, id: null, body: { asset_id: van, task: "X", ...yearly } }))).code).toBe("FORBIDDEN");
    expect((await refusal(viewer.reminders.logService({ accountKey, body: { asset_id: van, serviced_on: day(0) } }))).code).toBe("FORBIDDEN");
    await manager.reminders.deleteService({ accountKey, id: ok.id });
    await manager.reminders.deleteRenewal({ accountKey, id: soonLater.id });
    expect(await viewer.reminders.list({ accountKey })).toHaveLength(3);
  });
});
