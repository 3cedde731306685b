// The frame around every REST request: a request id (kept from X-Request-Id when sane, else new) on the response
// and on every log line, one access log line with status and duration, and error mapping. Only the path is logged,
// with a tracking link's uuid cut short (loggable-path.ts): never headers, query strings or bodies, which may carry
// tokens and keys.
import type { Logger } from "pino";
import { log } from "../log";
import { randomId } from "../security/random";
import { jsonResponse } from "./api-response";
import { loggablePath } from "./loggable-path";
import { mapError } from "./map-error";

export interface RequestFrame {
  requestId: string;
  log: Logger;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export async function runApiRequest(
  request: Request,
  handle: (frame: RequestFrame) => Promise<Response>,
  mapFailure: (error: unknown, logger: Logger) => Response = mapError,
): Promise<Response> {
  const started = performance.now();
  const incoming = request.headers.get("x-request-id");
  const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomId(16);
  const logger = log("http").child({ requestId });
  let response: Response;
  try {
    response = await handle({ requestId, log: logger });
  } catch (error) {
    response = mapFailure(error, logger);
  }
  response.headers.set("x-request-id", requestId);
  logger.info(
    {
      method: request.method,
      path: loggablePath(new URL(request.url).pathname),
      status: response.status,
      ms: Math.round(performance.now() - started),
    },
    "request",
  );
  return response;
}

/** Handler results: a Response is sent as is, anything else as a 200 JSON body. */
export function toResponse(result: unknown): Response {
  return result instanceof Response ? result : jsonResponse(result);
}
