// /api/driver/session: the driver phone page signs in (POST: a link's token, or login and PIN; sets the session
// cookie), reads who is signed in (GET) and signs out (DELETE). docs/messaging.md "The driver page".
import { z } from "zod";
import { jsonResponse } from "@/server/http/api-response";
import { clientAddressKey } from "@/server/http/client-address-key";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { clientIp, readJson } from "@/server/http/request-input";
import { runApiRequest } from "@/server/http/run-api-request";
import { assertSameSite } from "@/server/http/assert-same-site";
import { driverSessionCookie, withDriverSession } from "@/server/http/with-driver-session";
import { endDriverSession } from "@/server/modules/messages/end-driver-session";
import { signInDriverWithLink, signInDriverWithPin } from "@/server/modules/messages/sign-in-driver";
import { rateLimiter } from "@/server/security/rate-limit";

export const dynamic = "force-dynamic";

/** sign-in attempts per client address (links and PINs together); PINs also lock per driver */
const DRIVER_SIGN_IN_LIMIT = { name: "driver-sign-in", points: 10, duration: 60 };

const ZSignIn = z.union([
  z.object({ account_key: z.string().min(1).max(100), token: z.string().min(1).max(128) }).strict(),
  z.object({ account_key: z.string().min(1).max(100), login: z.string().min(1).max(200), pin: z.string().min(1).max(20) }).strict(),
]);

export async function POST(request: Request): Promise<Response> {
  const limiter = rateLimiter(DRIVER_SIGN_IN_LIMIT);
  return runApiRequest(request, async () => {
    await limiter.consume(clientAddressKey(clientIp(request)));
    assertSameSite(request);
    const body = await readJson(request, ZSignIn);
    const session =
      "token" in body
        ? await signInDriverWithLink({ accountKey: body.account_key, token: body.token })
        : await signInDriverWithPin({ accountKey: body.account_key, login: body.login, pin: body.pin });
    return jsonResponse({ signed_in: true }, { headers: { "set-cookie": driverSessionCookie(request, session), "cache-control": "no-store" } });
  });
}

export const GET = withDriverSession(async ({ session }) => ({
  driver: { id: session.driverId, name: session.driverName, account_key: session.accountKey },
}));

export const DELETE = withDriverSession(async ({ request, session }) => {
  await endDriverSession(session.sessionId);
  return new Response(null, { status: 204, headers: { "set-cookie": driverSessionCookie(request, null) } });
});

export const PUT = methodNotAllowed(["GET", "POST", "DELETE"]);
export const PATCH = PUT;
