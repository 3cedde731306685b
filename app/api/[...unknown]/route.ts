// Any /api/... path no route handles: a JSON 404 in the API's error shape, not the dashboard's HTML page.
import { errorResponse } from "@/server/http/api-response";

export const dynamic = "force-dynamic";

function notFound(): Response {
  return errorResponse(404, { message: "Not found.", code: "NOT_FOUND" });
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
