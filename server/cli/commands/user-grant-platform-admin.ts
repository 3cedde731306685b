// `fleet user grant-platform-admin`: the one way to make someone the platform operator (docs/cli.md); the dashboard
// cannot grant it, so no tenant can make itself operator.
import { defineCommand, required } from "../command";

export const userGrantPlatformAdmin = defineCommand({
  name: "user grant-platform-admin",
  summary:
    "Make a user the platform operator: in the dashboard of any account they belong to they see every unknown device, with its address, and may provision any of them",
  database: true,
  flags: [
    { name: "email", value: "EMAIL", required: true, description: "the user's sign-in e-mail" },
  ],
  example: "fleet user grant-platform-admin --email ops@fleet.example",
  async run({ flags }) {
    const [{ db }, { AppError }] = await Promise.all([import("../../db/client"), import("../../errors")]);
    const email = required(flags, "email").trim().toLowerCase();
    const user = await db().user.findUnique({ where: { email }, select: { id: true } });
    if (!user) throw new AppError("USER_NOT_FOUND", `no user with e-mail ${email}`);
    await db().user.update({ where: { id: user.id }, data: { platformAdmin: true } });
    return { id: user.id, platform_admin: true };
  },
});
