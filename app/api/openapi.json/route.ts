// GET /api/openapi.json: the OpenAPI 3.1 document (server/http/openapi/).
import { openApiDocument } from "@/server/http/openapi/document";

export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json(openApiDocument(), { headers: { "cache-control": "public, max-age=300" } });
}
