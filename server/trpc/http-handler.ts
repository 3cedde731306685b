// The dashboard's tRPC endpoint over HTTP (app/api/trpc). Before any procedure runs, and before a byte of a POST body
// is read:
//   1. a POST must come from this server's own pages (Origin, else Sec-Fetch-Site; server/http/request-origin.ts):
//      403 otherwise, so another site cannot make a signed-in browser change anything (SameSite=Lax session cookies
//      are the second defence);
//   2. the caller is read from the session cookie (a JWT decoded locally, no database), and its request budget is
//      spent: per signed-in user, per address when anonymous (429);
//   3. the body is read with a byte cap: 8 MiB for a signed-in caller (the import page sends up to 5,000 mapped rows),
//      4 KiB for an anonymous one, who can call nothing (every procedure needs a session; sign-in is next-auth's own
//      route): an anonymous body over it is answered 401 unread, a signed-in one 413 PAYLOAD_TOO_LARGE. Never
//      buffered past the cap.
// A batch holds at most TRPC_MAX_BATCH_SIZE calls (400), so one request cannot fan out into any number of heavy
// queries. The dashboard's batch link sends no more than that. Refusals are tRPC errors, so the dashboard shows them.
import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { env } from "../env";
import { isAppError } from "../errors";
import { mapError } from "../http/map-error";
import { KIB, withCappedBody } from "../http/read-body";
import { clientIp } from "../http/request-input";
import { crossSiteReason } from "../http/request-origin";
import { rateLimiter, type RateLimit } from "../security/rate-limit";
import { RateLimitedError } from "../security/rate-limited-error";
import { clientAddressKey } from "../http/client-address-key";
import { IMPORT_LIMITS } from "../modules/imports/imports.schema";
import { log } from "../log";
import { appRouter } from "./root";
import type { TrpcContext } from "./trpc";

export const TRPC_ENDPOINT = "/api/trpc";
export const TRPC_MAX_BATCH_SIZE = 10;
/** the import page sends up to 5,000 mapped rows in one call: the same cap as the REST rows endpoint */
export const TRPC_MAX_BODY_BYTES = IMPORT_LIMITS.maxBodyBytes;
/** no procedure answers an anonymous caller; a small body still gets the procedure's own "Sign in first." */
export const TRPC_MAX_ANONYMOUS_BODY_BYTES = 4 * KIB;
/** HTTP requests (a batch counts once) per user a minute: a busy dashboard makes a few dozen */
export const TRPC_RATE_LIMIT: RateLimit = { name: "trpc", points: 300, duration: 60 };

const limiter = rateLimiter(TRPC_RATE_LIMIT);

/** the request without its body, for answers that must not read it */
const bodiless = (request: Request) => new Request(request.url, { method: request.method, headers: request.headers, signal: request.signal });

export async function handleTrpcRequest(request: Request, createContext: () => Promise<TrpcContext>): Promise<Response> {
  let retryAfter: number | null = null;
  /** every call of the request fails with `refusal`, or runs with `context` */
  const answer = (req: Request, outcome: { refusal: TRPCError } | { context: TrpcContext }) =>
    fetchRequestHandler({
      endpoint: TRPC_ENDPOINT,
      req,
      router: appRouter,
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      async createContext() {
        if ("refusal" in outcome) throw outcome.refusal;
        return outcome.context;
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

  if (request.method === "POST") {
    const crossSite = crossSiteReason(request, env());
    if (crossSite !== null) {
      log("trpc").warn({ origin: request.headers.get("origin"), site: request.headers.get("sec-fetch-site") }, "cross-site request refused");
      return answer(bodiless(request), { refusal: new TRPCError({ code: "FORBIDDEN", message: crossSite }) });
    }
  }
  const context = await createContext();
  try {
    await limiter.consume(context.userId !== null ? `user:${context.userId}` : `ip:${clientAddressKey(clientIp(request))}`);
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    retryAfter = error.retryAfterSeconds;
    return answer(bodiless(request), { refusal: new TRPCError({ code: "TOO_MANY_REQUESTS", message: error.message, cause: error }) });
  }
  const anonymous = context.userId === null;
  let req: Request;
  try {
    req = await withCappedBody(request, anonymous ? TRPC_MAX_ANONYMOUS_BODY_BYTES : TRPC_MAX_BODY_BYTES);
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (anonymous && error.code === "PAYLOAD_TOO_LARGE") {
      return answer(bodiless(request), { refusal: new TRPCError({ code: "UNAUTHORIZED", message: "Sign in first." }) });
    }
    return mapError(error, log("trpc"));
  }
  return answer(req, { context });
}
