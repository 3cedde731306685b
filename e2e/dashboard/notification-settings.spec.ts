// A member's notification settings on their profile page, in the production build (docs/notifications.md
// "Preferences"): quiet hours, the digest and an alert type turned off for e-mail are kept after a reload; a phone
// without its country code is refused with the error next to the field; and on a 360 px phone the section fits
// without sideways scrolling. No page here may log an error to the console.
import type { Page } from "@playwright/test";
import { expect, test, type E2eAccount } from "../fixtures";
import { collectErrors, signIn } from "../support/dashboard";

async function openProfile(page: Page, account: E2eAccount) {
  await page.goto(`/a/${account.key}/profile`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page).toHaveURL(new RegExp(`/a/${account.key}/profile$`));
  return page.getByRole("form", { name: "Notifications" });
}

test("quiet hours, the digest and a type turned off for e-mail are kept after a reload", async ({ page, account }) => {
  const errors = collectErrors(page);
  const section = await openProfile(page, account);
  const overspeedEmail = section.getByRole("checkbox", { name: "Overspeed by E-mail" });
  await expect(overspeedEmail).toBeChecked();
  await section.getByLabel("Quiet hours from").fill("22:00");
  await section.getByLabel("Quiet hours until").fill("07:00");
  await section.getByLabel("E-mail digest").selectOption("daily");
  await overspeedEmail.uncheck();
  await section.getByRole("button", { name: "Save notification settings" }).click();
  await expect(section.getByRole("status").filter({ hasText: "Notification settings saved." })).toBeVisible();

  await page.reload();
  const again = page.getByRole("form", { name: "Notifications" });
  await expect(again.getByLabel("Quiet hours from")).toHaveValue("22:00");
  await expect(again.getByLabel("Quiet hours until")).toHaveValue("07:00");
  await expect(again.getByLabel("E-mail digest")).toHaveValue("daily");
  await expect(again.getByRole("checkbox", { name: "Overspeed by E-mail" })).not.toBeChecked();
  // only that cell: the same type by SMS and another type by e-mail stay on
  await expect(again.getByRole("checkbox", { name: "Overspeed by SMS" })).toBeChecked();
  await expect(again.getByRole("checkbox", { name: "Idling by E-mail" })).toBeChecked();
  expect(errors).toEqual([]);
});

test("a phone without its country code shows its error next to the field and nothing is saved", async ({ page, account }) => {
  const section = await openProfile(page, account);
  const phone = section.getByLabel("Mobile phone for SMS");
  await phone.fill("060012345");
  await section.getByRole("button", { name: "Save notification settings" }).click();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription("must be a mobile number with its country code, e.g. +37060012345");
  await page.reload();
  await expect(page.getByRole("form", { name: "Notifications" }).getByLabel("Mobile phone for SMS")).toHaveValue("");
});

test("on a 360 px phone the section fits and its switches can be used", { tag: "@phone-only" }, async ({ page, account }) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 360, height: 740 });
  const section = await openProfile(page, account);
  const lastSwitch = section.getByRole("checkbox", { name: "Tracker online by In app" });
  await lastSwitch.scrollIntoViewIfNeeded();
  await expect(lastSwitch).toBeInViewport({ ratio: 1 });
  await lastSwitch.uncheck();
  await section.getByLabel("Mobile phone for SMS").fill("+370 600 12345");
  await section.getByRole("button", { name: "Save notification settings" }).click();
  await expect(section.getByRole("status").filter({ hasText: "Notification settings saved." })).toBeVisible();
  // the number comes back in E.164
  await expect(section.getByLabel("Mobile phone for SMS")).toHaveValue("+37060012345");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(errors).toEqual([]);
});
