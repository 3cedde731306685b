// Webhooks in the dashboard, in the production build: an admin adds a webhook pointing at a receiver this spec runs
// on 127.0.0.1 (the e2e server allows private receivers: WEBHOOK_ALLOW_PRIVATE=1 in global-setup.ts), sees the
// server's field errors, sees the signing secret once and never again, sends a test that the receiver verifies with
// that secret over the raw body, sees the attempt with its response code in the delivery log, and deletes the
// webhook; a viewer has no Webhooks page.
import type { Page } from "@playwright/test";
import { startWebhookReceiver, type WebhookReceiver } from "../../server/testing/webhook-receiver";
import { expect, test } from "../fixtures";
import { openDialog, signIn } from "../support/dashboard";

test.describe.configure({ timeout: 180_000 });

let receiver: WebhookReceiver;
test.beforeEach(async () => {
  receiver = await startWebhookReceiver({ status: 200 });
});
test.afterEach(async () => {
  await receiver.close();
});

/** the Webhooks page through the navigation (the phone menu first when the sidebar is hidden) */
async function openWebhooks(page: Page) {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" }).first().click();
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
}

test("an admin adds a webhook, keeps its secret, sends a test that the receiver verifies, reads the log and deletes it", async ({ page, account }) => {
  await page.goto(`/a/${account.key}/dashboard`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await openWebhooks(page);
  await expect(page.getByRole("heading", { name: "No webhooks yet" })).toBeVisible();

  const dialog = page.getByRole("dialog", { name: "Add webhook" });
  await openDialog(page.getByRole("button", { name: "Add webhook" }).first(), dialog);
  // every event is ticked when the form opens: the five of the spec and the six of a school run
  const events = dialog.getByRole("checkbox");
  await expect(events).toHaveCount(11);
  for (const box of await events.all()) await expect(box).toBeChecked();
  for (const box of await events.all()) await box.uncheck();
  // the server's rules, each under its field, all at once
  await dialog.getByLabel("Receiver URL").fill("ftp://files.example.test/in");
  await dialog.getByRole("button", { name: "Add webhook" }).click();
  await expect(dialog.getByText("must use http or https")).toBeVisible();
  await expect(dialog.getByText("must name at least one event")).toBeVisible();
  await dialog.getByLabel("Receiver URL").fill(receiver.url);
  await dialog.getByRole("checkbox", { name: /Viewer joined/ }).check();
  await dialog.getByRole("checkbox", { name: /Form submitted/ }).check();
  await dialog.getByRole("button", { name: "Add webhook" }).click();

  // the secret, once
  const shown = page.getByRole("dialog", { name: "Webhook added" });
  await expect(shown).toBeVisible();
  await expect(shown).toContainText("you will not see it again");
  const secret = await shown.getByLabel("Signing secret").inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  receiver.setSecret(secret);
  await shown.getByRole("button", { name: "I have saved it" }).click();
  await expect(shown).toBeHidden();

  const row = page.getByRole("row", { name: new RegExp(receiver.url.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")) });
  await expect(row).toContainText("Viewer joined");
  await expect(row).toContainText("Form submitted");
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(secret);

  // a test: 202 at once, then the attempt in the log with the receiver's answer
  await row.getByRole("button", { name: `Send test to ${receiver.url}` }).click();
  await expect(page.getByText("Test ping sent.")).toBeVisible();
  const ping = await receiver.next((delivery) => delivery.event === "test_ping", { timeoutMs: 15_000 });
  expect(ping.verified).toBe(true);
  expect(ping.body).toMatchObject({ event: "test_ping", account_key: account.key });
  const log = page.getByRole("table", { name: `Deliveries to ${receiver.url}, newest first` });
  const attempt = log.getByRole("row", { name: /test_ping/ });
  await expect(attempt).toBeVisible({ timeout: 20_000 });
  await expect(attempt).toContainText("200");
  await expect(attempt).toContainText(" ms");

  // delete, after confirming
  await row.getByRole("button", { name: `Delete webhook ${receiver.url}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete webhook?" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("heading", { name: "No webhooks yet" })).toBeVisible();
});

test("a viewer has no Webhooks page", async ({ page, account, cli }) => {
  const email = `viewer-${account.key}@example.test`;
  await cli(["user", "create", "--account", account.key, "--email", email, "--name", "Viewer", "--password", "viewer-password", "--role", "viewer"]);
  await page.goto(`/a/${account.key}/webhooks`);
  await signIn(page, email, "viewer-password");
  await expect(page.getByText("Your role in this account does not include this page.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" })).toHaveCount(0);
});
