import { ROLES, type Role } from "../../modules/users/roles";
import { defineCommand, required, text } from "../command";

export const userCreate = defineCommand({
  name: "user create",
  summary: "Create a user who can sign in to the dashboard, or add an existing user (same e-mail) to the account",
  database: true,
  flags: [
    { name: "account", value: "KEY", required: true, description: "account key" },
    { name: "email", value: "EMAIL", required: true, description: "sign-in e-mail" },
    { name: "name", value: "NAME", required: true, description: "display name" },
    {
      name: "password",
      value: "PASSWORD",
      secret: true,
      description: "at least 8 characters; - reads it from standard input (typed without echo at a terminal). A value typed here shows in the process list: prefer - or --password-file",
    },
    { name: "password-file", value: "PATH", description: "read the password from this file (one trailing newline is dropped); this or --password is required" },
    { name: "role", value: "ROLE", choices: ROLES, description: "role in the account, default admin" },
  ],
  example: 'fleet user create --account acme-logistics-x7k2p --email ann@acme.test --name "Ann" --password-file ./ann.pw',
  async run({ flags, note }) {
    const [{ db }, { getAccountByKey }, { createUser }] = await Promise.all([
      import("../../db/client"),
      import("../../modules/accounts/get-account-by-key"),
      import("../../modules/users/create-user"),
    ]);
    const account = await getAccountByKey({ key: required(flags, "account") });
    const email = required(flags, "email");
    const existing = await db().user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true } });
    const { id } = await createUser({
      accountId: account.id,
      email,
      name: required(flags, "name"),
      password: required(flags, "password"),
      role: text(flags, "role") as Role | undefined,
    }, { existingUser: "add" });
    if (existing) note(`${email} already had a user: added to ${account.key}; their password and name are unchanged`);
    return { id };
  },
});
