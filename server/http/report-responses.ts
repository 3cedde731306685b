// How the report endpoints answer files, pages and jobs (docs/reports.md): a file with its content type and
// `content-disposition: attachment`, a JSON page as the engine made it (bytes, so a cached page is sent unchanged),
// and 202 with the job and its Location. Each names the cache outcome in x-fleetline-cache.
import { jsonResponse } from "./api-response";

export function reportFileResponse(file: { contentType: string; fileName: string; body: Uint8Array }, headers: Record<string, string> = {}): Response {
  const ascii = file.fileName.replace(/[^A-Za-z0-9._-]/g, "_");
  return new Response(new Uint8Array(file.body), {
    status: 200,
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.body.byteLength),
      "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      ...headers,
    },
  });
}

export function reportJobAccepted(accountKey: string, job: { id: number }): Response {
  return jsonResponse({ data: job }, { status: 202, headers: { location: `/api/${accountKey}/report-jobs/${job.id}` } });
}
