// The authorised-drivers endpoints through their route handlers: validation of PUT (every problem listed, nothing
// stored), the immobiliser rules, 404 for other accounts' assets, and scope/role refusals. Pushing to trackers is
// tested on real sockets in server/modules/authorised-drivers/authorised-driver-sync.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { getRequest, makeAccount, makeAsset, makeMember, makeToken, routeContext } from "@/server/testing/http-fixtures";
import { createOAuthClient } from "@/server/modules/oauth/create-oauth-client";
import { issueAccessToken } from "@/server/modules/oauth/issue-access-token";
import type { Scope } from "@/server/modules/oauth/scopes";
import type { Role } from "@/server/generated/prisma/client";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import { testImei } from "@/server/testing/test-imei";
import { POST as postImmobiliser } from "./immobiliser/route";
import { GET, PUT } from "./route";
import { GET as getSyncStatus } from "./sync-status/route";

const A = "01A2B3C4D5E6F708";
const B = "01000000ABCDEF12";

function jsonRequest(method: string, path: string, token: string, body: unknown): Request {
  return new Request(`http://fleetline.test${path}`, {
    method,
    headers: { accept: "application/json", "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

async function tokenFor(accountId: number, role: Role, scopes?: Scope[]): Promise<string> {
  const member = await makeMember(accountId, role);
  const client = await createOAuthClient({ accountId, userId: member.id, scopes });
  return (await issueAccessToken({ clientId: client.clientId, clientSecret: client.clientSecret })).access_token;
}

describe.each(databaseKinds())("authorised-drivers API on %s", (kind) => {
  const t = useTestDatabase(kind);
  let account: Awaited<ReturnType<typeof makeAccount>>;
  let token: string;
  let assetId: number;

  beforeAll(async () => {
    account = await makeAccount("Drivers");
    token = (await makeToken(account.id)).token;
    assetId = (await makeAsset(account.id, "Truck 1", testImei())).id;
  });

  const path = (id = assetId, key = account.key) => `/api/${key}/asset/${id}/authorised-drivers`;
  const params = (id = assetId, key = account.key) => routeContext({ accountKey: key, assetId: String(id) });
  const read = async (who = token, id = assetId, key = account.key) => {
    const response = await GET(getRequest(path(id, key), who), params(id, key));
    return { status: response.status, body: await response.json() };
  };
  const put = async (body: unknown, who = token, id = assetId, key = account.key) => {
    const response = await PUT(jsonRequest("PUT", path(id, key), who, body), params(id, key));
    return { status: response.status, body: await response.json() };
  };
  const immobiliser = async (enabled: unknown, who = token, id = assetId) => {
    const response = await postImmobiliser(jsonRequest("POST", `${path(id)}/immobiliser`, who, { enabled }), params(id));
    return { status: response.status, body: await response.json() };
  };
  const status = async (who = token, id = assetId) => {
    const response = await getSyncStatus(getRequest(`${path(id)}/sync-status`, who), params(id));
    return { status: response.status, body: await response.json() };
  };

  it("answers an empty, synced list for an asset never given one", async () => {
    const { status: code, body } = await read();
    expect(code).toBe(200);
    expect(body).toEqual({
      status: "success",
      data: { asset_id: assetId, drivers: [], immobiliser: { enabled: false }, max_drivers: 500, sync_state: "synced", updated_at: null },
    });
  });

  it("stores the list in order, normalising key ids, and queues it (out of sync while no node holds the tracker)", async () => {
    const driver = await t.db.driver.create({ data: { accountId: account.id, name: "Jonas" }, select: { id: true } });
    const { status: code, body } = await put({
      drivers: [{ key_id: B.toLowerCase(), name: " Jonas ", driver_id: driver.id }, { key_id: A }],
    });
    expect(code).toBe(200);
    expect(body.status).toBe("success");
    expect(body.data.drivers).toEqual([
      { key_id: B, name: "Jonas", driver_id: driver.id },
      { key_id: A, name: null, driver_id: null },
    ]);
    expect(body.data.sync_state).toBe("out_of_sync");
    expect((await read()).body.data.drivers.map((d: { key_id: string }) => d.key_id)).toEqual([B, A]);

    const sync = await status();
    expect(sync.status).toBe(200);
    expect(sync.body.data).toMatchObject({
      state: "out_of_sync",
      enforced: { drivers: null, immobiliser: null, confirmed_at: null },
      pending: { add: [B, A], remove: [], immobiliser: false },
      device_connected: false,
    });
  });

  it("refuses bad key ids, duplicates and unknown drivers as a whole, naming each entry, and stores nothing", async () => {
    const other = await makeAccount("Elsewhere");
    const foreignDriver = await t.db.driver.create({ data: { accountId: other.id, name: "Not ours" }, select: { id: true } });
    const before = (await read()).body.data.drivers;
    const { status: code, body } = await put({
      drivers: [
        { key_id: A },
        { key_id: "01A2B3C4D5E6F7" },
        { key_id: "0000000000000000" },
        { key_id: A.toLowerCase() },
        { key_id: B, driver_id: foreignDriver.id },
        { key_id: "ZZA2B3C4D5E6F708" },
      ],
    });
    expect(code).toBe(422);
    expect(body.code).toBe("VALIDATION_FAILED");
    const fields = body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["drivers.1.key_id", "drivers.2.key_id", "drivers.5.key_id"]));
    expect((await read()).body.data.drivers).toEqual(before);

    const valid = await put({ drivers: [{ key_id: A }, { key_id: B, driver_id: foreignDriver.id }, { key_id: a(A) }] });
    expect(valid.status).toBe(422);
    expect(valid.body.errors).toEqual([
      { field: "drivers.2.key_id", message: `duplicate of drivers.0.key_id (${A})` },
      { field: "drivers.1.driver_id", message: `no driver ${foreignDriver.id} in this account` },
    ]);
    expect((await read()).body.data.drivers).toEqual(before);
  });

  it("refuses more keys than the tracker's list holds, and fields an entry does not have", async () => {
    const keys = Array.from({ length: 501 }, (_, i) => ({ key_id: `01${String(i + 1).padStart(14, "0")}` }));
    const tooMany = await put({ drivers: keys });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual([{ field: "drivers", message: "at most 500 drivers: the size of the tracker's iButton list" }]);
    expect((await put({ drivers: keys.slice(0, 500) })).status).toBe(200);

    const unknown = await put({ drivers: [{ key_id: A, colour: "red" }] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].field).toBe("drivers.0");
    expect((await put({ list: [] })).status).toBe(422);
    expect((await put({ drivers: "A" })).status).toBe(422);
  });

  it("keeps the immobiliser off an empty list, both ways round", async () => {
    expect((await put({ drivers: [] })).status).toBe(200);
    const refused = await immobiliser(true);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].field).toBe("enabled");

    expect((await put({ drivers: [{ key_id: A }] })).status).toBe(200);
    const enabled = await immobiliser(true);
    expect(enabled.status).toBe(200);
    expect(enabled.body.data).toMatchObject({ immobiliser: { enabled: true }, sync_state: "out_of_sync" });
    expect((await status()).body.data.pending).toEqual({ add: [A], remove: [], immobiliser: true });

    const emptying = await put({ drivers: [] });
    expect(emptying.status).toBe(422);
    expect(emptying.body.errors[0].field).toBe("drivers");
    expect((await immobiliser("yes")).status).toBe(422);
    expect((await immobiliser(false)).body.data.immobiliser).toEqual({ enabled: false });
  });

  it("answers 404 for another account's asset and for another account's key", async () => {
    const other = await makeAccount("Other");
    const otherToken = (await makeToken(other.id)).token;
    const foreign = await read(otherToken, assetId, other.key);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("ASSET_NOT_FOUND");
    expect((await put({ drivers: [] }, otherToken, assetId, other.key)).status).toBe(404);
    const wrongKey = await read(otherToken, assetId, account.key);
    expect(wrongKey.status).toBe(404);
    expect(wrongKey.body.code).toBe("ACCOUNT_NOT_FOUND");
    expect((await read(token, 999_999)).status).toBe(404);
    expect((await status(otherToken)).status).toBe(404);
  });

  it("lets every role read, and only admins and fleet managers (control:write) change anything", async () => {
    for (const role of ["viewer", "office_staff"] as const) {
      const who = await tokenFor(account.id, role);
      expect((await read(who)).status).toBe(200);
      expect((await status(who)).status).toBe(200);
      const refused = await put({ drivers: [{ key_id: B }] }, who);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe("INSUFFICIENT_SCOPE");
      expect((await immobiliser(false, who)).status).toBe(403);
    }
    const readOnly = await tokenFor(account.id, "fleet_manager", ["assets:read"]);
    expect((await put({ drivers: [{ key_id: B }] }, readOnly)).status).toBe(403);
    const manager = await tokenFor(account.id, "fleet_manager");
    expect((await put({ drivers: [{ key_id: B }] }, manager)).status).toBe(200);
    expect((await read(token)).body.data.drivers).toEqual([{ key_id: B, name: null, driver_id: null }]);
    expect((await read("not-a-token")).status).toBe(401);
  });

  it("shows key ids in full only to tokens with control:write; others see the last 4 hex digits", async () => {
    expect((await put({ drivers: [{ key_id: A, name: "Jonas" }] })).status).toBe(200);
    const full = await read(token);
    expect(full.body.data.drivers).toEqual([{ key_id: A, name: "Jonas", driver_id: null }]);
    expect((await status(token)).body.data.pending.add).toEqual([A]);
    const masked = "••••••••••••F708";
    const viewers = [
      await tokenFor(account.id, "viewer"),
      await tokenFor(account.id, "office_staff"),
      // a fleet manager's token asked for assets:read only: it could not change the list, so it does not see the keys
      await tokenFor(account.id, "fleet_manager", ["assets:read"]),
    ];
    for (const who of viewers) {
      const list = await read(who);
      expect(list.body.data.drivers).toEqual([{ key_id: masked, name: "Jonas", driver_id: null }]);
      const sync = await status(who);
      expect(sync.body.data.pending.add).toEqual([masked]);
      expect(JSON.stringify([list.body, sync.body])).not.toContain(A);
    }
  });
});

/** the same key in lower case (input is case-insensitive, so it is a duplicate) */
function a(key: string): string {
  return key.toLowerCase();
}
