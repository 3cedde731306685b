// School transport in the dashboard, in the production build: an admin adds a driver, creates a route for them in
// a timetable's own words ("Mon-Fri", "7.15", "3:30 pm"; an afternoon time without "pm" is explained under its
// field), adds three stops, gives the school a wider arrival radius (a value out of range is refused beside the
// field), moves one up, adds a run for a date written day-first and cancels it, and adds a
// passenger picked up at one stop and dropped off at another.
import { expect, test } from "../fixtures";
import { openDialog, signIn } from "../support/dashboard";

// several dialogs and page loads on a busy two-core machine
test.describe.configure({ timeout: 180_000 });

/** a date some weeks ahead (always among the upcoming runs), as "DD/MM/YYYY" and as the list's "YYYY-MM-DD" */
function futureDate() {
  const date = new Date(Date.now() + 40 * 24 * 60 * 60_000);
  const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  const pad = (value: number) => String(value).padStart(2, "0");
  return { dayFirst: `${pad(day)}/${pad(month)}/${year}`, iso: `${year}-${pad(month)}-${pad(day)}` };
}

test("an admin builds a route with a driver, stops, a run and a passenger", async ({ page, account }) => {
  await page.goto(`/a/${account.key}/drivers`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page.getByRole("heading", { name: "No drivers yet" })).toBeVisible();

  // a driver, whose phone is kept in international form
  const driverDialog = page.getByRole("dialog", { name: "Add driver" });
  await openDialog(page.getByRole("button", { name: "Add driver" }).first(), driverDialog);
  await driverDialog.getByLabel("Name").fill("Ona Petraitė");
  await driverDialog.getByLabel("Phone").fill("+370 600 12345");
  await driverDialog.getByRole("button", { name: "Add driver" }).click();
  await expect(driverDialog).toBeHidden();
  await expect(page.getByRole("row", { name: /Ona Petraitė/ })).toContainText("+37060012345");

  // a route in a timetable's words
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Routes" }).click();
  await expect(page.getByRole("heading", { name: "No routes yet" })).toBeVisible();
  const routeDialog = page.getByRole("dialog", { name: "New route" });
  await openDialog(page.getByRole("button", { name: "New route" }).first(), routeDialog);
  await routeDialog.getByLabel("Route number").fill("12");
  await routeDialog.getByLabel("Name", { exact: true }).fill("North loop");
  await routeDialog.getByLabel("Driver").selectOption({ label: "Ona Petraitė" });
  await routeDialog.getByLabel("Days").fill("Mon-Fri");
  await routeDialog.getByLabel("Start time").fill("7.15");
  await routeDialog.getByLabel("End time").fill("3:30");
  await routeDialog.getByRole("button", { name: "Create route" }).click();
  await expect(routeDialog.getByText("must be after the start time 07:15; write afternoon times as 15:30 or 3:30 pm")).toBeVisible();
  await routeDialog.getByLabel("End time").fill("3:30 pm");
  await routeDialog.getByRole("button", { name: "Create route" }).click();
  await expect(page.getByRole("heading", { name: "Route 12", level: 1 })).toBeVisible();
  const details = page.locator("section").filter({ has: page.getByRole("heading", { name: "Details" }) });
  await expect(details).toContainText("Mon–Fri");
  await expect(details).toContainText("07:15–15:30");
  await expect(details).toContainText("Ona Petraitė");

  // three stops
  const stops = [
    { name: "Oak Street", time: "07:25", kind: "Pick-up" },
    { name: "Mill Lane", time: "15", kind: "Pick-up and drop-off" },
    { name: "School", time: "8.05 am", kind: "Drop-off" },
  ];
  for (const [index, stop] of stops.entries()) {
    const dialog = page.getByRole("dialog", { name: "Add a stop to route 12" });
    await openDialog(page.getByRole("button", { name: "Add stop" }).first(), dialog);
    await dialog.getByLabel("Name").fill(stop.name);
    await dialog.getByLabel("Time").fill(stop.time);
    await dialog.getByLabel("Kind").selectOption({ label: stop.kind });
    await dialog.getByRole("button", { name: "Add stop" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("stop-row")).toHaveCount(index + 1);
  }
  const stopRows = page.getByTestId("stop-row");
  await expect(stopRows.nth(1)).toContainText("+15 min");
  await expect(stopRows.nth(2)).toContainText("08:05");
  await expect(stopRows.nth(2)).not.toContainText("arrival radius"); // the default is not noted

  // the school's arrival radius: 5 m is refused beside the field, 150 m is kept and noted in the list
  const schoolDialog = page.getByRole("dialog", { name: "Edit School" });
  await openDialog(page.getByRole("button", { name: "Edit School" }), schoolDialog);
  const radius = schoolDialog.getByLabel("Arrival radius (m)");
  await expect(radius).toHaveValue("");
  await expect(radius).toHaveAttribute("placeholder", "75");
  await radius.fill("5");
  await schoolDialog.getByRole("button", { name: "Save changes" }).click();
  await expect(radius).toHaveAttribute("aria-invalid", "true");
  await expect(radius).toHaveAccessibleDescription('radius "5" must be whole metres from 20 to 1000');
  await radius.fill("150");
  await schoolDialog.getByRole("button", { name: "Save changes" }).click();
  await expect(schoolDialog).toBeHidden();
  await expect(stopRows.nth(2)).toContainText("150 m arrival radius");
  await openDialog(page.getByRole("button", { name: "Edit School" }), schoolDialog);
  await expect(schoolDialog.getByLabel("Arrival radius (m)")).toHaveValue("150");
  await schoolDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(schoolDialog).toBeHidden();

  // Mill Lane moves ahead of Oak Street
  await page.getByRole("button", { name: "Move Mill Lane up" }).click();
  await expect(stopRows.nth(0)).toContainText("Mill Lane");
  await expect(stopRows.nth(1)).toContainText("Oak Street");
  await expect(stopRows.nth(2)).toContainText("School");

  // a run for a date written day-first, then cancelled
  const date = futureDate();
  const runDialog = page.getByRole("dialog", { name: "Add a run of route 12" });
  await openDialog(page.getByRole("button", { name: "Add run" }).first(), runDialog);
  await runDialog.getByLabel("Date").fill(date.dayFirst);
  await runDialog.getByLabel("Notice").fill("Leaves 10 minutes late");
  await runDialog.getByRole("button", { name: "Add run" }).click();
  await expect(runDialog).toBeHidden();
  await expect(page.getByText(`Added a run on ${date.iso}.`)).toBeVisible();
  const runRow = page.getByTestId("run-row");
  await expect(runRow).toHaveCount(1);
  await expect(runRow).toContainText("Scheduled");
  await runRow.getByRole("button", { name: /^Cancel the run of/ }).click();
  await expect(runRow).toContainText("Cancelled");
  await expect(runRow.getByRole("button", { name: /^Restore the run of/ })).toBeVisible();

  // a passenger picked up at Oak Street (now second) and dropped off at School
  const passengerDialog = page.getByRole("dialog", { name: "Add a passenger to route 12" });
  await openDialog(page.getByRole("button", { name: "Add passenger" }).first(), passengerDialog);
  await passengerDialog.getByLabel("Name", { exact: true }).fill("Ada");
  await passengerDialog.getByLabel("Contact e-mail").fill("Grace@Example.com");
  await passengerDialog.getByLabel("Pick-up stop").selectOption({ label: "2. Oak Street (07:25)" });
  await passengerDialog.getByLabel("Drop-off stop").selectOption({ label: "3. School (08:05)" });
  await passengerDialog.getByRole("button", { name: "Add passenger" }).click();
  await expect(passengerDialog).toBeHidden();
  const passengerRow = page.getByTestId("passenger-row");
  await expect(passengerRow).toContainText("Ada");
  await expect(passengerRow).toContainText("grace@example.com");
  await expect(passengerRow).toContainText("Oak Street");
  await expect(passengerRow).toContainText("School");
  await expect(passengerRow).toContainText("Approved");
  await expect(stopRows.nth(1).getByRole("cell").nth(4)).toHaveText("1"); // Oak Street's passengers

  // the routes list sums it up
  await page.getByRole("link", { name: "← Routes" }).click();
  const routeRow = page.getByRole("row", { name: /Route 12/ });
  await expect(routeRow).toContainText("North loop");
  await expect(routeRow).toContainText("Ona Petraitė");
  await expect(routeRow).toContainText("Mon–Fri");
  await expect(routeRow).toContainText("07:15–15:30");
});
