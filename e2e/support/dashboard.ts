// Small steps that dashboard specs share.
import { randomInt } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";
import { imeiFrom } from "../../server/modules/assets/imei";

/**
 * fills the sign-in form the dashboard redirected to, submits it, and waits for the outcome: the page it leads to,
 * interactive (the app shell marks the document once hydrated: earlier clicks would do nothing), or the form's
 * refusal
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // an alert with words: Next's route announcer is an empty alert on every page, the sign-in form's own included
  const refusal = page.getByRole("alert").filter({ hasText: /\S/ });
  await page.locator("html[data-hydrated='true']").or(refusal).first().waitFor({ state: "attached" });
}

/** a random 15-digit IMEI, so specs running in parallel never share a tracker */
export function randomImei(): string {
  return imeiFrom("35" + Array.from({ length: 12 }, () => randomInt(10)).join(""));
}

/**
 * clicks `button` until `dialog` shows: a click that lands before the page's client part is hydrated does nothing
 * (the page is server-rendered first), so the first click alone may be lost on a busy machine
 */
export async function openDialog(button: Locator, dialog: Locator): Promise<void> {
  await expect(async () => {
    if (!(await dialog.isVisible())) await button.click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** console errors and uncaught exceptions of the page (hydration mismatches show up as either) */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** the dashboard's bell in the header; its accessible name carries the unread count */
export const bellButton = (page: Page) => page.getByRole("button", { name: /^Notifications, / });
