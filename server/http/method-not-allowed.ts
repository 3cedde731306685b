// A JSON 405 for methods a REST resource does not support, naming the ones it does (Allow), in the API's error
// shape rather than Next.js's empty default.
import { errorResponse } from "./api-response";

export function methodNotAllowed(allowed: readonly string[]) {
  return async (): Promise<Response> =>
    errorResponse(
      405,
      { message: `This resource supports ${allowed.join(", ")}.`, code: "METHOD_NOT_ALLOWED" },
      { allow: allowed.join(", ") },
    );
}
