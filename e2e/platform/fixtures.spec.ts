// The fixtures every spec relies on: a fresh account with its admin per test, and the admin CLI on the server's
// database (one JSON object out; a refusal rejects with the CLI's own message).
import { expect, test } from "../fixtures";
import { randomImei } from "../support/dashboard";

test("each test gets its own account with an admin, and the CLI works on the server's database", async ({ account, cli }) => {
  expect(account.key).toMatch(/^e2e-[0-9a-f]{8}-[a-z0-9]{5}$/);
  expect(account.id).toBeGreaterThan(0);
  expect(account.adminEmail).toMatch(/^e2e-[0-9a-f]{8}@example\.test$/);

  const asset = await cli(["asset", "create", "--account", account.key, "--name", "Fixture van", "--imei", imei()]);
  expect(asset).toEqual({ id: expect.any(Number), tracker_id: expect.any(Number) });

  // the same admin e-mail cannot join the account twice: the CLI's error becomes the rejection
  await expect(
    cli(["user", "create", "--account", account.key, "--email", account.adminEmail, "--name", "Again", "--password", "another-password"]),
  ).rejects.toThrow(/user create .*failed: /);
});

test("two tests never share an account", async ({ account, cli }) => {
  const other = await cli(["account", "create", "--name", "E2E other"]);
  expect(other.key).not.toBe(account.key);
});

/** a 15-digit IMEI nobody else uses in this run */
function imei(): string {
  return randomImei();
}
