// Driver messaging end to end, in the production build: a dispatcher (desktop) adds a driver and sends them a
// sign-in link by SMS (read back from the server's SMS outbox); the driver opens it on a 360 px phone in a second
// browser context, sees the dispatcher's message arrive, answers; the dispatcher sees the answer and the receipts
// (delivered, read) change on their own, and the driver sees their answer read once the dispatcher opened it.
import { readSmsOutbox } from "../../server/testing/sms-capture";
import { expect, test } from "../fixtures";
import { openDialog, signIn } from "../support/dashboard";
import { e2eSettings } from "../support/e2e-state";

test.describe.configure({ timeout: 180_000 });

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
