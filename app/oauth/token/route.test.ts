// POST /oauth/token through its route handler with real Request objects, on every database kind.
import { describe, expect, it } from "vitest";
import { makeAccount, makeClient } from "@/server/testing/http-fixtures";
import { revokeOAuthClient } from "@/server/modules/oauth/revoke-oauth-client";
import { TOKEN_IP_RATE_LIMIT } from "@/server/http/token-endpoint";
import { verifyAccessToken } from "@/server/security/access-token";
import { secretVerifications } from "@/server/security/hashing";
import { randomId } from "@/server/security/random";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import { POST } from "./route";

/** Each call gets its own client address unless told, so rate limits of one test never touch another. */
function tokenRequest(
  body: Record<string, string> | string,
  options: { contentType?: string; headers?: Record<string, string>; ip?: string } = {},
): Request {
  return new Request("http://fleetline.test/oauth/token", {
    method: "POST",
    headers: {
      "content-type": options.contentType ?? "application/x-www-form-urlencoded",
      "x-forwarded-for": options.ip ?? `10.${randomId(3)}`,
      ...options.headers,
    },
    body: typeof body === "string" ? body : new URLSearchParams(body).toString(),
  });
}

function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;
}

async function expectOAuthError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const body = await response.json();
  expect(body).toEqual({ error, error_description: expect.any(String), message: body.error_description });
  return body as { error: string; error_description: string; message: string };
}

describe.each(databaseKinds())("POST /oauth/token on %s", (kind) => {
  useTestDatabase(kind);

  it("issues a bearer token for valid client credentials, never cached", async () => {
    const account = await makeAccount();
    const client = await makeClient(account.id, ["assets:read", "stream:read"]);
    const response = await POST(
      tokenRequest({ grant_type: "client_credentials", client_id: client.clientId, client_secret: client.clientSecret }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("pragma")).toBe("no-cache");
    const body = await response.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: "Bearer",
      expires_in: 31_536_000,
      scope: "assets:read stream:read",
    });
    expect(await verifyAccessToken(body.access_token)).toMatchObject({ clientId: client.clientId, accountId: account.id });
  });

  it("accepts HTTP Basic client authentication (RFC 6749 2.3.1) and a scope subset", async () => {
    const account = await makeAccount();
    const client = await makeClient(account.id);
    const response = await POST(
      tokenRequest(
        { grant_type: "client_credentials", scope: "assets:read" },
        { headers: { authorization: basic(client.clientId, client.clientSecret) } },
      ),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).scope).toBe("assets:read");
  });

  it("refuses both client authentication methods at once", async () => {
    const account = await makeAccount();
    const client = await makeClient(account.id);
    const response = await POST(
      tokenRequest(
        { grant_type: "client_credentials", client_id: client.clientId, client_secret: client.clientSecret },
        { headers: { authorization: basic(client.clientId, client.clientSecret) } },
      ),
    );
    await expectOAuthError(response, 400, "invalid_request");
  });

  it("answers 401 invalid_client identically for an unknown client, a wrong secret and a revoked client", async () => {
    const account = await makeAccount();
    const client = await makeClient(account.id);
    const revoked = await makeClient(account.id);
    await revokeOAuthClient({ accountId: account.id, id: revoked.id });
    const bodies = [];
    for (const [id, secret] of [
      ["no-such-client", client.clientSecret],
      [client.clientId, "wrong-secret"],
      [revoked.clientId, revoked.clientSecret],
    ] as const) {
      const response = await POST(tokenRequest({ grant_type: "client_credentials", client_id: id, client_secret: secret }));
      bodies.push(await expectOAuthError(response, 401, "invalid_client"));
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
  });

  it("asks for Basic authentication again when Basic credentials are wrong", async () => {
    const response = await POST(
      tokenRequest({ grant_type: "client_credentials" }, { headers: { authorization: basic("nobody", "nothing") } }),
    );
    expect(response.headers.get("www-authenticate")).toMatch(/^Basic/);
    await expectOAuthError(response, 401, "invalid_client");
  });

  it("answers 400 invalid_request for missing fields, repeated fields and bodies that are not form-encoded", async () => {
    const account = await makeAccount();
    const client = await makeClient(account.id);
    await expectOAuthError(await POST(tokenRequest({ client_id: client.clientId, client_secret: "x" })), 400, "invalid_request");
    await expectOAuthError(
      await POST(tokenRequest({ grant_type: "client_credentials", client_secret: client.clientSecret })),
      400,
      "invalid_request",
    );
    await expectOAuthError(
      await POST(tokenRequest({ grant_type: "client_credentials", client_id: client.clientId })),
      400,
      "invalid_request",
    );
    await expectOAuthError(
      await POST(tokenRequest(`grant_type=client_credentials&client_id=${client.clientId}&client_id=other&client_secret=x`)),
      400,
      "invalid_request",
    );
    const json = await POST(
      tokenRequest(
        JSON.stringify({ grant_type: "client_credentials", client_id: client.clientId, client_secret: client.clientSecret }),
        { contentType: "application/json" },
      ),
    );
    const body = await expectOAuthError(json, 400, "invalid_request");
    expect(body.message).toMatch(/form-encoded/);
  });

  it("answers 400 unsupported_grant_type for any other grant", async () => {
    for (const grant of ["password", "authorization_code", "refresh_token"]) {
      await expectOAuthError(
        await POST(tokenRequest({ grant_type: grant, client_id: "a", client_secret: "b" })),
        400,
        "unsupported_grant_type",
      );
    }
  });

  it("answers 400 invalid_scope for unknown scopes and scopes the client does not allow", async () => {
    const account = await makeAccount();
    const client = await makeClient(account.id, ["assets:read"]);
    const form = { grant_type: "client_credentials", client_id: client.clientId, client_secret: client.clientSecret };
    await expectOAuthError(await POST(tokenRequest({ ...form, scope: "assets:read admin" })), 400, "invalid_scope");
    await expectOAuthError(await POST(tokenRequest({ ...form, scope: "control:write" })), 400, "invalid_scope");
  });

  it("rate-limits per IP and client_id with 429 and Retry-After", async () => {
    const ip = `192.0.2.${Math.floor(Math.random() * 250)}`;
    const form = { grant_type: "client_credentials", client_id: `flood-${randomId(6)}`, client_secret: "x" };
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await POST(tokenRequest(form, { ip }))).status);
    expect(new Set(statuses)).toEqual(new Set([401]));
    const limited = await POST(tokenRequest(form, { ip }));
    await expectOAuthError(limited, 429, "rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // another client_id from the same address still gets through
    expect((await POST(tokenRequest({ ...form, client_id: `other-${randomId(6)}` }, { ip }))).status).toBe(401);
  });

  it("limits one address across client ids, so rotating client_id does not buy more argon2 work", async () => {
    const ip = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < TOKEN_IP_RATE_LIMIT.points; i++) {
      const form = { grant_type: "client_credentials", client_id: `rotate-${i}-${randomId(6)}`, client_secret: "x" };
      statuses.push((await POST(tokenRequest(form, { ip }))).status);
    }
    expect(new Set(statuses)).toEqual(new Set([401]));
    const before = secretVerifications();
    const limited = await POST(tokenRequest({ grant_type: "client_credentials", client_id: `fresh-${randomId(6)}`, client_secret: "x" }, { ip }));
    await expectOAuthError(limited, 429, "rate_limited");
    expect(secretVerifications()).toBe(before);
  });

  it("refuses a body above 8 KiB with 413", async () => {
    const response = await POST(tokenRequest(`grant_type=client_credentials&client_id=a&client_secret=${"x".repeat(9000)}`));
    await expectOAuthError(response, 413, "invalid_request");
  });
});
