// One file over HTTP with byte ranges (RFC 9110 "Range Requests"), for readers that fetch parts of a large file,
// such as the browser's PMTiles reader asking for a header, a directory or one tile at a time:
//   - `Range: bytes=a-b | a- | -n` answers 206 with Content-Range; one range per request (a multipart answer is
//     never needed by these readers), anything unsatisfiable or malformed answers 416 with `bytes */size`;
//   - no Range answers 200 with the whole file; If-Range that does not match the current file does the same;
//   - a strong ETag (size and modification time) and Last-Modified, so readers notice a replaced file, and
//     If-None-Match answers 304;
//   - HEAD answers the same headers without a body.
// The body streams from disk, so a large extract never sits in memory.
import { createReadStream, type Stats } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";

export interface RangedFile {
  path: string;
  contentType: string;
  cacheControl: string;
}

type ByteRange = { start: number; end: number }; // inclusive

const RANGE = /^bytes=(\d*)-(\d*)$/;

/** the one range asked for, clamped to the file; "unsatisfiable" for anything we cannot answer with it */
function parseRange(header: string, size: number): ByteRange | "unsatisfiable" {
  const match = RANGE.exec(header.trim());
  if (!match) return "unsatisfiable";
  const [, first, last] = match as unknown as [string, string, string];
  if (first === "" && last === "") return "unsatisfiable";
  if (first === "") {
    // the last n bytes
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || start > end || !Number.isSafeInteger(start)) return "unsatisfiable";
  return { start, end };
}

function etagOf(stats: Stats): string {
  return `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
}

function body(path: string, range: ByteRange | null, method: string): BodyInit | null {
  if (method === "HEAD") return null;
  const stream = createReadStream(path, range ?? {});
  return Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>;
}

export async function serveRangedFile(request: Request, file: RangedFile): Promise<Response> {
  let stats: Stats;
  try {
    stats = await stat(file.path);
  } catch {
    return new Response("Not found.", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  const etag = etagOf(stats);
  const lastModified = stats.mtime.toUTCString();
  const headers: Record<string, string> = {
    "accept-ranges": "bytes",
    "content-type": file.contentType,
    "cache-control": file.cacheControl,
    etag,
    "last-modified": lastModified,
    "x-content-type-options": "nosniff",
  };

  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*")) {
    return new Response(null, { status: 304, headers });
  }

  const rangeHeader = request.headers.get("range");
  const ifRange = request.headers.get("if-range");
  // If-Range: the range is meant for one version of the file; for any other the whole file is the answer
  const rangeApplies = rangeHeader !== null && (ifRange === null || ifRange === etag || ifRange === lastModified);
  if (!rangeApplies) {
    return new Response(body(file.path, null, request.method), {
      status: 200,
      headers: { ...headers, "content-length": String(stats.size) },
    });
  }

  const range = parseRange(rangeHeader, stats.size);
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${stats.size}` } });
  }
  return new Response(body(file.path, range, request.method), {
    status: 206,
    headers: {
      ...headers,
      "content-length": String(range.end - range.start + 1),
      "content-range": `bytes ${range.start}-${range.end}/${stats.size}`,
    },
  });
}
