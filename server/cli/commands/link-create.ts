import { ACCESS_MODES } from "../../modules/tracking-links/tracking-links.schema";
import { CliError, defineCommand, EXIT, list, required, text } from "../command";

export const linkCreate = defineCommand({
  name: "link create",
  summary: "Create a public tracking link for a vehicle; prints its uuid and the page viewers open",
  database: true,
  flags: [
    { name: "account", value: "KEY", required: true, description: "account key" },
    { name: "asset", value: "ID", required: true, description: "id of the vehicle (asset) the link follows" },
    { name: "mode", value: "MODE", choices: ACCESS_MODES, description: "access mode, default public" },
    { name: "name", value: "NAME", description: "display name viewers see, default the asset's name" },
    { name: "expires-at", value: "ISO", description: "time limit, ISO 8601 (e.g. 2026-12-01T18:00:00Z)" },
    { name: "emails", value: "LIST", list: true, description: "addresses allowed to view (authorized_only)" },
    { name: "destination", value: "LAT,LNG", description: "arrival-based expiry: the link expires when the vehicle gets there" },
  ],
  example: "fleet link create --account acme-logistics-x7k2p --asset 12 --mode email_code --expires-at 2026-12-01T18:00:00Z",
  async run({ flags }) {
    const [{ getAccountByKey }, { createTrackingLink }] = await Promise.all([
      import("../../modules/accounts/get-account-by-key"),
      import("../../modules/tracking-links/create-tracking-link"),
    ]);
    const account = await getAccountByKey({ key: required(flags, "account") });
    const assetId = Number(required(flags, "asset"));
    if (!Number.isSafeInteger(assetId) || assetId <= 0) throw new CliError("--asset must be an asset id (a whole number)", EXIT.USAGE);
    const link = await createTrackingLink({
      accountId: account.id,
      assetId,
      displayName: text(flags, "name"),
      accessMode: text(flags, "mode") as (typeof ACCESS_MODES)[number] | undefined,
      expiresAt: text(flags, "expires-at"),
      allowedEmails: list(flags, "emails"),
      destination: destination(text(flags, "destination")),
    });
    return { uuid: link.uuid, url: link.url };
  },
});

function destination(value: string | undefined) {
  if (value === undefined) return undefined;
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(value);
  if (!match) throw new CliError("--destination must be LAT,LNG in degrees (e.g. 54.6872,25.2797)", EXIT.USAGE);
  return { lat: Number(match[1]), lng: Number(match[2]) };
}
