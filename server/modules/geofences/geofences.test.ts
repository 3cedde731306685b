// Geofence use cases on every database kind: shapes, validation, account isolation, paging, in-use protection.
import { describe, expect, it } from "vitest";
import { isAppError } from "../../errors";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { createAccount } from "../accounts/create-account";
import { createAlertRule } from "../alerts/create-alert-rule";
import { createGeofence } from "./create-geofence";
import { deleteGeofence } from "./delete-geofence";
import { getGeofence } from "./get-geofence";
import { listGeofences } from "./list-geofences";
import { updateGeofence } from "./update-geofence";

const circle = { name: "Depot", shape: "circle", center: { latitude: 54.6872, longitude: 25.2797 }, radius_m: 250 };
const square = {
  name: "Yard",
  shape: "polygon",
  points: [
    { latitude: 54.686, longitude: 25.278 },
    { latitude: 54.686, longitude: 25.282 },
    { latitude: 54.689, longitude: 25.282 },
    { latitude: 54.689, longitude: 25.278 },
    { latitude: 54.686, longitude: 25.278 }, // closing point: dropped
  ],
};

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, errors: error.errors ?? [] };
    throw error;
  }
  throw new Error("expected a failure");
}

describe.each(databaseKinds())("geofences on %s", (kind) => {
  useTestDatabase(kind);

  it("creates, reads, replaces and lists circles and polygons", async () => {
    const account = await createAccount({ name: "Fences" });
    const depot = await createGeofence({ accountId: account.id, body: circle });
    expect(depot).toMatchObject({ name: "Depot", shape: "circle", center: circle.center, radius_m: 250, points: null });
    const yard = await createGeofence({ accountId: account.id, body: square });
    expect(yard).toMatchObject({ shape: "polygon", center: null, radius_m: null, points: square.points.slice(0, 4) });
    expect(await getGeofence({ accountId: account.id, geofenceId: yard.id })).toEqual(yard);

    const replaced = await updateGeofence({ accountId: account.id, geofenceId: depot.id, body: { ...square, name: "Depot area" } });
    expect(replaced).toMatchObject({ id: depot.id, name: "Depot area", shape: "polygon", center: null, radius_m: null });

    const first = await listGeofences({ accountId: account.id, limit: 1 });
    expect(first.data.map((g) => g.id)).toEqual([depot.id]);
    const second = await listGeofences({ accountId: account.id, limit: 1, cursor: first.next_cursor });
    expect(second).toMatchObject({ data: [{ id: yard.id }], next_cursor: null });
  });

  it("refuses bad shapes with field errors", async () => {
    const account = await createAccount({ name: "Fences" });
    const cases: [unknown, string][] = [
      [{ ...circle, radius_m: 2 }, "radius_m"],
      [{ ...circle, center: { latitude: 91, longitude: 0 } }, "center.latitude"],
      [{ ...circle, shape: "triangle" }, "shape"],
      [{ ...circle, name: " " }, "name"],
      [{ ...circle, colour: "red" }, ""],
      [{ ...square, points: square.points.slice(0, 2) }, "points"],
      [{ ...square, points: [square.points[0], square.points[2], square.points[1], square.points[3]] }, "points"],
    ];
    for (const [body, field] of cases) {
      const { code, errors } = await failure(createGeofence({ accountId: account.id, body }));
      expect(code, JSON.stringify(body)).toBe("VALIDATION_FAILED");
      expect(errors.map((e) => e.field).join(), JSON.stringify(body)).toContain(field);
    }
  });

  it("keeps accounts apart and refuses to delete a geofence a rule uses", async () => {
    const a = await createAccount({ name: "A" });
    const b = await createAccount({ name: "B" });
    const fence = await createGeofence({ accountId: a.id, body: circle });
    expect((await failure(getGeofence({ accountId: b.id, geofenceId: fence.id }))).code).toBe("GEOFENCE_NOT_FOUND");
    expect((await failure(updateGeofence({ accountId: b.id, geofenceId: fence.id, body: circle }))).code).toBe("GEOFENCE_NOT_FOUND");
    expect((await failure(deleteGeofence({ accountId: b.id, geofenceId: fence.id }))).code).toBe("GEOFENCE_NOT_FOUND");

    const rule = await createAlertRule({ accountId: a.id, body: { name: "Depot watch", type: "GEOFENCE", params: { geofence_id: fence.id } } });
    const inUse = await failure(deleteGeofence({ accountId: a.id, geofenceId: fence.id }));
    expect(inUse.code).toBe("GEOFENCE_IN_USE");
    expect(await getGeofence({ accountId: a.id, geofenceId: fence.id })).toMatchObject({ id: fence.id });
    void rule;
  });

  it("deletes an unused geofence", async () => {
    const account = await createAccount({ name: "Fences" });
    const fence = await createGeofence({ accountId: account.id, body: circle });
    expect(await deleteGeofence({ accountId: account.id, geofenceId: fence.id })).toEqual({ id: fence.id });
    expect((await failure(getGeofence({ accountId: account.id, geofenceId: fence.id }))).code).toBe("GEOFENCE_NOT_FOUND");
  });
});
