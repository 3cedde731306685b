// Node's http request and response to and from the Fetch API's Request and Response, for calling route handlers
// (written for Next.js's app router) from a plain Node HTTP server: the test nodes and benchmarks that run the real
// composition without Next.js (server/testing/public-tracking-routes.ts).
import type { IncomingMessage, ServerResponse } from "node:http";

const BODYLESS = new Set(["GET", "HEAD"]);

export async function toFetchRequest(request: IncomingMessage): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = request.method ?? "GET";
  let body: Buffer | undefined;
  if (!BODYLESS.has(method)) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    body = Buffer.concat(chunks);
  }
  return new Request(`http://${request.headers.host ?? "localhost"}${request.url ?? "/"}`, {
    method,
    headers,
    body: body ? new Uint8Array(body) : undefined,
  });
}

export async function sendFetchResponse(response: Response, to: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  to.writeHead(response.status, headers);
  to.end(Buffer.from(await response.arrayBuffer()));
}
