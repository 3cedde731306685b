// Node's http request and response to and from the Fetch API's Request and Response, for calling route handlers
// (written for Next.js's app router) from a plain Node HTTP server: the test nodes and benchmarks that run the real
// composition without Next.js (server/testing/public-tracking-routes.ts); test support, so it lives in server/testing/.
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";

const BODYLESS = new Set(["GET", "HEAD"]);

export function toFetchRequest(request: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = request.method ?? "GET";
  // the body stays a stream, as Next.js hands it to route handlers: the handler decides how much of it to read
  const body = BODYLESS.has(method) ? undefined : (Readable.toWeb(request) as ReadableStream<Uint8Array>);
  return new Request(`http://${request.headers.host ?? "localhost"}${request.url ?? "/"}`, {
    method,
    headers,
    body,
    duplex: "half",
  } as RequestInit);
}

export async function sendFetchResponse(response: Response, to: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  to.writeHead(response.status, headers);
  to.end(Buffer.from(await response.arrayBuffer()));
}
