// The dashboard's fuel and odometer entries: readers list and summarise, writers log and delete, viewers cannot
// write, and another account's asset is refused like a missing one.
import { describe, expect, it } from "vitest";
import { makeAsset } from "../../testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { callerFor, createFixtureAccount, refusal } from "../../testing/trpc-fixtures";

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 12)).toISOString();

describe.each(databaseKinds())("fleetEntries router on %s", (kind) => {
  useTestDatabase(kind);

  it("logs fuel and odometer entries for writers, lists and summarises them for readers", async () => {
    const a = await createFixtureAccount();
    const van = await makeAsset(a.id, "Van");
    const manager = callerFor(a.users.fleet_manager);
    const viewer = callerFor(a.users.viewer);
    await manager.fleetEntries.fuelCreate({ accountKey: a.key, body: { asset_id: van.id, filled_at: at(1), odometer_km: 1000, volume_l: 40, price_per_unit: 2 } });
    const second = await manager.fleetEntries.fuelCreate({ accountKey: a.key, body: { asset_id: van.id, filled_at: at(2), odometer_km: 1500, volume_l: 35, price_per_unit: 2 } });
    expect(second).toMatchObject({ l_per_100km: 7, cost_per_km: 0.14 });
    expect((await viewer.fleetEntries.fuelList({ accountKey: a.key, assetId: van.id })).data.map((e) => e.id)[0]).toBe(second.id);
    expect(await viewer.fleetEntries.fuelSummary({ accountKey: a.key, assetId: van.id })).toMatchObject({ l_per_100km: 7, entries: 2 });
    const reading = await manager.fleetEntries.odometerCreate({ accountKey: a.key, body: { asset_id: van.id, read_at: at(3), value_km: 1600 } });
    expect((await viewer.fleetEntries.odometerList({ accountKey: a.key, assetId: van.id })).data.map((e) => e.source)).toEqual(["manual", "fuel_entry", "fuel_entry"]);
    expect((await refusal(viewer.fleetEntries.odometerDelete({ accountKey: a.key, entryId: reading.id }))).code).toBe("FORBIDDEN");
    expect((await refusal(manager.fleetEntries.odometerCreate({ accountKey: a.key, body: { asset_id: van.id, read_at: at(4), value_km: 10 } }))).code).toBe("BAD_REQUEST");
    await manager.fleetEntries.fuelReplace({ accountKey: a.key, entryId: second.id, body: { asset_id: van.id, filled_at: at(2), odometer_km: 1500, volume_l: 35, void: true } });
    expect(await viewer.fleetEntries.fuelSummary({ accountKey: a.key, assetId: van.id })).toMatchObject({ l_per_100km: null, void_entries: 1 });
    await manager.fleetEntries.fuelDelete({ accountKey: a.key, entryId: second.id });
    await manager.fleetEntries.odometerDelete({ accountKey: a.key, entryId: reading.id });
    const other = await createFixtureAccount("Other");
    expect((await refusal(callerFor(other.users.viewer).fleetEntries.fuelSummary({ accountKey: other.key, assetId: van.id }))).code).toBe("NOT_FOUND");
  });
});
