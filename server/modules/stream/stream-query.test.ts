// Handshake parameters (spec "Endpoints > Live stream") and the entitlement table (spec "Standard versus detailed
// payload"): required parameters refuse with a named code, everything else is lenient and silent.
import { describe, expect, it } from "vitest";
import { grantStream } from "./stream-entitlements";
import { parseStreamQuery } from "./stream-query";
import { StreamRefusal, StreamRefusalCode } from "./stream-refusal";

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(StreamRefusal);
    return (error as StreamRefusal).code;
  }
  throw new Error("expected a refusal");
}

describe("parseStreamQuery", () => {
  it("reads the four parameters of the spec", () => {
    const query = parseStreamQuery({ access_token: "tok", asset_ids: "[12, 15]", style: "detailed", channels: '["alert","vehicle_health"]' });
    expect(query).toEqual({ token: "tok", assetIds: [12, 15], wantsDetailed: true, channels: new Set(["location", "alert", "vehicle_health"]) });
  });

  it("requires access_token and asset_ids", () => {
    expect(refusal(() => parseStreamQuery({ asset_ids: "[1]" }))).toBe(StreamRefusalCode.TOKEN_MISSING);
    expect(refusal(() => parseStreamQuery({ access_token: " ", asset_ids: "[1]" }))).toBe(StreamRefusalCode.TOKEN_MISSING);
    expect(refusal(() => parseStreamQuery({ access_token: "tok" }))).toBe(StreamRefusalCode.ASSET_IDS_INVALID);
    for (const bad of ["[1,", "{}", '"12"', "abc", "1;2"]) {
      expect(refusal(() => parseStreamQuery({ access_token: "tok", asset_ids: bad }))).toBe(StreamRefusalCode.ASSET_IDS_INVALID);
    }
    expect(refusal(() => parseStreamQuery({ access_token: "tok", asset_ids: JSON.stringify(Array.from({ length: 20_001 }, (_, i) => i + 1)) }))).toBe(
      StreamRefusalCode.ASSET_IDS_INVALID,
    );
  });

  it("drops ids that cannot be assets and repeats, keeps the order asked, and accepts an empty array", () => {
    expect(parseStreamQuery({ access_token: "t", asset_ids: '[3, "4", 3, -1, 0, 1.5, "x", null, 2]' }).assetIds).toEqual([3, 4, 2]);
    expect(parseStreamQuery({ access_token: "t", asset_ids: "[]" }).assetIds).toEqual([]);
    expect(parseStreamQuery({ access_token: "t", asset_ids: "7,8" }).assetIds).toEqual([7, 8]);
  });

  it("takes channels as a JSON array or a comma list, ignores unknown names and always includes location", () => {
    expect(parseStreamQuery({ access_token: "t", asset_ids: "[]" }).channels).toEqual(new Set(["location"]));
    expect(parseStreamQuery({ access_token: "t", asset_ids: "[]", channels: "alert, driver_behavior,weather" }).channels).toEqual(
      new Set(["location", "alert", "driver_behavior"]),
    );
    expect(parseStreamQuery({ access_token: "t", asset_ids: "[]", channels: '["nope"]' }).channels).toEqual(new Set(["location"]));
    expect(parseStreamQuery({ access_token: "t", asset_ids: "[]", channels: "[broken" }).channels).toEqual(new Set(["location"]));
  });

  it("treats any style but detailed as standard", () => {
    expect(parseStreamQuery({ access_token: "t", asset_ids: "[]", style: "standard" }).wantsDetailed).toBe(false);
    expect(parseStreamQuery({ access_token: "t", asset_ids: "[]", style: "fancy" }).wantsDetailed).toBe(false);
  });

  it("accepts the parameters in socket.io's auth payload too, the query winning, and a Bearer prefix", () => {
    const query = parseStreamQuery({ style: "detailed" }, { access_token: "Bearer tok", asset_ids: [5, 6], style: "standard" });
    expect(query).toMatchObject({ token: "tok", assetIds: [5, 6], wantsDetailed: true });
  });
});

describe("grantStream", () => {
  const all = new Set(["location", "alert", "vehicle_health", "driver_behavior"] as const);
  const account = (plan: "standard" | "detailed", addonMobility = false, addonDriver = false) => ({ plan, addonMobility, addonDriver });

  it("gives detailed data only with the detailed plan and style=detailed", () => {
    expect(grantStream(account("detailed"), { wantsDetailed: true, channels: all }).detailed).toBe(true);
    expect(grantStream(account("detailed"), { wantsDetailed: false, channels: all }).detailed).toBe(false);
    expect(grantStream(account("standard", true, true), { wantsDetailed: true, channels: all }).detailed).toBe(false);
  });

  it("grants the channels of the entitlement table and drops the rest silently", () => {
    const channels = (a: ReturnType<typeof account>, wantsDetailed = true) => [...grantStream(a, { wantsDetailed, channels: all }).channels].sort();
    expect(channels(account("standard", true, true))).toEqual(["location"]);
    expect(channels(account("detailed"))).toEqual(["alert", "location"]);
    expect(channels(account("detailed", true))).toEqual(["alert", "location", "vehicle_health"]);
    expect(channels(account("detailed", false, true))).toEqual(["alert", "driver_behavior", "location"]);
    expect(channels(account("detailed", true, true))).toEqual(["alert", "driver_behavior", "location", "vehicle_health"]);
    // entitlements are the account's: the payload style asked for does not change the channels
    expect(channels(account("detailed", true, true), false)).toEqual(["alert", "driver_behavior", "location", "vehicle_health"]);
  });
});
