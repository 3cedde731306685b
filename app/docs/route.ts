// GET /docs: the local Swagger UI for /api/openapi.json.
import { swaggerPage } from "@/server/http/swagger-ui";

export const dynamic = "force-dynamic";

export function GET(): Response {
  return swaggerPage();
}
