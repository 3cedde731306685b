// The dashboard's vehicle control: roles, commands in the user's name, and the platform's vehicle profiles.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAsset } from "../../modules/assets/create-asset";
import { CanAdapterDevice } from "../../testing/can-adapter-device";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { testImei } from "../../testing/test-imei";
import { useTestTrackerService } from "../../testing/test-tracker-service";
import { callerFor, createFixtureAccount, type FixtureAccount } from "../../testing/trpc-fixtures";

describe.each(databaseKinds())("vehicleControl router on %s", (kind) => {
  const t = useTestDatabase(kind);
  const tracker = useTestTrackerService(kind, t, { teltonika: true });
  let account: FixtureAccount;
  let device: CanAdapterDevice;
  let assetId: number;

  beforeAll(async () => {
    account = await createFixtureAccount("Control panel");
    const imei = testImei();
    const created = await createAsset({ accountId: account.id, name: "Golf", imei, adapter: "can-control", brand: "volkswagen", model: "golf" });
    assetId = created.id;
    device = await CanAdapterDevice.connect(tracker.service.tcpPort!, imei, { programNumber: 1247 });
    await device.report();
    await vi.waitFor(async () =>
      expect((await t.db.tracker.findUniqueOrThrow({ where: { id: created.trackerId! } })).adapterProgramNumber).toBe(1247),
    );
  });
  afterAll(async () => {
    await device?.close();
  });

  it("shows capabilities to every role and lets fleet managers send commands in their own name", async () => {
    const viewer = callerFor(account.users.viewer);
    const caps = await viewer.vehicleControl.capabilities({ accountKey: account.key, assetId });
    expect(caps.actions).toEqual({ LOCK: true, UNLOCK: true, TRUNK: true, IMMOBILISE: false });
    expect(caps.reasons).toEqual({ IMMOBILISE: "requires_immo_adapter_variant" });
    await expect(viewer.vehicleControl.send({ accountKey: account.key, assetId, action: "LOCK", confirm: false })).rejects.toMatchObject({ code: "FORBIDDEN" });

    const manager = callerFor(account.users.fleet_manager);
    const sent = await manager.vehicleControl.send({ accountKey: account.key, assetId, action: "LOCK", confirm: false });
    expect(sent).toMatchObject({ kind: "delivered", action: "LOCK", state: "delivered_awaiting_vehicle_confirmation" });
    const refused = await manager.vehicleControl.send({ accountKey: account.key, assetId, action: "IMMOBILISE", confirm: true });
    expect(refused).toMatchObject({ kind: "refused", reason: "requires_immo_adapter_variant", refusal: "policy", message: expect.any(String) });

    await expect.poll(async () => (await manager.vehicleControl.commands({ accountKey: account.key, assetId }))[0]?.state).toBe("confirmed");
    const [command] = await manager.vehicleControl.commands({ accountKey: account.key, assetId });
    expect(command!.sent_by).toEqual({ kind: "user", user_id: account.users.fleet_manager, client_id: null, name: "fleet_manager user" });
  });

  it("lets only admins provision the program number", async () => {
    await expect(
      callerFor(account.users.fleet_manager).vehicleControl.provision({ accountKey: account.key, assetId, program_number: 1300, scheme_date: "2020-01-01" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const done = await callerFor(account.users.admin).vehicleControl.provision({ accountKey: account.key, assetId, program_number: 1300, scheme_date: "2020-01-01" });
    expect(done).toMatchObject({ state: "verified", program_number: 1300 });
  });

  it("lets only platform admins change vehicle profiles", async () => {
    const admin = callerFor(account.users.admin);
    const profile = { brand: "Volkswagen", model: "Golf", lock: true, unlock: true, trunk: false, immobilise: true };
    await expect(admin.vehicleControl.saveProfile(profile)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await t.db.user.update({ where: { id: account.users.admin }, data: { platformAdmin: true } });
    const saved = await admin.vehicleControl.saveProfile(profile);
    expect(saved).toMatchObject({ brand: "Volkswagen", model: "Golf", variant: "", trunk: false });
    const caps = await admin.vehicleControl.capabilities({ accountKey: account.key, assetId });
    expect(caps.reasons.TRUNK).toBe("not_supported_by_vehicle");
    const added = await admin.vehicleControl.saveProfile({ brand: "Volkswagen", model: "Golf", variant: "Mk8", lock: true });
    expect(added.variant).toBe("Mk8");
    expect((await admin.vehicleControl.profiles()).filter((p) => p.model === "Golf")).toHaveLength(2);

    await admin.vehicleControl.deleteProfile({ id: added.id });
    expect((await admin.vehicleControl.profiles()).filter((p) => p.model === "Golf")).toHaveLength(1);
    await expect(admin.vehicleControl.deleteProfile({ id: added.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(callerFor(account.users.fleet_manager).vehicleControl.deleteProfile({ id: saved.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
