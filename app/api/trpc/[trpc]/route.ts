// The dashboard's tRPC endpoint. The caller is whoever the next-auth session cookie says; procedures decide the rest.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { getSessionUser } from "@/server/auth/session";
import { log } from "@/server/log";
import { appRouter } from "@/server/trpc/root";

function handler(request: Request): Promise<Response> {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: request,
    router: appRouter,
    createContext: async () => ({ userId: (await getSessionUser())?.id ?? null }),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") log("trpc").error({ err: error.cause ?? error, path }, "procedure failed");
    },
    responseMeta: () => ({ headers: new Headers({ "cache-control": "no-store" }) }),
  });
}

export { handler as GET, handler as POST };
