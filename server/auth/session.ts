// The signed-in dashboard user, read from the next-auth JWT cookie. Server components, layouts and the tRPC route
// call this; nothing else decides who is signed in.
import { getServerSession } from "next-auth";
import { authOptions } from "./auth-options";

export interface SessionUser {
  id: number;
  name: string;
  email: string;
}

/** The user of the current request's session, or null when nobody is signed in (or the cookie is invalid). */
export async function getSessionUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions());
  const user = session?.user as { id?: string; name?: string | null; email?: string | null } | undefined;
  const id = Number(user?.id);
  if (!user || !Number.isSafeInteger(id) || id <= 0) return null;
  return { id, name: user.name ?? "", email: user.email ?? "" };
}
