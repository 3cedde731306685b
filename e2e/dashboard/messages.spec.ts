// Driver messaging end to end, in the production build: a dispatcher (desktop) adds a driver and sends them a
// sign-in link by SMS (read back from the server's SMS outbox); the driver opens it on a 360 px phone in a second
// browser context, sees the dispatcher's message arrive, answers; the dispatcher sees the answer and the receipts
// (delivered, read) change on their own, and the driver sees their answer read once the dispatcher opened it. And a
// message to "Drivers tagged …" reaching the driver who carries the tag and the driver of a tagged vehicle only.
import { readSmsOutbox } from "../../server/testing/sms-capture";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { openDialog, signIn } from "../support/dashboard";
import { e2eSettings } from "../support/e2e-state";

test.describe.configure({ timeout: 180_000 });

/** adds a driver on the Drivers page (signed in, on it) */
async function addDriver(page: Page, name: string) {
  const dialog = page.getByRole("dialog", { name: "Add driver" });
  await openDialog(page.getByRole("button", { name: "Add driver" }).first(), dialog);
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Add driver" }).click();
  await expect(page.getByRole("cell", { name }).first()).toBeVisible();
}

test("a message to the drivers tagged Night shift reaches the tagged driver and the tagged van's driver", async ({ page, request, account, cli }) => {
  await page.goto(`/a/${account.key}/drivers`);
  await signIn(page, account.adminEmail, account.adminPassword);
  for (const name of ["Tia Tagged", "Vic Vanman", "Una Untagged"]) await addDriver(page, name);
  const van = await cli(["asset", "create", "--account", account.key, "--name", "Night van"]);

  // the drivers' ids, from the dashboard's own API as the signed-in admin
  const listed = await page.request.get(`/api/trpc/drivers.list?input=${encodeURIComponent(JSON.stringify({ json: { accountKey: account.key } }))}`);
  expect(listed.status()).toBe(200);
  const drivers = (await listed.json()).result.data.json.data as { id: number; name: string }[];
  const idOf = (name: string) => drivers.find((driver) => driver.name === name)!.id;

  // over the API: Vic drives the van (its route); the tag on Tia and on the van
  const { api_key: apiKey } = await cli(["api-key", "create", "--account", account.key, "--user-email", account.adminEmail]);
  const headers = { authorization: `Bearer ${String(apiKey)}` };
  const routes = await request.post(`/api/v1/${account.key}/imports/rows`, { headers, data: { target: "routes", rows: [{ route_number: "N1", vehicle: "Night van", driver: "Vic Vanman", days: "Daily" }] } });
  expect((await routes.json()).errors).toEqual([]);
  // the tags' REST calls take an OAuth token (the API key is the import API's)
  const client = await cli(["oauth-client", "create", "--account", account.key, "--name", "Tagging"]);
  const token = await request.post("/oauth/token", { form: { grant_type: "client_credentials", client_id: String(client.client_id), client_secret: String(client.client_secret) } });
  const auth = { authorization: `Bearer ${String((await token.json()).access_token)}` };
  const created = await request.post(`/api/${account.key}/tag`, { headers: auth, data: { name: "Night shift" } });
  expect(created.status()).toBe(201);
  const tagId = (await created.json()).data.id as number;
  expect((await request.post(`/api/${account.key}/tag/${tagId}/drivers`, { headers: auth, data: { driver_ids: [idOf("Tia Tagged")] } })).status()).toBe(200);
  expect((await request.post(`/api/${account.key}/tag/${tagId}/assets`, { headers: auth, data: { asset_ids: [Number(van.id)] } })).status()).toBe(200);

  await page.goto(`/a/${account.key}/messages`);
  const composer = page.getByRole("form", { name: "Send to several drivers" });
  await composer.getByRole("radio", { name: "Drivers tagged …" }).check();
  await composer.getByRole("combobox", { name: "Tag" }).selectOption({ label: "Night shift" });
  await composer.getByRole("textbox", { name: "Message to send" }).fill("Night shift briefing at 9");
  await composer.getByRole("button", { name: "Send", exact: true }).click();
  await expect(composer.getByRole("status")).toHaveText("Sent to 2 drivers.");

  // Tia's and Vic's conversations have it, Una's does not
  const conversations = page.getByRole("navigation", { name: "Conversations" });
  for (const [name, reached] of [["Tia Tagged", true], ["Vic Vanman", true], ["Una Untagged", false]] as const) {
    await expect(async () => {
      await conversations.getByRole("button", { name: new RegExp(name) }).click();
      await expect(page.getByRole("heading", { name })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const message = page.getByTestId("dispatch-message").filter({ hasText: "Night shift briefing at 9" });
    if (reached) await expect(message).toBeVisible();
    else await expect(message).toHaveCount(0);
  }
});

test("a dispatcher and a driver exchange messages and the receipts update live", async ({ page, browser, account }) => {
  const phone = `+3706${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  await page.goto(`/a/${account.key}/drivers`);
  await signIn(page, account.adminEmail, account.adminPassword);
  const dialog = page.getByRole("dialog", { name: "Add driver" });
  await openDialog(page.getByRole("button", { name: "Add driver" }).first(), dialog);
  await dialog.getByLabel("Name").fill("Ona Driver");
  await dialog.getByLabel("Phone").fill(phone);
  await dialog.getByRole("button", { name: "Add driver" }).click();
  await expect(page.getByRole("cell", { name: "Ona Driver" }).first()).toBeVisible();

  await page.goto(`/a/${account.key}/messages`);
  const conversations = page.getByRole("navigation", { name: "Conversations" });
  await expect(async () => {
    await conversations.getByRole("button", { name: /Ona Driver/ }).click();
    await expect(page.getByRole("heading", { name: "Ona Driver" })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole("button", { name: "Link by SMS" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sign-in link sent by SMS." })).toBeVisible();
  let link = "";
  await expect
    .poll(async () => {
      const text = (await readSmsOutbox(e2eSettings().dataDir)).filter((m) => m.to === phone).at(-1)?.text ?? "";
      link = /https?:\/\/\S+#token=[A-Za-z0-9_-]+/.exec(text)?.[0] ?? "";
      return link;
    })
    .not.toBe("");

  // the driver, on a 360 px phone, in a browser of their own
  const phoneContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  try {
    const driver = await phoneContext.newPage();
    await driver.goto(new URL(new URL(link).pathname + new URL(link).hash, page.url()).toString());
    await expect(driver.getByTestId("driver-name")).toContainText("Ona Driver");
    await expect(driver.getByText("No messages yet.")).toBeVisible();
    // nothing wider than the screen
    expect(await driver.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // dispatch writes; the phone shows it, and the dispatcher sees it delivered and read
    const composer = page.getByRole("textbox", { name: "Message", exact: true });
    await composer.fill("Please come to gate 3");
    await page.getByRole("button", { name: "Send", exact: true }).first().click();
    await expect(driver.getByTestId("driver-message").filter({ hasText: "Please come to gate 3" })).toBeVisible();
    await expect(page.getByTestId("dispatch-message").filter({ hasText: "Please come to gate 3" })).toHaveAttribute("data-status", "read");

    // the driver answers; the dispatcher's open conversation shows it, which reads it; the phone sees "Read"
    await driver.getByRole("textbox", { name: "Reply" }).fill("On my way");
    await driver.getByRole("button", { name: "Send" }).click();
    await expect(page.getByTestId("dispatch-message").filter({ hasText: "On my way" })).toBeVisible();
    const answer = driver.getByTestId("driver-message").filter({ hasText: "On my way" });
    await expect(answer).toHaveAttribute("data-status", "read");
    await expect(answer).toContainText("Read");
  } finally {
    await phoneContext.close();
  }
});
