// Driver use cases on every database kind: phones read like an import reads them, e-mails lowercased, one driver
// per e-mail and per phone (imports find drivers by them), routes left without a driver when theirs is deleted,
// and another account's driver answered as not found.
import { describe, expect, it } from "vitest";
import { isAppError } from "../../errors";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { createAccount } from "../accounts/create-account";
import { createRoute } from "../routes/create-route";
import { getRoute } from "../routes/get-route";
import { createDriver } from "./create-driver";
import { deleteDriver } from "./delete-driver";
import { getDriver } from "./get-driver";
import { listDrivers } from "./list-drivers";
import { updateDriver } from "./update-driver";

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, errors: error.errors ?? [] };
    throw error;
  }
  throw new Error("expected a failure");
}

describe.each(databaseKinds())("drivers on %s", (kind) => {
  useTestDatabase(kind);

  it("creates, edits, lists and deletes drivers, keeping phones in E.164 when they carry a country code", async () => {
    const { id: accountId } = await createAccount({ name: "Drivers" });
    const ona = await createDriver({ accountId, name: " Ona Petraitė ", email: "Ona@Example.com", phone: "00370 600 12345" });
    expect(ona).toMatchObject({ name: "Ona Petraitė", email: "ona@example.com", phone: "+37060012345", route_count: 0 });
    const jonas = await createDriver({ accountId, name: "Jonas", phone: "(8 600)  12346" });
    expect(jonas).toMatchObject({ email: null, phone: "(8 600) 12346" }); // no country code: as written

    const edited = await updateDriver({ accountId, driverId: jonas.id, email: "jonas@example.com", phone: "" });
    expect(edited).toMatchObject({ name: "Jonas", email: "jonas@example.com", phone: null });
    expect(await getDriver({ accountId, driverId: jonas.id })).toEqual(edited);

    const first = await listDrivers({ accountId, limit: 1 });
    expect(first.data.map((d) => d.id)).toEqual([ona.id]);
    expect(await listDrivers({ accountId, cursor: first.next_cursor })).toMatchObject({ data: [{ id: jonas.id }], next_cursor: null });

    expect(await deleteDriver({ accountId, driverId: jonas.id })).toEqual({ id: jonas.id });
    expect((await failure(getDriver({ accountId, driverId: jonas.id }))).code).toBe("DRIVER_NOT_FOUND");
  });

  it("explains a bad name, e-mail or phone under its field", async () => {
    const { id: accountId } = await createAccount({ name: "Drivers" });
    expect(await failure(createDriver({ accountId, name: " ", email: "not-an-address", phone: "call me" }))).toEqual({
      code: "VALIDATION_FAILED",
      errors: [
        { field: "name", message: "must not be empty" },
        { field: "email", message: expect.stringMatching(/e-mail address/) },
        { field: "phone", message: expect.stringMatching(/only digits/) },
      ],
    });
    expect((await failure(createDriver({ accountId, name: "Ona", phone: "+370 600" }))).errors).toEqual([
      { field: "phone", message: expect.stringMatching(/not a valid number for its country code/) },
    ]);
    expect((await failure(createDriver({ accountId, name: "Ona", phone: "1234" }))).errors).toEqual([
      { field: "phone", message: expect.stringMatching(/fewer than 5 digits/) },
    ]);
  });

  it("keeps e-mails and phones to one driver, however the phone is spelt", async () => {
    const { id: accountId } = await createAccount({ name: "Drivers" });
    const ona = await createDriver({ accountId, name: "Ona", email: "ona@example.com", phone: "+370 600 12345" });
    expect(await failure(createDriver({ accountId, name: "Other", email: "ONA@example.com", phone: "00370-600-12345" }))).toEqual({
      code: "DRIVER_CONTACT_TAKEN",
      errors: [
        { field: "email", message: "Ona already has this e-mail; imports find drivers by it" },
        { field: "phone", message: "Ona already has this phone; imports find drivers by it" },
      ],
    });
    // a driver keeps their own contact details when edited
    expect(await updateDriver({ accountId, driverId: ona.id, name: "Ona P.", email: "ona@example.com" })).toMatchObject({ name: "Ona P." });
    // another account may have the same driver
    const other = await createAccount({ name: "Other" });
    await expect(createDriver({ accountId: other.id, name: "Ona", email: "ona@example.com" })).resolves.toMatchObject({ email: "ona@example.com" });
  });

  it("leaves the driver's routes without a driver when the driver is deleted", async () => {
    const { id: accountId } = await createAccount({ name: "Drivers" });
    const ona = await createDriver({ accountId, name: "Ona" });
    const route = await createRoute({ accountId, routeNumber: "12", driverId: ona.id });
    expect(await getDriver({ accountId, driverId: ona.id })).toMatchObject({ route_count: 1 });
    await deleteDriver({ accountId, driverId: ona.id });
    expect(await getRoute({ accountId, routeId: route.id })).toMatchObject({ id: route.id, driver: null });
  });

  it("answers DRIVER_NOT_FOUND for another account's driver and never changes it", async () => {
    const mine = await createAccount({ name: "Mine" });
    const theirs = await createAccount({ name: "Theirs" });
    const driver = await createDriver({ accountId: theirs.id, name: "Theirs" });
    for (const call of [
      () => getDriver({ accountId: mine.id, driverId: driver.id }),
      () => updateDriver({ accountId: mine.id, driverId: driver.id, name: "Taken" }),
      () => deleteDriver({ accountId: mine.id, driverId: driver.id }),
    ]) {
      expect((await failure(call())).code).toBe("DRIVER_NOT_FOUND");
    }
    expect((await listDrivers({ accountId: mine.id })).data).toEqual([]);
    expect(await getDriver({ accountId: theirs.id, driverId: driver.id })).toMatchObject({ name: "Theirs" });
  });
});
