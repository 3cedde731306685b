import { ADAPTER_KINDS } from "../../modules/assets/adapter-kinds";
import { TRACKER_PROTOCOLS } from "../../modules/assets/assets.schema";
import { defineCommand, required, text } from "../command";

export const assetCreate = defineCommand({
  name: "asset create",
  summary: "Create an asset (vehicle), with its tracker when --imei is given (a phone's device id is generated)",
  database: true,
  flags: [
    { name: "account", value: "KEY", required: true, description: "account key" },
    { name: "name", value: "NAME", required: true, description: "asset name" },
    { name: "plate", value: "PLATE", description: "registration plate" },
    { name: "vin", value: "VIN", description: "vehicle identification number: 17 letters and digits without I, O or Q (stored uppercase)" },
    {
      name: "imei",
      value: "ID",
      description:
        "tracker identifier, unique across the platform: the 15-digit IMEI (teltonika, gt06); for osmand leave it out and the server generates a strong device id (a typed one needs --allow-weak-device-id)",
    },
    {
      name: "protocol",
      value: "PROTOCOL",
      choices: TRACKER_PROTOCOLS,
      description: "tracker protocol, default teltonika (osmand: a phone running Traccar Client or OsmAnd)",
    },
    {
      name: "adapter",
      value: "KIND",
      choices: ADAPTER_KINDS,
      description: "CAN adapter fitted to the tracker (needs --imei)",
    },
    {
      name: "allow-weak-device-id",
      boolean: true,
      description:
        "accept the typed --imei as a phone's (osmand) device id. WARNING: the device id is the phone's only credential; anyone who guesses a typed one can send positions as this vehicle (docs/osmand.md)",
    },
    { name: "brand", value: "BRAND", description: "vehicle make" },
    { name: "model", value: "MODEL", description: "vehicle model" },
    { name: "variant", value: "VARIANT", description: "vehicle variant, picks the vehicle profile (docs/vehicle-control.md)" },
  ],
  example: 'fleet asset create --account acme-logistics-x7k2p --name "Van 1" --plate AB12CDE --imei 356307042441013',
  async run({ flags }) {
    const [{ getAccountByKey }, { createAsset }] = await Promise.all([
      import("../../modules/accounts/get-account-by-key"),
      import("../../modules/assets/create-asset"),
    ]);
    const account = await getAccountByKey({ key: required(flags, "account") });
    const { id, trackerId, imei } = await createAsset({
      accountId: account.id,
      name: required(flags, "name"),
      plate: text(flags, "plate"),
      vin: text(flags, "vin"),
      imei: text(flags, "imei"),
      protocol: text(flags, "protocol"),
      adapter: text(flags, "adapter"),
      brand: text(flags, "brand"),
      model: text(flags, "model"),
      variant: text(flags, "variant"),
      allowWeakDeviceId: flags["allow-weak-device-id"] === "true",
    });
    // a phone's generated device id is shown once here (and on the asset's page): it goes into the phone app
    return { id, tracker_id: trackerId, ...(text(flags, "protocol") === "osmand" && { device_id: imei }) };
  },
});
