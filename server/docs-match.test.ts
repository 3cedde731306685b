// The docs describe what the code does (issue "docs that match the code"): every environment variable the server
// reads is in the README's table and in docs/configuration.md, and every REST route under app/api is in the OpenAPI
// document that integrators generate clients from. A variable or a route added without its documentation fails here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ZEnv } from "./env";
import { buildOpenApiDocument } from "./http/openapi/document";

const ROOT = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** app/api routes that are not part of the integrators' REST API, and why */
const NOT_IN_OPENAPI: Record<string, string> = {
  "/api/{}": "the JSON 404 for any unknown /api path",
  "/api/auth/{}": "the dashboard's sign-in (Auth.js), not an integration API",
  "/api/trpc/{}": "the dashboard's own tRPC calls",
  "/api/openapi.json": "the document itself",
  "/api/driver/session": "the driver phone page's own calls (cookie session; docs/messaging.md)",
  "/api/driver/messages": "the driver phone page's own calls (cookie session; docs/messaging.md)",
  "/api/driver/receipts": "the driver phone page's own calls (cookie session; docs/messaging.md)",
};

/** every route.ts under app/api as an OpenAPI-style path with its parameters blanked: /api/{}/asset/{}/history */
function appApiRoutes(dir = path.join(ROOT, "app/api"), prefix = "/api"): string[] {
  const routes: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name === "route.ts") routes.push(prefix);
    if (entry.isDirectory()) {
      const segment = entry.name.startsWith("[") ? "{}" : entry.name;
      routes.push(...appApiRoutes(path.join(dir, entry.name), `${prefix}/${segment}`));
    }
  }
  return routes;
}

const blankParameters = (openApiPath: string) => openApiPath.replace(/\{[^}]+\}/g, "{}");

describe("the docs match the code", () => {
  const variables = Object.keys(ZEnv.in.shape);

  it("reads the variables from the environment schema", () => {
    expect(variables).toContain("DATABASE_URL");
  });

  it.each(variables)("documents %s in the README's table and in docs/configuration.md", (name) => {
    expect(read("README.md")).toMatch(new RegExp(`^\\| \`${name}\` \\|`, "m"));
    expect(read("docs/configuration.md")).toContain(`\`${name}\``);
  });

  it("describes every REST route under app/api in the OpenAPI document", () => {
    const documented = new Set(Object.keys(buildOpenApiDocument().paths ?? {}).map(blankParameters));
    const routes = appApiRoutes();
    expect(routes.length).toBeGreaterThan(10);
    const missing = routes.filter((route) => !documented.has(route) && !(route in NOT_IN_OPENAPI));
    expect(missing).toEqual([]);
  });
});
