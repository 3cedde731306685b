// What viewers send to the team, end to end in the production build: a viewer on a phone asks for access to an
// authorised-only link from its gate, the team approves it on the dashboard's Access requests page (the approval
// e-mail is read from the server's outbox), and the viewer then gets in with a code; and a passenger's message sent
// through a link's form (given to the link in the dashboard's link form) shown on the Passenger messages page and
// marked seen; and a public link's form sent before the link opens. The viewer's page is the project's (a Pixel 7
// on the phone project); the team works in a desktop browser context of its own.
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import pg from "pg";
import { waitForOutboxMessage } from "../../server/testing/mail-capture";
import { expect, test, type Cli, type E2eAccount } from "../fixtures";
import { openDialog, randomImei, signIn } from "../support/dashboard";
import { e2eSettings } from "../support/e2e-state";

test.describe.configure({ timeout: 180_000 });

async function vehicleWithLink(cli: Cli, account: E2eAccount, linkFlags: string[]) {
  const asset = await cli(["asset", "create", "--account", account.key, "--name", "Bus 5", "--imei", randomImei()]);
  const link = await cli(["link", "create", "--account", account.key, "--asset", String(asset.id), ...linkFlags]);
  return { uuid: String(link.uuid) };
}

/** runs one statement on the server's database (what neither the CLI nor a quick path in the dashboard sets) */
async function sql(text: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: e2eSettings().databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** the team's dashboard in a desktop browser context of its own, signed in on `path` */
async function teamDashboard(browser: Browser, account: E2eAccount, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const dashboard = await context.newPage();
  await dashboard.goto(`/a/${account.key}/${path}`);
  await signIn(dashboard, account.adminEmail, account.adminPassword);
  return dashboard;
}

test("a viewer asks for access to an authorised-only link, the team approves it, and the viewer gets in", { tag: "@phone" }, async ({ page, browser, account, cli }) => {
  const { uuid } = await vehicleWithLink(cli, account, ["--mode", "authorized_only", "--emails", "invited@example.test", "--name", "School run"]);
  const email = `newcomer-${randomBytes(4).toString("hex")}@example.test`;

  // the gate answers an unlisted address like any other: no code comes, and the page offers to ask for access
  await page.goto(`/t/${uuid}`);
  await expect(page.getByRole("heading", { name: "School run" })).toBeVisible();
  await page.getByLabel("Your e-mail address").fill(email);
  await page.getByRole("button", { name: "Send me a code" }).click();
  await expect(page.getByText(`If ${email} may view this link`)).toBeVisible();
  await page.getByRole("button", { name: "Request access" }).click();
  const request = page.getByRole("form", { name: "Request access" });
  await expect(request.getByLabel("Your e-mail address")).toHaveValue(email);
  await request.getByLabel("Your name").fill("Ben Newcomer");
  await request.getByLabel("Message to the team").fill("Father of Mia, class 3B.");
  await request.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("heading", { name: "Request sent" })).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: `We will write to ${email}.` })).toBeVisible();

  // the team sees it waiting (with the count in the navigation) and approves it
  const dashboard = await teamDashboard(browser, account, "access-requests");
  await expect(dashboard.getByRole("heading", { name: "Access requests", level: 1 })).toBeVisible();
  await expect(dashboard.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Access requests 1 waiting" })).toBeVisible();
  const waiting = dashboard.getByRole("list", { name: "Requests waiting for a decision" }).getByRole("listitem");
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText(["Ben Newcomer"]);
  await expect(waiting).toContainText(["Father of Mia, class 3B."]);
  await expect(waiting).toContainText(["for School run"]);
  await waiting.getByRole("button", { name: `Approve ${email}` }).click();
  await expect(dashboard.getByText(`Approved ${email}: it may now open School run`)).toBeVisible();
  await expect(dashboard.getByText("No requests waiting")).toBeVisible();
  const decided = dashboard.getByRole("list", { name: "Decided requests" }).getByRole("listitem");
  await expect(decided).toContainText(["Approved"]);
  await expect(dashboard.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Access requests", exact: true })).toBeVisible();

  // the requester is e-mailed the link
  const dataDir = e2eSettings().dataDir;
  const approval = await waitForOutboxMessage(dataDir, { to: email, timeoutMs: 30_000 });
  expect(approval.subject).toBe("You can now follow School run");
  expect(approval.text).toContain(`/t/${uuid}`);

  // and now a code comes to the address, which opens the page
  await page.getByRole("button", { name: "Send a new code" }).click();
  const codeMail = await waitForOutboxMessage(dataDir, { to: email, after: 1, timeoutMs: 30_000 });
  const code = /\b(\d{6})\b/.exec(codeMail.text)![1]!;
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Open the tracking" }).click();
  await expect(page.getByTestId("state-waiting")).toBeVisible();
  await dashboard.context().close();
});

test("a passenger sends the link's form and the team reads it on Passenger messages", { tag: "@phone" }, async ({ page, browser, account, cli }) => {
  const { uuid } = await vehicleWithLink(cli, account, ["--name", "Morning bus"]);

  // the team gives the link a form: the section offers a title and example choices
  const dashboard = await teamDashboard(browser, account, "links");
  const edit = dashboard.getByRole("dialog", { name: "Edit Morning bus" });
  await openDialog(dashboard.getByRole("button", { name: "Edit Morning bus" }), edit);
  await edit.getByRole("checkbox", { name: "Let viewers send a message" }).check();
  await expect(edit.getByLabel("Form title")).toHaveValue("Today's ride");
  await expect(edit.getByRole("textbox", { name: "Choices" })).toHaveValue("Not riding today\nRunning late\nPicked up by a parent");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();

  // the passenger's page shows the form's button; the choices, a message, and what was sent
  await page.goto(`/t/${uuid}`);
  await expect(page.getByTestId("state-waiting")).toBeVisible();
  await page.getByRole("button", { name: "Today's ride" }).click();
  const form = page.getByRole("group", { name: "Today's ride" });
  await expect(form.getByRole("radio")).toHaveCount(3);
  await expect(form.getByRole("radio", { name: "Not riding today" })).toBeFocused();
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByTestId("link-form").getByRole("alert")).toHaveText("Choose one of the options.");
  await form.getByRole("radio", { name: "Running late" }).check();
  await page.getByLabel("Message").fill("Ten minutes late, sorry.");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Sent: Running late" })).toBeVisible();

  // the team reads it, newest first, and marks it seen
  await dashboard.goto(`/a/${account.key}/passenger-messages`);
  const nav = dashboard.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Passenger messages 1 unseen" })).toBeVisible();
  const row = dashboard.getByRole("row", { name: /Running late/ });
  await expect(row).toContainText("Ten minutes late, sorry.");
  await expect(row).toContainText("Morning bus");
  await expect(row).toContainText("New");
  await row.getByRole("button", { name: "Mark seen: Running late on Morning bus" }).click();
  await expect(row.getByRole("button", { name: /Mark seen/ })).toBeHidden();
  await expect(row).not.toContainText("New");
  await expect(nav.getByRole("link", { name: "Passenger messages", exact: true })).toBeVisible();
  await dashboard.context().close();
});

test("a public link's form can be sent before the link opens (not riding today comes before the run)", { tag: "@phone" }, async ({ page, account, cli }) => {
  const { uuid } = await vehicleWithLink(cli, account, ["--name", "Afternoon bus"]);
  await sql("UPDATE tracking_links SET starts_at = now() + interval '3 hours', form_title = $2, form_choices = $3 WHERE uuid = $1", [
    uuid,
    "Today's ride",
    ["Not riding today", "Running late"],
  ]);

  await page.goto(`/t/${uuid}`);
  await expect(page.locator("main[data-phase='not_started']")).toBeVisible();
  await page.getByRole("button", { name: "Today's ride" }).click();
  await page.getByRole("group", { name: "Today's ride" }).getByRole("radio", { name: "Not riding today" }).check();
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Sent: Not riding today" })).toBeVisible();
  expect(await sql("SELECT s.choice FROM link_form_submissions s JOIN tracking_links l ON l.id = s.link_id WHERE l.uuid = $1", [uuid])).toEqual([
    { choice: "Not riding today" },
  ]);
  await expect(page.locator("main[data-phase='not_started']")).toBeVisible(); // still waiting for the start
});
