// GET /docs/{file}: Swagger UI's own files, from node_modules/swagger-ui-dist (no CDN).
import { swaggerFile } from "@/server/http/swagger-ui";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, context: { params: Promise<{ file: string }> }): Promise<Response> {
  return swaggerFile((await context.params).file);
}
