// Groups as scopes for the fleet's records (docs/fleet-records.md "Groups as scopes"), on every database kind: a member
// limited to a group lists, pages, reads and changes the fuel entries (and their summary), odometer readings, service
// reminders, service entries and renewal reminders of that group's assets only, over REST and tRPC. Another asset's
// record is a 404 with the resource's own code, as for an id that does not exist; naming another asset in a body is
// 404 ASSET_NOT_FOUND. Drivers' renewal reminders are read by them and refused (403) to change. Reminder
// notifications reach a limited member for their assets only.
import { beforeAll, describe, expect, it } from "vitest";
import * as fuelList from "@/app/api/[accountKey]/fuel-entry/route";
import * as fuelOne from "@/app/api/[accountKey]/fuel-entry/[entryId]/route";
import * as fuelSummary from "@/app/api/[accountKey]/fuel-entry/summary/route";
import * as odometerList from "@/app/api/[accountKey]/odometer-entry/route";
import * as odometerOne from "@/app/api/[accountKey]/odometer-entry/[entryId]/route";
import * as serviceList from "@/app/api/[accountKey]/service-reminder/route";
import * as serviceOne from "@/app/api/[accountKey]/service-reminder/[reminderId]/route";
import * as entryList from "@/app/api/[accountKey]/service-entry/route";
import * as entryOne from "@/app/api/[accountKey]/service-entry/[entryId]/route";
import * as renewalList from "@/app/api/[accountKey]/renewal-reminder/route";
import * as renewalOne from "@/app/api/[accountKey]/renewal-reminder/[renewalId]/route";
import { db } from "../../db/client";
import { createFuelEntry } from "../fuel-entries/create-fuel-entry";
import { createOdometerEntry } from "../odometer-entries/create-odometer-entry";
import { createOAuthClient } from "../oauth/create-oauth-client";
import { issueAccessToken } from "../oauth/issue-access-token";
import { notifyTransition } from "../reminders/reminder-notifications";
import { saveRenewalReminder } from "../reminders/save-renewal-reminder";
import { saveServiceEntry } from "../reminders/save-service-entry";
import { saveServiceReminder } from "../reminders/save-service-reminder";
import { setMemberGroups } from "../users/set-member-groups";
import { createCaller } from "../../trpc/root";
import { callRoute, makeAccount, makeAsset, makeMember, type RouteHandler } from "../../testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { refusal } from "../../testing/trpc-fixtures";

const at = (day: number) => `2026-10-${String(day).padStart(2, "0")}T08:00:00Z`;

/**
 * Acme: groups North and South; vans n (in North), s (in South), loose (no group); driver Dana. `limited` is a fleet
 * manager limited to North (their OAuth client acts as them). Every record exists for n and for s (fuel twice for n,
 * so its list has two pages of one); renewals also for Dana.
 */
async function fleet() {
  const account = await makeAccount("Records");
  const { id: accountId } = account;
  const north = await db().assetGroup.create({ data: { accountId, name: "North", nameKey: "north" }, select: { id: true } });
  const south = await db().assetGroup.create({ data: { accountId, name: "South", nameKey: "south" }, select: { id: true } });
  const n = (await makeAsset(accountId, "Van N")).id;
  const s = (await makeAsset(accountId, "Van S")).id;
  const loose = (await makeAsset(accountId, "Van loose")).id;
  await db().assetGroupMember.createMany({ data: [{ groupId: north.id, assetId: n }, { groupId: south.id, assetId: s }] });
  const driver = await db().driver.create({ data: { accountId, name: "Dana" }, select: { id: true } });
  const limited = await makeMember(accountId, "fleet_manager", "Limited Lee");
  await setMemberGroups({ accountId, userId: limited.id, groupIds: [north.id] });
  const client = await createOAuthClient({ accountId, userId: limited.id });
  const token = (await issueAccessToken({ clientId: client.clientId, clientSecret: client.clientSecret })).access_token;

  const fuel = {
    n1: (await createFuelEntry({ accountId, body: { asset_id: n, filled_at: at(1), odometer_km: 1000, volume_l: 40, total: 76 } })).id,
    n2: (await createFuelEntry({ accountId, body: { asset_id: n, filled_at: at(5), odometer_km: 1500, volume_l: 35, total: 66.5 } })).id,
    s: (await createFuelEntry({ accountId, body: { asset_id: s, filled_at: at(1), odometer_km: 500, volume_l: 30, total: 57 } })).id,
  };
  const odometer = {
    n: (await createOdometerEntry({ accountId, body: { asset_id: n, read_at: at(10), value_km: 2000 } })).id,
    s: (await createOdometerEntry({ accountId, body: { asset_id: s, read_at: at(10), value_km: 800 } })).id,
  };
  const oil = (assetId: number) => ({ asset_id: assetId, task: "Oil", time: { every: 6, unit: "month" } });
  const service = {
    n: (await saveServiceReminder({ accountId, reminderId: null, body: oil(n) })).id,
    s: (await saveServiceReminder({ accountId, reminderId: null, body: oil(s) })).id,
  };
  const entry = {
    n: (await saveServiceEntry({ accountId, entryId: null, body: { asset_id: n, serviced_on: "2026-10-12" } })).id,
    s: (await saveServiceEntry({ accountId, entryId: null, body: { asset_id: s, serviced_on: "2026-10-12" } })).id,
  };
  const renewal = {
    n: (await saveRenewalReminder({ accountId, renewalId: null, body: { asset_id: n, kind: "insurance", expires_on: "2027-03-31" } })).id,
    s: (await saveRenewalReminder({ accountId, renewalId: null, body: { asset_id: s, kind: "insurance", expires_on: "2027-03-31" } })).id,
    driver: (await saveRenewalReminder({ accountId, renewalId: null, body: { driver_id: driver.id, kind: "licence", expires_on: "2027-06-30" } })).id,
  };
  return { account, groups: { north: north.id, south: south.id }, assets: { n, s, loose }, driver: driver.id, limited, token, fuel, odometer, service, entry, renewal };
}

type Fleet = Awaited<ReturnType<typeof fleet>>;

const ids = (answer: { body: { data: Array<{ id: number }> } }) => answer.body.data.map((row) => row.id).sort((a, b) => a - b);
const sorted = (...values: number[]) => [...values].sort((a, b) => a - b);

describe.each(databaseKinds())("groups as scopes: fleet records on %s", (kind) => {
  useTestDatabase(kind);
  let f: Fleet;
  beforeAll(async () => {
    f = await fleet();
  });

  /** calls a route handler as the limited member's client */
  const call = (handler: unknown, method: string, path: string, params: Record<string, string> = {}, body?: unknown) =>
    callRoute(handler as RouteHandler, method, `/api/${f.account.key}${path}`, { accountKey: f.account.key, ...params }, f.token, body);

  describe("REST", () => {
    it("lists only the records of their assets, whatever the filter, page by page", async () => {
      expect(ids(await call(fuelList.GET, "GET", "/fuel-entry"))).toEqual(sorted(f.fuel.n1, f.fuel.n2));
      const first = await call(fuelList.GET, "GET", "/fuel-entry?limit=1");
      expect(ids(first)).toEqual([f.fuel.n2]);
      const second = await call(fuelList.GET, "GET", `/fuel-entry?limit=1&cursor=${first.body.next_cursor}`);
      expect([ids(second), second.body.next_cursor]).toEqual([[f.fuel.n1], null]);
      expect(ids(await call(fuelList.GET, "GET", `/fuel-entry?asset_id=${f.assets.s}`))).toEqual([]);
      expect(ids(await call(fuelList.GET, "GET", `/fuel-entry?from=${at(1)}&to=${at(2)}`))).toEqual([f.fuel.n1]);

      const readings = await call(odometerList.GET, "GET", "/odometer-entry");
      expect(readings.body.data.every((r: { asset_id: number }) => r.asset_id === f.assets.n)).toBe(true);
      expect(ids(readings)).toContain(f.odometer.n);
      expect(ids(await call(odometerList.GET, "GET", `/odometer-entry?asset_id=${f.assets.s}`))).toEqual([]);
      expect(ids(await call(odometerList.GET, "GET", "/odometer-entry?source=manual"))).toEqual([f.odometer.n]);

      expect(ids(await call(serviceList.GET, "GET", "/service-reminder"))).toEqual([f.service.n]);
      expect(ids(await call(serviceList.GET, "GET", `/service-reminder?asset_id=${f.assets.s}`))).toEqual([]);
      expect(ids(await call(entryList.GET, "GET", "/service-entry"))).toEqual([f.entry.n]);
      expect(ids(await call(entryList.GET, "GET", `/service-entry?asset_id=${f.assets.s}`))).toEqual([]);
      // a driver's renewals are seen, as drivers are
      expect(ids(await call(renewalList.GET, "GET", "/renewal-reminder"))).toEqual(sorted(f.renewal.n, f.renewal.driver));
      expect(ids(await call(renewalList.GET, "GET", "/renewal-reminder?kind=insurance"))).toEqual([f.renewal.n]);
      expect(ids(await call(renewalList.GET, "GET", `/renewal-reminder?driver_id=${f.driver}`))).toEqual([f.renewal.driver]);
      const page = await call(renewalList.GET, "GET", "/renewal-reminder?limit=1");
      const next = await call(renewalList.GET, "GET", `/renewal-reminder?limit=1&cursor=${page.body.next_cursor}`);
      expect([...ids(page), ...ids(next), next.body.next_cursor]).toEqual([f.renewal.n, f.renewal.driver, null]);
    });

    it("sums the fuel of their assets; another asset's summary is 404 ASSET_NOT_FOUND", async () => {
      const mine = await call(fuelSummary.GET, "GET", `/fuel-entry/summary?asset_id=${f.assets.n}`);
      expect(mine).toMatchObject({ status: 200, body: { data: { asset_id: f.assets.n, entries: 2 } } });
      for (const assetId of [f.assets.s, f.assets.loose]) {
        expect(await call(fuelSummary.GET, "GET", `/fuel-entry/summary?asset_id=${assetId}`)).toMatchObject({ status: 404, body: { code: "ASSET_NOT_FOUND" } });
      }
    });

    it("answers GET, PUT and DELETE of another asset's record with the resource's 404, and changes nothing", async () => {
      const cases = [
        { one: fuelOne, path: "fuel-entry", param: "entryId", id: f.fuel.s, code: "FUEL_ENTRY_NOT_FOUND", body: { asset_id: f.assets.s, filled_at: at(1), odometer_km: 500, volume_l: 1, total: 2 } },
        { one: odometerOne, path: "odometer-entry", param: "entryId", id: f.odometer.s, code: "ODOMETER_ENTRY_NOT_FOUND", body: { asset_id: f.assets.s, read_at: at(10), value_km: 900 } },
        { one: serviceOne, path: "service-reminder", param: "reminderId", id: f.service.s, code: "SERVICE_REMINDER_NOT_FOUND", body: { asset_id: f.assets.n, task: "Brakes", time: { every: 1, unit: "year" } } },
        { one: entryOne, path: "service-entry", param: "entryId", id: f.entry.s, code: "SERVICE_ENTRY_NOT_FOUND", body: { asset_id: f.assets.n, serviced_on: "2026-10-13" } },
        { one: renewalOne, path: "renewal-reminder", param: "renewalId", id: f.renewal.s, code: "RENEWAL_REMINDER_NOT_FOUND", body: { asset_id: f.assets.n, kind: "registration", expires_on: "2027-01-31" } },
      ];
      for (const c of cases) {
        const params = { [c.param]: String(c.id) };
        for (const [method, body] of [["GET", undefined], ["PUT", c.body], ["DELETE", undefined]] as const) {
          const answer = await call(c.one[method], method, `/${c.path}/${c.id}`, params, body);
          expect({ path: c.path, method, status: answer.status, code: answer.body?.code }).toEqual({ path: c.path, method, status: 404, code: c.code });
        }
      }
      expect(await db().fuelEntry.count({ where: { id: f.fuel.s } })).toBe(1);
      expect(await db().odometerEntry.findUnique({ where: { id: f.odometer.s }, select: { valueM: true } })).toEqual({ valueM: 800_000 });
      expect(await db().serviceReminder.findUnique({ where: { id: f.service.s }, select: { task: true } })).toEqual({ task: "Oil" });
      expect(await db().serviceEntry.count({ where: { id: f.entry.s } })).toBe(1);
      expect(await db().renewalReminder.findUnique({ where: { id: f.renewal.s }, select: { kind: true } })).toEqual({ kind: "insurance" });
    });

    it("reads and changes the records of their own assets", async () => {
      expect(await call(fuelOne.GET, "GET", `/fuel-entry/${f.fuel.n1}`, { entryId: String(f.fuel.n1) })).toMatchObject({ status: 200, body: { data: { id: f.fuel.n1 } } });
      expect(await call(odometerOne.GET, "GET", `/odometer-entry/${f.odometer.n}`, { entryId: String(f.odometer.n) })).toMatchObject({ status: 200 });
      expect(await call(serviceOne.GET, "GET", `/service-reminder/${f.service.n}`, { reminderId: String(f.service.n) })).toMatchObject({ status: 200 });
      expect(await call(entryOne.GET, "GET", `/service-entry/${f.entry.n}`, { entryId: String(f.entry.n) })).toMatchObject({ status: 200 });
      expect(await call(renewalOne.GET, "GET", `/renewal-reminder/${f.renewal.n}`, { renewalId: String(f.renewal.n) })).toMatchObject({ status: 200 });
      const renewed = await call(renewalOne.PUT, "PUT", `/renewal-reminder/${f.renewal.n}`, { renewalId: String(f.renewal.n) }, { asset_id: f.assets.n, kind: "insurance", expires_on: "2027-04-30" });
      expect(renewed).toMatchObject({ status: 200, body: { data: { expires_on: "2027-04-30" } } });
      const created = await call(odometerList.POST, "POST", "/odometer-entry", {}, { asset_id: f.assets.n, read_at: at(20), value_km: 2500 });
      expect(created.status).toBe(201);
      expect((await call(odometerOne.DELETE, "DELETE", `/odometer-entry/${created.body.data.id}`, { entryId: String(created.body.data.id) })).status).toBe(204);
    });

    it("refuses to create (or move) a record for another asset with 404 ASSET_NOT_FOUND, as for one that does not exist", async () => {
      for (const assetId of [f.assets.s, f.assets.loose, 99_999_999]) {
        const posts = [
          [fuelList.POST, "/fuel-entry", { asset_id: assetId, filled_at: at(2), odometer_km: 1, volume_l: 1, total: 2 }],
          [odometerList.POST, "/odometer-entry", { asset_id: assetId, read_at: at(2), value_km: 1 }],
          [serviceList.POST, "/service-reminder", { asset_id: assetId, task: "Tyres", time: { every: 1, unit: "year" } }],
          [entryList.POST, "/service-entry", { asset_id: assetId, serviced_on: "2026-10-14" }],
          [renewalList.POST, "/renewal-reminder", { asset_id: assetId, kind: "inspection", expires_on: "2027-02-28" }],
        ] as const;
        for (const [handler, path, body] of posts) {
          const answer = await call(handler, "POST", path, {}, body);
          expect({ path, assetId, status: answer.status, code: answer.body?.code }).toEqual({ path, assetId, status: 404, code: "ASSET_NOT_FOUND" });
        }
      }
      const moved = await call(serviceOne.PUT, "PUT", `/service-reminder/${f.service.n}`, { reminderId: String(f.service.n) }, { asset_id: f.assets.s, task: "Oil", time: { every: 6, unit: "month" } });
      expect(moved).toMatchObject({ status: 404, body: { code: "ASSET_NOT_FOUND" } });
      expect(await db().serviceReminder.findUnique({ where: { id: f.service.n }, select: { assetId: true } })).toEqual({ assetId: f.assets.n });
    });

    it("reads a driver's renewal reminders but refuses to create, replace or delete one (403 FORBIDDEN)", async () => {
      const params = { renewalId: String(f.renewal.driver) };
      expect(await call(renewalOne.GET, "GET", `/renewal-reminder/${f.renewal.driver}`, params)).toMatchObject({ status: 200, body: { data: { driver_id: f.driver } } });
      const body = { driver_id: f.driver, kind: "licence", expires_on: "2028-06-30" };
      expect(await call(renewalList.POST, "POST", "/renewal-reminder", {}, body)).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
      expect(await call(renewalOne.PUT, "PUT", `/renewal-reminder/${f.renewal.driver}`, params, body)).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
      // nor turned into one of their assets'
      const onAsset = { asset_id: f.assets.n, kind: "licence", expires_on: "2028-06-30" };
      expect(await call(renewalOne.PUT, "PUT", `/renewal-reminder/${f.renewal.driver}`, params, onAsset)).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
      expect(await call(renewalOne.DELETE, "DELETE", `/renewal-reminder/${f.renewal.driver}`, params)).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
      expect(await db().renewalReminder.findUnique({ where: { id: f.renewal.driver }, select: { assetId: true, driverId: true } })).toEqual({ assetId: null, driverId: f.driver });
      const unchanged = await call(renewalOne.GET, "GET", `/renewal-reminder/${f.renewal.driver}`, params);
      expect(unchanged.body.data.expires_on).toBe("2027-06-30");
    });
  });

  describe("tRPC", () => {
    const caller = () => createCaller({ userId: f.limited.id });

    it("lists and sums only their assets' records; another asset or its records are NOT_FOUND", async () => {
      const key = f.account.key;
      expect((await caller().fleetEntries.fuelList({ accountKey: key, assetId: f.assets.n })).data.map((e) => e.id)).toEqual([f.fuel.n2, f.fuel.n1]);
      expect((await caller().fleetEntries.fuelSummary({ accountKey: key, assetId: f.assets.n })).entries).toBe(2);
      for (const read of [
        () => caller().fleetEntries.fuelList({ accountKey: key, assetId: f.assets.s }),
        () => caller().fleetEntries.fuelSummary({ accountKey: key, assetId: f.assets.s }),
        () => caller().fleetEntries.odometerList({ accountKey: key, assetId: f.assets.s }),
        () => caller().reminders.list({ accountKey: key, assetId: f.assets.s }),
      ]) {
        expect((await refusal(read())).code).toBe("NOT_FOUND");
      }
      const items = await caller().reminders.list({ accountKey: key });
      expect(items.map((item) => item.key).sort()).toEqual([`renewal-${f.renewal.driver}`, `renewal-${f.renewal.n}`, `service-${f.service.n}`].sort());

      for (const change of [
        () => caller().fleetEntries.fuelDelete({ accountKey: key, entryId: f.fuel.s }),
        () => caller().fleetEntries.fuelReplace({ accountKey: key, entryId: f.fuel.s, body: { asset_id: f.assets.s, filled_at: at(1), odometer_km: 500, volume_l: 1, total: 2 } }),
        () => caller().fleetEntries.odometerDelete({ accountKey: key, entryId: f.odometer.s }),
        () => caller().reminders.deleteService({ accountKey: key, id: f.service.s }),
        () => caller().reminders.deleteRenewal({ accountKey: key, id: f.renewal.s }),
        () => caller().reminders.saveService({ accountKey: key, id: f.service.s, body: { asset_id: f.assets.n, task: "Oil", time: { every: 6, unit: "month" } } }),
        () => caller().fleetEntries.fuelCreate({ accountKey: key, body: { asset_id: f.assets.s, filled_at: at(2), odometer_km: 600, volume_l: 1, total: 2 } }),
        () => caller().fleetEntries.odometerCreate({ accountKey: key, body: { asset_id: f.assets.loose, read_at: at(2), value_km: 1 } }),
        () => caller().reminders.logService({ accountKey: key, body: { asset_id: f.assets.s, serviced_on: "2026-10-15" } }),
        () => caller().reminders.saveRenewal({ accountKey: key, id: null, body: { asset_id: f.assets.s, kind: "inspection", expires_on: "2027-02-28" } }),
      ]) {
        expect((await refusal(change())).code).toBe("NOT_FOUND");
      }
      expect((await refusal(caller().reminders.deleteRenewal({ accountKey: key, id: f.renewal.driver }))).code).toBe("FORBIDDEN");
      expect(await db().fuelEntry.count({ where: { assetId: f.assets.s } })).toBe(1);
      expect(await db().renewalReminder.count({ where: { id: { in: [f.renewal.s, f.renewal.driver] } } })).toBe(2);
    });
  });

  describe("reminder notifications", () => {
    it("reach a limited member (named or by role) for their assets' reminders and drivers' renewals only", async () => {
      const watchers = [f.limited.id, f.account.adminId];
      await db().serviceReminder.updateMany({ where: { id: { in: [f.service.n, f.service.s] } }, data: { watcherIds: watchers } });
      const notified = async (subject: "service" | "renewal", id: number) => {
        await notifyTransition({ subject, id, accountId: f.account.id, from: "ok", to: "due_soon", at: Date.now() });
        const rows = await db().notificationDelivery.findMany({ where: { kind: "reminder", eventKey: { startsWith: `reminder:${subject}:${id}:` } }, select: { userId: true } });
        return [...new Set(rows.map((row) => row.userId))].sort((a, b) => a! - b!);
      };
      expect(await notified("service", f.service.n)).toEqual(sorted(...watchers));
      expect(await notified("service", f.service.s)).toEqual([f.account.adminId]);
      // no watchers: admins and fleet managers, the limited one among them for what they see
      expect(await notified("renewal", f.renewal.n)).toEqual(sorted(f.account.adminId, f.limited.id));
      expect(await notified("renewal", f.renewal.s)).toEqual([f.account.adminId]);
      expect(await notified("renewal", f.renewal.driver)).toEqual(sorted(f.account.adminId, f.limited.id));
    });
  });
});
