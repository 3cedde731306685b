// A member limited to some asset groups, from the Users page, in the production build: the admin limits a fleet
// manager to a subgroup in the Groups dialog (groups named by their path), sees the limit on the users list, and the
// member, signed in in a browser of their own, sees only that group's vehicles in the asset list; the limit removed,
// they see the whole fleet again.
import { expect, test } from "../fixtures";
import { accountApi } from "../support/account-api";
import { openDialog, signIn } from "../support/dashboard";

test.describe.configure({ timeout: 180_000 });

test("an admin limits a member to a group and removes the limit; the member's asset list follows", async ({ page, browser, request, account, cli }) => {
  const inGroup = await cli(["asset", "create", "--account", account.key, "--name", "Depot Van"]);
  await cli(["asset", "create", "--account", account.key, "--name", "Outside Van"]);
  const { post } = await accountApi(cli, account, request);
  const north = await post("asset-group", { name: "North" });
  const depot = await post("asset-group", { name: "Depot", parent_id: north.id });
  await post(`asset-group/${depot.id}/assets`, { asset_ids: [inGroup.id] });
  const memberEmail = `limited-${account.key}@example.test`;
  const memberPassword = "limited-pass-1";
  await cli(["user", "create", "--account", account.key, "--email", memberEmail, "--name", "Lina Limited", "--password", memberPassword, "--role", "fleet_manager"]);

  await page.goto(`/a/${account.key}/users`);
  await signIn(page, account.adminEmail, account.adminPassword);
  const member = page.getByRole("listitem").filter({ hasText: memberEmail });
  const groupsButton = member.getByRole("button", { name: "Groups of Lina Limited" });
  await expect(groupsButton).toHaveText("Whole fleet");
  await expect(member.getByTestId("member-groups")).toHaveCount(0);

  // limited to the subgroup, named by its path in the dialog and on the list
  const dialog = page.getByRole("dialog", { name: "Groups of Lina Limited" });
  await openDialog(groupsButton, dialog);
  await dialog.getByRole("checkbox", { name: "Whole fleet (every vehicle of the account)" }).uncheck();
  await expect(dialog.getByRole("checkbox")).toHaveCount(3);
  await dialog.getByRole("checkbox", { name: "North › Depot" }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Groups of Lina Limited saved.")).toBeVisible();
  await expect(groupsButton).toHaveText("1 group");
  await expect(member.getByTestId("member-groups")).toHaveText("Sees only North › Depot");

  // the member, in a browser of their own, sees the group's vehicle only
  const memberContext = await browser.newContext();
  try {
    const memberPage = await memberContext.newPage();
    await memberPage.goto(`/a/${account.key}/assets`);
    await signIn(memberPage, memberEmail, memberPassword);
    const rows = memberPage.getByTestId("asset-row");
    await expect(rows.filter({ hasText: "Depot Van" })).toBeVisible();
    await expect(rows).toHaveCount(1);

    // the limit removed: the whole fleet again
    await openDialog(groupsButton, dialog);
    await expect(dialog.getByRole("checkbox", { name: "North › Depot" })).toBeChecked();
    await dialog.getByRole("checkbox", { name: "Whole fleet (every vehicle of the account)" }).check();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(groupsButton).toHaveText("Whole fleet");
    await expect(member.getByTestId("member-groups")).toHaveCount(0);

    await memberPage.reload();
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "Outside Van" })).toBeVisible();
  } finally {
    await memberContext.close();
  }
});
