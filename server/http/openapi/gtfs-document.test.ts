// The OpenAPI document describes the transit feeds: either credential (OAuth with routes:read, or an API key), the
// protobuf and JSON answers of the realtime feed, the zip and its 304, and the statuses the handlers answer.
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./document";

const paths = buildOpenApiDocument().paths as Record<string, Record<string, { security: unknown; responses: Record<string, { content?: object }> }>>;

describe("OpenAPI: transit feeds", () => {
  it.each([
    ["/api/{accountKey}/public-tracking/gtfs-realtime", ["application/x-protobuf", "application/json"], ["200", "401", "403", "404", "422", "429"]],
    ["/api/{accountKey}/public-tracking/gtfs.zip", ["application/zip"], ["200", "304", "401", "403", "404", "429"]],
  ])("registers GET %s", (path, types, statuses) => {
    const operation = paths[path]?.get;
    expect(operation).toBeDefined();
    expect(operation!.security).toEqual([{ oauth2: ["routes:read"] }, { apiKey: [] }]);
    expect(Object.keys(operation!.responses["200"]!.content ?? {})).toEqual(types);
    expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(statuses));
  });
});
