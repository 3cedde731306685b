// The dashboard's tRPC endpoint. The caller is whoever the next-auth session cookie says; procedures decide the rest.
// Body and batch limits live in server/trpc/http-handler.ts.
import { getSessionUser } from "@/server/auth/session";
import { handleTrpcRequest } from "@/server/trpc/http-handler";

function handler(request: Request): Promise<Response> {
  return handleTrpcRequest(request, async () => ({ userId: (await getSessionUser())?.id ?? null }));
}

export { handler as GET, handler as POST };
