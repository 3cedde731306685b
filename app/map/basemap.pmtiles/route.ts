// GET/HEAD /map/basemap.pmtiles: the MAP_PMTILES extract, read by the browser's PMTiles reader in byte ranges
// (header, directories, one tile at a time). 404 when no extract is configured. The file is served as it is on disk;
// this server never fetches map data from anywhere.
import { env } from "@/server/env";
import { serveRangedFile } from "@/server/http/ranged-file";

export const dynamic = "force-dynamic";

/** a day: an extract changes rarely, and the ETag tells readers when it did */
const CACHE_CONTROL = "public, max-age=86400";
/** not compressible by Next (compressing would break byte ranges), and tiles inside may be compressed already */
const CONTENT_TYPE = "application/octet-stream";

export async function GET(request: Request): Promise<Response> {
  const file = env().MAP_PMTILES;
  if (!file) return new Response("Not found.", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return serveRangedFile(request, { path: file, contentType: CONTENT_TYPE, cacheControl: CACHE_CONTROL });
}

export const HEAD = GET;
