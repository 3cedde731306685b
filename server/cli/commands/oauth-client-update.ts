// `fleet oauth-client update`: the operator renames a client or changes its scopes, as an admin does on the
// dashboard's API access page. New scopes are never granted to existing clients by themselves (docs/api.md
// "Scopes"): `--add-scopes users:read,users:write` is how an operator gives an older client a scope added since.
// Scopes stay within the role of the member the client acts as (a 422 names the ones beyond it).
import { SCOPE_NAMES } from "../../modules/oauth/scopes";
import { CliError, defineCommand, EXIT, list, required, text } from "../command";

export const oauthClientUpdate = defineCommand({
  name: "oauth-client update",
  summary: "Rename an OAuth client or change its scopes (add some, or replace the set); removed scopes end at once, added ones need a new token",
  database: true,
  flags: [
    { name: "account", value: "KEY", required: true, description: "account key" },
    { name: "client-id", value: "ID", required: true, description: "the client_id printed by oauth-client create (also on the API access page)" },
    { name: "name", value: "NAME", description: "label shown in the dashboard" },
    { name: "add-scopes", value: "LIST", list: true, choices: SCOPE_NAMES, description: "scopes to add to the client's" },
    { name: "scopes", value: "LIST", list: true, choices: SCOPE_NAMES, description: "the scopes to have (replaces the set)" },
  ],
  example: "fleet oauth-client update --account acme-logistics-x7k2p --client-id k3v9q0xw2m4r8t1y6u5z7a0b --add-scopes users:read,users:write",
  async run({ flags }) {
    if (flags["add-scopes"] !== undefined && flags.scopes !== undefined) {
      throw new CliError("give --add-scopes or --scopes, not both", EXIT.USAGE);
    }
    const [{ db }, { AppError }, { getAccountByKey }, { updateOAuthClient }] = await Promise.all([
      import("../../db/client"),
      import("../../errors"),
      import("../../modules/accounts/get-account-by-key"),
      import("../../modules/oauth/update-oauth-client"),
    ]);
    const account = await getAccountByKey({ key: required(flags, "account") });
    const clientId = required(flags, "client-id");
    const client = await db().oAuthClient.findFirst({ where: { accountId: account.id, clientId }, select: { id: true, scopes: true } });
    if (!client) throw new AppError("NOT_FOUND", `no OAuth client ${clientId} in account ${account.key}`);
    const scopes =
      flags["add-scopes"] !== undefined
        ? [...new Set([...client.scopes, ...list(flags, "add-scopes")])]
        : flags.scopes !== undefined
          ? list(flags, "scopes")
          : undefined;
    const updated = await updateOAuthClient({
      accountId: account.id,
      id: client.id,
      name: text(flags, "name"),
      scopes: scopes as Parameters<typeof updateOAuthClient>[0]["scopes"],
    });
    return { client_id: clientId, name: updated.name, scopes: updated.scopes };
  },
});
