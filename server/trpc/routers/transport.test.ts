// The school-transport procedures (drivers, routes with stops, runs, passengers) through the dashboard API on every
// database kind: every member reads; admins, fleet managers and office staff (imports.manage, passengers.manage)
// write; viewers are refused; another account's records are NOT_FOUND through either key; forms get field errors.
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { callerFor, createFixtureAccount, refusal, type FixtureAccount } from "../../testing/trpc-fixtures";

const fieldsOf = (error: TRPCError) => (error.cause as { errors?: Array<{ field: string; message: string }> }).errors;

describe.each(databaseKinds())("transport routers on %s", (kind) => {
  useTestDatabase(kind);
  let a: FixtureAccount;
  let b: FixtureAccount;

  beforeAll(async () => {
    a = await createFixtureAccount("Transport A");
    b = await createFixtureAccount("Transport B");
  });

  it("lets admins, fleet managers and office staff build a route with a driver, stops, a run and a passenger", async () => {
    for (const role of ["admin", "fleet_manager", "office_staff"] as const) {
      const caller = callerFor(a.users[role]);
      const accountKey = a.key;
      const driver = await caller.drivers.create({ accountKey, body: { name: `Driver of ${role}`, phone: "+370 600 1234" + ["admin", "fleet_manager", "office_staff"].indexOf(role) } });
      const route = await caller.routes.create({ accountKey, body: { routeNumber: `R-${role}`, driverId: driver.id, days: "Weekdays", startTime: "7.15", endTime: "3:30 pm" } });
      expect(route).toMatchObject({ driver: { id: driver.id }, days_text: "Mon–Fri", start_time: "07:15", end_time: "15:30" });
      const oak = await caller.routes.addStop({ accountKey, routeId: route.id, body: { name: "Oak", time: "07:25", kind: "pick-up" } });
      const school = await caller.routes.addStop({ accountKey, routeId: route.id, body: { name: "School", time: "40" } });
      const reordered = await caller.routes.reorderStops({ accountKey, routeId: route.id, stopIds: [school.id, oak.id] });
      expect(reordered.map((s) => s.name)).toEqual(["School", "Oak"]);
      await caller.routes.updateStop({ accountKey, stopId: school.id, body: { kind: "drop-off" } });

      const run = await caller.runs.create({ accountKey, routeId: route.id, body: { date: "01/09/2026", notice: "First day" } });
      expect(await caller.runs.cancel({ accountKey, runId: run.id })).toMatchObject({ status: "cancelled" });
      expect(await caller.runs.restore({ accountKey, runId: run.id })).toMatchObject({ status: "scheduled" });
      await caller.runs.update({ accountKey, runId: run.id, body: { notice: "" } });

      const passenger = await caller.passengers.create({ accountKey, routeId: route.id, body: { name: "Ada", pickupStopId: oak.id, dropoffStopId: school.id } });
      expect(await caller.passengers.update({ accountKey, passengerId: passenger.id, body: { approved: false } })).toMatchObject({ approved: false });
      expect(await caller.passengers.clearOptOut({ accountKey, passengerId: passenger.id })).toMatchObject({ opted_out_at: null });
      expect(await caller.routes.get({ accountKey, routeId: route.id })).toMatchObject({ stop_count: 2, passenger_count: 1, run_count: 1 });

      expect(await caller.passengers.delete({ accountKey, passengerId: passenger.id })).toEqual({ id: passenger.id });
      expect(await caller.runs.delete({ accountKey, runId: run.id })).toEqual({ id: run.id });
      expect(await caller.routes.deleteStop({ accountKey, stopId: oak.id })).toEqual({ id: oak.id, passengers_cleared: 0 });
      expect(await caller.routes.delete({ accountKey, routeId: route.id })).toEqual({ id: route.id });
      expect(await caller.drivers.delete({ accountKey, driverId: driver.id })).toEqual({ id: driver.id });
    }
  });

  it("lets viewers read everything and change nothing", async () => {
    const admin = callerFor(a.users.admin);
    const accountKey = a.key;
    const driver = await admin.drivers.create({ accountKey, body: { name: "Read-only driver" } });
    const route = await admin.routes.create({ accountKey, body: { routeNumber: "V1" } });
    const stop = await admin.routes.addStop({ accountKey, routeId: route.id, body: { name: "Oak" } });
    const run = await admin.runs.create({ accountKey, routeId: route.id, body: { date: "2099-01-05" } });
    const passenger = await admin.passengers.create({ accountKey, routeId: route.id, body: { name: "Ada" } });

    const viewer = callerFor(a.users.viewer);
    expect((await viewer.drivers.list({ accountKey })).data.map((d) => d.id)).toContain(driver.id);
    expect(await viewer.drivers.get({ accountKey, driverId: driver.id })).toMatchObject({ name: "Read-only driver" });
    expect((await viewer.routes.list({ accountKey })).data.map((r) => r.id)).toContain(route.id);
    expect(await viewer.routes.get({ accountKey, routeId: route.id })).toMatchObject({ stops: [{ id: stop.id }] });
    expect((await viewer.runs.list({ accountKey, routeId: route.id })).data.map((r) => r.id)).toEqual([run.id]);
    expect(await viewer.runs.get({ accountKey, runId: run.id })).toMatchObject({ date: "2099-01-05" });
    expect((await viewer.passengers.list({ accountKey, routeId: route.id })).data.map((p) => p.id)).toEqual([passenger.id]);
    expect(await viewer.passengers.get({ accountKey, passengerId: passenger.id })).toMatchObject({ name: "Ada" });

    for (const call of [
      () => viewer.drivers.create({ accountKey, body: { name: "No" } }),
      () => viewer.drivers.update({ accountKey, driverId: driver.id, body: { name: "No" } }),
      () => viewer.drivers.delete({ accountKey, driverId: driver.id }),
      () => viewer.routes.create({ accountKey, body: { routeNumber: "No" } }),
      () => viewer.routes.update({ accountKey, routeId: route.id, body: { name: "No" } }),
      () => viewer.routes.delete({ accountKey, routeId: route.id }),
      () => viewer.routes.addStop({ accountKey, routeId: route.id, body: { name: "No" } }),
      () => viewer.routes.updateStop({ accountKey, stopId: stop.id, body: { name: "No" } }),
      () => viewer.routes.deleteStop({ accountKey, stopId: stop.id }),
      () => viewer.routes.reorderStops({ accountKey, routeId: route.id, stopIds: [stop.id] }),
      () => viewer.runs.create({ accountKey, routeId: route.id, body: { date: "2099-01-06" } }),
      () => viewer.runs.update({ accountKey, runId: run.id, body: { notice: "No" } }),
      () => viewer.runs.cancel({ accountKey, runId: run.id }),
      () => viewer.runs.restore({ accountKey, runId: run.id }),
      () => viewer.runs.delete({ accountKey, runId: run.id }),
      () => viewer.passengers.create({ accountKey, routeId: route.id, body: { name: "No" } }),
      () => viewer.passengers.update({ accountKey, passengerId: passenger.id, body: { approved: false } }),
      () => viewer.passengers.clearOptOut({ accountKey, passengerId: passenger.id }),
      () => viewer.passengers.delete({ accountKey, passengerId: passenger.id }),
    ]) {
      expect((await refusal(call())).code).toBe("FORBIDDEN");
    }
    expect(await admin.runs.get({ accountKey, runId: run.id })).toMatchObject({ status: "scheduled", notice: null });
    expect(await admin.passengers.get({ accountKey, passengerId: passenger.id })).toMatchObject({ approved: true });
  });

  it("answers NOT_FOUND for another account's records, through our key and through theirs", async () => {
    const them = callerFor(b.users.admin);
    const driver = await them.drivers.create({ accountKey: b.key, body: { name: "Theirs" } });
    const route = await them.routes.create({ accountKey: b.key, body: { routeNumber: "B1" } });
    const stop = await them.routes.addStop({ accountKey: b.key, routeId: route.id, body: { name: "Oak" } });
    const run = await them.runs.create({ accountKey: b.key, routeId: route.id, body: { date: "2099-01-05" } });
    const passenger = await them.passengers.create({ accountKey: b.key, routeId: route.id, body: { name: "Ada" } });

    const admin = callerFor(a.users.admin);
    const accountKey = a.key;
    for (const call of [
      () => admin.drivers.get({ accountKey, driverId: driver.id }),
      () => admin.drivers.update({ accountKey, driverId: driver.id, body: { name: "Mine" } }),
      () => admin.routes.get({ accountKey, routeId: route.id }),
      () => admin.routes.delete({ accountKey, routeId: route.id }),
      () => admin.routes.updateStop({ accountKey, stopId: stop.id, body: { name: "Mine" } }),
      () => admin.routes.deleteStop({ accountKey, stopId: stop.id }),
      () => admin.runs.list({ accountKey, routeId: route.id }),
      () => admin.runs.cancel({ accountKey, runId: run.id }),
      () => admin.passengers.list({ accountKey, routeId: route.id }),
      () => admin.passengers.update({ accountKey, passengerId: passenger.id, body: { approved: false } }),
      () => admin.routes.create({ accountKey, body: { routeNumber: "A-theirs", driverId: driver.id } }),
      // a member of A cannot reach B's records through B's key either
      () => admin.routes.list({ accountKey: b.key }),
      () => admin.routes.get({ accountKey: b.key, routeId: route.id }),
    ]) {
      expect((await refusal(call())).code).toBe("NOT_FOUND");
    }
    expect(await them.passengers.get({ accountKey: b.key, passengerId: passenger.id })).toMatchObject({ approved: true });
    expect(await them.runs.get({ accountKey: b.key, runId: run.id })).toMatchObject({ status: "scheduled" });
  });

  it("gives the forms their field errors and the conflicts their codes", async () => {
    const admin = callerFor(a.users.admin);
    const accountKey = a.key;
    const bad = await refusal(admin.routes.create({ accountKey, body: { routeNumber: "E1", days: "Funday", startTime: "25:00" } }));
    expect(bad.code).toBe("BAD_REQUEST");
    expect(fieldsOf(bad)?.map((e) => e.field)).toEqual(["days", "startTime"]);
    await admin.routes.create({ accountKey, body: { routeNumber: "E1" } });
    const taken = await refusal(admin.routes.create({ accountKey, body: { routeNumber: "E1" } }));
    expect(taken.code).toBe("CONFLICT");
    expect(fieldsOf(taken)).toEqual([{ field: "routeNumber", message: "route E1 already exists in this account; route numbers are unique" }]);
  });
});
