// The account's REST API for a spec's set-up (groups, tags, entries the page then shows): an OAuth client made with
// the admin CLI (every scope an admin has), its client-credentials token, and a POST that expects success.
import { expect, type APIRequestContext } from "@playwright/test";
import type { Cli, E2eAccount } from "../fixtures";

export async function accountApi(cli: Cli, account: E2eAccount, request: APIRequestContext) {
  const client = await cli(["oauth-client", "create", "--account", account.key, "--name", "Spec set-up"]);
  const tokenResponse = await request.post("/oauth/token", {
    form: { grant_type: "client_credentials", client_id: String(client.client_id), client_secret: String(client.client_secret) },
  });
  expect(tokenResponse.status()).toBe(200);
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  return {
    /** POSTs `data` to /api/{account_key}/{path}; the answer's `data` */
    async post(path: string, data: unknown): Promise<{ id: number }> {
      const response = await request.post(`/api/${account.key}/${path}`, { headers: { authorization: `Bearer ${token}` }, data });
      expect(response.status(), await response.text()).toBeLessThan(300);
      return ((await response.json()) as { data: { id: number } }).data;
    },
  };
}
