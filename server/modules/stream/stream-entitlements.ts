// What a connection gets, from the account's entitlements (spec "Standard versus detailed payload"). Detailed data
// needs both the detailed plan and style=detailed; missing either gives the standard payload, with no error.
// Channels follow the account's entitlement table, "per account, not per key" (the Events table: "channels parameter
// and an entitled account"): alert with the detailed plan, vehicle_health with it and the mobility add-on,
// driver_behavior with it and the driver add-on, whatever payload style the connection asked for. Their messages
// are events of their own, so a standard location frame still never carries their data (Events rule 4). Channels
// not granted are dropped silently.
import type { AccountEntitlements } from "../accounts/accounts.schema";
import type { StreamChannel } from "./channel-messages";

export interface StreamGrant {
  detailed: boolean;
  channels: Set<StreamChannel>;
}

export function grantStream(
  account: AccountEntitlements,
  request: { wantsDetailed: boolean; channels: ReadonlySet<StreamChannel> },
): StreamGrant {
  const detailedPlan = account.plan === "detailed";
  const entitled: Record<StreamChannel, boolean> = {
    location: true,
    alert: detailedPlan,
    vehicle_health: detailedPlan && account.addonMobility,
    driver_behavior: detailedPlan && account.addonDriver,
  };
  const channels = new Set<StreamChannel>(["location"]);
  for (const channel of request.channels) if (entitled[channel]) channels.add(channel);
  return { detailed: detailedPlan && request.wantsDetailed, channels };
}
