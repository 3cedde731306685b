// `fleet user revoke-sessions`: the operator ends every dashboard session of a user (a lost laptop, a person who left,
// a password the person cannot change themselves). They sign in again with their password.
import { defineCommand, required } from "../command";

export const userRevokeSessions = defineCommand({
  name: "user revoke-sessions",
  summary: "End every dashboard session of a user on every browser and device; they sign in again with their password",
  database: true,
  flags: [{ name: "email", value: "EMAIL", required: true, description: "the user's sign-in e-mail" }],
  example: "fleet user revoke-sessions --email driver@fleet.example",
  async run({ flags }) {
    const [{ db }, { AppError }, { revokeUserSessions }] = await Promise.all([
      import("../../db/client"),
      import("../../errors"),
      import("../../modules/users/revoke-user-sessions"),
    ]);
    const email = required(flags, "email").trim().toLowerCase();
    const user = await db().user.findUnique({ where: { email }, select: { id: true } });
    if (!user) throw new AppError("USER_NOT_FOUND", `no user with e-mail ${email}`);
    const { revokedAt } = await revokeUserSessions({ userId: user.id, reason: "operator" });
    return { id: user.id, sessions_valid_after: revokedAt.toISOString() };
  },
});
