// The Reminders page end to end in the production build (docs/fleet-records.md "Reminders page"): a fleet manager
// creates a monthly service reminder for an oil change last done 40 days ago, sees it overdue at the top in red,
// logs the service from the list and sees it start again; snoozes a reminder until a date (an edit keeps the snooze)
// and wakes it; creates and edits a renewal of a driver's licence, listed with the driver's name; and the page fits
// a 360 px phone.
import { expect, test } from "../fixtures";
import { accountApi } from "../support/account-api";
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

test("a service reminder snoozed until a date and woken again; a renewal of a driver's licence", async ({ page, request, account, cli }) => {
  const van = await cli(["asset", "create", "--account", account.key, "--name", "Van S1", "--imei", randomImei()]);
  const api = await accountApi(cli, account, request);
  await api.post("service-reminder", { asset_id: van.id, task: "Tyre check", time: { every: 1, unit: "month" }, start: { on: daysAgo(40) } });

  // a driver to renew a licence for
  await page.goto(`/a/${account.key}/drivers`);
  await signIn(page, account.adminEmail, account.adminPassword);
  const addDriver = page.getByRole("dialog", { name: "Add driver" });
  await openDialog(page.getByRole("button", { name: "Add driver" }).first(), addDriver);
  await addDriver.getByLabel("Name").fill("Rita Renewal");
  await addDriver.getByRole("button", { name: "Add driver" }).click();
  await expect(page.getByRole("cell", { name: "Rita Renewal" }).first()).toBeVisible();

  await page.goto(`/a/${account.key}/reminders`);
  const reminders = page.getByRole("list", { name: "Reminders" });
  const tyres = reminders.getByRole("listitem").filter({ hasText: "Tyre check" });
  await expect(tyres).toHaveAttribute("data-status", "overdue");

  // snoozing until today would snooze nothing: refused beside the date; a week later it is snoozed
  const snooze = page.getByRole("dialog", { name: "Snooze: Tyre check" });
  await openDialog(tyres.getByRole("button", { name: "Snooze" }), snooze);
  await expect(snooze.getByLabel("Snooze until")).toHaveValue(daysAgo(-7));
  await snooze.getByLabel("Snooze until").fill(daysAgo(0));
  await snooze.getByRole("button", { name: "Snooze" }).click();
  await expect(snooze.getByLabel("Snooze until")).toHaveAccessibleDescription("must be after today");
  await snooze.getByLabel("Snooze until").fill(daysAgo(-10));
  await snooze.getByRole("button", { name: "Snooze" }).click();
  await expect(snooze).toBeHidden();
  await expect(page.getByText(`Snoozed until ${daysAgo(-10)}.`)).toBeVisible();
  await expect(tyres).toHaveAttribute("data-status", "snoozed");
  await expect(tyres).toContainText(`Snoozed until ${daysAgo(-10)}`);

  // an edit keeps the snooze (the form does not show it)
  const edit = page.getByRole("dialog", { name: "Edit service reminder" });
  await openDialog(tyres.getByRole("button", { name: "Edit" }), edit);
  await edit.getByLabel("Due soon (days before)").fill("5");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(tyres).toHaveAttribute("data-status", "snoozed");

  await tyres.getByRole("button", { name: "End snooze" }).click();
  await expect(page.getByText("Snooze ended.")).toBeVisible();
  await expect(tyres).toHaveAttribute("data-status", "overdue");

  // a renewal of the driver's licence, due in 10 days: listed with the driver's name, due soon
  const renewal = page.getByRole("dialog", { name: "New renewal" });
  await openDialog(page.getByRole("button", { name: "New renewal" }), renewal);
  await renewal.getByRole("radio", { name: "A driver" }).check();
  await renewal.getByLabel("Driver", { exact: true }).selectOption({ label: "Rita Renewal" });
  await renewal.getByLabel("Kind").selectOption("licence");
  await renewal.getByLabel("Expires on").fill(daysAgo(-10));
  await renewal.getByRole("button", { name: "Save" }).click();
  await expect(renewal).toBeHidden();
  const licence = reminders.getByRole("listitem").filter({ hasText: "Licence" });
  await expect(licence).toContainText("Driver Rita Renewal");
  await expect(licence).toHaveAttribute("data-status", "due_soon");

  // edited: still the driver's, now expiring in 100 days
  const editRenewal = page.getByRole("dialog", { name: "Edit renewal" });
  await openDialog(licence.getByRole("button", { name: "Edit" }), editRenewal);
  await expect(editRenewal.getByRole("radio", { name: "A driver" })).toBeChecked();
  await expect(editRenewal.getByLabel("Driver", { exact: true })).toHaveValue(/\d+/);
  await editRenewal.getByLabel("Expires on").fill(daysAgo(-100));
  await editRenewal.getByRole("button", { name: "Save" }).click();
  await expect(editRenewal).toBeHidden();
  await expect(licence).toHaveAttribute("data-status", "ok");
  await expect(licence).toContainText("Driver Rita Renewal");
  await page.reload();
  await expect(licence).toContainText(`Expires ${daysAgo(-100)}`);

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(tyres.getByRole("button", { name: "Snooze" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
