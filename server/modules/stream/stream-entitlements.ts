// What a connection gets, from the account's entitlements (spec "Standard versus detailed payload"). Detailed data
// needs both the detailed plan and style=detailed; missing either gives the standard payload, with no error. The
// other channels are "included with detailed data", and the standard payload "never carries alert, vehicle_health
// or driver_behavior data" (Events rule 4), so a connection without detailed data gets location only. Channels
// not granted are dropped silently. Entitlements belong to the account, not to the key.
import type { StreamChannel } from "./channel-messages";

export interface AccountEntitlements {
  plan: "standard" | "detailed";
  addonMobility: boolean;
  addonDriver: boolean;
}

export interface StreamGrant {
  detailed: boolean;
  channels: Set<StreamChannel>;
}

export function grantStream(
  account: AccountEntitlements,
  request: { wantsDetailed: boolean; channels: ReadonlySet<StreamChannel> },
): StreamGrant {
  const detailed = account.plan === "detailed" && request.wantsDetailed;
  const entitled: Record<StreamChannel, boolean> = {
    location: true,
    alert: detailed,
    vehicle_health: detailed && account.addonMobility,
    driver_behavior: detailed && account.addonDriver,
  };
  const channels = new Set<StreamChannel>(["location"]);
  for (const channel of request.channels) if (entitled[channel]) channels.add(channel);
  return { detailed, channels };
}
