// Ending dashboard sessions (security review #25): a password change on one browser signs the person out on every
// other browser at once, the old password stops working, and "sign out everywhere" does the same without a change.
import { expect, test } from "../fixtures";
import { signIn } from "../support/dashboard";

test.describe.configure({ timeout: 180_000 });

test("a password change and 'sign out everywhere' end the sessions on every browser", async ({ browser, account }) => {
  const laptop = await browser.newContext();
  const phone = await browser.newContext();
  const onLaptop = await laptop.newPage();
  const onPhone = await phone.newPage();
  for (const page of [onLaptop, onPhone]) {
    await page.goto(`/a/${account.key}/assets`);
    await signIn(page, account.adminEmail, account.adminPassword);
    await expect(page).toHaveURL(new RegExp(`/a/${account.key}/assets$`));
  }

  // on the laptop: the profile, a wrong current password (named on its field), then the change
  await onLaptop.getByRole("link", { name: "Your profile and password" }).click();
  await expect(onLaptop.getByRole("heading", { name: "Your profile" })).toBeVisible();
  await onLaptop.getByLabel("Current password").fill("not the password");
  await onLaptop.getByLabel("New password", { exact: true }).fill("a brand new password");
  await onLaptop.getByLabel("Repeat the new password").fill("a brand new password");
  await onLaptop.getByRole("button", { name: "Change password" }).click();
  await expect(onLaptop.getByText("is not right")).toBeVisible();
  await onLaptop.getByLabel("Current password").fill(account.adminPassword);
  await onLaptop.getByRole("button", { name: "Change password" }).click();
  await expect(onLaptop).toHaveURL(/\/sign-in\?note=password-changed$/);
  await expect(onLaptop.getByRole("status").filter({ hasText: "Your password was changed" })).toBeVisible();

  // the phone's session ended with it: its next page asks to sign in
  await onPhone.goto(`/a/${account.key}/assets`);
  await expect(onPhone).toHaveURL(/\/sign-in\?callbackUrl=/);
  await signIn(onPhone, account.adminEmail, account.adminPassword);
  await expect(onPhone.getByRole("alert").filter({ hasText: /\S/ })).toBeVisible(); // the old password is refused
  await signIn(onPhone, account.adminEmail, "a brand new password");
  await expect(onPhone).toHaveURL(new RegExp(`/a/${account.key}/assets$`));

  // the laptop signs in again and signs out everywhere: the phone is out once more
  await onLaptop.goto(`/a/${account.key}/profile`);
  await signIn(onLaptop, account.adminEmail, "a brand new password");
  await expect(onLaptop.getByRole("heading", { name: "Your profile" })).toBeVisible();
  await onLaptop.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(onLaptop).toHaveURL(/\/sign-in\?note=signed-out-everywhere$/);
  await onPhone.goto(`/a/${account.key}/assets`);
  await expect(onPhone).toHaveURL(/\/sign-in\?callbackUrl=/);

  await laptop.close();
  await phone.close();
});
