// Unknown devices through the dashboard API: the platform-wide list for admins and fleet managers, provisioning into
// the caller's account (asset with the IMEI and protocol, row removed), and the refusals.
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { TrackerDirectory } from "../../tracker/tracker-directory";
import { callerFor, createFixtureAccount, type FixtureAccount } from "../test-fixtures";

describe.each(databaseKinds())("devices router on %s", (kind) => {
  const t = useTestDatabase(kind);
  let a: FixtureAccount;
  let b: FixtureAccount;
  const imei = `35${String(Date.now()).slice(-13)}`;
  const other = `86${String(Date.now()).slice(-13)}`;

  beforeAll(async () => {
    a = await createFixtureAccount("Devices A");
    b = await createFixtureAccount("Devices B");
    // unknown IMEIs recorded the way the tracker listeners record them
    const directory = new TrackerDirectory(t.db);
    await directory.identify({ imei, protocol: "teltonika", remoteAddress: "203.0.113.7" });
    await directory.identify({ imei, protocol: "teltonika", remoteAddress: "203.0.113.8" });
    await directory.identify({ imei: other, protocol: "teltonika" });
  });

  it("lists unknown devices to admins and fleet managers of any account", async () => {
    for (const userId of [a.users.admin, a.users.fleet_manager, b.users.admin]) {
      const key = userId === b.users.admin ? b.key : a.key;
      const devices = await callerFor(userId).devices.listUnknown({ accountKey: key });
      expect(devices).toContainEqual({
        imei,
        protocol: "teltonika",
        attempts: 2,
        first_seen_at: expect.any(String),
        last_seen_at: expect.any(String),
        remote_address: "203.0.113.8",
      });
    }
  });

  it("refuses office staff and viewers", async () => {
    for (const userId of [a.users.office_staff, a.users.viewer]) {
      const error = await callerFor(userId)
        .devices.listUnknown({ accountKey: a.key })
        .catch((e: unknown) => e);
      expect((error as TRPCError).code).toBe("FORBIDDEN");
      const provision = await callerFor(userId)
        .devices.provision({ accountKey: a.key, imei, name: "Nope" })
        .catch((e: unknown) => e);
      expect((provision as TRPCError).code).toBe("FORBIDDEN");
    }
  });

  it("provisions a device into the caller's account and removes it from the list", async () => {
    const manager = callerFor(a.users.fleet_manager);
    const created = await manager.devices.provision({ accountKey: a.key, imei, name: "Found van", plate: "FV-1" });
    expect(created).toEqual({ id: expect.any(Number), trackerId: expect.any(Number) });
    const asset = await manager.assets.get({ accountKey: a.key, assetId: created.id });
    expect(asset).toMatchObject({ name: "Found van", plate: "FV-1", tracker: { imei, protocol: "teltonika" } });
    const left = await manager.devices.listUnknown({ accountKey: a.key });
    expect(left.map((d) => d.imei)).not.toContain(imei);
    expect(left.map((d) => d.imei)).toContain(other);
    // the other account cannot see the asset
    const error = await callerFor(b.users.admin)
      .assets.get({ accountKey: b.key, assetId: created.id })
      .catch((e: unknown) => e);
    expect((error as TRPCError).code).toBe("NOT_FOUND");
    // and the device is now identified on its next login
    expect(await new TrackerDirectory(t.db).identify({ imei, protocol: "teltonika" })).toMatchObject({ accountId: a.id });
  });

  it("answers NOT_FOUND for an IMEI that is not an unknown device, and validates the name", async () => {
    const admin = callerFor(b.users.admin);
    const missing = await admin.devices.provision({ accountKey: b.key, imei: "356307042449999", name: "X" }).catch((e: unknown) => e);
    expect((missing as TRPCError).code).toBe("NOT_FOUND");
    const invalid = await admin.devices.provision({ accountKey: b.key, imei: other, name: "  " }).catch((e: unknown) => e);
    expect((invalid as TRPCError).code).toBe("BAD_REQUEST");
    expect((invalid as TRPCError).cause).toMatchObject({ code: "VALIDATION_FAILED" });
    expect((await admin.devices.listUnknown({ accountKey: b.key })).map((d) => d.imei)).toContain(other);
  });

  it("keeps the row when the IMEI already belongs to an asset (IMEI_TAKEN)", async () => {
    const admin = callerFor(b.users.admin);
    await admin.assets.create({ accountKey: b.key, name: "Already here", imei: other });
    // the listener would not record it again, but a row left from before provisioning elsewhere stays refusable
    const error = await admin.devices.provision({ accountKey: b.key, imei: other, name: "Twice" }).catch((e: unknown) => e);
    expect((error as TRPCError).code).toBe("CONFLICT");
    expect((error as TRPCError).cause).toMatchObject({ code: "IMEI_TAKEN" });
  });
});
