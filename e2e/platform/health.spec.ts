// The server under test is up: the health endpoint of operations.md and the home page (also on a phone).
import { expect, test } from "../fixtures";

test("GET /healthz answers 200 {status: ok}", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  expect(await response.json()).toEqual({ status: "ok" });
});

test("the home page loads without errors", { tag: "@phone" }, async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const response = await page.goto("/");
  expect(response?.ok()).toBe(true);
  await expect(page.locator("body")).not.toBeEmpty();
  await expect(page).toHaveTitle(/Fleetline/i);
  expect(errors).toEqual([]);
});
