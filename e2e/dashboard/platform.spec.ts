// The platform operator in the dashboard, in the production build: granted with the CLI, they see every account
// under "Platform accounts" and change one's plan and add-ons, and edit the platform's vehicle profiles; an
// account's own admin does not see the section.
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

test("the platform operator adds, edits and deletes a vehicle profile", async ({ page, account, cli }) => {
  test.setTimeout(180_000);
  const model = `Model ${account.key}`;
  await cli(["user", "grant-platform-admin", "--email", account.adminEmail]);
  await page.goto(`/a/${account.key}/platform`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page.getByRole("heading", { name: "Vehicle profiles" })).toBeVisible();

  const adding = page.getByRole("dialog", { name: "Add a vehicle profile" });
  await openDialog(page.getByRole("button", { name: "Add profile" }), adding);
  await expect(async () => {
    await adding.getByLabel("Brand").fill("Testmobil");
    await adding.getByLabel("Model").fill(model);
    await adding.getByLabel("Lock", { exact: true }).check();
    await adding.getByLabel("Unlock").check();
    await expect(adding.getByLabel("Model")).toHaveValue(model, { timeout: 2_000 });
    await expect(adding.getByLabel("Unlock")).toBeChecked({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await adding.getByRole("button", { name: "Save profile" }).click();
  await expect(adding).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: `Testmobil ${model}` });
  await expect(row).toContainText("Lock, Unlock");

  const editing = page.getByRole("dialog", { name: `Profile of Testmobil ${model}` });
  await openDialog(row.getByRole("button", { name: `Edit Testmobil ${model}` }), editing);
  await editing.getByLabel("Trunk").check();
  await editing.getByRole("button", { name: "Save profile" }).click();
  await expect(editing).toBeHidden();
  await expect(row).toContainText("Lock, Unlock, Trunk");

  await row.getByRole("button", { name: `Delete Testmobil ${model}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete vehicle profile?" });
  await confirm.getByRole("button", { name: "Delete profile" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`Testmobil ${model} is deleted.`)).toBeVisible();
  await expect(row).toHaveCount(0);
});
