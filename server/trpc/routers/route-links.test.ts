// Route-based and passengers' links through the dashboard API, on every database kind: every member lists the
// account's routes (the link form's route picker), a route-based link is created through trackingLinks.create, a
// passenger's link is made once and then copied (or given a new address) by roles that manage passengers only, and
// another account's routes and passengers stay hidden.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { callerFor, createFixtureAccount, refusal, type FixtureAccount } from "../../testing/trpc-fixtures";

describe.each(databaseKinds())("routes router on %s", (kind) => {
  useTestDatabase(kind);
  let a: FixtureAccount;
  let b: FixtureAccount;
  let routeA: number;
  let routeB: number;
  let busA: number;

  beforeAll(async () => {
    a = await createFixtureAccount("Routes A");
    b = await createFixtureAccount("Routes B");
    ({ id: busA } = await callerFor(a.users.admin).assets.create({ accountKey: a.key, name: "Bus A", plate: "AAA-1" }));
    ({ id: routeA } = await db().route.create({ data: { accountId: a.id, routeNumber: "A1", name: "Morning A", assetId: busA }, select: { id: true } }));
    await db().route.create({ data: { accountId: a.id, routeNumber: "A2" } });
    ({ id: routeB } = await db().route.create({ data: { accountId: b.id, routeNumber: "B1" }, select: { id: true } }));
  });

  it("lists the account's routes to every member, a page at a time", async () => {
    for (const role of ["admin", "fleet_manager", "office_staff", "viewer"] as const) {
      const page = await callerFor(a.users[role]).routes.list({ accountKey: a.key });
      expect(page.next_cursor).toBeNull();
      expect(page.data).toEqual([
        expect.objectContaining({ id: routeA, route_number: "A1", name: "Morning A", vehicle: { id: busA, name: "Bus A", plate: "AAA-1" } }),
        expect.objectContaining({ route_number: "A2", name: null, vehicle: null }),
      ]);
    }
    const first = await callerFor(a.users.admin).routes.list({ accountKey: a.key, limit: 1 });
    expect(first.data.map((route) => route.route_number)).toEqual(["A1"]);
    const second = await callerFor(a.users.admin).routes.list({ accountKey: a.key, limit: 1, cursor: first.next_cursor });
    expect(second).toMatchObject({ data: [{ route_number: "A2" }], next_cursor: null });
  });

  it("creates a route-based link from the dashboard, and refuses another account's route", async () => {
    const caller = callerFor(a.users.fleet_manager);
    const link = await caller.trackingLinks.create({ accountKey: a.key, body: { routeId: routeA } });
    expect(link).toMatchObject({ display_name: "Morning A", route: { id: routeA, route_number: "A1" }, asset: { id: busA } });
    expect((await refusal(caller.trackingLinks.create({ accountKey: a.key, body: { routeId: routeB } }))).code).toBe("NOT_FOUND");
    const neither = await refusal(caller.trackingLinks.create({ accountKey: a.key, body: {} }));
    expect(neither.code).toBe("BAD_REQUEST");
  });

  it("makes a passenger's link once and copies it for roles that manage passengers only", async () => {
    const passenger = await db().passenger.create({ data: { accountId: a.id, routeId: routeA, name: "Ada" }, select: { id: true } });
    const first = await callerFor(a.users.admin).passengers.link({ accountKey: a.key, passengerId: passenger.id });
    expect(first.url).toMatch(new RegExp(`/t/${first.uuid}$`));
    const again = await callerFor(a.users.fleet_manager).passengers.link({ accountKey: a.key, passengerId: passenger.id });
    expect(again).toEqual(first);
    expect(await db().trackingLink.count({ where: { passengerId: passenger.id } })).toBe(1);
    // office staff manage passengers (and may send-welcome): they copy it too; viewers do not
    expect(await callerFor(a.users.office_staff).passengers.link({ accountKey: a.key, passengerId: passenger.id })).toEqual(first);
    expect((await refusal(callerFor(a.users.viewer).passengers.link({ accountKey: a.key, passengerId: passenger.id }))).code).toBe("FORBIDDEN");
    expect((await refusal(callerFor(b.users.admin).passengers.link({ accountKey: b.key, passengerId: passenger.id }))).code).toBe("NOT_FOUND");
  });

  it("gives a passenger's link a new address for roles that manage passengers only; the old address is unknown at once", async () => {
    const passenger = await db().passenger.create({ data: { accountId: a.id, routeId: routeA, name: "Ben" }, select: { id: true } });
    const first = await callerFor(a.users.office_staff).passengers.link({ accountKey: a.key, passengerId: passenger.id });
    const rotated = await callerFor(a.users.office_staff).passengers.rotateLink({ accountKey: a.key, passengerId: passenger.id });
    expect(rotated).toEqual({ id: first.id, uuid: expect.any(String), url: expect.stringMatching(new RegExp(`/t/${rotated.uuid}$`)) });
    expect(rotated.uuid).not.toBe(first.uuid);
    expect(await db().trackingLink.findUnique({ where: { uuid: first.uuid } })).toBeNull();
    expect(await callerFor(a.users.admin).passengers.link({ accountKey: a.key, passengerId: passenger.id })).toEqual(rotated);
    expect((await refusal(callerFor(a.users.viewer).passengers.rotateLink({ accountKey: a.key, passengerId: passenger.id }))).code).toBe("FORBIDDEN");
    expect((await refusal(callerFor(b.users.admin).passengers.rotateLink({ accountKey: b.key, passengerId: passenger.id }))).code).toBe("NOT_FOUND");
  });

  it("moves a route's links onto its new vehicle before routes.update answers", async () => {
    const caller = callerFor(a.users.admin);
    const { id: spare } = await caller.assets.create({ accountKey: a.key, name: "Spare A", plate: "AAA-2" });
    const { id: route } = await db().route.create({ data: { accountId: a.id, routeNumber: "A3", assetId: busA }, select: { id: true } });
    const link = await caller.trackingLinks.create({ accountKey: a.key, body: { routeId: route } });
    expect(link).toMatchObject({ asset: { id: busA } });
    await caller.routes.update({ accountKey: a.key, routeId: route, body: { assetId: spare } });
    expect(await db().trackingLink.findUniqueOrThrow({ where: { id: link.id }, select: { assetId: true } })).toEqual({ assetId: spare });
  });
});
