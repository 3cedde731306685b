// The dashboard's tRPC endpoint over HTTP (app/api/trpc). Three limits come before any procedure runs: requests are
// rate-limited per signed-in user (per address when anonymous), a POST body is read with a byte cap (413
// PAYLOAD_TOO_LARGE, never buffered past the cap), and a batch holds at most TRPC_MAX_BATCH_SIZE calls (400), so one
// request cannot fan out into any number of heavy queries. The dashboard's batch link sends no more than that.
import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { isAppError } from "../errors";
import { mapError } from "../http/map-error";
import { rateLimiter, type RateLimit } from "../security/rate-limit";
import { RateLimitedError } from "../security/rate-limited-error";
import { withCappedBody } from "../http/read-body";
import { clientAddressKey } from "../http/client-address-key";
import { clientIp } from "../http/request-input";
import { IMPORT_LIMITS } from "../modules/imports/imports.schema";
import { log } from "../log";
import { appRouter } from "./root";
import type { TrpcContext } from "./trpc";

export const TRPC_ENDPOINT = "/api/trpc";
export const TRPC_MAX_BATCH_SIZE = 10;
/** the import page sends up to 5,000 mapped rows in one call: the same cap as the REST rows endpoint */
export const TRPC_MAX_BODY_BYTES = IMPORT_LIMITS.maxBodyBytes;
/** HTTP requests (a batch counts once) per user a minute: a busy dashboard makes a few dozen */
export const TRPC_RATE_LIMIT: RateLimit = { name: "trpc", points: 300, duration: 60 };

const limiter = rateLimiter(TRPC_RATE_LIMIT);

export async function handleTrpcRequest(request: Request, createContext: () => Promise<TrpcContext>): Promise<Response> {
  let req: Request;
  try {
    req = await withCappedBody(request, TRPC_MAX_BODY_BYTES);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return mapError(error, log("trpc"));
  }
  let retryAfter: number | null = null;
  return fetchRequestHandler({
    endpoint: TRPC_ENDPOINT,
    req,
    router: appRouter,
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    // the budget is spent in the context, so an exceeded one is a tRPC error the dashboard can show (429)
    async createContext() {
      const context = await createContext();
      try {
        await limiter.consume(context.userId !== null ? `user:${context.userId}` : `ip:${clientAddressKey(clientIp(request))}`);
      } catch (error) {
        if (!(error instanceof RateLimitedError)) throw error;
        retryAfter = error.retryAfterSeconds;
        throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: error.message, cause: error });
      }
      return context;
    },
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") log("trpc").error({ err: error.cause ?? error, path }, "procedure failed");
    },
    responseMeta: () => {
      const headers = new Headers({ "cache-control": "no-store" });
      if (retryAfter !== null) headers.set("retry-after", String(retryAfter));
      return { headers };
    },
  });
}
