// The OAuth bearer wrapper and the shared error mapping, with real Requests on every database kind: every refusal
// status, error bodies, request ids, and that tokens never reach the log.
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../errors";
import { revokeOAuthClient } from "../modules/oauth/revoke-oauth-client";
import { signAccessToken } from "../security/access-token";
import { databaseKinds, useTestDatabase } from "../testing/test-database";
import { readJson } from "./request-input";
import { getRequest, makeAccount, makeToken, routeContext } from "../testing/http-fixtures";
import { withApiAuth } from "./with-api-auth";

const logLines: string[] = [];
const logStore = globalThis as unknown as { __fleetlineLog?: pino.Logger };
let previousLogger: pino.Logger | undefined;
beforeAll(() => {
  previousLogger = logStore.__fleetlineLog;
  logStore.__fleetlineLog = pino({ level: "trace" }, { write: (line: string) => void logLines.push(line) });
});
afterAll(() => {
  logStore.__fleetlineLog = previousLogger;
});

const echo = withApiAuth<{ accountKey: string }>({ scope: "assets:read" }, async ({ account, userId, scopes, client }) => ({
  account: account.key,
  userId,
  scopes,
  clientId: client.clientId,
}));
const throwing = (error: unknown) =>
  withApiAuth({}, async () => {
    throw error;
  });

describe.each(databaseKinds())("withApiAuth on %s", (kind) => {
  useTestDatabase(kind);

  it("hands the handler the token's account, user, client and scopes", async () => {
    const account = await makeAccount();
    const { token, clientId } = await makeToken(account.id, { scopes: ["assets:read"] });
    const response = await echo(getRequest(`/api/${account.key}/x`, token), routeContext({ accountKey: account.key }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ account: account.key, userId: account.adminId, scopes: ["assets:read"], clientId });
  });

  it("answers exactly {message: Unauthenticated.} for missing, malformed, expired, forged and revoked tokens", async () => {
    const account = await makeAccount();
    const { token, clientId, id } = await makeToken(account.id);
    const expired = await signAccessToken({
      clientId,
      accountId: account.id,
      scopes: ["assets:read"],
      issuedAt: Math.floor(Date.now() / 1000) - 31_536_000 - 1,
    });
    const [h, p] = token.split(".");
    const forged = `${h}.${p}.${"A".repeat(43)}`;
    const ctx = routeContext({ accountKey: account.key });
    const path = `/api/${account.key}/x`;
    const cases: Request[] = [
      getRequest(path),
      getRequest(path, undefined, { authorization: "Bearer" }),
      getRequest(path, undefined, { authorization: `Basic ${token}` }),
      getRequest(path, "not.a.jwt"),
      getRequest(path, expired.token),
      getRequest(path, forged),
    ];
    for (const request of cases) {
      const response = await echo(request, ctx);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe("Bearer");
      expect(await response.json()).toEqual({ message: "Unauthenticated." });
    }
    expect((await echo(getRequest(path, token), ctx)).status).toBe(200);
    await revokeOAuthClient({ accountId: account.id, id });
    const revoked = await echo(getRequest(path, token), ctx);
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toEqual({ message: "Unauthenticated." });
  });

  it("answers 404 for another account's key and 403 for a missing scope, checking the account first", async () => {
    const a = await makeAccount("Alpha");
    const b = await makeAccount("Beta");
    const { token } = await makeToken(a.id, { scopes: ["stream:read"] });
    const foreign = await echo(getRequest(`/api/${b.key}/x`, token), routeContext({ accountKey: b.key }));
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: "Account not found.", code: "ACCOUNT_NOT_FOUND" });
    const own = await echo(getRequest(`/api/${a.key}/x`, token), routeContext({ accountKey: a.key }));
    expect(own.status).toBe(403);
    expect(await own.json()).toEqual({ message: "This token lacks the assets:read scope.", code: "INSUFFICIENT_SCOPE" });
  });

  describe("error mapping", () => {
    async function call(handler: ReturnType<typeof throwing>, request?: Request) {
      const account = await makeAccount();
      const { token } = await makeToken(account.id);
      const response = await handler(request ?? getRequest("/api/v1/x", token), routeContext({}));
      return { response, body: await response.json(), token };
    }

    it("maps an AppError to its status and {message, code, errors?}", async () => {
      const { response, body } = await call(throwing(new AppError("IMEI_TAKEN", "IMEI already in use.")));
      expect(response.status).toBe(409);
      expect(body).toEqual({ message: "IMEI already in use.", code: "IMEI_TAKEN" });
      const withErrors = await call(
        throwing(new AppError("VALIDATION_FAILED", "bad", [{ field: "imei", message: "must be 15 digits" }])),
      );
      expect(withErrors.response.status).toBe(422);
      expect(withErrors.body).toEqual({ message: "bad", code: "VALIDATION_FAILED", errors: [{ field: "imei", message: "must be 15 digits" }] });
    });

    it("maps a zod error to 422 VALIDATION_FAILED with field errors", async () => {
      const parsed = z.object({ name: z.string().min(1) }).safeParse({ name: "" });
      const { response, body } = await call(throwing(parsed.error));
      expect(response.status).toBe(422);
      expect(body).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "name", message: expect.any(String) }] });
    });

    it("answers 400 for malformed JSON and 415 for a body that is not JSON", async () => {
      const account = await makeAccount();
      const { token } = await makeToken(account.id);
      const handler = withApiAuth({}, async ({ request }) => readJson(request, z.object({ a: z.number() })));
      const post = (body: string, type: string) =>
        handler(
          new Request("http://fleetline.test/api/v1/x", {
            method: "POST",
            headers: { authorization: `Bearer ${token}`, "content-type": type },
            body,
          }),
          routeContext({}),
        );
      const malformed = await post("{nope", "application/json");
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toEqual({ message: "The request body is not valid JSON.", code: "BAD_REQUEST" });
      expect((await post("a=1", "application/x-www-form-urlencoded")).status).toBe(415);
      expect((await post('{"a":"x"}', "application/json")).status).toBe(422);
      const ok = await post('{"a":1}', "application/json; charset=utf-8");
      expect(await ok.json()).toEqual({ a: 1 });
    });

    it("answers a plain 500 without internals for anything else, and logs the cause", async () => {
      const secretDetail = "connection string postgres://user:hunter2@db";
      const { response, body } = await call(throwing(new Error(secretDetail)));
      expect(response.status).toBe(500);
      expect(body).toEqual({ message: "Internal server error.", code: "INTERNAL" });
      expect(JSON.stringify(body)).not.toContain("hunter2");
      expect(logLines.some((line) => line.includes(secretDetail))).toBe(true);
    });
  });

  it("tags responses and log lines with a request id and never logs the token", async () => {
    const account = await makeAccount();
    const { token } = await makeToken(account.id);
    logLines.length = 0;
    const response = await echo(
      getRequest(`/api/${account.key}/x?access_token=${token}`, token, { "x-request-id": "req-12345678" }),
      routeContext({ accountKey: account.key }),
    );
    expect(response.headers.get("x-request-id")).toBe("req-12345678");
    const generated = await echo(getRequest(`/api/${account.key}/x`, token), routeContext({ accountKey: account.key }));
    expect(generated.headers.get("x-request-id")).toMatch(/^[a-z0-9]{16}$/);
    const access = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === "request");
    expect(access[0]).toMatchObject({ requestId: "req-12345678", method: "GET", path: `/api/${account.key}/x`, status: 200 });
    expect(logLines.join("\n")).not.toContain(token);
    expect(logLines.join("\n")).not.toContain(token.split(".")[2]);
  });

  it("rate-limits per client with 429 RATE_LIMITED and Retry-After", async () => {
    const account = await makeAccount();
    const { token } = await makeToken(account.id);
    const limited = withApiAuth({ rateLimit: { name: `test-${kind}-${account.id}`, points: 2, duration: 60 } }, async () => ({ ok: true }));
    expect((await limited(getRequest("/x", token), routeContext({}))).status).toBe(200);
    expect((await limited(getRequest("/x", token), routeContext({}))).status).toBe(200);
    const third = await limited(getRequest("/x", token), routeContext({}));
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await third.json()).toMatchObject({ code: "RATE_LIMITED" });
  });
});
