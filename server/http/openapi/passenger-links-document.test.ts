// The OpenAPI document describes the passenger-link calls: send-welcome, rotate-link, occurrences and a run in
// full under an API key, the day's run and opt-out under a viewer session, each with the statuses its handler answers.
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./document";

const paths = buildOpenApiDocument().paths as Record<string, Record<string, { security: unknown; responses: Record<string, unknown> }>>;

describe("OpenAPI: passenger links", () => {
  it.each([
    ["post", "/api/{accountKey}/public-tracking/passengers/send-welcome", "apiKey", ["200", "401", "403", "404", "422", "429", "503"]],
    ["post", "/api/{accountKey}/public-tracking/passengers/{passengerId}/rotate-link", "apiKey", ["200", "401", "403", "404", "429"]],
    ["get", "/api/{accountKey}/public-tracking/routes/{routeId}/occurrences", "apiKey", ["200", "401", "403", "404", "422"]],
    ["get", "/api/{accountKey}/public-tracking/runs/{runId}", "apiKey", ["200", "401", "403", "404"]],
    ["get", "/api/public/tracking/{uuid}/run", "viewerSession", ["200", "401", "403", "410", "429"]],
    ["post", "/api/public/tracking/{uuid}/opt-out", "viewerSession", ["200", "401", "403", "404", "429"]],
  ])("registers %s %s", (method, path, scheme, statuses) => {
    const operation = paths[path]?.[method];
    expect(operation).toBeDefined();
    expect(operation!.security).toEqual([{ [scheme]: [] }]);
    expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(statuses));
  });
});
