// A real HTTP server in front of a Fetch-style handler (a route handler), for tests that need real sockets: request
// bodies arrive as streams the way Next.js hands them to routes. `bodyBytesRead` counts what the handler pulled from
// each request's body, so a test sees that a capped reader stopped early instead of buffering an upload.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sendFetchResponse, toFetchRequest } from "./fetch-bridge";

export interface FetchHandlerServer {
  url: string;
  /** body bytes the handler read from the latest request */
  bodyBytesRead(): number;
  close(): Promise<void>;
}

export async function serveFetchHandler(handler: (request: Request) => Promise<Response>): Promise<FetchHandlerServer> {
  let read = 0;
  const server: Server = createServer((request, response) => {
    read = 0;
    const incoming = toFetchRequest(request);
    // a pass-through that counts: it pulls one chunk at a time, only as the handler reads
    const counted = incoming.body?.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>(
        {
          transform(chunk, controller) {
            read += chunk.byteLength;
            controller.enqueue(chunk);
          },
        },
        { highWaterMark: 1 },
        { highWaterMark: 0 },
      ),
    );
    const forHandler = counted
      ? new Request(incoming, { body: counted, duplex: "half" } as RequestInit)
      : incoming;
    handler(forHandler)
      .then(async (answer) => {
        await sendFetchResponse(answer, response);
        // a body the handler refused to read is discarded, not left unread: closing a socket with unread bytes
        // resets the connection, and the client could lose the answer
        if (!request.complete) request.removeAllListeners("data").resume();
      })
      .catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bodyBytesRead: () => read,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface UploadAnswer {
  status: number;
  body: string;
}

/**
 * POSTs `total` bytes in `chunk`s with chunked transfer (no length declared, so the server cannot refuse it from
 * the headers), or with the `content-length` given in `headers`, and returns the answer.
 */
export function streamUpload(
  url: string,
  options: { headers: Record<string, string>; chunk: Uint8Array; total: number },
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: "POST", headers: options.headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
    });
    request.on("error", reject);
    let sent = 0;
    const pump = () => {
      while (sent < options.total) {
        sent += options.chunk.byteLength;
        if (!request.write(options.chunk)) return void request.once("drain", pump);
      }
      request.end();
    };
    pump();
  });
}
