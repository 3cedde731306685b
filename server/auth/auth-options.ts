// next-auth configuration for the dashboard: e-mail + password (Credentials provider), sessions as signed JWT
// cookies carrying the user id. Built on demand, never at import time: `next build` imports route modules, and
// the signing secret only exists once the server (or the test setup) has resolved it.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "../env";
import { log } from "../log";
import { authenticateUser } from "../modules/users/authenticate-user";
import { RateLimitedError } from "../security/rate-limited-error";
import { authSecret } from "../security/auth-secret";
import { countSignInAttempt, refundSignInAttempt, signInAddress } from "./sign-in-limits";
import { SIGN_IN_RATE_LIMITED } from "./sign-in-rate-limited";

export const SIGN_IN_PATH = "/sign-in";

/** Dashboard sessions last 30 days and are re-signed at most once a day while in use. */
const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;
const SESSION_UPDATE_AGE_S = 24 * 60 * 60;

export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S, updateAge: SESSION_UPDATE_AGE_S },
    // Secure (__Secure-) cookies whenever the public address is https, whatever NEXTAUTH_URL says.
    useSecureCookies: env().PUBLIC_URL.startsWith("https:"),
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    providers: [
      CredentialsProvider({
        name: "E-mail and password",
        credentials: {
          email: { label: "E-mail", type: "email" },
          password: { label: "Password", type: "password" },
        },
        async authorize(credentials, request) {
          const email = credentials?.email?.trim();
          const password = credentials?.password;
          if (!email || !password) return null;
          const address = signInAddress(request?.headers);
          try {
            await countSignInAttempt({ email, address });
          } catch (error) {
            if (!(error instanceof RateLimitedError)) throw error;
            log("auth").warn({ ip: address }, "dashboard sign-in rate-limited");
            throw new Error(SIGN_IN_RATE_LIMITED);
          }
          // the process-wide argon2 queue may be full (a flood from many addresses): the same "wait" answer
          const user = await authenticateUser({ email, password }).catch((error: unknown) => {
            if (error instanceof RateLimitedError) throw new Error(SIGN_IN_RATE_LIMITED);
            throw error;
          });
          if (!user) {
            log("auth").info({ ip: address }, "dashboard sign-in refused");
            return null;
          }
          await refundSignInAttempt({ email, address });
          return { id: String(user.id), email: user.email, name: user.name };
        },
      }),
    ],
    callbacks: {
      // token.sub carries the user id (next-auth sets it from authorize()'s id) and authAt the sign-in time (ms),
      // which next-auth's daily re-signing keeps, so revoking a user's sessions (session-validity.ts) also ends
      // sessions that were re-signed after the sign-in. Nothing else is stored.
      jwt({ token, user }) {
        if (user) token.authAt = Date.now();
        return token;
      },
      session({ session, token }) {
        const authAt = typeof token.authAt === "number" ? token.authAt : null;
        return { ...session, user: { ...session.user, id: token.sub, authAt } };
      },
      // next-auth's own idea of our address is http://localhost:3000 unless NEXTAUTH_URL is set, so redirects
      // are built from PUBLIC_URL, and only to this origin. The dashboard navigates itself after sign-in and
      // sign-out (redirect: false); next-auth's client only parses this URL for an error parameter.
      redirect({ url }) {
        const origin = new URL(env().PUBLIC_URL).origin;
        try {
          const target = new URL(url, origin);
          return target.origin === origin ? target.toString() : origin;
        } catch {
          return origin;
        }
      },
    },
    logger: {
      error: (code, metadata) => log("auth").error({ code, metadata }, "next-auth error"),
      warn: (code) => {
        // Expected here: the origin comes from PUBLIC_URL, not NEXTAUTH_URL, and redirects are relative.
        if (code === "NEXTAUTH_URL") return;
        log("auth").warn({ code }, "next-auth warning");
      },
      debug: () => {},
    },
  };
}

/**
 * A callback target we will navigate to: a path on this origin, or null. The value is resolved the way the browser
 * will resolve it (the URL parser drops tabs and newlines and reads `\\` as `/`, so `/\t/evil.example` means
 * `//evil.example`) and kept only when it stays on this origin; what is returned is the parsed path, query and
 * fragment, never the raw text. Control characters and backslashes are refused outright.
 */
export function safeCallbackPath(value: string | null | undefined): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const origin = new URL(env().PUBLIC_URL).origin;
  try {
    const target = new URL(value, origin);
    if (target.origin !== origin) return null;
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return null;
  }
}
