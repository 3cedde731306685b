// The OpenAPI 3.1 document of the REST API, generated from the same zod schemas the handlers validate with. Built
// once per process on first request (GET /api/openapi.json).
import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { registerCommon } from "./common";
import { PATH_REGISTRATIONS } from "./paths";

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

export function buildOpenApiDocument(options: { serverUrl?: string } = {}): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registerCommon(registry);
  for (const register of Object.values(PATH_REGISTRATIONS)) register(registry);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Fleetline REST API",
      version: "1.0.0",
      description:
        "Fleet telematics REST API. Authenticate with OAuth 2.0 client credentials at /oauth/token and send " +
        "`Authorization: Bearer <token>`. Errors are `{message, code, errors?}`; 401 is `{\"message\": \"Unauthenticated.\"}`. " +
        "See docs/api.md for scopes, pagination and rate limits.",
      license: { name: "AGPL-3.0-or-later", identifier: "AGPL-3.0-or-later" },
    },
    servers: [{ url: options.serverUrl ?? "/" }],
    tags: [
      { name: "Authentication", description: "Tokens and identity." },
      { name: "Assets", description: "Vehicles and their trackers." },
      { name: "Public tracking", description: "Viewers without an account following a vehicle through a tracking link." },
      { name: "Passenger links", description: "School transport: passengers' own links, welcome messages, routes' runs (API key)." },
      { name: "Webhooks", description: "Passenger-link activity pushed to your receivers (docs/webhooks.md); API keys." },
      { name: "Transit feeds", description: "Routes and runs as GTFS and GTFS-realtime for journey planners (docs/gtfs.md); API keys or routes:read." },
    ],
  });
}

const store = globalThis as unknown as { __fleetlineOpenApi?: Map<string, OpenApiDocument> };

export function openApiDocument(serverUrl = "/"): OpenApiDocument {
  const cache = (store.__fleetlineOpenApi ??= new Map());
  let document = cache.get(serverUrl);
  if (!document) {
    document = buildOpenApiDocument({ serverUrl });
    cache.set(serverUrl, document);
  }
  return document;
}
