// Which basemap the dashboard shows, end to end in the production build:
//   - the shared e2e server forces the bundled offline style (MAP_STYLE_URL=offline): the map renders and no request
//     leaves this machine;
//   - a server with MAP_STYLE_URL unset offers OpenFreeMap's public street style; this machine has no internet and
//     the specs make sure of it (every outside request is aborted or left unanswered), so the browser must fall back
//     to the offline style by itself and say so: when the style request fails, when it never answers, and when the
//     style loads but its tiles fail;
//   - a server with MAP_PMTILES serves its own street style over a PMTiles archive written by the test, with byte
//     ranges, and again nothing leaves this machine.
import { writeFileSync } from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { FALLBACK_NOTE } from "../../app/_components/map/style-fallback";
import { OPENFREEMAP_STYLE_URL } from "../../server/modules/maps/map-style";
import { squareTile } from "../../server/testing/mvt-square";
import { writePmtiles } from "../../server/testing/pmtiles-writer";
import { expect, test, type E2eAccount } from "../fixtures";
import { signIn } from "../support/dashboard";
import { startOwnServer, type OwnServer } from "../support/own-server";

// a test may start a server of its own before its first page
test.describe.configure({ timeout: 180_000 });

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

function isLocal(address: string): boolean {
  const url = new URL(address);
  return url.protocol === "data:" || url.protocol === "blob:" || LOCAL_HOSTS.has(url.hostname);
}

/** every request for an address outside this machine, as the page makes them */
function outsideRequests(page: Page): string[] {
  const outside: string[] = [];
  page.on("request", (request) => {
    if (!isLocal(request.url())) outside.push(request.url());
  });
  return outside;
}

/** the map's own console warnings ("map: ..."), to hold it to one per fallback */
function mapWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning" && message.text().startsWith("map:")) warnings.push(message.text());
  });
  return warnings;
}

/** No internet, for sure: every request outside this machine fails as if the network were down. Routes added
 *  later take precedence over this one. */
async function cutTheInternet(context: BrowserContext): Promise<void> {
  await context.route((url) => !isLocal(url.href), (route) => route.abort("internetdisconnected"));
}

async function openDashboard(page: Page, base: string, account: E2eAccount) {
  await page.goto(`${base}/a/${account.key}/dashboard`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page).toHaveURL(new RegExp(`/a/${account.key}/dashboard$`));
  return page.getByRole("region", { name: "Live map of the vehicles" });
}

test("the dashboard map renders with the forced offline style and no request leaves this machine", { tag: "@phone" }, async ({ page, account, baseURL }) => {
  const outside = outsideRequests(page);
  const land = page.waitForResponse((response) => response.url().endsWith("/map/land.geo.json"));
  const map = await openDashboard(page, baseURL!, account);
  await expect(map.locator("[data-map-ready=true]")).toBeVisible();
  await expect(map.locator("[data-map-style=offline]")).toBeAttached();
  expect((await land).status()).toBe(200);
  await expect(map.getByText(FALLBACK_NOTE)).toHaveCount(0);
  expect(outside).toEqual([]);
});

test.describe("with MAP_STYLE_URL unset and no internet", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer | undefined;

  test.beforeAll(async ({}, testInfo) => {
    // empty values unset whatever the runner's own environment holds
    server = await startOwnServer({ env: { MAP_STYLE_URL: "", MAP_PMTILES: "" }, logFile: testInfo.outputPath("default-style-server.log") });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  async function expectFallback(page: Page, base: string, account: E2eAccount, warnings: string[]) {
    const map = await openDashboard(page, base, account);
    await expect(map.getByRole("status").filter({ hasText: FALLBACK_NOTE })).toBeVisible();
    await expect(map.locator("[data-map-style=offline]")).toBeAttached();
    await expect(map.locator("[data-map-ready=true]")).toBeVisible();
    expect(warnings).toHaveLength(1);
  }

  test("the public street style is asked for, fails, and the offline map is shown with a note", async ({ page, context, account }) => {
    await cutTheInternet(context);
    const styleAsked = page.waitForRequest(OPENFREEMAP_STYLE_URL);
    const warnings = mapWarnings(page);
    await expectFallback(page, server!.url, account, warnings);
    await styleAsked;
    expect(warnings[0]).toMatch(/street map unavailable, showing the offline map: the style could not be loaded/);
  });

  test("a style request that never answers gives way to the offline map", async ({ page, context, account }) => {
    await cutTheInternet(context);
    // left unanswered: the request hangs as behind a silent firewall, until the map's deadline
    await context.route(OPENFREEMAP_STYLE_URL, () => {});
    const warnings = mapWarnings(page);
    await expectFallback(page, server!.url, account, warnings);
    expect(warnings[0]).toMatch(/the style did not load within/);
  });

  test("a style that loads but whose tiles all fail gives way to the offline map", async ({ page, context, account }) => {
    await cutTheInternet(context);
    // the style arrives; its tiles (on the same outside host) are cut like everything else
    await context.route(OPENFREEMAP_STYLE_URL, (route) =>
      route.fulfill({
        status: 200,
        headers: { "access-control-allow-origin": "*" },
        contentType: "application/json",
        body: JSON.stringify({
          version: 8,
          sources: { openmaptiles: { type: "vector", tiles: ["https://tiles.openfreemap.org/planet/{z}/{x}/{y}.pbf"], maxzoom: 14 } },
          layers: [
            { id: "background", type: "background", paint: { "background-color": "#f8f4f0" } },
            { id: "roads", type: "line", source: "openmaptiles", "source-layer": "transportation" },
          ],
        }),
      }),
    );
    const warnings = mapWarnings(page);
    await expectFallback(page, server!.url, account, warnings);
    expect(warnings[0]).toMatch(/its tiles could not be loaded/);
  });
});

test.describe("with MAP_PMTILES (self-hosted street map)", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer | undefined;

  test.beforeAll(async ({}, testInfo) => {
    // one zoom-0 tile whose Protomaps "earth" layer covers the world: the style draws land from this server's file
    const archive = testInfo.outputPath("basemap.pmtiles");
    writeFileSync(archive, writePmtiles({ tiles: [{ z: 0, x: 0, y: 0, data: squareTile("earth") }], bounds: [-180, -85, 180, 85] }));
    server = await startOwnServer({ env: { MAP_STYLE_URL: "", MAP_PMTILES: archive }, logFile: testInfo.outputPath("self-hosted-server.log") });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("the map shows this server's own style, read from the extract in byte ranges, and nothing leaves this machine", async ({ page, account }) => {
    const outside = outsideRequests(page);
    const warnings = mapWarnings(page);
    const ranges: number[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/map/basemap.pmtiles") ranges.push(response.status());
    });
    const style = page.waitForResponse((response) => new URL(response.url()).pathname === "/map/style.json");
    const map = await openDashboard(page, server!.url, account);
    await expect(map.locator("[data-map-ready=true]")).toBeVisible();
    await expect(map.locator("[data-map-style=self-hosted]")).toBeAttached();
    expect((await style).status()).toBe(200);
    // the header and root directory, then the tile: every answer a partial one
    await expect.poll(() => ranges.length).toBeGreaterThanOrEqual(2);
    expect(ranges.every((status) => status === 206)).toBe(true);
    await expect(map.getByText(FALLBACK_NOTE)).toHaveCount(0);
    expect(outside).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
