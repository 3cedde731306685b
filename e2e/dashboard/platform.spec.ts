// The platform operator in the dashboard, in the production build: granted with the CLI, they see every account
// under "Platform accounts" and change one's plan and add-ons; an account's own admin does not see the section.
import { expect, test } from "../fixtures";
import { openDialog, signIn } from "../support/dashboard";

test.describe.configure({ timeout: 180_000 });

test("the platform operator changes an account's plan and add-ons; an ordinary admin has no such section", async ({ page, account, cli }) => {
  const customer = await cli(["account", "create", "--name", "Customer of the platform"]);
  const customerKey = String(customer.key);

  // before the grant: an admin of their own account only
  await page.goto(`/a/${account.key}/dashboard`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page.getByRole("heading", { name: "Overview" }).or(page.getByRole("heading", { level: 1 })).first()).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Platform accounts" })).toHaveCount(0);
  await page.goto(`/a/${account.key}/platform`);
  await expect(page.getByRole("listitem").filter({ hasText: customerKey })).toHaveCount(0);
  await expect(page.getByText(customerKey)).toHaveCount(0);

  await cli(["user", "grant-platform-admin", "--email", account.adminEmail]);
  await page.goto(`/a/${account.key}/platform`);
  await expect(page.getByRole("heading", { name: "Platform accounts" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Platform accounts" }).first()).toBeAttached();
  const row = page.getByRole("row").filter({ hasText: customerKey });
  await expect(row).toContainText("standard");

  const dialog = page.getByRole("dialog", { name: "Plan of Customer of the platform" });
  await openDialog(row.getByRole("button", { name: "Change the plan of Customer of the platform" }), dialog);
  await expect(async () => {
    await dialog.getByLabel("Plan").selectOption("detailed");
    await dialog.getByLabel("Driver (driver behaviour)").check();
    await expect(dialog.getByLabel("Plan")).toHaveValue("detailed", { timeout: 2_000 });
    await expect(dialog.getByLabel("Driver (driver behaviour)")).toBeChecked({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await dialog.getByRole("button", { name: "Save plan" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Customer of the platform is on the detailed plan with driver.")).toBeVisible();
  await expect(row).toContainText("detailed");
});
