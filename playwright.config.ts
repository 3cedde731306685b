// End-to-end tests: headless Debian Chromium against the production build of the real server (started once by
// e2e/global-setup.ts on a fresh PostgreSQL database). Specs live in e2e/<area>/ and import `test` from
// e2e/fixtures.ts, which gives each test its own account. See docs/testing.md.
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_INSTALL_HINT, findChromium } from "./scripts/find-chromium.mjs";

const executablePath = findChromium();
if (!executablePath) {
  throw new Error(`No Chromium found for the end-to-end tests: install one with \`${CHROMIUM_INSTALL_HINT}\` or set CHROMIUM_PATH`);
}
const launchOptions = { executablePath, args: CHROMIUM_ARGS };

// One output folder per run (test-results/playwright/<run>): Playwright empties its output folder when a run starts,
// so two runs in one working tree would otherwise delete each other's traces. Workers inherit the variable, so they
// agree with the runner on the folder.
process.env.FLEETLINE_E2E_RUN ??= `${new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "")}-${process.pid}`;
export const E2E_OUTPUT_DIR = `test-results/playwright/${process.env.FLEETLINE_E2E_RUN}`;

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  outputDir: E2E_OUTPUT_DIR,
  globalSetup: "./e2e/global-setup.ts",
  globalTeardown: "./e2e/global-teardown.ts",
  workers: 2,
  retries: 0,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // generous: a test signs in and drives several pages while the server and Chromium share two busy cores
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: "list",
  use: {
    // The server's address is only known once global setup has started it; fixtures.ts sets baseURL from it.
    baseURL: process.env.FLEETLINE_E2E_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [
    // Tests tagged @phone-only check a phone's screen (they set a 360 px viewport or say "fits a phone"): at desktop
    // size they would only repeat the phone run.
    { name: "desktop", grepInvert: /@phone-only/, use: { ...devices["Desktop Chrome"], launchOptions } },
    // The phone viewport runs the tests tagged @phone (`test("...", { tag: "@phone" }, ...)`) and @phone-only: pages
    // that must work on a phone, without doubling every API-only test.
    { name: "phone", grep: /@phone/, use: { ...devices["Pixel 7"], launchOptions } },
  ],
});
