// next-auth configuration for the dashboard: e-mail + password (Credentials provider), sessions as signed JWT
// cookies carrying the user id. Built on demand, never at import time: `next build` imports route modules, and
// the signing secret only exists once the server (or the test setup) has resolved it.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "../env";
import { log } from "../log";
import { authenticateUser } from "../modules/users/authenticate-user";
import { authSecret } from "../security/auth-secret";

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
        async authorize(credentials) {
          const email = credentials?.email?.trim();
          const password = credentials?.password;
          if (!email || !password) return null;
          const user = await authenticateUser({ email, password });
          if (!user) {
            log("auth").info("dashboard sign-in refused");
            return null;
          }
          return { id: String(user.id), email: user.email, name: user.name };
        },
      }),
    ],
    callbacks: {
      // token.sub carries the user id (next-auth sets it from authorize()'s id); nothing else is stored.
      session({ session, token }) {
        return { ...session, user: { ...session.user, id: token.sub } };
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

/** A callback target we will navigate to: a path on this origin, never `//host` or a scheme. */
export function isSafeCallbackPath(value: string | null | undefined): value is string {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\");
}
