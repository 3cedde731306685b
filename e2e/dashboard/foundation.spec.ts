// The dashboard foundation end to end, in the production build: sign in (and back to the page asked for), create an
// asset with a tracker IMEI, create an OAuth client and use its one-time secret for a REST token that lists the
// asset, sign out. Plus the role-aware navigation, account isolation, and the phone menu.
import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { randomImei, signIn } from "../support/dashboard";

// Each test drives several pages and runs CLI commands for its account: give it room on a busy two-core machine.
test.describe.configure({ timeout: 180_000 });

/** Opens a section through the navigation (the phone menu first when the sidebar is hidden). */
async function openSection(page: Page, name: string) {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name }).first().click();
}

test("sign in, add an asset, create an OAuth client, use its secret over the REST API, sign out", async ({ page, request, account }) => {
  // Unauthenticated: to the sign-in page, and back to the asked-for page afterwards.
  await page.goto(`/a/${account.key}/assets`);
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page).toHaveURL(new RegExp(`/a/${account.key}/assets$`));
  await expect(page.getByRole("heading", { name: "No assets yet" })).toBeVisible();

  // Create an asset with a tracker.
  const imei = randomImei();
  await page.getByRole("button", { name: "Add asset" }).first().click();
  const assetDialog = page.getByRole("dialog", { name: "Add asset" });
  await assetDialog.getByLabel("Name").fill("E2E Van");
  await assetDialog.getByLabel("Plate").fill("E2-123-E");
  await assetDialog.getByLabel("Tracker IMEI").fill("123");
  await assetDialog.getByRole("button", { name: "Add asset" }).click();
  await expect(assetDialog.getByText("must be 15 digits")).toBeVisible(); // the server's validation, on the field
  await assetDialog.getByLabel("Tracker IMEI").fill(imei);
  await assetDialog.getByRole("button", { name: "Add asset" }).click();
  await expect(assetDialog).toBeHidden();
  const row = page.getByRole("row", { name: /E2E Van/ });
  await expect(row).toContainText(imei);
  await expect(row).toContainText("E2-123-E");

  // Create an OAuth client; its secret is shown once, in a dialog.
  await openSection(page, "API access");
  await expect(page.getByRole("heading", { name: "API access" })).toBeVisible();
  await page.getByRole("button", { name: "Create OAuth client" }).click();
  const clientDialog = page.getByRole("dialog", { name: "Create OAuth client" });
  await clientDialog.getByLabel("Name").fill("E2E integration");
  await clientDialog.getByRole("button", { name: "Create client" }).click();
  const secretDialog = page.getByRole("dialog", { name: "Your new OAuth client" });
  await expect(secretDialog).toContainText("only time");
  const clientId = await secretDialog.getByLabel("Client ID").inputValue();
  const clientSecret = await secretDialog.getByLabel("Client secret").inputValue();
  expect(clientId).not.toBe("");
  expect(clientSecret).not.toBe("");
  await secretDialog.getByRole("button", { name: "I have saved it" }).click();
  await expect(secretDialog).toBeHidden();
  await expect(page.getByText("E2E integration")).toBeVisible();
  await expect(page.getByText(clientSecret)).toHaveCount(0); // never shown again

  // The secret works against the REST API and sees the asset just created.
  const tokenResponse = await request.post("/oauth/token", {
    form: { grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret },
  });
  expect(tokenResponse.status()).toBe(200);
  const token = (await tokenResponse.json()) as { access_token: string; token_type: string };
  expect(token.token_type).toBe("Bearer");
  const assetsResponse = await request.get(`/api/${account.key}/asset`, {
    headers: { Authorization: `Bearer ${token.access_token}`, Accept: "application/json" },
  });
  expect(assetsResponse.status()).toBe(200);
  const body = (await assetsResponse.json()) as { data: Array<{ name: string; plate: string | null; tracker: { imei: string } | null }> };
  expect(body.data).toEqual([expect.objectContaining({ name: "E2E Van", plate: "E2-123-E", tracker: expect.objectContaining({ imei }) })]);

  // Sign out: back to sign-in, and the dashboard asks for it again.
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto(`/a/${account.key}/dashboard`);
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
});

test("refuses a wrong password; a viewer sees a read-only dashboard; other accounts are not found", async ({ page, account, cli }) => {
  const viewerEmail = `viewer-${randomInt(1e9)}@example.test`;
  await cli(["user", "create", "--account", account.key, "--email", viewerEmail, "--name", "E2E Viewer", "--password", "viewer-password", "--role", "viewer"]);
  const other = await cli(["account", "create", "--name", "E2E other fleet"]);

  await page.goto("/sign-in");
  await signIn(page, viewerEmail, "not-the-password");
  await expect(page.getByText("That e-mail and password do not match an account.")).toBeVisible();

  await signIn(page, viewerEmail, "viewer-password");
  await expect(page).toHaveURL(new RegExp(`/a/${account.key}/dashboard$`));
  await expect(page.getByRole("heading", { name: "No vehicles yet" })).toBeVisible();

  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  const nav = page.getByRole("navigation", { name: "Main" }).first();
  await expect(nav.getByRole("link", { name: "Assets" })).toBeVisible();
  for (const hidden of ["Users and roles", "API access", "Settings"]) {
    await expect(nav.getByRole("link", { name: hidden })).toHaveCount(0);
  }
  await nav.getByRole("link", { name: "Assets" }).click();
  await expect(page.getByRole("heading", { name: "No assets yet" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add asset" })).toHaveCount(0);

  // Pages the role cannot use say so (the server refuses their data anyway).
  await page.goto(`/a/${account.key}/api-access`);
  await expect(page.getByText("Your role in this account does not include this page.")).toBeVisible();

  // Another account's address answers 404, like a key that does not exist.
  const response = await page.goto(`/a/${String(other.key)}/dashboard`);
  expect(response?.status()).toBe(404);
});

test("works on a phone: the menu opens and leads to the pages", { tag: "@phone-only" }, async ({ page, account }) => {
  await page.goto(`/a/${account.key}/dashboard`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page).toHaveURL(new RegExp(`/a/${account.key}/dashboard$`));
  await openSection(page, "Settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await page.getByLabel("Company name").fill("Phone Logistics");
  await expect(page.getByRole("figure", { name: "Tracking page preview" })).toContainText("Phone Logistics");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
});
