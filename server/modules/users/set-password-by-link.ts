// A person uses a one-time link (user-links.ts) to choose a password: a forgotten one, or their first. The link is
// spent in the same transaction that stores the password, so it works once even when clicked twice at once; every
// other link of the person goes too. A reset then ends every session of the person, as a password change does: if
// somebody else was signed in with the old password, they are out.
import { z } from "zod";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { hashSecret } from "../../security/hashing";
import type { RateLimit } from "../../security/rate-limit";
import { parseInput } from "../parse-input";
import { revokeUserSessions } from "./revoke-user-sessions";
import { findUserLink, type UserLinkPurpose } from "./user-links";
import { ZPassword } from "./users.schema";

/** each try hashes a password (argon2): the form's budget per client address, as sign-in has one */
export const SET_PASSWORD_RATE_LIMIT: RateLimit = { name: "set-password-ip", points: 10, duration: 60 };

const ZSetPassword = z.object({ token: z.string().max(200), password: ZPassword });

export const LINK_NOT_VALID = "This link is not valid any more: it was used, it expired, or a newer one was sent. Ask for a new one.";

export async function setPasswordByLink(input: { token: unknown; password: unknown; now?: Date }): Promise<{ email: string; purpose: UserLinkPurpose }> {
  const { token, password } = parseInput(ZSetPassword, { token: input.token, password: input.password });
  const link = await findUserLink(token, input.now);
  if (!link) throw new AppError("PASSWORD_LINK_NOT_VALID", LINK_NOT_VALID);
  const passwordHash = await hashSecret(password);
  const spent = await db().$transaction(async (tx) => {
    const { count } = await tx.userLink.deleteMany({ where: { id: link.id } });
    if (count === 0) return false;
    await tx.userLink.deleteMany({ where: { userId: link.userId } });
    await tx.user.update({ where: { id: link.userId }, data: { passwordHash } });
    return true;
  });
  if (!spent) throw new AppError("PASSWORD_LINK_NOT_VALID", LINK_NOT_VALID);
  if (link.purpose === "password_reset") await revokeUserSessions({ userId: link.userId, reason: "password_reset" });
  return { email: link.email, purpose: link.purpose };
}
