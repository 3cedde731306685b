// GET /metrics (docs/operations.md "Metrics"): the Prometheus text exposition of this node's metrics, answered by the
// custom server before Next.js (which would answer its 404 page), for the clients metrics-access.ts lets in.
import type { IncomingMessage, ServerResponse } from "node:http";
import { log } from "../log";
import { metricsAccess } from "./metrics-access";
import { metrics } from "../metrics/registry";

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...headers }).end(JSON.stringify(body));
}

export async function respondMetrics(
  request: IncomingMessage,
  response: ServerResponse,
  options: { token?: string; trustProxy: boolean },
): Promise<void> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return json(response, 405, { message: "Use GET.", code: "METHOD_NOT_ALLOWED" }, { allow: "GET, HEAD" });
  }
  const access = metricsAccess(request, options);
  if (!access.allowed) return json(response, access.status, access.body, access.headers);
  const { registry } = metrics();
  try {
    const text = await registry.metrics();
    response.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" });
    response.end(request.method === "HEAD" ? undefined : text);
  } catch (error) {
    log("metrics").error({ err: error }, "metrics not collected");
    json(response, 500, { message: "Metrics could not be collected.", code: "INTERNAL" });
  }
}
