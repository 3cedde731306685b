// Assets through the dashboard API: create with a tracker, list with pagination, edit (IMEI swap and removal),
// delete, and the conflicts the use cases raise (duplicate IMEI across accounts).
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { callerFor, createFixtureAccount, type FixtureAccount } from "../../testing/trpc-fixtures";
import { changeGroupAssets } from "../../modules/asset-groups/change-group-assets";
import { createAssetGroup } from "../../modules/asset-groups/create-asset-group";
import { changeTagMembers } from "../../modules/tags/change-tag-members";
import { createTag } from "../../modules/tags/create-tag";

describe.each(databaseKinds())("assets router on %s", (kind) => {
  const t = useTestDatabase(kind);
  let a: FixtureAccount;
  let b: FixtureAccount;
  beforeAll(async () => {
    a = await createFixtureAccount("Assets A");
    b = await createFixtureAccount("Assets B");
  });

  it("creates an asset with a tracker and lists it", async () => {
    const manager = callerFor(a.users.fleet_manager);
    const created = await manager.assets.create({
      accountKey: a.key,
      name: "Van 1",
      plate: "AB-123-C",
      brand: "Ford",
      model: "Transit",
      imei: "356307042441013",
      adapter: "can-control",
    });
    expect(created).toEqual({ id: expect.any(Number), trackerId: expect.any(Number), imei: "356307042441013" });
    const page = await callerFor(a.users.viewer).assets.list({ accountKey: a.key });
    expect(page.next_cursor).toBeNull();
    expect(page.data).toEqual([
      expect.objectContaining({
        id: created.id,
        name: "Van 1",
        plate: "AB-123-C",
        brand: "Ford",
        model: "Transit",
        tracker: {
          id: created.trackerId,
          imei: "356307042441013",
          protocol: "teltonika",
          can_adapter: "can-control",
          weak_device_id: false,
          allow_weak_device_id: false,
        },
        last_position: null,
      }),
    ]);
  });

  it("keeps a VIN (uppercase, 17 characters without I, O or Q) and filters the list as REST does", async () => {
    const owner = await createFixtureAccount("Assets VIN");
    const admin = callerFor(owner.users.admin);
    const truck = await admin.assets.create({ accountKey: owner.key, name: "Truck", vin: " wvwzzz1jzxw000001 " });
    const van = await admin.assets.create({ accountKey: owner.key, name: "Van" });
    for (const vin of ["WVWZZZ1JZXW00000", "WVWZZZ1JZXW00000I", "WVWZZZ1JZXW0000012"]) {
      const refused = await admin.assets.update({ accountKey: owner.key, assetId: van.id, vin }).catch((e: unknown) => e);
      expect((refused as TRPCError).message, vin).toBe("vin: must be 17 letters and digits, without I, O or Q");
    }
    expect((await admin.assets.update({ accountKey: owner.key, assetId: van.id, vin: "1M8GDM9AXKP042788" })).vin).toBe("1M8GDM9AXKP042788");
    expect((await admin.assets.update({ accountKey: owner.key, assetId: van.id, vin: null })).vin).toBeNull();

    const north = await createAssetGroup({ accountId: owner.id, body: { name: "North" } });
    const city = await createAssetGroup({ accountId: owner.id, body: { name: "City", parent_id: north.id } });
    await changeGroupAssets({ accountId: owner.id, groupId: city.id, change: "add", assetIds: [truck.id] });
    const leased = await createTag({ accountId: owner.id, body: { name: "Leased" } });
    await changeTagMembers({ accountId: owner.id, tagId: leased.id, kind: "asset", change: "add", ids: [van.id] });
    const viewer = callerFor(owner.users.viewer);
    const names = async (filters: Record<string, unknown>) =>
      (await viewer.assets.list({ accountKey: owner.key, ...filters })).data.map((asset) => asset.name);
    expect(await names({ groupId: north.id })).toEqual(["Truck"]);
    expect(await names({ tagId: leased.id })).toEqual(["Van"]);
    expect(await names({ q: "1JZX" })).toEqual(["Truck"]);
    expect(await names({ status: ["offline"] })).toEqual(["Truck", "Van"]);
    expect(await names({ status: ["online"] })).toEqual([]);
    expect((await viewer.assets.list({ accountKey: owner.key, q: "truck" })).data[0]).toMatchObject({ vin: "WVWZZZ1JZXW000001", group_ids: [city.id], tag_ids: [] });
  });

  it("creates and edits a phone tracker (osmand) with its device id, and refuses an id that breaks the protocol's rule", async () => {
    const admin = callerFor(b.users.admin);
    // a typed id needs the asset's opt-in
    const weak = await admin.assets.create({ accountKey: b.key, name: "Driver phone", imei: "trpc-phone-1", protocol: "osmand" }).catch((e: unknown) => e);
    expect((weak as TRPCError).code).toBe("BAD_REQUEST");
    expect((weak as TRPCError).message).toMatch(/^imei: a phone's device id is its only credential/);
    const phone = await admin.assets.create({ accountKey: b.key, name: "Driver phone", imei: "trpc-phone-1", protocol: "osmand", allowWeakDeviceId: true });
    const listed = (await admin.assets.list({ accountKey: b.key })).data.find((asset) => asset.id === phone.id);
    expect(listed?.tracker).toMatchObject({ imei: "trpc-phone-1", protocol: "osmand", weak_device_id: true, allow_weak_device_id: true });
    const edited = await admin.assets.update({ accountKey: b.key, assetId: phone.id, imei: "trpc-phone-2", protocol: "osmand" });
    expect(edited.tracker).toMatchObject({ imei: "trpc-phone-2", protocol: "osmand" });
    const wrong = await admin.assets
      .update({ accountKey: b.key, assetId: phone.id, protocol: "gt06" })
      .catch((e: unknown) => e);
    expect((wrong as TRPCError).code).toBe("BAD_REQUEST");
    expect((wrong as TRPCError).message).toBe("imei: must be 15 digits");
    await admin.assets.delete({ accountKey: b.key, assetId: phone.id });
  });

  it("refuses an IMEI another account already uses, with CONFLICT", async () => {
    const error = await callerFor(b.users.admin)
      .assets.create({ accountKey: b.key, name: "Copy", imei: "356307042441013" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe("CONFLICT");
    expect((error as TRPCError).cause).toMatchObject({ code: "IMEI_TAKEN" });
  });

  it("pages through the list with the cursor", async () => {
    const admin = callerFor(b.users.admin);
    for (const name of ["One", "Two", "Three"]) await admin.assets.create({ accountKey: b.key, name });
    const first = await admin.assets.list({ accountKey: b.key, limit: 2 });
    expect(first.data.map((asset) => asset.name)).toEqual(["One", "Two"]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await admin.assets.list({ accountKey: b.key, limit: 2, cursor: first.next_cursor });
    expect(second.data.map((asset) => asset.name)).toEqual(["Three"]);
    expect(second.next_cursor).toBeNull();
  });

  it("edits an asset: fields, a new IMEI, then no tracker", async () => {
    const admin = callerFor(a.users.admin);
    const { id } = await admin.assets.create({ accountKey: a.key, name: "Truck", imei: "356307042441021" });
    const renamed = await admin.assets.update({ accountKey: a.key, assetId: id, name: "Truck 7", plate: "TR-7", imei: "356307042441039" });
    expect(renamed).toMatchObject({ name: "Truck 7", plate: "TR-7", tracker: { imei: "356307042441039" } });
    const cleared = await admin.assets.update({ accountKey: a.key, assetId: id, plate: null, imei: null });
    expect(cleared).toMatchObject({ plate: null, tracker: null });
    expect((await admin.assets.list({ accountKey: a.key })).data.find((asset) => asset.id === id)).toEqual(cleared);
  });

  it("deletes an asset; another account cannot see, edit or delete it", async () => {
    const admin = callerFor(a.users.admin);
    const { id } = await admin.assets.create({ accountKey: a.key, name: "Scrap", imei: "356307042441047" });
    const outsider = callerFor(b.users.admin);
    for (const call of [
      () => outsider.assets.update({ accountKey: b.key, assetId: id, name: "Mine" }),
      () => outsider.assets.delete({ accountKey: b.key, assetId: id }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    expect((await outsider.assets.list({ accountKey: b.key })).data.map((asset) => asset.id)).not.toContain(id);
    expect(await admin.assets.delete({ accountKey: a.key, assetId: id })).toEqual({ ok: true });
    expect(await t.db.asset.count({ where: { id } })).toBe(0);
  });

  it("creates a phone with a generated device id and re-keys it (assets.write only)", async () => {
    const manager = callerFor(a.users.fleet_manager);
    const phone = await manager.assets.create({ accountKey: a.key, name: "Generated phone", protocol: "osmand" });
    expect(phone.imei).toMatch(/^[a-z2-9]{6}(-[a-z2-9]{6}){3}$/);
    for (const role of ["office_staff", "viewer"] as const) {
      await expect(callerFor(a.users[role]).assets.rekeyDeviceId({ accountKey: a.key, assetId: phone.id })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
    }
    expect(await t.db.tracker.count({ where: { imei: phone.imei! } })).toBe(1); // refused: unchanged
    const rekeyed = await manager.assets.rekeyDeviceId({ accountKey: a.key, assetId: phone.id });
    expect(rekeyed.tracker).toMatchObject({ id: phone.trackerId, protocol: "osmand", weak_device_id: false });
    expect(rekeyed.tracker!.imei).not.toBe(phone.imei);
    await expect(callerFor(b.users.admin).assets.rekeyDeviceId({ accountKey: b.key, assetId: phone.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("lets office staff and viewers read but not write", async () => {
    for (const role of ["office_staff", "viewer"] as const) {
      const caller = callerFor(a.users[role]);
      await expect(caller.assets.list({ accountKey: a.key })).resolves.toBeDefined();
      await expect(caller.assets.create({ accountKey: a.key, name: "No" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      const [first] = (await caller.assets.list({ accountKey: a.key })).data;
      await expect(caller.assets.delete({ accountKey: a.key, assetId: first!.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
  });
});
