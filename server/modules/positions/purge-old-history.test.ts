// History retention on both databases: what an account no longer keeps goes, batch by batch; its last known
// position, its open trip and other accounts' history stay; an account without a retention keeps everything.
import { describe, expect, it } from "vitest";
import { makeAccount, makeAsset } from "../../testing/http-fixtures";
import { testImei } from "../../testing/test-imei";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { updateAccountSettings } from "../accounts/update-account-settings";
import { purgeOldHistory } from "./purge-old-history";

const DAY = 24 * 60 * 60_000;

describe.each(databaseKinds())("history retention on %s", (kind) => {
  const t = useTestDatabase(kind);
  const now = Date.parse("2026-11-24T12:00:00Z");

  async function vehicle(accountId: number) {
    const asset = await makeAsset(accountId, "Van", testImei());
    const trackerId = (await t.db.tracker.findFirstOrThrow({ where: { assetId: asset.id } })).id;
    const position = (daysAgo: number) =>
      t.db.position.create({
        data: {
          assetId: asset.id,
          trackerId,
          fixTime: new Date(now - daysAgo * DAY),
          receivedAt: new Date(now - daysAgo * DAY),
          latitude: 54.68,
          longitude: 25.28,
          altitude: 100,
          speed: 30,
          course: 90,
          satellites: 9,
          priority: 0,
          eventIoId: 0,
          moving: true,
        },
        select: { id: true },
      });
    const trip = (startedDaysAgo: number, endedDaysAgo: number | null) =>
      t.db.trip.create({
        data: {
          assetId: asset.id,
          startedAt: new Date(now - startedDaysAgo * DAY),
          endedAt: endedDaysAgo === null ? null : new Date(now - endedDaysAgo * DAY),
          startLat: 54.68,
          startLng: 25.28,
          trail: [],
        },
        select: { id: true },
      });
    const alert = (daysAgo: number) =>
      t.db.alert.create({
        data: { accountId, assetId: asset.id, ruleName: "Speed", type: "OVERSPEED", firedAt: new Date(now - daysAgo * DAY), message: "fast", details: {} },
        select: { id: true },
      });
    const lastKnown = async (positionId: bigint, daysAgo: number) =>
      t.db.assetState.create({
        data: { assetId: asset.id, positionId, fixTime: new Date(now - daysAgo * DAY), receivedAt: new Date(now - daysAgo * DAY), wsSeq: 1n, payload: {} },
      });
    const behaviorEvent = (daysAgo: number) =>
      t.db.driverBehaviorEvent.create({
        data: { accountId, assetId: asset.id, type: "harsh_braking", at: new Date(now - daysAgo * DAY), score: 60, severity: "low" },
        select: { id: true },
      });
    return { asset, position, trip, alert, behaviorEvent, lastKnown };
  }

  it("deletes positions, ended trips, alerts and behaviour events older than the account's retention, in batches, and keeps the rest", async () => {
    const account = await makeAccount("Keeps 30 days");
    await updateAccountSettings({ accountId: account.id, historyRetentionDays: 30 });
    const van = await vehicle(account.id);
    for (const days of [45, 44, 43, 42, 41]) await van.position(days);
    const recent = await van.position(10);
    const silent = await vehicle(account.id); // a vehicle last heard of 60 days ago
    const lastHeard = await silent.position(60);
    await silent.position(61);
    await silent.lastKnown(lastHeard.id, 60);
    await van.trip(50, 40);
    const openTrip = await van.trip(40, null);
    const recentTrip = await van.trip(12, 11);
    await van.alert(40);
    const recentAlert = await van.alert(5);
    await van.behaviorEvent(31);
    const recentEvent = await van.behaviorEvent(29);

    const other = await makeAccount("Keeps everything");
    const theirs = await vehicle(other.id);
    const theirOld = await theirs.position(400);
    const theirTrip = await theirs.trip(400, 399);
    const theirAlert = await theirs.alert(400);
    const theirEvent = await theirs.behaviorEvent(400);

    const purged = await purgeOldHistory({ now, batch: 2, pauseMs: 0 });
    expect(purged).toEqual({ positions: 6, trips: 1, alerts: 1, behaviorEvents: 1 });

    expect((await t.db.position.findMany({ where: { assetId: van.asset.id }, select: { id: true } })).map((p) => p.id)).toEqual([recent.id]);
    // the silent vehicle's last known position stays, however old
    expect((await t.db.position.findMany({ where: { assetId: silent.asset.id }, select: { id: true } })).map((p) => p.id)).toEqual([lastHeard.id]);
    expect((await t.db.trip.findMany({ where: { assetId: van.asset.id }, select: { id: true }, orderBy: { id: "asc" } })).map((p) => p.id)).toEqual([
      openTrip.id,
      recentTrip.id,
    ]);
    expect((await t.db.alert.findMany({ where: { accountId: account.id }, select: { id: true } })).map((a) => a.id)).toEqual([recentAlert.id]);
    expect((await t.db.driverBehaviorEvent.findMany({ where: { accountId: account.id }, select: { id: true } })).map((e) => e.id)).toEqual([recentEvent.id]);
    // another account, without a retention, keeps everything
    expect(await t.db.position.findUnique({ where: { id: theirOld.id } })).not.toBeNull();
    expect(await t.db.trip.findUnique({ where: { id: theirTrip.id } })).not.toBeNull();
    expect(await t.db.alert.findUnique({ where: { id: theirAlert.id } })).not.toBeNull();
    expect(await t.db.driverBehaviorEvent.findUnique({ where: { id: theirEvent.id } })).not.toBeNull();

    // nothing left to do: a second pass deletes nothing
    expect(await purgeOldHistory({ now, batch: 2, pauseMs: 0 })).toEqual({ positions: 0, trips: 0, alerts: 0, behaviorEvents: 0 });
  });

  it("stops between batches when the server is stopping", async () => {
    await t.db.account.updateMany({ data: { historyRetentionDays: null } }); // this account's work only
    const account = await makeAccount("Stopping");
    await updateAccountSettings({ accountId: account.id, historyRetentionDays: 1 });
    const van = await vehicle(account.id);
    for (const days of [9, 8, 7, 6]) await van.position(days);
    let statements = 0;
    const purged = await purgeOldHistory({ now, batch: 2, pauseMs: 0, stopping: () => statements++ >= 1 });
    expect(purged.positions).toBe(2);
    expect(await t.db.position.count({ where: { assetId: van.asset.id } })).toBe(2);
  });

  it("takes a retention of whole days within one day and ten years, or none", async () => {
    const account = await makeAccount("Limits");
    for (const bad of [0, 3651, 1.5]) {
      await expect(updateAccountSettings({ accountId: account.id, historyRetentionDays: bad })).rejects.toMatchObject({
        code: "VALIDATION_FAILED",
        errors: [expect.objectContaining({ field: "historyRetentionDays" })],
      });
    }
    expect((await updateAccountSettings({ accountId: account.id, historyRetentionDays: 3650 })).historyRetentionDays).toBe(3650);
    expect((await updateAccountSettings({ accountId: account.id, historyRetentionDays: null })).historyRetentionDays).toBeNull();
  });
});
