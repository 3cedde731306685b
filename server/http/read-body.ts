// Reading a request body with a byte cap. A declared Content-Length above the cap is refused before a byte is read;
// a body without one (chunked) or one that lies is read chunk by chunk and the stream is cancelled as soon as the
// total passes the cap, so an oversized upload never costs more than `maxBytes` of memory. Both answer 413.
import { AppError } from "../errors";

export const KIB = 1024;
export const MIB = 1024 * KIB;

export function payloadTooLarge(maxBytes: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than ${describeBytes(maxBytes)}.`);
}

export interface ReadBodyOptions {
  /**
   * sees every chunk as it arrives, before the next is read; what it throws stops the read at once and is thrown,
   * the rest of the upload unread (the import rows call counts rows this way: 413 from the first rows over the cap)
   */
  inspect?: (chunk: Uint8Array) => void;
}

/** The body's bytes, at most `maxBytes` of them; throws PAYLOAD_TOO_LARGE (413) past that. */
export async function readBodyBytes(request: Request, maxBytes: number, options: ReadBodyOptions = {}): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) throw payloadTooLarge(maxBytes);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    try {
      if (total > maxBytes) throw payloadTooLarge(maxBytes);
      options.inspect?.(value);
    } catch (error) {
      // stop pulling: the rest of the upload waits in the socket (backpressure) and is never buffered. Cancelling
      // instead would destroy the connection under Node's HTTP server before the 413 could be sent.
      reader.releaseLock();
      throw error;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * The same request with its body read under the cap and held in memory, for handlers that read bodies themselves
 * without a limit (tRPC's and next-auth's adapters). Bodyless methods pass through unchanged.
 */
export async function withCappedBody(request: Request, maxBytes: number): Promise<Request> {
  if (request.method === "GET" || request.method === "HEAD") return request;
  const body = await readBodyBytes(request, maxBytes);
  return new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal });
}

/** The body as UTF-8 text, capped like `readBodyBytes` (the cap counts bytes, not characters). */
export async function readBodyText(request: Request, maxBytes: number, options: ReadBodyOptions = {}): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(request, maxBytes, options));
}

function describeBytes(bytes: number): string {
  if (bytes % MIB === 0) return `${bytes / MIB} MiB`;
  if (bytes % KIB === 0) return `${bytes / KIB} KiB`;
  return `${bytes} bytes`;
}
