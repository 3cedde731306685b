// Passenger use cases on every database kind: stops chosen from the passenger's route (and of the right kind),
// contact phones read like an import reads them, external ids unique per account (409), approval, an opt-out the
// team sees and clears, deletion with the passenger's own link, and another account's passengers, routes and stops
// answered as not found.
import { describe, expect, it } from "vitest";
import { isAppError } from "../../errors";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { createAccount } from "../accounts/create-account";
import { addRouteStop } from "../routes/add-route-stop";
import { createRoute } from "../routes/create-route";
import { clearPassengerOptOut } from "./clear-passenger-opt-out";
import { createPassenger } from "./create-passenger";
import { deletePassenger } from "./delete-passenger";
import { getPassenger } from "./get-passenger";
import { listPassengers } from "./list-passengers";
import { updatePassenger } from "./update-passenger";

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, status: error.status, errors: error.errors ?? [] };
    throw error;
  }
  throw new Error("expected a failure");
}

describe.each(databaseKinds())("passengers on %s", (kind) => {
  const t = useTestDatabase(kind);

  async function setup() {
    const { id: accountId } = await createAccount({ name: `Schools ${Math.random()}` });
    const route = await createRoute({ accountId, routeNumber: "12" });
    const oak = await addRouteStop({ accountId, routeId: route.id, name: "Oak Street", kind: "pick-up" });
    const mill = await addRouteStop({ accountId, routeId: route.id, name: "Mill Lane" });
    const school = await addRouteStop({ accountId, routeId: route.id, name: "School", kind: "drop-off" });
    return { accountId, route, oak, mill, school };
  }

  it("adds a passenger with stops from the route and contact details read like an import", async () => {
    const { accountId, route, oak, school } = await setup();
    const ada = await createPassenger({
      accountId,
      routeId: route.id,
      name: " Ada ",
      externalId: "S-1",
      contactName: "Grace",
      contactPhone: "00370 600 12345",
      contactEmail: "Grace@Example.com",
      pickupStopId: oak.id,
      dropoffStopId: school.id,
    });
    expect(ada).toMatchObject({
      route_id: route.id,
      name: "Ada",
      external_id: "S-1",
      contact_name: "Grace",
      contact_phone: "+37060012345",
      contact_email: "grace@example.com",
      pickup_stop: { id: oak.id, name: "Oak Street" },
      dropoff_stop: { id: school.id, name: "School" },
      approved: true,
      opted_out_at: null,
      welcome_sent_at: null,
    });
    expect(await getPassenger({ accountId, passengerId: ada.id })).toEqual(ada);
    const edited = await updatePassenger({ accountId, passengerId: ada.id, contactPhone: "8 600 12345", contactEmail: "", dropoffStopId: null, externalId: "" });
    expect(edited).toMatchObject({ contact_phone: "8 600 12345", contact_email: null, dropoff_stop: null, external_id: null, pickup_stop: { id: oak.id } });
  });

  it("refuses stops that are not the route's or not of the right kind, and contacts it cannot read", async () => {
    const { accountId, route, oak, mill, school } = await setup();
    const other = await createRoute({ accountId, routeNumber: "14" });
    const elsewhere = await addRouteStop({ accountId, routeId: other.id, name: "Elsewhere" });
    expect((await failure(createPassenger({ accountId, routeId: route.id, name: "Ada", pickupStopId: elsewhere.id, dropoffStopId: oak.id }))).errors).toEqual([
      { field: "pickupStopId", message: "is not a stop of this passenger's route" },
      { field: "dropoffStopId", message: '"Oak Street" is a pick-up stop; choose a stop marked both or drop-off' },
    ]);
    expect((await failure(createPassenger({ accountId, routeId: route.id, name: "Ada", pickupStopId: school.id }))).errors).toEqual([
      { field: "pickupStopId", message: '"School" is a drop-off stop; choose a stop marked both or pick-up' },
    ]);
    expect((await failure(createPassenger({ accountId, routeId: route.id, name: "", contactPhone: "+370 600", contactEmail: "grace" }))).errors).toEqual([
      { field: "name", message: "must not be empty" },
      { field: "contactPhone", message: expect.stringMatching(/not a valid number for its country code/) },
      { field: "contactEmail", message: "must be an e-mail address such as name@example.com" },
    ]);
    await expect(createPassenger({ accountId, routeId: route.id, name: "Ada", pickupStopId: mill.id, dropoffStopId: mill.id })).resolves.toMatchObject({
      pickup_stop: { name: "Mill Lane" },
    });
  });

  it("does not re-check a stop an edit leaves as it is", async () => {
    const { accountId, route, school, mill } = await setup();
    // an import may have put a passenger's pick-up at a drop-off stop; editing their name still works
    const row = await t.db.passenger.create({ data: { accountId, routeId: route.id, name: "Ben", pickupStopId: school.id }, select: { id: true } });
    await expect(updatePassenger({ accountId, passengerId: row.id, name: "Benas", pickupStopId: school.id })).resolves.toMatchObject({ name: "Benas" });
    await expect(updatePassenger({ accountId, passengerId: row.id, pickupStopId: mill.id })).resolves.toMatchObject({ pickup_stop: { name: "Mill Lane" } });
  });

  it("keeps external ids unique in the account: 409 EXTERNAL_ID_TAKEN naming who holds it", async () => {
    const { accountId, route } = await setup();
    const ada = await createPassenger({ accountId, routeId: route.id, name: "Ada", externalId: "S-1" });
    const ben = await createPassenger({ accountId, routeId: route.id, name: "Ben" });
    const taken = { code: "EXTERNAL_ID_TAKEN", status: 409, errors: [{ field: "externalId", message: 'Ada (route 12) already has external id "S-1"; imports find passengers by it' }] };
    expect(await failure(createPassenger({ accountId, routeId: route.id, name: "Cid", externalId: "S-1" }))).toEqual(taken);
    expect(await failure(updatePassenger({ accountId, passengerId: ben.id, externalId: "S-1" }))).toEqual(taken);
    await expect(updatePassenger({ accountId, passengerId: ada.id, externalId: "S-1", name: "Ada L." })).resolves.toMatchObject({ external_id: "S-1" });
  });

  it("holds a passenger back, approves them again, and clears an opt-out", async () => {
    const { accountId, route } = await setup();
    const ada = await createPassenger({ accountId, routeId: route.id, name: "Ada", approved: false });
    expect(ada.approved).toBe(false);
    expect(await updatePassenger({ accountId, passengerId: ada.id, approved: true })).toMatchObject({ approved: true });
    const optedOut = new Date("2026-09-03T07:00:00Z");
    await t.db.passenger.update({ where: { id: ada.id }, data: { optedOutAt: optedOut } });
    expect(await getPassenger({ accountId, passengerId: ada.id })).toMatchObject({ opted_out_at: optedOut.toISOString() });
    // an edit never clears it
    expect(await updatePassenger({ accountId, passengerId: ada.id, name: "Ada L." })).toMatchObject({ opted_out_at: optedOut.toISOString() });
    expect(await clearPassengerOptOut({ accountId, passengerId: ada.id })).toMatchObject({ opted_out_at: null, name: "Ada L." });
  });

  it("lists a route's passengers, paged, and deletes one with their own link", async () => {
    const { accountId, route } = await setup();
    const ada = await createPassenger({ accountId, routeId: route.id, name: "Ada" });
    const ben = await createPassenger({ accountId, routeId: route.id, name: "Ben" });
    const first = await listPassengers({ accountId, routeId: route.id, limit: 1 });
    expect(first.data.map((p) => p.name)).toEqual(["Ada"]);
    expect(await listPassengers({ accountId, routeId: route.id, cursor: first.next_cursor })).toMatchObject({ data: [{ id: ben.id }], next_cursor: null });

    await t.db.trackingLink.create({ data: { accountId, uuid: crypto.randomUUID(), passengerId: ada.id, routeId: route.id, displayName: "Ada", accessMode: "public" } });
    expect(await deletePassenger({ accountId, passengerId: ada.id })).toEqual({ id: ada.id });
    expect(await t.db.trackingLink.count({ where: { passengerId: ada.id } })).toBe(0);
    expect((await failure(getPassenger({ accountId, passengerId: ada.id }))).code).toBe("PASSENGER_NOT_FOUND");
  });

  it("answers not found for another account's passengers, routes and stops", async () => {
    const mine = await setup();
    const theirs = await setup();
    const passenger = await createPassenger({ accountId: theirs.accountId, routeId: theirs.route.id, name: "Theirs" });
    const accountId = mine.accountId;
    for (const [call, code] of [
      [() => getPassenger({ accountId, passengerId: passenger.id }), "PASSENGER_NOT_FOUND"],
      [() => updatePassenger({ accountId, passengerId: passenger.id, approved: false }), "PASSENGER_NOT_FOUND"],
      [() => clearPassengerOptOut({ accountId, passengerId: passenger.id }), "PASSENGER_NOT_FOUND"],
      [() => deletePassenger({ accountId, passengerId: passenger.id }), "PASSENGER_NOT_FOUND"],
      [() => createPassenger({ accountId, routeId: theirs.route.id, name: "Mine" }), "ROUTE_NOT_FOUND"],
      [() => listPassengers({ accountId, routeId: theirs.route.id }), "ROUTE_NOT_FOUND"],
    ] as const) {
      expect((await failure(call())).code).toBe(code);
    }
    // their stop on my route: refused without saying it exists
    expect((await failure(createPassenger({ accountId, routeId: mine.route.id, name: "Mine", pickupStopId: theirs.mill.id }))).errors).toEqual([
      { field: "pickupStopId", message: "is not a stop of this passenger's route" },
    ]);
    expect(await getPassenger({ accountId: theirs.accountId, passengerId: passenger.id })).toMatchObject({ approved: true, name: "Theirs" });
  });
});
