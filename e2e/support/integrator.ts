// An integrator of the account for a spec's set-up: the import service and send-welcome with the account admin's
// API key (made with the admin CLI), each call expected to succeed.
import { expect, type APIRequestContext } from "@playwright/test";
import type { Cli, E2eAccount } from "../fixtures";

export async function integrator(cli: Cli, account: E2eAccount, request: APIRequestContext) {
  const { api_key: apiKey } = await cli(["api-key", "create", "--account", account.key, "--user-email", account.adminEmail]);
  const headers = { authorization: `Bearer ${String(apiKey)}` };
  return {
    async rows(target: "routes" | "runs" | "passengers", rows: unknown[]) {
      const response = await request.post(`/api/v1/${account.key}/imports/rows`, { headers, data: { target, rows } });
      expect(response.status()).toBe(200);
      const result = await response.json();
      expect(result.errors).toEqual([]);
      return result as { created_ids: number[] };
    },
    async sendWelcome(passengerIds: number[]) {
      const response = await request.post(`/api/${account.key}/public-tracking/passengers/send-welcome`, { headers, data: { passenger_ids: passengerIds } });
      expect(response.status()).toBe(200);
      return (await response.json()) as { counts: Record<string, number> };
    },
  };
}
