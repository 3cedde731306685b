import { defineCommand, required } from "../command";

export const linkDisable = defineCommand({
  name: "link disable",
  summary: "Disable a tracking link: its viewers are disconnected (link.expired, reason disabled)",
  database: true,
  flags: [{ name: "uuid", value: "UUID", required: true, description: "the link's uuid (the last part of its address)" }],
  example: "fleet link disable --uuid 0b6c8e52-7d1e-4a55-9f0e-3f4b6f3f2a10",
  async run({ flags }) {
    const { disableTrackingLink } = await import("../../modules/tracking-links/disable-tracking-link");
    return disableTrackingLink({ uuid: required(flags, "uuid") });
  },
});
