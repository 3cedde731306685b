// The signed-in dashboard user of a plain fetch Request, read from the next-auth JWT cookie itself. getSessionUser
// (session.ts) needs Next's request scope (next/headers); route handlers that are also served without Next.js (the
// custom server's test routes, /broadcasting/auth) use this. Same checks: a valid signature, a user id, and a session
// not revoked (sessions_valid_after, session-validity.ts).
import { decode } from "next-auth/jwt";
import { authSecret } from "../security/auth-secret";
import { isSessionCurrent } from "../modules/users/session-validity";

/** next-auth's session cookie, plain and __Secure- (https); chunked as `.0`, `.1`, ... when over 4 kB */
const COOKIE_NAMES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

function readCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    try {
      cookies.set(name, decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      // a malformed value is no session
    }
  }
  return cookies;
}

function sessionToken(cookies: Map<string, string>): string | null {
  for (const name of COOKIE_NAMES) {
    const whole = cookies.get(name);
    if (whole) return whole;
    const chunks: string[] = [];
    for (let i = 0; cookies.has(`${name}.${i}`); i++) chunks.push(cookies.get(`${name}.${i}`)!);
    if (chunks.length > 0) return chunks.join("");
  }
  return null;
}

/** the user id of the request's dashboard session, or null (no cookie, a bad or expired one, a revoked session) */
export async function sessionUserIdFromRequest(request: Request): Promise<number | null> {
  const token = sessionToken(readCookies(request.headers.get("cookie")));
  if (!token || token.length > 16_384) return null;
  const claims = await decode({ token, secret: authSecret() }).catch(() => null);
  const id = Number(claims?.sub);
  if (!claims || !Number.isSafeInteger(id) || id <= 0) return null;
  const authAt = typeof claims.authAt === "number" ? claims.authAt : null;
  return (await isSessionCurrent({ userId: id, authAtMs: authAt })) ? id : null;
}
