import { defineCommand, required } from "../command";

export const assetDelete = defineCommand({
  name: "asset delete",
  summary: "Delete an asset with its tracker and history; a device still connected for it is disconnected",
  database: true,
  flags: [
    { name: "account", value: "KEY", required: true, description: "account key" },
    { name: "id", value: "ID", required: true, description: "the asset's id" },
  ],
  example: "fleet asset delete --account acme-logistics-x7k2p --id 12",
  async run({ flags }) {
    const [{ getAccountByKey }, { deleteAsset }] = await Promise.all([
      import("../../modules/accounts/get-account-by-key"),
      import("../../modules/assets/delete-asset"),
    ]);
    const account = await getAccountByKey({ key: required(flags, "account") });
    const { id } = await deleteAsset({ accountId: account.id, assetId: Number(required(flags, "id")) });
    return { id, deleted: true };
  },
});
