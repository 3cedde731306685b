// School transport end to end, in the production build: routes, a run and passengers imported through the import
// service with an API key; an admin creates a link that follows a route in the dashboard and sees it follow the day's
// run's vehicle; send-welcome e-mails a parent their child's own link, whose page shows the day's run with its notice,
// asks for a message before the bus reaches their stop, and stops messages for good with "Stop messages".
import { waitForOutboxMessage } from "../../server/testing/mail-capture";
import { expect, test } from "../fixtures";
import { openDialog, signIn } from "../support/dashboard";
import { e2eSettings } from "../support/e2e-state";
import { integrator } from "../support/integrator";

test.describe.configure({ timeout: 180_000 });

/** today in the account's time zone (new accounts are on UTC) */
const today = () => new Date().toISOString().slice(0, 10);

test("an admin creates a link that follows a route, and it follows the vehicle of the day's run", async ({ page, account, cli, request }) => {
  await cli(["asset", "create", "--account", account.key, "--name", "Bus 1", "--plate", "BUS-1"]);
  await cli(["asset", "create", "--account", account.key, "--name", "Spare bus", "--plate", "SPR-9"]);
  const api = await integrator(cli, account, request);
  await api.rows("routes", [{ route_number: "R7", route_name: "Hill school morning", vehicle: "BUS-1", days: "Daily" }]);

  await page.goto(`/a/${account.key}/links`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page.getByRole("heading", { name: "Links", level: 1 })).toBeVisible();
  const dialog = page.getByRole("dialog", { name: "New tracking link" });
  await openDialog(page.getByRole("button", { name: "New link" }).first(), dialog);
  await dialog.getByRole("radio", { name: "A route" }).check();
  // no route chosen: the server's error appears under the route field
  await dialog.getByRole("button", { name: "Create link" }).click();
  await expect(dialog.getByLabel("Route", { exact: true })).toHaveAccessibleDescription("must not be empty");
  await dialog.getByLabel("Route", { exact: true }).selectOption({ label: "R7 · Hill school morning (Bus 1)" });
  await dialog.getByRole("button", { name: "Create link" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Created Hill school morning.")).toBeVisible();

  const row = page.getByRole("row", { name: /Hill school morning/ });
  await expect(row).toContainText("Route R7");
  await expect(row).toContainText("Bus 1");

  // today's run with the spare bus: the link follows it at once
  await api.rows("runs", [{ route_number: "R7", date: today(), vehicle: "SPR-9" }]);
  await page.reload();
  await expect(page.getByRole("row", { name: /Hill school morning/ })).toContainText("Spare bus");

  // the form of a route-based link shows its route
  const edit = page.getByRole("dialog", { name: "Edit Hill school morning" });
  await openDialog(page.getByRole("button", { name: "Edit Hill school morning" }), edit);
  await expect(edit.getByRole("radio", { name: "A route" })).toBeChecked();
  await expect(edit.getByLabel("Route", { exact: true })).toHaveValue(/\d+/);
});

test("a parent gets their child's own link by e-mail, sees the day's run notice, asks for an approach alert and stops messages", { tag: "@phone" }, async ({ page, account, cli, request }) => {
  await cli(["asset", "create", "--account", account.key, "--name", "Bus 1", "--plate", "BUS-1"]);
  const api = await integrator(cli, account, request);
  await api.rows("routes", [{ route_number: "M1", route_name: "Morning loop", vehicle: "BUS-1", days: "Daily", start_time: "07:10", end_time: "08:05" }]);
  await api.rows("runs", [{ route_number: "M1", date: today(), notice: "Roadworks on Oak Street: about 10 minutes late." }]);
  const parent = `parent-${Date.now()}@example.test`;
  const { created_ids } = await api.rows("passengers", [{ route_number: "M1", passenger_name: "Ada", contact_name: "Sam", contact_email: parent }]);

  expect(await api.sendWelcome(created_ids)).toEqual({ counts: { sent: 1, not_approved: 0, opted_out: 0, no_channel: 0, recently_welcomed: 0 } });
  const mail = await waitForOutboxMessage(e2eSettings().dataDir, { to: parent });
  expect(mail.text).toContain("Hello Sam,");
  const url = /https?:\/\/\S+\/t\/[0-9a-f-]{36}/.exec(mail.text)![0];

  await page.goto(new URL(url).pathname);
  await expect(page.getByRole("heading", { name: "Morning loop", level: 1 })).toBeVisible();
  const run = page.getByTestId("run-notice");
  await expect(run).toContainText("Today's run: 07:10–08:05");
  await expect(run).toContainText("Roadworks on Oak Street: about 10 minutes late.");

  // the parent asks for a message 5 minutes before the bus reaches their stop; the choice holds across a reload
  const alert = page.getByTestId("approach-alert");
  await expect(alert).toContainText("Off. Choose a time to get an e-mail once per trip");
  await alert.getByLabel("Send it").selectOption("5");
  await expect(alert).toContainText("On: an e-mail about 5 minutes before the bus reaches your stop, once per trip.");
  await page.reload();
  await expect(page.getByTestId("approach-alert").getByLabel("Send it")).toHaveValue("5");

  const messages = page.getByTestId("stop-messages");
  await messages.getByRole("button", { name: "Stop messages" }).click();
  await messages.getByRole("button", { name: "Yes, stop messages" }).click();
  await expect(messages).toContainText("You will get no more messages from");
  expect(await api.sendWelcome(created_ids)).toEqual({ counts: { sent: 0, not_approved: 0, opted_out: 1, no_channel: 0, recently_welcomed: 0 } });

  // a reload says so at once
  await page.reload();
  await expect(page.getByTestId("stop-messages")).toContainText("You will get no more messages from");
  await expect(page.getByTestId("stop-messages").getByRole("button")).toHaveCount(0);
  await expect(page.getByTestId("approach-alert")).toHaveCount(0); // no alerts once messages are stopped
});

test("office staff copy a passenger's own link from the route's page; it is the link send-welcome sends", async ({ page, context, account, cli, request }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await cli(["asset", "create", "--account", account.key, "--name", "Bus 1", "--plate", "BUS-1"]);
  const api = await integrator(cli, account, request);
  const { created_ids: routes } = await api.rows("routes", [{ route_number: "E5", route_name: "Evening loop", vehicle: "BUS-1", days: "Daily" }]);
  const parent = `copy-${Date.now()}@example.test`;
  const { created_ids } = await api.rows("passengers", [{ route_number: "E5", passenger_name: "Ben", contact_email: parent }]);
  const staff = { email: `staff-${Date.now()}@example.test`, password: "correct horse battery staple" };
  await cli(["user", "create", "--account", account.key, "--email", staff.email, "--name", "Office", "--password", staff.password, "--role", "office_staff"]);

  await page.goto(`/a/${account.key}/routes/${routes[0]}`);
  await signIn(page, staff.email, staff.password);
  const row = page.getByTestId("passenger-row").filter({ hasText: "Ben" });
  const copy = row.getByRole("button", { name: "Copy link of Ben" });
  await expect(async () => {
    await copy.click();
    await expect(copy).toHaveText("Copied", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/t\/[0-9a-f-]{36}$/);

  await api.sendWelcome(created_ids);
  const mail = await waitForOutboxMessage(e2eSettings().dataDir, { to: parent });
  expect(mail.text).toContain(copied);
});
