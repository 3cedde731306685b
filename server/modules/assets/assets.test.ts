import { describe, expect, it } from "vitest";
import { createMemoryHub, setHub, type HubEvents } from "../../hub";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { createAccount } from "../accounts/create-account";
import { ADAPTER_KINDS } from "./adapter-kinds";
import { decodeCursor, encodeCursor } from "../paging";
import { ZAssetDto, ZAssetPage } from "./assets.schema";
import { createAsset } from "./create-asset";
import { deleteAsset } from "./delete-asset";
import { getAsset } from "./get-asset";
import { wholeFleet } from "../asset-scope/asset-scope";
import { listAssetIds } from "./list-asset-ids";
import { listAssets } from "./list-assets";
import { updateAsset } from "./update-asset";
import { rekeyDeviceId } from "./rekey-device-id";
import { DEVICE_ID, GENERATED_DEVICE_ID, GENERATED_DEVICE_ID_BITS, generateDeviceId, WEAK_DEVICE_ID_RULE } from "./device-id";
import { testImei } from "../../testing/test-imei";

/** a unique valid IMEI per call (both database kinds run in one process) */
const imei = testImei;

describe("asset cursors", () => {
  it("round-trips and refuses tampered cursors", () => {
    expect(decodeCursor(encodeCursor(42))).toBe(42);
    expect(() => decodeCursor("bm9wZQ")).toThrow(expect.objectContaining({ code: "VALIDATION_FAILED" }));
    expect(() => decodeCursor("!!")).toThrow(expect.objectContaining({ code: "VALIDATION_FAILED" }));
  });
  it("exports the four adapter kinds of the spec readings", () => {
    expect(ADAPTER_KINDS).toEqual(["lv-can200", "all-can300", "can-control", "can-control-immo"]);
  });
});

describe.each(databaseKinds())("assets on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("creates an asset without a tracker", async () => {
    const account = await createAccount({ name: "Fleet" });
    const { id, trackerId } = await createAsset({ accountId: account.id, name: " Van 1 ", plate: "AB12 CDE" });
    expect(trackerId).toBeNull();
    const dto = await getAsset({ accountId: account.id, assetId: id });
    expect(ZAssetDto.parse(dto)).toEqual(dto);
    expect(dto).toMatchObject({ id, name: "Van 1", plate: "AB12 CDE", brand: null, model: null, tracker: null, last_position: null });
    expect(new Date(dto.created_at).toISOString()).toBe(dto.created_at);
  });

  it("creates an asset with its tracker, protocol and adapter", async () => {
    const account = await createAccount({ name: "Fleet" });
    const number = imei();
    const { id, trackerId } = await createAsset({
      accountId: account.id,
      name: "Truck",
      brand: "Volvo",
      model: "FH16",
      imei: number,
      adapter: "can-control",
    });
    expect(trackerId).toEqual(expect.any(Number));
    expect(await getAsset({ accountId: account.id, assetId: id })).toMatchObject({
      brand: "Volvo",
      model: "FH16",
      tracker: { id: trackerId, imei: number, protocol: "teltonika", can_adapter: "can-control" },
    });
    const tracker = await t.db.tracker.findUniqueOrThrow({ where: { id: trackerId! } });
    expect(tracker).toMatchObject({ accountId: account.id, assetId: id, canAdapter: "can-control" });
  });

  it("refuses an IMEI already in use anywhere on the platform", async () => {
    const a = await createAccount({ name: "A" });
    const b = await createAccount({ name: "B" });
    const number = imei();
    await createAsset({ accountId: a.id, name: "One", imei: number });
    await expect(createAsset({ accountId: b.id, name: "Two", imei: number })).rejects.toMatchObject({ code: "IMEI_TAKEN", status: 409 });
    expect(await listAssetIds({ scope: wholeFleet(b.id) })).toEqual([]);
  });

  it("validates IMEI, protocol, adapter and the account", async () => {
    const a = await createAccount({ name: "V" });
    const bad = (input: object, field: string) =>
      expect(createAsset({ accountId: a.id, name: "x", ...input })).rejects.toMatchObject({
        code: "VALIDATION_FAILED",
        errors: [expect.objectContaining({ field })],
      });
    await bad({ imei: "12345" }, "imei");
    await bad({ imei: "35000000000000a" }, "imei");
    await bad({ imei: "356307042441014" }, "imei"); // one digit off: its check digit is 3
    await expect(createAsset({ accountId: a.id, name: "x", imei: "356307042441014" })).rejects.toThrow(/not a valid IMEI/);
    await bad({ imei: imei(), protocol: "nmea" }, "protocol");
    await bad({ imei: "12345", protocol: "gt06" }, "imei"); // GT06 devices log in with their IMEI too
    await bad({ imei: "phone 1", protocol: "osmand" }, "imei");
    await bad({ imei: "x".repeat(65), protocol: "osmand" }, "imei");
    await bad({ imei: imei(), adapter: "can-foo" }, "adapter");
    await bad({ adapter: "lv-can200" }, "adapter");
    await bad({ name: "" }, "name");
    await expect(createAsset({ accountId: 999999, name: "x" })).rejects.toMatchObject({ code: "ACCOUNT_NOT_FOUND" });
  });

  it("saves each tracker protocol with its identifier rule: IMEI for teltonika and gt06, a device id for osmand", async () => {
    const a = await createAccount({ name: "Protocols" });
    const gt06 = imei();
    const phone = `phone-${gt06}`;
    const van = await createAsset({ accountId: a.id, name: "Van", imei: gt06, protocol: "gt06" });
    const driver = await createAsset({ accountId: a.id, name: "Driver phone", imei: phone, protocol: "osmand", allowWeakDeviceId: true });
    expect((await getAsset({ accountId: a.id, assetId: van.id })).tracker).toMatchObject({ imei: gt06, protocol: "gt06" });
    expect((await getAsset({ accountId: a.id, assetId: driver.id })).tracker).toMatchObject({ imei: phone, protocol: "osmand" });

    // an update checks the identifier against the protocol it will have: the given one, else the saved one
    const renamed = `${phone}.b`;
    expect((await updateAsset({ accountId: a.id, assetId: driver.id, imei: renamed })).tracker?.imei).toBe(renamed);
    await expect(updateAsset({ accountId: a.id, assetId: driver.id, protocol: "teltonika" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "imei", message: "must be 15 digits" }],
    });
    await expect(updateAsset({ accountId: a.id, assetId: van.id, imei: "van-1" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "imei", message: "must be 15 digits" }],
    });
    // a tracker switched to osmand gets a generated device id (an IMEI is a typed, guessable id)
    const switched = (await updateAsset({ accountId: a.id, assetId: van.id, protocol: "osmand" })).tracker;
    expect(switched).toMatchObject({ protocol: "osmand", weak_device_id: false });
    expect(switched?.imei).toMatch(GENERATED_DEVICE_ID);
    const typed = await updateAsset({ accountId: a.id, assetId: van.id, imei: "van:2", protocol: "osmand", allowWeakDeviceId: true });
    expect(typed.tracker).toMatchObject({ imei: "van:2", weak_device_id: true, allow_weak_device_id: true });
  });

  it("generates a phone's device id with at least 96 random bits when none is typed (create, CLI and tRPC alike)", async () => {
    expect(GENERATED_DEVICE_ID_BITS).toBeGreaterThanOrEqual(96);
    const a = await createAccount({ name: "Strong phones" });
    const created = await createAsset({ accountId: a.id, name: "Driver phone", protocol: "osmand" });
    expect(created.imei).toMatch(GENERATED_DEVICE_ID);
    expect(created.imei).toMatch(DEVICE_ID); // the wire syntax: it travels in URLs and QR codes as it is
    const dto = await getAsset({ accountId: a.id, assetId: created.id });
    expect(dto.tracker).toMatchObject({ id: created.trackerId, imei: created.imei, protocol: "osmand", weak_device_id: false, allow_weak_device_id: false });
    const other = await createAsset({ accountId: a.id, name: "Second phone", protocol: "osmand" });
    expect(other.imei).not.toBe(created.imei);
    // no two of many generated ids agree, and every symbol of the alphabet turns up (the generator is not stuck)
    const many = Array.from({ length: 2000 }, generateDeviceId);
    expect(new Set(many).size).toBe(many.length);
    expect(new Set(many.join("").replaceAll("-", "")).size).toBe(32);
    // an asset without a phone still gets no tracker
    expect((await createAsset({ accountId: a.id, name: "Trailer" })).trackerId).toBeNull();
  });

  it("refuses a typed phone device id unless the asset opts in to a weak id, naming the rule", async () => {
    const a = await createAccount({ name: "Typed phones" });
    const typed = `driver-${imei()}`;
    const refused = createAsset({ accountId: a.id, name: "Driver 3", protocol: "osmand", imei: typed });
    await expect(refused).rejects.toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "imei", message: WEAK_DEVICE_ID_RULE }] });
    await expect(createAsset({ accountId: a.id, name: "Driver 3", protocol: "osmand", imei: "x".repeat(40) })).rejects.toMatchObject({
      code: "VALIDATION_FAILED", // long is not random: no typed id is strong
    });
    expect(await t.db.tracker.count({ where: { imei: typed } })).toBe(0);

    const accepted = await createAsset({ accountId: a.id, name: "Driver 3", protocol: "osmand", imei: typed, allowWeakDeviceId: true });
    expect((await getAsset({ accountId: a.id, assetId: accepted.id })).tracker).toMatchObject({
      imei: typed,
      weak_device_id: true,
      allow_weak_device_id: true,
    });
    // the opt-in is the asset's: with it saved, another typed id is accepted; the form's unchanged id always is
    const again = `${typed}-b`;
    expect((await updateAsset({ accountId: a.id, assetId: accepted.id, imei: again })).tracker).toMatchObject({ imei: again, weak_device_id: true });
    expect((await updateAsset({ accountId: a.id, assetId: accepted.id, name: "Driver 3b", imei: again, protocol: "osmand" })).name).toBe("Driver 3b");

    // a strong phone: a typed id is refused on update too, unless the opt-in comes with it
    const strong = await createAsset({ accountId: a.id, name: "Driver 4", protocol: "osmand" });
    await expect(updateAsset({ accountId: a.id, assetId: strong.id, imei: `d4-${imei()}` })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "imei", message: WEAK_DEVICE_ID_RULE }],
    });
    expect((await getAsset({ accountId: a.id, assetId: strong.id })).tracker?.imei).toBe(strong.imei);
    const optedIn = await updateAsset({ accountId: a.id, assetId: strong.id, imei: `d4-${imei()}`, allowWeakDeviceId: true });
    expect(optedIn.tracker).toMatchObject({ weak_device_id: true, allow_weak_device_id: true });

    // a phone tracker added to an asset without a tracker gets a generated id
    const bare = await createAsset({ accountId: a.id, name: "Driver 5" });
    const fitted = await updateAsset({ accountId: a.id, assetId: bare.id, protocol: "osmand" });
    expect(fitted.tracker).toMatchObject({ protocol: "osmand", weak_device_id: false });
    expect(fitted.tracker?.imei).toMatch(GENERATED_DEVICE_ID);
    // a Teltonika tracker's IMEI given again while switching it to osmand is a typed id
    const van = await createAsset({ accountId: a.id, name: "Van", imei: imei() });
    const vanImei = (await getAsset({ accountId: a.id, assetId: van.id })).tracker!.imei;
    await expect(updateAsset({ accountId: a.id, assetId: van.id, imei: vanImei, protocol: "osmand" })).rejects.toMatchObject({
      errors: [{ field: "imei", message: WEAK_DEVICE_ID_RULE }],
    });
  });

  it("keeps a phone's short id from before the rule working, marked weak, and re-keys it to a strong id", async () => {
    const a = await createAccount({ name: "Old phones" });
    const { id } = await createAsset({ accountId: a.id, name: "Driver 3" });
    const short = `driver-${imei().slice(-6)}`;
    // as the migration leaves a phone saved before the rule: typed, no opt-in
    await t.db.tracker.create({ data: { accountId: a.id, assetId: id, imei: short, protocol: "osmand" } });
    expect((await listAssets({ accountId: a.id })).data[0]!.tracker).toMatchObject({ imei: short, weak_device_id: true, allow_weak_device_id: false });
    // editing the asset keeps its id (the form sends it back unchanged)
    expect((await updateAsset({ accountId: a.id, assetId: id, name: "Driver 3 (Ann)", imei: short, protocol: "osmand" })).tracker?.imei).toBe(short);

    const rekeyed = await rekeyDeviceId({ accountId: a.id, assetId: id, userId: 1 });
    expect(rekeyed.tracker).toMatchObject({ protocol: "osmand", weak_device_id: false, allow_weak_device_id: false });
    expect(rekeyed.tracker!.imei).toMatch(GENERATED_DEVICE_ID);
    expect(await t.db.tracker.count({ where: { imei: short } })).toBe(0); // the old id names nothing any more
    const again = await rekeyDeviceId({ accountId: a.id, assetId: id });
    expect(again.tracker!.imei).not.toBe(rekeyed.tracker!.imei); // a leaked strong id can be replaced too

    // only phones have a device id to re-key; another account's asset is not found
    const truck = await createAsset({ accountId: a.id, name: "Truck", imei: imei() });
    await expect(rekeyDeviceId({ accountId: a.id, assetId: truck.id })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    const other = await createAccount({ name: "Not theirs" });
    await expect(rekeyDeviceId({ accountId: other.id, assetId: id })).rejects.toMatchObject({ code: "ASSET_NOT_FOUND" });
  });

  it("pages through assets by id with an opaque cursor, only the account's own", async () => {
    const a = await createAccount({ name: "Paged" });
    const other = await createAccount({ name: "Other" });
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createAsset({ accountId: a.id, name: `Car ${i}` })).id);
    await createAsset({ accountId: other.id, name: "Not mine" });

    const first = await listAssets({ accountId: a.id, limit: 2 });
    expect(ZAssetPage.parse(first)).toEqual(first);
    expect(first.data.map((x) => x.id)).toEqual(ids.slice(0, 2));
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await listAssets({ accountId: a.id, limit: "2" as never, cursor: first.next_cursor! });
    expect(second.data.map((x) => x.id)).toEqual(ids.slice(2, 4));
    const last = await listAssets({ accountId: a.id, limit: 2, cursor: second.next_cursor! });
    expect(last.data.map((x) => x.id)).toEqual(ids.slice(4));
    expect(last.next_cursor).toBeNull();

    expect((await listAssets({ accountId: a.id })).data).toHaveLength(5);
    expect(await listAssetIds({ scope: wholeFleet(a.id) })).toEqual(ids);
    await expect(listAssets({ accountId: a.id, limit: 501 })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await expect(listAssets({ accountId: a.id, limit: 0 })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await expect(listAssets({ accountId: a.id, cursor: "garbage" })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
  });

  it("hides other accounts' assets behind ASSET_NOT_FOUND", async () => {
    const a = await createAccount({ name: "Mine" });
    const b = await createAccount({ name: "Theirs" });
    const { id } = await createAsset({ accountId: b.id, name: "Secret" });
    await expect(getAsset({ accountId: a.id, assetId: id })).rejects.toMatchObject({ code: "ASSET_NOT_FOUND", status: 404 });
    await expect(updateAsset({ accountId: a.id, assetId: id, name: "Hacked" })).rejects.toMatchObject({ code: "ASSET_NOT_FOUND" });
    await expect(deleteAsset({ accountId: a.id, assetId: id })).rejects.toMatchObject({ code: "ASSET_NOT_FOUND" });
    expect((await getAsset({ accountId: b.id, assetId: id })).name).toBe("Secret");
  });

  it("updates fields, fits, re-numbers and removes the tracker", async () => {
    const a = await createAccount({ name: "Edit" });
    const { id } = await createAsset({ accountId: a.id, name: "Bus", plate: "OLD" });
    let dto = await updateAsset({ accountId: a.id, assetId: id, name: "Bus 2", plate: "", brand: "MAN" });
    expect(dto).toMatchObject({ name: "Bus 2", plate: null, brand: "MAN", tracker: null });

    const first = imei();
    dto = await updateAsset({ accountId: a.id, assetId: id, imei: first, adapter: "lv-can200" });
    expect(dto.tracker).toMatchObject({ imei: first, protocol: "teltonika", can_adapter: "lv-can200" });
    const trackerId = dto.tracker!.id;

    const second = imei();
    dto = await updateAsset({ accountId: a.id, assetId: id, imei: second, adapter: null });
    expect(dto.tracker).toEqual({
      id: trackerId,
      imei: second,
      protocol: "teltonika",
      can_adapter: null,
      weak_device_id: false,
      allow_weak_device_id: false,
    });

    const taken = imei();
    await createAsset({ accountId: a.id, name: "Other", imei: taken });
    await expect(updateAsset({ accountId: a.id, assetId: id, imei: taken })).rejects.toMatchObject({ code: "IMEI_TAKEN" });
    expect((await getAsset({ accountId: a.id, assetId: id })).tracker?.imei).toBe(second);

    dto = await updateAsset({ accountId: a.id, assetId: id, imei: null });
    expect(dto.tracker).toBeNull();
    expect(await t.db.tracker.count({ where: { imei: second } })).toBe(0);
    await expect(updateAsset({ accountId: a.id, assetId: id, adapter: "can-control" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
  });

  it("deletes an asset with its tracker, freeing the IMEI", async () => {
    const a = await createAccount({ name: "Delete" });
    const number = imei();
    const { id } = await createAsset({ accountId: a.id, name: "Gone", imei: number });
    expect(await deleteAsset({ accountId: a.id, assetId: id })).toEqual({ id });
    await expect(getAsset({ accountId: a.id, assetId: id })).rejects.toMatchObject({ code: "ASSET_NOT_FOUND" });
    expect(await t.db.tracker.count({ where: { imei: number } })).toBe(0);
    expect((await createAsset({ accountId: a.id, name: "Again", imei: number })).trackerId).toEqual(expect.any(Number));
  });

  it("announces created, updated and deleted assets on the hub (caches elsewhere drop what they kept)", async () => {
    const hub = createMemoryHub();
    const heard: HubEvents["asset.changed"][] = [];
    hub.subscribe("asset.changed", (event) => heard.push(event));
    setHub(hub);
    try {
      const account = await createAccount({ name: "Announcing fleet" });
      const { id } = await createAsset({ accountId: account.id, name: "Van", imei: imei() });
      await updateAsset({ accountId: account.id, assetId: id, imei: imei() });
      await deleteAsset({ accountId: account.id, assetId: id });
      await expect(deleteAsset({ accountId: account.id, assetId: id })).rejects.toMatchObject({ code: "ASSET_NOT_FOUND" });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(heard).toEqual([
        { accountId: account.id, assetId: id, change: "created" },
        { accountId: account.id, assetId: id, change: "updated" },
        { accountId: account.id, assetId: id, change: "deleted" },
      ]); // nothing for the refused second delete
    } finally {
      setHub(undefined);
      await hub.close();
    }
  });
});
