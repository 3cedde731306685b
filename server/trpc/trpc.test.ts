// The procedure chain: who may call what. Sign-in required, account membership resolved from the key (outsiders
// get NOT_FOUND, as for a key that does not exist), permissions per role, AppError -> TRPCError mapping.
import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import superjson from "superjson";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../testing/test-database";
import { appRouter } from "./root";
import { callerFor, createFixtureAccount, type FixtureAccount } from "../testing/trpc-fixtures";

async function trpcError(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe.each(databaseKinds())("dashboard API procedures on %s", (kind) => {
  useTestDatabase(kind);
  let a: FixtureAccount;
  let b: FixtureAccount;

  beforeAll(async () => {
    a = await createFixtureAccount("Fleet A");
    b = await createFixtureAccount("Fleet B");
  });

  it("refuses callers who are not signed in", async () => {
    const caller = callerFor(null);
    expect((await trpcError(caller.accounts.invitations())).code).toBe("UNAUTHORIZED");
    expect((await trpcError(caller.assets.list({ accountKey: a.key }))).code).toBe("UNAUTHORIZED");
  });


  it("answers NOT_FOUND to a member of account A asking for account B, as for an unknown key", async () => {
    const admin = callerFor(a.users.admin);
    const other = await trpcError(admin.assets.list({ accountKey: b.key }));
    expect(other.code).toBe("NOT_FOUND");
    const unknown = await trpcError(admin.assets.list({ accountKey: "no-such-key" }));
    expect(unknown.code).toBe("NOT_FOUND");
    expect(other.message.replace(b.key, "")).toBe(unknown.message.replace("no-such-key", ""));
    for (const call of [
      () => admin.users.list({ accountKey: b.key }),
      () => admin.apiAccess.listClients({ accountKey: b.key }),
      () => admin.accounts.updateSettings({ accountKey: b.key, name: "Taken over" }),
      () => admin.assets.create({ accountKey: b.key, name: "Planted" }),
    ]) {
      expect((await trpcError(call())).code).toBe("NOT_FOUND");
    }
    expect(await callerFor(b.users.admin).assets.list({ accountKey: b.key })).toEqual({ data: [], next_cursor: null });
  });


  // [procedure call, roles allowed]
  const matrix: Array<[string, (c: ReturnType<typeof callerFor>, key: string) => Promise<unknown>, string[]]> = [
    ["assets.list", (c, key) => c.assets.list({ accountKey: key }), ["admin", "fleet_manager", "office_staff", "viewer"]],
    ["assets.create", (c, key) => c.assets.create({ accountKey: key, name: "Van" }), ["admin", "fleet_manager"]],
    ["users.list", (c, key) => c.users.list({ accountKey: key }), ["admin"]],
    ["apiAccess.listClients", (c, key) => c.apiAccess.listClients({ accountKey: key }), ["admin"]],
    ["apiAccess.listKeys", (c, key) => c.apiAccess.listKeys({ accountKey: key }), ["admin"]],
    ["accounts.updateSettings", (c, key) => c.accounts.updateSettings({ accountKey: key, contactName: "Desk" }), ["admin"]],
  ];

  it.each(matrix)("%s is allowed for exactly its roles", async (_name, call, allowed) => {
    for (const role of ["admin", "fleet_manager", "office_staff", "viewer"] as const) {
      const result = call(callerFor(a.users[role]), a.key);
      if (allowed.includes(role)) {
        await expect(result, role).resolves.toBeDefined();
      } else {
        const error = await trpcError(result);
        expect(error.code, role).toBe("FORBIDDEN");
      }
    }
  });

  it("maps AppErrors through the error table and keeps their field errors", async () => {
    const error = await trpcError(callerFor(a.users.admin).assets.create({ accountKey: a.key, name: "Truck", imei: "123" }));
    expect(error.code).toBe("BAD_REQUEST"); // VALIDATION_FAILED -> 422 / BAD_REQUEST
    expect(error.cause).toMatchObject({ code: "VALIDATION_FAILED", errors: [expect.objectContaining({ field: "imei" })] });
  });

  it("refuses malformed input before any use case runs", async () => {
    const error = await trpcError(callerFor(a.users.admin).assets.update({ accountKey: a.key, assetId: -1, name: "Van" }));
    expect(error.code).toBe("BAD_REQUEST");
  });

  it("answers over HTTP with the status of the error table and the AppError code and fields for forms", async () => {
    const post = (userId: number | null, path: string, input: unknown) =>
      fetchRequestHandler({
        endpoint: "/api/trpc",
        router: appRouter,
        createContext: () => ({ userId }),
        req: new Request(`http://localhost/api/trpc/${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(superjson.serialize(input)),
        }),
      });

    const invalid = await post(a.users.admin, "assets.create", { accountKey: a.key, name: "", imei: "12" });
    expect(invalid.status).toBe(400);
    const body = (await invalid.json()) as { error: { json: { message: string; data: Record<string, unknown> } } };
    expect(body.error.json.data).toMatchObject({ appCode: "VALIDATION_FAILED", httpStatus: 400 });
    expect(body.error.json.data.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: "name" }), expect.objectContaining({ field: "imei" })]),
    );
    expect(body.error.json.data).not.toHaveProperty("stack");

    const outsider = await post(a.users.admin, "assets.create", { accountKey: b.key, name: "Van" });
    expect(outsider.status).toBe(404);
    const anonymous = await post(null, "assets.create", { accountKey: a.key, name: "Van" });
    expect(anonymous.status).toBe(401);
    const forbidden = await post(a.users.viewer, "assets.create", { accountKey: a.key, name: "Van" });
    expect(forbidden.status).toBe(403);
  });
});
