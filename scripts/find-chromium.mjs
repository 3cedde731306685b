// Finds the Chromium the end-to-end tests drive (operations.md "npm test"): CHROMIUM_PATH, then Debian's
// /usr/bin/chromium, then a browser Playwright downloaded itself (only if the file really exists: `npx playwright
// install` cannot reach its host on our machines, stack.md trap 4). Shared by scripts/test.mjs and
// playwright.config.ts so both always agree on the browser.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";

export const CHROMIUM_INSTALL_HINT = "apt-get install chromium";

/** Flags for headless Chromium on a machine without a GPU or network access beyond localhost. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--use-gl=angle",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
];

/** @returns {string | null} the path of a Chromium executable, or null when none is installed */
export function findChromium(environment = process.env) {
  const configured = environment.CHROMIUM_PATH;
  if (configured) return existsSync(configured) ? configured : null;
  for (const candidate of ["/usr/bin/chromium", "/usr/bin/chromium-browser"]) {
    if (existsSync(candidate)) return candidate;
  }
  try {
    const require = createRequire(import.meta.url);
    const own = require("playwright-core").chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // playwright-core missing or no browser registry: no bundled browser
  }
  return null;
}
