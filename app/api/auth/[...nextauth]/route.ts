// next-auth endpoints (/api/auth/csrf, /callback/credentials, /session, /signout, ...). Options are built per
// request because the signing secret exists only once the server has started. next-auth reads bodies without a
// limit, so a body is first read here under a 64 KiB cap (a sign-in form is a few hundred bytes): larger is 413.
import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { authOptions } from "@/server/auth/auth-options";
import { isAppError } from "@/server/errors";
import { KIB, withCappedBody } from "@/server/http/read-body";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

const MAX_AUTH_BODY_BYTES = 64 * KIB;

async function handler(request: Request, context: RouteContext): Promise<Response> {
  let capped: Request;
  try {
    capped = await withCappedBody(request, MAX_AUTH_BODY_BYTES);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return Response.json({ message: error.message, code: error.code }, { status: error.status });
  }
  const nextRequest = capped === request && request instanceof NextRequest ? request : new NextRequest(capped);
  return NextAuth(nextRequest as never, context as never, authOptions());
}

export { handler as GET, handler as POST };
