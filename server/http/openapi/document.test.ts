// The OpenAPI 3.1 document: its structure, its security schemes, that every $ref resolves, and that every
// registration file in paths/ is listed (so a new endpoint cannot be forgotten).
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SCOPE_NAMES } from "../../modules/oauth/scopes";
import { WEBHOOK_EVENTS } from "../../modules/webhooks/webhook-events";
import { GET } from "../../../app/api/openapi.json/route";
import { buildOpenApiDocument } from "./document";
import { PATH_REGISTRATIONS } from "./paths";

const document = buildOpenApiDocument();

function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refs(item, out));
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string") out.push(child);
      else refs(child, out);
    }
  }
  return out;
}

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1 with the foundation's endpoints", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths ?? {})).toEqual(
      expect.arrayContaining(["/oauth/token", "/api/v1/user", "/api/{accountKey}/asset", "/api/{accountKey}/asset_map"]),
    );
    for (const [route, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item as Record<string, { responses?: object; summary?: string }>)) {
        expect(operation.summary, `${method} ${route}`).toBeTruthy();
        // every operation documents its success: 200, or 201 (created) / 202 (accepted, e.g. a webhook test) / 204 (deleted)
        expect(Object.keys(operation.responses ?? {}).some((status) => /^20[0124]$/.test(status)), `${method} ${route}`).toBe(true);
      }
    }
  });

  it("declares OAuth client credentials with every scope, API keys and viewer sessions", () => {
    const schemes = document.components?.securitySchemes as unknown as Record<string, Record<string, unknown>>;
    expect(schemes.oauth2).toMatchObject({
      type: "oauth2",
      flows: { clientCredentials: { tokenUrl: "/oauth/token" } },
    });
    const scopes = (schemes.oauth2!.flows as { clientCredentials: { scopes: object } }).clientCredentials.scopes;
    expect(Object.keys(scopes)).toEqual([...SCOPE_NAMES]);
    expect(schemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(schemes.viewerSession).toMatchObject({ type: "apiKey", in: "header", name: "X-Session-Token" });
    const list = (document.paths!["/api/{accountKey}/asset"] as { get: { security: unknown } }).get;
    expect(list.security).toEqual([{ oauth2: ["assets:read"] }]);
  });

  it("resolves every $ref to a component", () => {
    const schemas = document.components?.schemas ?? {};
    const all = refs(document);
    expect(all.length).toBeGreaterThan(5);
    for (const ref of all) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(schemas, ref).toHaveProperty(ref.replace("#/components/schemas/", ""));
    }
    expect(schemas).toHaveProperty("Asset");
    expect(schemas).toHaveProperty("Error");
    expect(schemas).toHaveProperty("Unauthenticated");
  });

  it("describes every webhook event a receiver gets, with its body", () => {
    const webhooks = (document as { webhooks?: Record<string, { post: { requestBody: { content: Record<string, { schema: { properties: object } }> } } }> }).webhooks ?? {};
    expect(Object.keys(webhooks)).toEqual([...WEBHOOK_EVENTS]);
    for (const event of WEBHOOK_EVENTS) {
      expect(Object.keys(webhooks[event]!.post.requestBody.content["application/json"]!.schema.properties)).toEqual(["id", "event", "created_at", "account_key", "data"]);
    }
  });

  it("lists every registration file of paths/ in paths/index.ts", () => {
    const folder = path.join(import.meta.dirname, "paths");
    const files = readdirSync(folder)
      .filter((file) => file.endsWith(".ts") && file !== "index.ts" && !file.endsWith(".test.ts"))
      .map((file) => file.replace(/\.ts$/, ""));
    expect(Object.keys(PATH_REGISTRATIONS).sort()).toEqual(files.sort());
  });

  it("is served at GET /api/openapi.json", async () => {
    const response = GET();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const served = await response.json();
    expect(served.openapi).toBe("3.1.0");
    expect(served.paths).toHaveProperty(["/oauth/token"]);
  });
});
