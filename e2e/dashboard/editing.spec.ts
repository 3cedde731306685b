// Editing and deleting in the dashboard's lists, in the production build: an asset is renamed and deleted, an alert
// rule is added, changed and deleted, each through its row's Edit and Delete buttons and their dialogs.
import { expect, test } from "../fixtures";
import { openDialog, randomImei, signIn } from "../support/dashboard";

test("an admin renames an asset and deletes it after confirming", async ({ page, account, cli }) => {
  await cli(["asset", "create", "--account", account.key, "--name", "Old Van", "--imei", randomImei()]);
  await page.goto(`/a/${account.key}/assets`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page.getByRole("row", { name: /Old Van/ })).toBeVisible();

  await page.getByRole("button", { name: "Edit Old Van" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Old Van" });
  await dialog.getByLabel("Name").fill("Renamed Van");
  await dialog.getByLabel("Plate").fill("RV-42");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row", { name: /Renamed Van/ });
  await expect(row).toContainText("RV-42");
  await expect(page.getByRole("row", { name: /Old Van/ })).toHaveCount(0);

  await page.getByRole("button", { name: "Delete Renamed Van" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete asset?" });
  await confirm.getByRole("button", { name: "Cancel" }).click(); // changing one's mind keeps it
  await expect(row).toBeVisible();
  await page.getByRole("button", { name: "Delete Renamed Van" }).click();
  await confirm.getByRole("button", { name: "Delete asset" }).click();
  await expect(page.getByRole("heading", { name: "No assets yet" })).toBeVisible();
});

test("an admin adds an overspeed rule, raises its limit and deletes it", async ({ page, account }) => {
  await page.goto(`/a/${account.key}/alerts/rules`);
  await signIn(page, account.adminEmail, account.adminPassword);
  const add = page.getByRole("dialog", { name: "Add alert rule" });
  await openDialog(page.getByRole("button", { name: "Add rule" }).first(), add);
  await add.getByLabel("Name").fill("Highway speeding");
  await add.getByLabel("Type").selectOption("OVERSPEED");
  await add.getByLabel("Speed limit (km/h)").fill("110");
  await add.getByRole("button", { name: "Add rule" }).click();
  await expect(add).toBeHidden();
  const row = page.getByTestId("rule-row").filter({ hasText: "Highway speeding" });
  await expect(row).toContainText("over 110 km/h");

  await page.getByRole("button", { name: "Edit Highway speeding" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Highway speeding" });
  await edit.getByLabel("Speed limit (km/h)").fill("130");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText("over 130 km/h");

  await page.getByRole("button", { name: "Delete Highway speeding" }).click();
  await page.getByRole("dialog", { name: "Delete alert rule?" }).getByRole("button", { name: "Delete rule" }).click();
  await expect(page.getByRole("heading", { name: "No alert rules yet" })).toBeVisible();
});
