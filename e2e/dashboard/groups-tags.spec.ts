// Asset groups and tags in the dashboard, in the production build: a group (with a subgroup) made on the Groups
// page, vehicles put in it in bulk from the asset list, the live map filtered by the parent group showing only them;
// a tag with a colour, vehicles tagged from the list, the list filtered by it; and the pages fitting a 360 px phone.
import { expect, test, type E2eAccount } from "../fixtures";
import { openDialog, signIn } from "../support/dashboard";
import type { Page } from "@playwright/test";

test.describe.configure({ timeout: 180_000 });

async function open(page: Page, account: E2eAccount, section: string) {
  await page.goto(`/a/${account.key}/${section}`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page).toHaveURL(new RegExp(`/a/${account.key}/${section}$`));
}

const assetRow = (page: Page, name: string) => page.getByTestId("asset-row").filter({ hasText: name });
const success = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** chooses the named rows of the asset list and runs one bulk action with `target` (a group path or a tag name) */
async function bulk(page: Page, names: string[], action: string, target: string) {
  for (const name of names) await page.getByRole("checkbox", { name: `Choose ${name}` }).check();
  const dialog = page.getByRole("dialog");
  await openDialog(page.getByRole("region", { name: "Chosen assets" }).getByRole("button", { name: action }), dialog);
  await dialog.getByLabel(/^(Group|Tag)$/).selectOption({ label: target });
  await dialog.getByRole("button", { name: action }).click();
  await expect(dialog).toHaveCount(0);
}

test("a group made on the Groups page, vehicles added in bulk, and the live map filtered by it", async ({ page, account, cli }) => {
  for (const name of ["Van North 1", "Van North 2", "Van South"]) await cli(["asset", "create", "--account", account.key, "--name", name]);

  await open(page, account, "groups");
  await expect(page.getByRole("heading", { name: "Groups", exact: true })).toBeVisible();
  const dialog = page.getByRole("dialog");
  await openDialog(page.getByRole("button", { name: "New group" }).first(), dialog);
  await dialog.getByLabel("Name").fill("North");
  await dialog.getByRole("button", { name: "Create group" }).click();
  await expect(success(page, "Created the group North.")).toBeVisible();
  await openDialog(page.getByRole("button", { name: "Add a subgroup to North" }), dialog);
  await dialog.getByLabel("Name").fill("Depot");
  await expect(dialog.getByLabel("Inside")).toHaveValue(/\d+/); // the parent is chosen already
  await dialog.getByRole("button", { name: "Create group" }).click();
  await expect(success(page, "Created the group Depot.")).toBeVisible();
  await expect(page.getByTestId("group-row").filter({ hasText: "North" }).first()).toContainText("1 subgroup");

  // a group with subgroups cannot be deleted: said before trying, and after the server refuses
  await openDialog(page.getByRole("button", { name: "Delete North" }), dialog);
  await expect(dialog).toContainText("has subgroups (Depot)");
  await dialog.getByRole("button", { name: "Delete group" }).click();
  await expect(dialog.getByTestId("delete-refusal")).toHaveText("Not deleted: North still has subgroups. Move them under another group or delete them first.");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // two vans into the subgroup at once, from the asset list
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Assets" }).click();
  await expect(assetRow(page, "Van South")).toBeVisible();
  await bulk(page, ["Van North 1", "Van North 2"], "Add to group", "North › Depot");
  await expect(success(page, "Added 2 assets to North › Depot.")).toBeVisible();
  await expect(assetRow(page, "Van North 1").getByTestId("asset-labels")).toContainText("North › Depot");
  await expect(assetRow(page, "Van South").getByTestId("asset-labels")).toHaveCount(0);

  // the list filtered by the parent group holds its subgroup's vans
  await page.getByRole("search", { name: "Filter assets" }).getByLabel("Group").selectOption({ label: "North" });
  await expect(assetRow(page, "Van South")).toHaveCount(0);
  await expect(page.getByTestId("asset-row")).toHaveCount(2);
  await expect(page).toHaveURL(/\?group=\d+$/);

  // the live map filtered by the group: only its vehicles in the list beside the map
  await page.goto(`/a/${account.key}/map`);
  await expect(page.locator("html[data-hydrated='true']")).toBeAttached();
  const rows = page.getByTestId("vehicle-row");
  await expect(rows).toHaveCount(3);
  await page.getByLabel("Group").selectOption({ label: "North" });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Van South" })).toHaveCount(0);
  await expect(page.getByText("2 of 2 vehicles")).toBeVisible();
  await page.getByLabel("Group").selectOption({ label: "All groups" });
  await expect(rows).toHaveCount(3);
});

test("a tag with a colour, vehicles tagged in bulk and the asset list filtered by it", { tag: "@phone" }, async ({ page, account, cli }) => {
  for (const name of ["Fridge 1", "Fridge 2", "Flatbed"]) await cli(["asset", "create", "--account", account.key, "--name", name]);

  await open(page, account, "tags");
  const dialog = page.getByRole("dialog");
  await openDialog(page.getByRole("button", { name: "New tag" }).first(), dialog);
  await dialog.getByLabel("Name").fill("Refrigerated");
  await dialog.getByRole("button", { name: "Colour #0d9488" }).click();
  await expect(dialog.getByLabel("Colour", { exact: true })).toHaveValue("#0d9488");
  await dialog.getByRole("button", { name: "Create tag" }).click();
  await expect(success(page, "Created the tag Refrigerated.")).toBeVisible();
  const tagRow = page.getByTestId("tag-row").filter({ hasText: "Refrigerated" });
  await expect(tagRow).toBeVisible();
  // the swatch is the tag's colour
  await expect(tagRow.locator("span[aria-hidden]").first()).toHaveCSS("background-color", "rgb(13, 148, 136)");

  await page.goto(`/a/${account.key}/assets`);
  await expect(assetRow(page, "Flatbed")).toBeVisible();
  await bulk(page, ["Fridge 1", "Fridge 2"], "Add tag", "Refrigerated");
  await expect(success(page, "Tagged 2 assets Refrigerated.")).toBeVisible();
  await page.getByRole("search", { name: "Filter assets" }).getByLabel("Tag").selectOption({ label: "Refrigerated" });
  await expect(assetRow(page, "Flatbed")).toHaveCount(0);
  await expect(page.getByTestId("asset-row")).toHaveCount(2);
  await expect(assetRow(page, "Fridge 2").getByTestId("asset-labels")).toContainText("Refrigerated");

  // untagging one in bulk leaves the other under the filter
  await bulk(page, ["Fridge 2"], "Remove tag", "Refrigerated");
  await expect(success(page, "Removed the tag Refrigerated from 1 asset.")).toBeVisible();
  await expect(page.getByTestId("asset-row")).toHaveCount(1);
});

test("on a 360 px phone the Groups, Tags and asset pages fit the screen", { tag: "@phone-only" }, async ({ page, account, cli }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await cli(["asset", "create", "--account", account.key, "--name", "Phone Van"]);
  await open(page, account, "groups");
  const dialog = page.getByRole("dialog");
  await openDialog(page.getByRole("button", { name: "New group" }).first(), dialog);
  await dialog.getByLabel("Name").fill("A region with a rather long name");
  await dialog.getByRole("button", { name: "Create group" }).click();
  await expect(page.getByTestId("group-row")).toHaveCount(1);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);

  await page.goto(`/a/${account.key}/tags`);
  await openDialog(page.getByRole("button", { name: "New tag" }).first(), dialog);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await dialog.getByLabel("Name").fill("Leased");
  await dialog.getByRole("button", { name: "Create tag" }).click();
  await expect(page.getByTestId("tag-row")).toHaveCount(1);
  expect(await overflow()).toBeLessThanOrEqual(0);

  await page.goto(`/a/${account.key}/assets`);
  await page.getByRole("checkbox", { name: "Choose Phone Van" }).check();
  await expect(page.getByRole("region", { name: "Chosen assets" }).getByRole("button", { name: "Add to group" })).toBeInViewport();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
