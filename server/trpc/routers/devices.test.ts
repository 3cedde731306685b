// Unknown devices through the dashboard API. Who sees which is the platform operator's decision: the platform admin
// (granted by the CLI) sees every unknown device with its address and may provision any; an account sees and
// provisions only the IMEIs it pre-registered that tried to log in after that. No tenant sees another tenant's
// devices or addresses, and an IMEI cannot be claimed first-come.
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { testImei } from "../../testing/test-imei";
import { TrackerDirectory } from "../../tracker/tracker-directory";
import { callerFor, createFixtureAccount, type FixtureAccount } from "../../testing/trpc-fixtures";

describe.each(databaseKinds())("devices router on %s", (kind) => {
  const t = useTestDatabase(kind);
  let a: FixtureAccount;
  let b: FixtureAccount;
  let operator: number;
  let opsKey: string;
  const [mine, theirs, stray, early] = [testImei(), testImei(), testImei(), testImei()];
  /** a login attempt of `imei` as the tracker listeners record it */
  const attempt = (imei: string, remoteAddress: string) =>
    new TrackerDirectory(t.db).identify({ imei, protocol: "teltonika", remoteAddress });

  beforeAll(async () => {
    a = await createFixtureAccount("Devices A");
    b = await createFixtureAccount("Devices B");
    const ops = await createFixtureAccount("Operations");
    operator = ops.users.admin;
    opsKey = ops.key;
    await t.db.user.update({ where: { id: operator }, data: { platformAdmin: true } });
    // A pre-registers `mine` and `early`, B pre-registers `theirs`; `stray` belongs to nobody
    await attempt(early, "203.0.113.5"); // tried before A pre-registered it
    await callerFor(a.users.admin).devices.preRegister({ accountKey: a.key, imei: mine });
    await callerFor(a.users.admin).devices.preRegister({ accountKey: a.key, imei: early });
    await callerFor(b.users.admin).devices.preRegister({ accountKey: b.key, imei: theirs });
    await new Promise((resolve) => setTimeout(resolve, 5)); // attempts strictly after the pre-registrations
    await attempt(mine, "203.0.113.7");
    await attempt(mine, "203.0.113.8");
    await attempt(theirs, "198.51.100.9");
    await attempt(stray, "192.0.2.1");
  });

  it("shows an account only the IMEIs it pre-registered that tried to log in since, to admins and fleet managers", async () => {
    for (const userId of [a.users.admin, a.users.fleet_manager]) {
      const devices = await callerFor(userId).devices.listUnknown({ accountKey: a.key });
      expect(devices).toEqual([
        {
          imei: mine,
          protocol: "teltonika",
          attempts: 2,
          first_seen_at: expect.any(String),
          last_seen_at: expect.any(String),
          remote_address: "203.0.113.8",
        },
      ]);
    }
    expect((await callerFor(b.users.admin).devices.listUnknown({ accountKey: b.key })).map((d) => d.imei)).toEqual([theirs]);
  });

  it("shows the platform admin every unknown device with its address", async () => {
    const devices = await callerFor(operator).devices.listUnknown({ accountKey: opsKey });
    expect(devices.map((d) => d.imei)).toEqual(expect.arrayContaining([mine, theirs, stray, early]));
    expect(devices.find((d) => d.imei === stray)).toMatchObject({ remote_address: "192.0.2.1" });
  });

  it("refuses office staff and viewers", async () => {
    for (const userId of [a.users.office_staff, a.users.viewer]) {
      // each call made only when awaited: a refusal nobody awaits yet is an unhandled rejection
      for (const call of [
        () => callerFor(userId).devices.listUnknown({ accountKey: a.key }),
        () => callerFor(userId).devices.provision({ accountKey: a.key, imei: mine, name: "Nope" }),
        () => callerFor(userId).devices.preRegister({ accountKey: a.key, imei: testImei() }),
      ]) {
        expect(((await call().catch((e: unknown) => e)) as TRPCError).code).toBe("FORBIDDEN");
      }
    }
  });

  it("refuses to pre-register an invalid IMEI, one another account holds, or one fitted to an asset, alike", async () => {
    const admin = callerFor(a.users.admin);
    const invalid = await admin.devices.preRegister({ accountKey: a.key, imei: "123456789012345" }).catch((e: unknown) => e);
    expect((invalid as TRPCError).code).toBe("BAD_REQUEST");
    expect((invalid as TRPCError).cause).toMatchObject({ code: "VALIDATION_FAILED" });
    const fitted = testImei();
    await callerFor(b.users.admin).assets.create({ accountKey: b.key, name: "Fitted", imei: fitted });
    for (const imei of [theirs, fitted]) {
      const error = await admin.devices.preRegister({ accountKey: a.key, imei }).catch((e: unknown) => e);
      expect((error as TRPCError).code).toBe("CONFLICT");
      expect((error as TRPCError).message).toBe("This IMEI cannot be pre-registered in this account.");
    }
    // pre-registering again in the same account is harmless
    expect(await admin.devices.preRegister({ accountKey: a.key, imei: mine })).toMatchObject({ imei: mine });
    await attempt(mine, "203.0.113.8"); // and the device shows again once it tries again
  });

  it("answers NOT_FOUND when an account provisions what it does not see: another's, nobody's, or not yet tried", async () => {
    const admin = callerFor(a.users.admin);
    for (const imei of [theirs, stray, early, testImei()]) {
      const error = await admin.devices.provision({ accountKey: a.key, imei, name: "Grab" }).catch((e: unknown) => e);
      expect((error as TRPCError).code).toBe("NOT_FOUND");
    }
    const invalid = await admin.devices.provision({ accountKey: a.key, imei: mine, name: "  " }).catch((e: unknown) => e);
    expect((invalid as TRPCError).code).toBe("BAD_REQUEST");
    expect((invalid as TRPCError).cause).toMatchObject({ code: "VALIDATION_FAILED" });
  });

  it("provisions a pre-registered device into the account and removes it from the list", async () => {
    const manager = callerFor(a.users.fleet_manager);
    const created = await manager.devices.provision({ accountKey: a.key, imei: mine, name: "Found van", plate: "FV-1" });
    expect(created).toEqual({ id: expect.any(Number), trackerId: expect.any(Number) });
    const asset = (await manager.assets.list({ accountKey: a.key })).data.find((row) => row.id === created.id);
    expect(asset).toMatchObject({ name: "Found van", plate: "FV-1", tracker: { imei: mine, protocol: "teltonika" } });
    expect((await manager.devices.listUnknown({ accountKey: a.key })).map((d) => d.imei)).not.toContain(mine);
    const error = await callerFor(b.users.admin)
      .assets.update({ accountKey: b.key, assetId: created.id, name: "Not theirs" })
      .catch((e: unknown) => e);
    expect((error as TRPCError).code).toBe("NOT_FOUND");
    // and the device is now identified on its next login
    expect(await new TrackerDirectory(t.db).identify({ imei: mine, protocol: "teltonika" })).toMatchObject({ accountId: a.id });
  });

  it("lets the platform admin provision any unknown device into an account of theirs", async () => {
    const created = await callerFor(operator).devices.provision({ accountKey: opsKey, imei: stray, name: "Stray" });
    const asset = await t.db.asset.findUniqueOrThrow({ where: { id: created.id }, include: { account: true } });
    expect(asset.account.key).toBe(opsKey);
    // an IMEI already fitted elsewhere stays refused (a row left from before provisioning elsewhere)
    await callerFor(b.users.admin).assets.create({ accountKey: b.key, name: "Theirs now", imei: theirs });
    const taken = await callerFor(operator)
      .devices.provision({ accountKey: opsKey, imei: theirs, name: "Twice" })
      .catch((e: unknown) => e);
    expect((taken as TRPCError).code).toBe("CONFLICT");
    expect((taken as TRPCError).cause).toMatchObject({ code: "IMEI_TAKEN" });
  });

  it("provisions an unknown phone with the protocol it spoke and its device id", async () => {
    const phone = `phone-${testImei()}`; // a device id, not an IMEI
    expect(await new TrackerDirectory(t.db).identify({ imei: phone, protocol: "osmand", remoteAddress: "192.0.2.9" })).toBeNull();
    // the id was typed on the phone: adopting it is the operator's explicit choice of a weak id (docs/osmand.md)
    const refused = await callerFor(operator).devices.provision({ accountKey: opsKey, imei: phone, name: "Driver phone" }).catch((e: unknown) => e);
    expect((refused as TRPCError).message).toMatch(/^imei: a phone's device id is its only credential/);
    const created = await callerFor(operator).devices.provision({ accountKey: opsKey, imei: phone, name: "Driver phone", allowWeakDeviceId: true });
    const tracker = await t.db.tracker.findUniqueOrThrow({ where: { id: created.trackerId! } });
    expect(tracker).toMatchObject({ imei: phone, protocol: "osmand", assetId: created.id, deviceIdGenerated: false, allowWeakDeviceId: true });
  });
});
