import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { getAccountByKey } from "../accounts/get-account-by-key";
import { createAccount } from "../accounts/create-account";
import { createAsset } from "../assets/create-asset";
import { deleteAsset } from "../assets/delete-asset";
import { listAssets } from "../assets/list-assets";
import { createAlertRule } from "../alerts/create-alert-rule";
import { createDriver } from "../drivers/create-driver";
import { createGeofence } from "../geofences/create-geofence";
import { createRoute } from "../routes/create-route";
import { createTag } from "../tags/create-tag";
import { authenticateUser } from "../users/authenticate-user";
import { getMembership } from "../users/get-membership";
import { getLinkInfo } from "../tracking-links/get-link-info";
import { getControlCapabilities } from "../vehicle-control/get-control-capabilities";
import { testImei } from "../../testing/test-imei";
import { DEMO_ACCOUNT_KEY, DEMO_ADMIN_EMAIL, DEMO_IMEIS, DEMO_TRACKED_ASSET, seedDemo } from "./seed-demo";
import { DEMO_CONTROL_VEHICLE, DEMO_VEHICLES, demoDriverKeys } from "./demo-vehicles";
import { demoDriver } from "./demo-drivers";
import { replaceAuthorisedDrivers } from "../authorised-drivers/replace-authorised-drivers";
import { deleteDriver } from "../drivers/delete-driver";
import { DEMO_DRIVERS, DEMO_GROUPS, DEMO_TAGS } from "./ensure-demo-organisation";
import { DEMO_GEOFENCES, DEMO_RULES } from "./ensure-demo-alert-rules";
import { DEMO_PASSENGERS, DEMO_ROUTES_SEEDED } from "./ensure-demo-routes";
import { DEMO_REPORT_SCHEDULE, DEMO_SERVICE_TASK } from "./ensure-demo-records";

const DAY_MS = 86_400_000;
/** a fixed seeding time: 2026-11-27 10:00 in Vilnius */
const NOW = Date.UTC(2026, 10, 27, 8, 0);

/** what the demo account holds, in a form two seeds can be compared by */
async function demoContents(db: ReturnType<typeof useTestDatabase>["db"], accountId: number) {
  const where = { accountId };
  return {
    assets: await db.asset.findMany({ where, select: { name: true, plate: true, tracker: { select: { protocol: true, canAdapter: true } } }, orderBy: { id: "asc" } }),
    drivers: await db.driver.findMany({ where, select: { name: true }, orderBy: { id: "asc" } }),
    groups: await db.assetGroup.findMany({ where, select: { name: true, _count: { select: { members: true } } }, orderBy: { id: "asc" } }),
    tags: await db.tag.findMany({ where, select: { name: true, _count: { select: { assets: true, drivers: true } } }, orderBy: { id: "asc" } }),
    geofences: await db.geofence.findMany({ where, select: { name: true }, orderBy: { id: "asc" } }),
    rules: await db.alertRule.findMany({ where, select: { name: true, type: true }, orderBy: { id: "asc" } }),
    routes: await db.route.findMany({ where, select: { routeNumber: true, _count: { select: { stops: true, passengers: true, runs: true } } }, orderBy: { id: "asc" } }),
    links: await db.trackingLink.count({ where }),
    serviceReminders: await db.serviceReminder.count({ where }),
    renewals: await db.renewalReminder.count({ where }),
    fuel: await db.fuelEntry.count({ where }),
    schedules: await db.reportSchedule.count({ where }),
    authorisedDrivers: await db.authorisedDriver.findMany({
      where,
      select: { asset: { select: { name: true } }, keyId: true, name: true, driver: { select: { name: true } }, position: true },
      orderBy: [{ asset: { name: "asc" } }, { position: "asc" }],
    }),
    authorisedDriverSyncs: await db.authorisedDriverSync.findMany({
      where,
      select: { asset: { select: { name: true } }, revision: true, immobiliser: true },
      orderBy: { asset: { name: "asc" } },
    }),
  };
}

describe.each(databaseKinds())("demo seed on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("creates the demo account, an admin who can sign in with the printed password, and tracked vehicles", async () => {
    const signIn = await seedDemo(t.db, { now: NOW });
    expect(signIn).toEqual({
      accountKey: DEMO_ACCOUNT_KEY,
      email: DEMO_ADMIN_EMAIL,
      password: expect.any(String),
      trackingLinkUuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(signIn!.password.length).toBeGreaterThanOrEqual(12);

    const account = await getAccountByKey({ key: DEMO_ACCOUNT_KEY });
    expect(account).toMatchObject({ name: "Demo Fleet", plan: "detailed", addonMobility: true, addonDriver: true });

    const user = await authenticateUser({ email: signIn!.email, password: signIn!.password });
    expect(user).not.toBeNull();
    expect((await getMembership({ userId: user!.id, accountKey: DEMO_ACCOUNT_KEY })).role).toBe("admin");

    // the school bus first (the sign-in names its link), the others as the demo lists them
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    const assets = (await listAssets({ accountId: account.id })).data.sort(byName);
    const vehicles = [...DEMO_VEHICLES].sort(byName);
    expect(assets.map((a) => [a.name, a.plate])).toEqual(vehicles.map((a) => [a.name, a.plate]));
    expect(assets.map((a) => a.tracker?.imei ?? null)).toEqual(vehicles.map((v) => v.imei ?? expect.any(String)));
    expect(DEMO_IMEIS.every((imei) => /^\d{15}$/.test(imei))).toBe(true);
    expect(assets.every((a) => a.plate)).toBe(true);
    // a GT06 tracker and a phone among them
    expect(assets.map((a) => a.tracker?.protocol)).toEqual(vehicles.map((v) => v.protocol));
    expect(new Set(DEMO_VEHICLES.map((v) => v.protocol))).toEqual(new Set(["teltonika", "gt06", "osmand"]));

    // a public tracking link on the school bus, branded, for the passenger page
    expect(await getLinkInfo({ uuid: signIn!.trackingLinkUuid })).toMatchObject({
      access_mode: "public",
      is_active: true,
      branding: { company_name: "Demo Fleet", primary_color: "#2563eb" },
    });
    const link = await t.db.trackingLink.findUniqueOrThrow({ where: { uuid: signIn!.trackingLinkUuid }, select: { asset: { select: { name: true } } } });
    expect(link.asset?.name).toBe(DEMO_TRACKED_ASSET);
  });

  it("seeds every piece the demo shows, each through its use case", async () => {
    await seedDemo(t.db, { now: NOW });
    const account = await getAccountByKey({ key: DEMO_ACCOUNT_KEY });
    const contents = await demoContents(t.db, account.id);
    expect(contents.drivers.map((d) => d.name)).toEqual(DEMO_DRIVERS.map((d) => d.name));
    expect(contents.groups).toEqual(DEMO_GROUPS.map((g) => ({ name: g.name, _count: { members: g.vehicles.length } })));
    expect(contents.tags).toEqual(DEMO_TAGS.map((tag) => ({ name: tag.name, _count: { assets: tag.vehicles.length, drivers: tag.drivers.length } })));
    expect(contents.geofences.map((g) => g.name)).toEqual(DEMO_GEOFENCES.map((g) => g.name));
    expect(contents.rules).toEqual([
      { name: DEMO_RULES.overspeed, type: "OVERSPEED" },
      { name: DEMO_RULES.depot, type: "GEOFENCE" },
      { name: DEMO_RULES.school, type: "GEOFENCE" },
      { name: DEMO_RULES.ignition, type: "IGNITION" },
      { name: DEMO_RULES.nightIgnition, type: "IGNITION" },
    ]);

    // the school route: its bus and driver, its stops on the bus's loop in order, passengers with their own links,
    // and today's run (in Vilnius)
    const school = await t.db.route.findFirstOrThrow({
      where: { accountId: account.id, routeNumber: DEMO_ROUTES_SEEDED[0]!.routeNumber },
      select: {
        asset: { select: { name: true } },
        driver: { select: { name: true } },
        stops: { select: { name: true, latitude: true, kind: true }, orderBy: { sequence: "asc" } },
        runs: { select: { date: true } },
        passengers: { select: { name: true, pickupStop: { select: { name: true } }, dropoffStop: { select: { name: true } }, trackingLink: { select: { accessMode: true } } }, orderBy: { id: "asc" } },
      },
    });
    expect(school.asset?.name).toBe(DEMO_TRACKED_ASSET);
    expect(school.driver?.name).toBe("Ona Kazlauskienė");
    expect(school.stops.map((s) => s.name)).toEqual(DEMO_ROUTES_SEEDED[0]!.stops.map((s) => s.name));
    expect(school.stops.every((s) => s.latitude !== null)).toBe(true);
    expect(school.stops.at(-1)).toMatchObject({ name: "Old Town School", kind: "drop_off" });
    expect(school.runs).toEqual([{ date: "2026-11-27" }]);
    expect(school.passengers).toEqual(
      DEMO_PASSENGERS.map((p) => ({ name: p.name, pickupStop: { name: p.pickup }, dropoffStop: { name: "Old Town School" }, trackingLink: { accessMode: "public" } })),
    );
    const minibus = await t.db.route.findFirstOrThrow({ where: { accountId: account.id, routeNumber: "2" }, select: { driver: { select: { name: true } }, asset: { select: { name: true } } } });
    expect(minibus).toEqual({ driver: { name: "Rūta Vaitkutė" }, asset: { name: "Minibus" } });

    // reminders: one overdue, due soon ones; fill-ups and a weekly report
    const service = await t.db.serviceReminder.findFirstOrThrow({ where: { accountId: account.id, task: DEMO_SERVICE_TASK }, select: { status: true } });
    expect(service.status).toBe("overdue");
    const renewals = await t.db.renewalReminder.findMany({ where: { accountId: account.id }, select: { kind: true, status: true }, orderBy: { id: "asc" } });
    expect(renewals).toEqual([
      { kind: "insurance", status: "due_soon" },
      { kind: "licence", status: "due_soon" },
    ]);
    expect(contents.fuel).toBe(3);
    expect(await t.db.reportSchedule.findFirst({ where: { accountId: account.id, name: DEMO_REPORT_SCHEDULE }, select: { type: true, frequency: true } })).toEqual({
      type: "mileage",
      frequency: "weekly",
    });

    // the control vehicle: a control adapter and a profile that can lock and unlock (offline until its tracker reports)
    const car = await t.db.asset.findFirstOrThrow({ where: { accountId: account.id, name: DEMO_CONTROL_VEHICLE }, select: { id: true } });
    const capabilities = await getControlCapabilities({ accountId: account.id, assetId: car.id });
    expect(capabilities).toMatchObject({ adapter: "can-control", profile: { capabilities: { LOCK: true, UNLOCK: true } } });
  });

  it("keeps its promise when seeded again: nothing duplicated, what was deleted back, a new day's runs added", async () => {
    await seedDemo(t.db, { now: NOW });
    const account = await getAccountByKey({ key: DEMO_ACCOUNT_KEY });
    const first = await demoContents(t.db, account.id);

    expect(await seedDemo(t.db, { now: NOW + 60_000 })).toBeNull(); // the sign-in is announced once
    expect(await demoContents(t.db, account.id)).toEqual(first);

    // a visitor deleted a rule and a vehicle; the next day the demo starts again
    await t.db.alertRule.deleteMany({ where: { accountId: account.id, name: DEMO_RULES.overspeed } });
    const pickup = await t.db.asset.findFirstOrThrow({ where: { accountId: account.id, name: "Pickup 9" }, select: { id: true } });
    await deleteAsset({ accountId: account.id, assetId: pickup.id });
    expect(await seedDemo(t.db, { now: NOW + DAY_MS })).toBeNull();
    const after = await demoContents(t.db, account.id);
    expect(after.rules.map((r) => r.name).sort()).toEqual(first.rules.map((r) => r.name).sort());
    expect(after.assets.map((a) => a.name).sort()).toEqual(first.assets.map((a) => a.name).sort());
    expect(after.routes.map((r) => r._count.runs)).toEqual(first.routes.map((r) => r._count.runs + 1));
    expect({ ...after, rules: first.rules, assets: first.assets, routes: first.routes, groups: first.groups, tags: first.tags }).toEqual(first);
    expect(await t.db.account.count({ where: { key: DEMO_ACCOUNT_KEY } })).toBe(1);
  });

  it("puts the drivers' iButton keys on the lists of the Teltonika vehicles they drive, the immobiliser off, and puts them back", async () => {
    await seedDemo(t.db, { now: NOW });
    const account = await getAccountByKey({ key: DEMO_ACCOUNT_KEY });
    const lists = async () => (await demoContents(t.db, account.id)).authorisedDrivers;
    const seeded = DEMO_VEHICLES.flatMap((vehicle) =>
      vehicle.drivers.map((name, position) => ({ asset: { name: vehicle.name }, keyId: demoDriver(name).keyId, name, driver: { name }, position })),
    );
    expect(await lists()).toEqual([...seeded].sort((a, b) => a.asset.name.localeCompare(b.asset.name) || a.position - b.position));
    // every Teltonika vehicle that drives has a driver, a shared one two; the control car and the other trackers none
    for (const vehicle of DEMO_VEHICLES) {
      const keyed = vehicle.protocol === "teltonika" && vehicle.behaviour !== "parked";
      expect(demoDriverKeys(vehicle).length > 0, vehicle.name).toBe(keyed);
    }
    expect(DEMO_VEHICLES.some((vehicle) => vehicle.drivers.length > 1)).toBe(true);
    expect(demoDriverKeys(DEMO_VEHICLES.find((v) => v.name === DEMO_CONTROL_VEHICLE)!)).toEqual([]);
    const syncs = (await demoContents(t.db, account.id)).authorisedDriverSyncs;
    expect(syncs.map((sync) => sync.asset.name).sort()).toEqual(DEMO_VEHICLES.filter((v) => v.drivers.length > 0).map((v) => v.name).sort());
    expect(syncs.every((sync) => !sync.immobiliser)).toBe(true);

    // a visitor adds a key of their own to the shared pickup, takes Jonas's key off it and unlinks Tomas's, and deletes
    // Ona (her key stays on the bus's list, unlinked); the next start puts back the demo's keys, linked to the drivers
    // (Ona made again), and keeps the visitor's key
    const pickup = await t.db.asset.findFirstOrThrow({ where: { accountId: account.id, name: "Pickup 9" }, select: { id: true } });
    await replaceAuthorisedDrivers({
      accountId: account.id,
      assetId: pickup.id,
      body: { drivers: [{ key_id: demoDriver("Tomas Žukauskas").keyId, name: "Tomas Žukauskas" }, { key_id: "00000000000000AB", name: "Spare key" }] },
    });
    const ona = await t.db.driver.findFirstOrThrow({ where: { accountId: account.id, name: "Ona Kazlauskienė" }, select: { id: true } });
    await deleteDriver({ accountId: account.id, driverId: ona.id });
    await seedDemo(t.db, { now: NOW });
    const after = await lists();
    expect(after.filter((entry) => entry.asset.name === "Pickup 9").map((entry) => [entry.keyId, entry.driver?.name ?? null])).toEqual([
      ["00000000000000AB", null],
      [demoDriver("Jonas Petraitis").keyId, "Jonas Petraitis"],
      [demoDriver("Tomas Žukauskas").keyId, "Tomas Žukauskas"], // the visitor unlinked it: given back to Tomas
    ]);
    expect(after.filter((entry) => entry.asset.name === "School Bus 4")).toEqual(seeded.filter((entry) => entry.asset.name === "School Bus 4"));

    // kept once put back: a further start changes nothing (no new revision queued to the trackers)
    const settled = await demoContents(t.db, account.id);
    await seedDemo(t.db, { now: NOW });
    expect(await demoContents(t.db, account.id)).toEqual(settled);
  });

  it("puts the control adapter on the control vehicle of a demo seeded before it, and leaves other accounts alone", async () => {
    // another account, with things named as the demo names its own
    const other = await createAccount({ name: "Someone else", plan: "detailed", addons: { mobility: true, driver: true } });
    await createAsset({ accountId: other.id, name: "Van 1", imei: testImei() });
    await createDriver({ accountId: other.id, name: "Ona Kazlauskienė" });
    await createTag({ accountId: other.id, body: { name: "CAN data" } });
    const fence = await createGeofence({ accountId: other.id, body: { ...DEMO_GEOFENCES[0], center: { ...DEMO_GEOFENCES[0].center } } });
    await createAlertRule({ accountId: other.id, body: { name: DEMO_RULES.depot, type: "GEOFENCE", params: { geofence_id: fence.id } } });
    await createRoute({ accountId: other.id, routeNumber: "4" });
    // the other account's van with a demo driver's key on its list (an iButton is a serial anyone may hold)
    const otherVan = await t.db.asset.findFirstOrThrow({ where: { accountId: other.id, name: "Van 1" }, select: { id: true } });
    await replaceAuthorisedDrivers({ accountId: other.id, assetId: otherVan.id, body: { drivers: [{ key_id: demoDriver("Jonas Petraitis").keyId, name: "Jonas" }] } });
    const before = await demoContents(t.db, other.id);

    await seedDemo(t.db, { now: NOW });
    const account = await getAccountByKey({ key: DEMO_ACCOUNT_KEY });
    // as an older version seeded it: every vehicle with a read-only adapter
    await t.db.tracker.updateMany({ where: { accountId: account.id, protocol: "teltonika" }, data: { canAdapter: "lv-can200" } });
    await seedDemo(t.db, { now: NOW });

    const car = await t.db.tracker.findFirstOrThrow({ where: { accountId: account.id, asset: { name: DEMO_CONTROL_VEHICLE } }, select: { canAdapter: true } });
    expect(car.canAdapter).toBe("can-control");
    expect(await demoContents(t.db, other.id)).toEqual(before);
  });
});
