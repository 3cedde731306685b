// The REST API over real HTTP against the production server: an OAuth client made with the admin CLI gets a token
// at /oauth/token and lists the account's assets; other accounts stay invisible; the API documents itself.
import { expect, test } from "../fixtures";
import { randomImei } from "../support/dashboard";

const imei = randomImei;

test("an OAuth client gets a token and lists its account's assets", async ({ request, cli, account }) => {
  const client = await cli(["oauth-client", "create", "--account", account.key, "--name", "E2E integration"]);
  const asset = await cli(["asset", "create", "--account", account.key, "--name", "E2E Truck", "--imei", imei()]);

  const tokenResponse = await request.post("/oauth/token", {
    form: { grant_type: "client_credentials", client_id: String(client.client_id), client_secret: String(client.client_secret) },
  });
  expect(tokenResponse.status()).toBe(200);
  expect(tokenResponse.headers()["cache-control"]).toBe("no-store");
  const token = await tokenResponse.json();
  expect(token).toMatchObject({ token_type: "Bearer", expires_in: 31536000 });
  const auth = { authorization: `Bearer ${token.access_token}`, accept: "application/json" };

  const user = await (await request.get("/api/v1/user", { headers: auth })).json();
  expect(user.data.accounts).toEqual([{ id: account.id, key: account.key, name: expect.any(String) }]);

  const list = await request.get(`/api/${account.key}/asset?limit=10`, { headers: auth });
  expect(list.status()).toBe(200);
  const page = await list.json();
  expect(page.next_cursor).toBeNull();
  expect(page.data).toEqual([
    expect.objectContaining({ id: asset.id, name: "E2E Truck", tracker: expect.objectContaining({ protocol: "teltonika" }) }),
  ]);

  const map = await (await request.get(`/api/${account.key}/asset_map`, { headers: auth })).json();
  expect(map).toEqual({ data: [asset.id], next_cursor: null });
});

test("tokens are refused where they do not belong", async ({ request, cli, account }) => {
  const other = await cli(["account", "create", "--name", "E2E Other"]);
  const client = await cli(["oauth-client", "create", "--account", account.key]);

  const wrongSecret = await request.post("/oauth/token", {
    form: { grant_type: "client_credentials", client_id: String(client.client_id), client_secret: "wrong" },
  });
  expect(wrongSecret.status()).toBe(401);
  expect(await wrongSecret.json()).toMatchObject({ error: "invalid_client", error_description: expect.any(String), message: expect.any(String) });

  const unauthenticated = await request.get(`/api/${account.key}/asset`);
  expect(unauthenticated.status()).toBe(401);
  expect(await unauthenticated.json()).toEqual({ message: "Unauthenticated." });

  const token = await (
    await request.post("/oauth/token", {
      form: { grant_type: "client_credentials", client_id: String(client.client_id), client_secret: String(client.client_secret) },
    })
  ).json();
  const foreign = await request.get(`/api/${String(other.key)}/asset`, {
    headers: { authorization: `Bearer ${token.access_token}` },
  });
  expect(foreign.status()).toBe(404);
  expect(await foreign.json()).toEqual({ message: "Account not found.", code: "ACCOUNT_NOT_FOUND" });

  const unknownPath = await request.get("/api/no/such/endpoint");
  expect(unknownPath.status()).toBe(404);
  expect(await unknownPath.json()).toMatchObject({ code: "NOT_FOUND" });
});

test("the API documents itself: OpenAPI 3.1 and a local Swagger UI", async ({ request, page, baseURL }) => {
  const document = await (await request.get("/api/openapi.json")).json();
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths)).toContain("/api/{accountKey}/asset");

  const origin = new URL(baseURL!).origin;
  const external: string[] = [];
  page.on("request", (r) => {
    if (/^https?:/.test(r.url()) && new URL(r.url()).origin !== origin) external.push(r.url());
  });
  await page.goto("/docs");
  await expect(page.getByText("Fleetline REST API").first()).toBeVisible();
  await expect(page.getByText("/api/{accountKey}/asset_map").first()).toBeVisible();
  expect(external).toEqual([]);
});
