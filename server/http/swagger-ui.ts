// The local Swagger UI at /docs: its files come from the swagger-ui-dist package in node_modules (no CDN), served
// through a route handler from a fixed list, and an initializer pointing it at /api/openapi.json.
import { readFile } from "node:fs/promises";
import path from "node:path";

export const DOCS_PATH = "/docs";
export const OPENAPI_PATH = "/api/openapi.json";

const FILES: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
  "favicon-16x16.png": "image/png",
  "oauth2-redirect.html": "text/html; charset=utf-8",
  "oauth2-redirect.js": "text/javascript; charset=utf-8",
};

const INITIALIZER = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_PATH)},
    dom_id: "#swagger-ui",
    deepLinking: true,
    layout: "BaseLayout",
    oauth2RedirectUrl: window.location.origin + ${JSON.stringify(`${DOCS_PATH}/oauth2-redirect.html`)},
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Fleetline REST API</title>
  <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png">
  <style>body { margin: 0; } .swagger-ui .topbar { display: none; }</style>
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
  <script src="${DOCS_PATH}/init.js"></script>
</body>
</html>
`;

// Swagger UI sets inline styles; everything else comes from this origin.
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

export function swaggerPage(): Response {
  return new Response(PAGE, {
    headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": CSP, "cache-control": "no-cache" },
  });
}

/** One Swagger UI file by name; 404 for anything not on the list (no path traversal possible). */
export async function swaggerFile(name: string): Promise<Response> {
  if (name === "init.js") {
    return new Response(INITIALIZER, { headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" } });
  }
  const type = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
  if (!type) return new Response("Not found.", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const body = await readFile(path.join(swaggerUiDir(), name));
  return new Response(new Uint8Array(body), {
    headers: { "content-type": type, "cache-control": "public, max-age=86400", "x-content-type-options": "nosniff" },
  });
}

// node_modules of the project the server runs from (npm start and npm run dev run in the project root).
function swaggerUiDir(): string {
  return path.join(process.cwd(), "node_modules", "swagger-ui-dist");
}
