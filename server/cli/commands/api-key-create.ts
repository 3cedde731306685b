import { AppError } from "../../errors";
import { defineCommand, required, text } from "../command";

export const apiKeyCreate = defineCommand({
  name: "api-key create",
  summary: "Create an API key (imports, webhooks) acting as a member of the account; printed once, stored hashed",
  database: true,
  flags: [
    { name: "account", value: "KEY", required: true, description: "account key" },
    { name: "user-email", value: "EMAIL", required: true, description: "the member the key acts as" },
    { name: "name", value: "NAME", description: "label shown in the dashboard" },
  ],
  example: "fleet api-key create --account acme-logistics-x7k2p --user-email ann@acme.test --name importer",
  async run({ flags }) {
    const [{ db }, { getAccountByKey }, { createApiKey }] = await Promise.all([
      import("../../db/client"),
      import("../../modules/accounts/get-account-by-key"),
      import("../../modules/api-keys/create-api-key"),
    ]);
    const account = await getAccountByKey({ key: required(flags, "account") });
    const email = required(flags, "user-email").trim().toLowerCase();
    const user = await db().user.findUnique({ where: { email }, select: { id: true } });
    if (!user) throw new AppError("USER_NOT_FOUND", `no user with e-mail ${email}`);
    const { apiKey } = await createApiKey({ accountId: account.id, userId: user.id, name: text(flags, "name") });
    return { api_key: apiKey };
  },
});
