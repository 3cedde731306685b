import { defineCommand, required, text } from "../command";

export const oauthClientCreate = defineCommand({
  name: "oauth-client create",
  summary: "Create REST API credentials (OAuth client credentials); the secret is printed once and stored hashed",
  database: true,
  flags: [
    { name: "account", value: "KEY", required: true, description: "account key" },
    { name: "name", value: "NAME", description: "label shown in the dashboard" },
  ],
  example: 'fleet oauth-client create --account acme-logistics-x7k2p --name "ERP sync"',
  async run({ flags }) {
    const [{ getAccountByKey }, { createOAuthClient }] = await Promise.all([
      import("../../modules/accounts/get-account-by-key"),
      import("../../modules/oauth/create-oauth-client"),
    ]);
    const account = await getAccountByKey({ key: required(flags, "account") });
    const { clientId, clientSecret } = await createOAuthClient({ accountId: account.id, name: text(flags, "name") });
    return { client_id: clientId, client_secret: clientSecret };
  },
});
