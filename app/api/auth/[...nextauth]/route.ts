// next-auth endpoints (/api/auth/csrf, /callback/credentials, /session, /signout, ...). Options are built per
// request because the signing secret exists only once the server has started.
import NextAuth from "next-auth";
import { authOptions } from "@/server/auth/auth-options";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, context: RouteContext): Promise<Response> {
  return NextAuth(request as never, context as never, authOptions());
}

export { handler as GET, handler as POST };
