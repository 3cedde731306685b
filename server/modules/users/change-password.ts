// A signed-in user changes their own password. The current password is required (a borrowed or stolen session alone
// cannot take the account over), attempts are budgeted per user before any argon2 work, and success ends every
// session of the user, this one included: whoever else held one is out, and the person signs in with the new password.
import { z } from "zod";
import { AppError } from "../../errors";
import { db } from "../../db/client";
import { hashSecret, verifySecret } from "../../security/hashing";
import { rateLimiter, type RateLimit } from "../../security/rate-limit";
import { parseInput } from "../parse-input";
import { revokeUserSessions } from "./revoke-user-sessions";
import { ZPassword } from "./users.schema";

/** wrong current passwords a user may enter per quarter hour (a guess costs an argon2 verify, as a sign-in does) */
export const PASSWORD_CHANGE_RATE_LIMIT: RateLimit = { name: "password-change", points: 5, duration: 15 * 60 };
const attempts = rateLimiter(PASSWORD_CHANGE_RATE_LIMIT);

export const ZChangePassword = z
  .object({
    userId: z.number().int().positive(),
    currentPassword: z.string().max(1000),
    newPassword: ZPassword,
  })
  .refine((input) => input.newPassword !== input.currentPassword, {
    path: ["newPassword"],
    message: "must differ from the current password",
  });

export async function changePassword(input: z.input<typeof ZChangePassword>): Promise<{ revokedAt: Date }> {
  const { userId, currentPassword, newPassword } = parseInput(ZChangePassword, input);
  await attempts.consume(String(userId));
  const user = await db().user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!user) throw new AppError("USER_NOT_FOUND", "User not found.");
  if (!user.passwordHash || !(await verifySecret(user.passwordHash, currentPassword))) {
    throw new AppError("VALIDATION_FAILED", "The current password is not right.", [
      { field: "currentPassword", message: "is not right" },
    ]);
  }
  await attempts.refund(String(userId));
  await db().user.update({ where: { id: userId }, data: { passwordHash: await hashSecret(newPassword) } });
  return revokeUserSessions({ userId, reason: "password_changed" });
}
