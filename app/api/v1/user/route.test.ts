// GET /api/v1/user through its route handler, on every database kind.
import { describe, expect, it } from "vitest";
import { getRequest, makeAccount, makeToken } from "@/server/testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import { GET } from "./route";

const noParams = { params: Promise.resolve({}) };

describe.each(databaseKinds())("GET /api/v1/user on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("answers the client's user and the token's account (spec: data.id, name, accounts[id,key,name])", async () => {
    const account = await makeAccount("Alpha");
    const elsewhere = await makeAccount("Beta");
    await t.db.membership.create({ data: { accountId: elsewhere.id, userId: account.adminId, role: "admin" } });
    const { token } = await makeToken(account.id, { scopes: ["stream:read"] });
    const response = await GET(getRequest("/api/v1/user", token), noParams);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      data: { id: account.adminId, name: "Alpha Admin", accounts: [{ id: account.id, key: account.key, name: "Alpha" }] },
    });
  });

  it("answers 401 Unauthenticated. without a token", async () => {
    const response = await GET(getRequest("/api/v1/user"), noParams);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Unauthenticated." });
  });
});
