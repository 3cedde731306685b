// OAuth clients after their creation, in the production build: an admin narrows a client's scopes, which the token
// it already holds feels at once, and rotates its secret: the new secret is shown once, the client ID stays, and the
// old secret and the token obtained with it are refused from then on.
import { expect, test } from "../fixtures";
import { openDialog, signIn } from "../support/dashboard";

test.describe.configure({ timeout: 180_000 });

test("an admin narrows an OAuth client's scopes and rotates its secret; old secret and token stop at once", async ({ page, request, account, cli }) => {
  const client = await cli(["oauth-client", "create", "--account", account.key, "--name", "Reporting"]);
  const clientId = String(client.client_id);
  const oldSecret = String(client.client_secret);
  const tokenFor = (secret: string) =>
    request.post("/oauth/token", { form: { grant_type: "client_credentials", client_id: clientId, client_secret: secret } });
  const oldToken = ((await (await tokenFor(oldSecret)).json()) as { access_token: string }).access_token;
  const listAssets = (token: string) =>
    request.get(`/api/${account.key}/asset`, { headers: { Authorization: `Bearer ${token}`, Accept: "application/json" } });
  expect((await listAssets(oldToken)).status()).toBe(200);

  await page.goto(`/a/${account.key}/api-access`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page.getByRole("heading", { name: "API access" })).toBeVisible();

  // take assets:read away: the token already issued loses it (403), without a new token
  const editDialog = page.getByRole("dialog", { name: "Edit Reporting" });
  await openDialog(page.getByRole("button", { name: "Edit Reporting" }), editDialog);
  await editDialog.getByRole("checkbox", { name: /assets:read/ }).uncheck();
  await editDialog.getByRole("button", { name: "Save" }).click();
  await expect(editDialog).toBeHidden();
  await expect(page.getByRole("listitem").filter({ hasText: "Reporting" }).getByText("assets:read")).toHaveCount(0);
  expect((await listAssets(oldToken)).status()).toBe(403);

  // rotate the secret, after confirming
  const confirm = page.getByRole("dialog", { name: "Rotate the client secret?" });
  await openDialog(page.getByRole("button", { name: "Rotate the secret of Reporting" }), confirm);
  await confirm.getByRole("button", { name: "Rotate secret" }).click();
  const shown = page.getByRole("dialog", { name: "The client's new secret" });
  await expect(shown).toContainText("only time");
  expect(await shown.getByLabel("Client ID").inputValue()).toBe(clientId);
  const newSecret = await shown.getByLabel("Client secret").inputValue();
  expect(newSecret).not.toBe(oldSecret);
  await shown.getByRole("button", { name: "I have saved it" }).click();
  await expect(page.getByText(newSecret)).toHaveCount(0); // never shown again

  expect((await listAssets(oldToken)).status()).toBe(401);
  expect((await tokenFor(oldSecret)).status()).toBe(401);
  const fresh = await tokenFor(newSecret);
  expect(fresh.status()).toBe(200);
  expect(((await fresh.json()) as { scope: string }).scope).not.toContain("assets:read");
});
