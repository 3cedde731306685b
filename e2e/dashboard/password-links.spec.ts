// Password links end to end in the production build (docs/dashboard.md "Password links"): an admin adds a person who
// chooses their own password from the welcome e-mail (read from the server's outbox) on a phone, and a person who
// forgot their password gets a new one from the sign-in page's "Forgot password?".
import { randomBytes } from "node:crypto";
import { waitForOutboxMessage } from "../../server/testing/mail-capture";
import { expect, test } from "../fixtures";
import { openDialog, signIn } from "../support/dashboard";
import { e2eSettings } from "../support/e2e-state";

test.describe.configure({ timeout: 180_000 });

const linkIn = (text: string) => /https?:\/\/\S+\/sign-in\/set-password\?token=[A-Za-z0-9_-]+/.exec(text)![0];

test("an admin adds a person by e-mail and they choose their password from the welcome link", async ({ page, browser, account }) => {
  const email = `newcomer-${randomBytes(4).toString("hex")}@example.test`;
  await page.goto(`/a/${account.key}/users`);
  await signIn(page, account.adminEmail, account.adminPassword);
  const dialog = page.getByRole("dialog", { name: "Add user" });
  await openDialog(page.getByRole("button", { name: "Add user" }).first(), dialog);
  await dialog.getByLabel("Name").fill("Greta Newcomer");
  await dialog.getByLabel("E-mail", { exact: true }).fill(email);
  await expect(dialog.getByLabel("E-mail them a link to choose their own password")).toBeChecked();
  await expect(dialog.getByLabel("Initial password", { exact: true })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByText(`An e-mail with a link to choose their password is on its way to ${email}`)).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: email });
  await expect(row.getByText("Has not chosen a password yet")).toBeVisible();

  const welcome = await waitForOutboxMessage(e2eSettings().dataDir, { to: email, timeoutMs: 30_000 });
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const onPhone = await phone.newPage();
  await onPhone.goto(linkIn(welcome.text));
  await expect(onPhone.getByRole("heading", { name: "Welcome, Greta Newcomer" })).toBeVisible();
  await onPhone.getByLabel("Password", { exact: true }).fill("greta's own password");
  await onPhone.getByLabel("The same password again").fill("a different one");
  await onPhone.getByRole("button", { name: "Set my password" }).click();
  await expect(onPhone.getByText("The two passwords differ.")).toBeVisible();
  await onPhone.getByLabel("The same password again").fill("greta's own password");
  await onPhone.getByRole("button", { name: "Set my password" }).click();
  await expect(onPhone).toHaveURL(/\/sign-in\?note=password-chosen$/);
  await expect(onPhone.getByRole("status").filter({ hasText: "Your password is set" })).toBeVisible();
  const width = await onPhone.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await signIn(onPhone, email, "greta's own password");
  await expect(onPhone).toHaveURL(new RegExp(`/a/${account.key}/`));

  // the link is spent
  await onPhone.goto(linkIn(welcome.text));
  await expect(onPhone.getByRole("heading", { name: "This link does not work any more" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("listitem").filter({ hasText: email }).getByText("Has not chosen a password yet")).toHaveCount(0);
  await phone.close();
});

test("a person who forgot their password sets a new one from the sign-in page", async ({ page, account }) => {
  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("E-mail").fill("not an address");
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText("This must be an e-mail address.")).toBeVisible();
  await page.getByLabel("E-mail").fill(account.adminEmail);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If that address signs in to Fleetline" })).toBeVisible();

  const mail = await waitForOutboxMessage(e2eSettings().dataDir, { to: account.adminEmail, timeoutMs: 30_000 });
  expect(mail.subject).toBe("Reset your Fleetline password");
  await page.goto(linkIn(mail.text));
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("my fresh password");
  await page.getByLabel("The same password again").fill("my fresh password");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page).toHaveURL(/\/sign-in\?note=password-reset$/);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toBeVisible(); // the old password is refused
  await signIn(page, account.adminEmail, "my fresh password");
  await expect(page).toHaveURL(/\/a\//);
});
