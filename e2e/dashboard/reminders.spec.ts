// The Reminders page end to end in the production build (docs/fleet-records.md "Reminders page"): a fleet manager
// creates a monthly service reminder for an oil change last done 40 days ago, sees it overdue at the top in red,
// logs the service from the list and sees it start again; and the page fits a 360 px phone.
import { expect, test } from "../fixtures";
import { openDialog, randomImei, signIn } from "../support/dashboard";

test.describe.configure({ timeout: 180_000 });

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test("a service reminder becomes overdue, is logged from the list and starts again", async ({ page, account, cli }) => {
  await cli(["asset", "create", "--account", account.key, "--name", "Van R1", "--imei", randomImei()]);
  await page.goto(`/a/${account.key}/reminders`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page.getByRole("heading", { name: "Reminders", level: 1 })).toBeVisible();
  await expect(page.getByText("No reminders")).toBeVisible();

  const form = page.getByRole("dialog", { name: "New service reminder" });
  await openDialog(page.getByRole("button", { name: "New service reminder" }), form);
  await form.getByLabel("Task").fill("Oil change");
  await form.getByLabel("Every (time)").fill("1");
  await form.getByLabel("Unit").selectOption("month");
  await form.getByLabel("Due soon (days before)").fill("7");
  await form.getByLabel("Last done on").fill(daysAgo(40));
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText("Service reminder saved.")).toBeVisible();

  const reminder = page.getByRole("list", { name: "Reminders" }).getByRole("listitem").filter({ hasText: "Oil change" });
  await expect(reminder).toHaveAttribute("data-status", "overdue");
  await expect(reminder).toContainText("Overdue");
  await expect(reminder).toContainText("Van R1");
  await expect(reminder).toContainText(/\d+ days over/);

  // the status filter finds it among the overdue ones only
  await page.getByLabel("Status").selectOption("due_soon");
  await expect(reminder).toHaveCount(0);
  await page.getByLabel("Status").selectOption("overdue");
  await expect(reminder).toBeVisible();
  await page.getByLabel("Status").selectOption("");

  const log = page.getByRole("dialog", { name: "Log service: Oil change" });
  await openDialog(reminder.getByRole("button", { name: "Log service" }), log);
  await expect(log.getByLabel("Date")).toHaveValue(new Date().toISOString().slice(0, 10));
  await log.getByLabel("Cost").fill("89.90");
  await log.getByRole("button", { name: "Log service" }).click();
  await expect(log).toBeHidden();
  await expect(page.getByText("Service logged: the reminder starts again.")).toBeVisible();
  await expect(reminder).toHaveAttribute("data-status", "ok");
  await expect(reminder).toContainText("OK");
  await page.reload();
  await expect(reminder).toHaveAttribute("data-status", "ok");

  // a phone: the rows stack, nothing scrolls sideways
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(reminder).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
