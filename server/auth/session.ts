// The signed-in dashboard user, read from the next-auth JWT cookie and checked against the user's revocations.
// Server components, layouts and the tRPC route call this; nothing else decides who is signed in.
import { getServerSession } from "next-auth";
import { isSessionCurrent } from "../modules/users/session-validity";
import { authOptions } from "./auth-options";

export interface SessionUser {
  id: number;
  name: string;
  email: string;
}

/**
 * The user of the current request's session, or null when nobody is signed in, the cookie is invalid, or the
 * session was revoked (a password change, "sign out everywhere", the operator's CLI: session-validity.ts).
 */
export async function getSessionUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions());
  const user = session?.user as { id?: string; name?: string | null; email?: string | null; authAt?: number | null } | undefined;
  const id = Number(user?.id);
  if (!user || !Number.isSafeInteger(id) || id <= 0) return null;
  if (!(await isSessionCurrent({ userId: id, authAtMs: typeof user.authAt === "number" ? user.authAt : null }))) return null;
  return { id, name: user.name ?? "", email: user.email ?? "" };
}
