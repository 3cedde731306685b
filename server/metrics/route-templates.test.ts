// The route label of the API request metrics: one value per route handler file in app/, matched as Next.js matches
// (static before dynamic before catch-all), so ids and account keys never become label values.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { routeMatcher, UNMATCHED_ROUTE } from "./route-templates";

const root = mkdtempSync(path.join(tmpdir(), "fleetline-routes-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function routes(...files: string[]): string {
  const dir = mkdtempSync(path.join(root, "app-"));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), "export {};\n");
  }
  return dir;
}

describe("routeMatcher", () => {
  it("matches the project's own API routes by template", () => {
    const match = routeMatcher(path.resolve("app"));
    expect(match("/api/v1/acme/imports/17")).toBe("/api/v1/[accountKey]/imports/[jobId]");
    expect(match("/api/v1/acme/imports/targets")).toBe("/api/v1/[accountKey]/imports/targets");
    expect(match("/api/v1/user")).toBe("/api/v1/user");
    expect(match("/api/acme/asset/4/history")).toBe("/api/[accountKey]/asset/[assetId]/history");
    expect(match("/api/trpc/asset.list,asset.get")).toBe("/api/trpc/[trpc]");
    expect(match("/api/no/such/thing/here")).toBe("/api/[...unknown]");
    expect(match("/oauth/token")).toBe("/oauth/token");
    expect(match("/map/style.json")).toBe("/map/style.json");
    expect(match("/docs/api.md")).toBe("/docs/[file]");
    expect(match("/a/acme/dashboard")).toBe(UNMATCHED_ROUTE); // a page
  });

  it("prefers a static segment, then a dynamic one, then a catch-all, backtracking like Next.js", () => {
    const match = routeMatcher(
      routes(
        "api/v1/user/route.ts",
        "api/v1/[key]/route.ts",
        "api/v1/[key]/items/[id]/route.ts",
        "api/files/[...path]/route.ts",
        "api/docs/[[...slug]]/route.js",
        "api/(group)/grouped/route.ts",
        "api/_private/route.ts",
      ),
    );
    expect(match("/api/v1/user")).toBe("/api/v1/user");
    expect(match("/api/v1/acme")).toBe("/api/v1/[key]");
    expect(match("/api/v1/user/items/3")).toBe("/api/v1/[key]/items/[id]");
    expect(match("/api/files/a/b/c")).toBe("/api/files/[...path]");
    expect(match("/api/files")).toBe(UNMATCHED_ROUTE);
    expect(match("/api/docs")).toBe("/api/docs/[[...slug]]");
    expect(match("/api/docs/x/y")).toBe("/api/docs/[[...slug]]");
    expect(match("/api/grouped")).toBe("/api/grouped");
    expect(match("/api/_private")).toBe(UNMATCHED_ROUTE);
    expect(match("/api/v1/acme/other")).toBe(UNMATCHED_ROUTE);
  });

  it("matches nothing when there is no app directory", () => {
    expect(routeMatcher(path.join(root, "missing"))("/api/v1/user")).toBe(UNMATCHED_ROUTE);
  });
});
