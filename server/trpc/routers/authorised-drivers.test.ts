// Authorised drivers through the dashboard API: every member reads; admins and fleet managers change the list and
// the immobiliser (vehicles.control); other roles are FORBIDDEN; another account's asset is NOT_FOUND.
import { beforeAll, describe, expect, it } from "vitest";
import { makeAsset } from "../../testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { testImei } from "../../testing/test-imei";
import { callerFor, createFixtureAccount, type FixtureAccount } from "../../testing/trpc-fixtures";

const KEY = "01A2B3C4D5E6F708";
const MASKED = "••••••••••••F708";

describe.each(databaseKinds())("authorised drivers router on %s", (kind) => {
  useTestDatabase(kind);
  let account: FixtureAccount;
  let other: FixtureAccount;
  let assetId: number;

  beforeAll(async () => {
    account = await createFixtureAccount("Keys");
    other = await createFixtureAccount("Other keys");
    assetId = (await makeAsset(account.id, "Van", testImei())).id;
  });

  it("lets fleet managers and admins replace the list and set the immobiliser, with field errors", async () => {
    const manager = callerFor(account.users.fleet_manager);
    const list = await manager.authorisedDrivers.replace({ accountKey: account.key, assetId, drivers: [{ key_id: KEY, name: "Jonas" }] });
    expect(list.drivers).toEqual([{ key_id: KEY, name: "Jonas", driver_id: null }]);
    await expect(
      manager.authorisedDrivers.replace({ accountKey: account.key, assetId, drivers: [{ key_id: "nope" }] }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const admin = callerFor(account.users.admin);
    expect((await admin.authorisedDrivers.setImmobiliser({ accountKey: account.key, assetId, enabled: true })).immobiliser).toEqual({
      enabled: true,
    });
  });

  it("lets every member read the list and its status, and refuses changes to office staff and viewers", async () => {
    for (const role of ["office_staff", "viewer"] as const) {
      const caller = callerFor(account.users[role]);
      const { list, status } = await caller.authorisedDrivers.get({ accountKey: account.key, assetId });
      // the key ids are what the immobiliser accepts: masked for roles without vehicles.control
      expect(list.drivers).toEqual([{ key_id: MASKED, name: "Jonas", driver_id: null }]);
      expect(status.pending.add).toEqual([MASKED]);
      expect(JSON.stringify({ list, status })).not.toContain(KEY);
      await expect(caller.authorisedDrivers.replace({ accountKey: account.key, assetId, drivers: [] })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
      await expect(caller.authorisedDrivers.setImmobiliser({ accountKey: account.key, assetId, enabled: false })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
    }
  });

  it("shows the key ids in full to fleet managers and admins", async () => {
    for (const role of ["fleet_manager", "admin"] as const) {
      const { list, status } = await callerFor(account.users[role]).authorisedDrivers.get({ accountKey: account.key, assetId });
      expect(list.drivers.map((driver) => driver.key_id)).toEqual([KEY]);
      expect(status.pending.add).toEqual([KEY]);
    }
  });

  it("treats another account's asset as not found", async () => {
    const stranger = callerFor(other.users.admin);
    await expect(stranger.authorisedDrivers.get({ accountKey: other.key, assetId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(stranger.authorisedDrivers.replace({ accountKey: other.key, assetId, drivers: [] })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
