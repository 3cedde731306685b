// Small steps that dashboard specs share.
import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";

/** fills the sign-in form the dashboard redirected to and submits it */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** a random 15-digit IMEI, so specs running in parallel never share a tracker */
export function randomImei(): string {
  return "35" + Array.from({ length: 13 }, () => randomInt(10)).join("");
}
