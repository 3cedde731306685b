// The per-IP limit key: IPv4 as it is, IPv4-mapped IPv6 as its IPv4 client, IPv6 by its network prefix (/64 by
// default, /48 to /64 by RATE_LIMIT_IPV6_PREFIX) whatever its spelling, and a bounded key for what is not an address.
import { describe, expect, it } from "vitest";
import { parseEnv } from "../env";
import { clientAddressKey } from "./client-address-key";

describe("clientAddressKey", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    [" 203.0.113.9 ", "203.0.113.9"],
    ["203.0.113.9:51234", "203.0.113.9"],
    // IPv4-mapped: the IPv4 client, however it is written
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["::FFFF:cb00:7109", "203.0.113.9"],
    ["0:0:0:0:0:ffff:203.0.113.9", "203.0.113.9"],
    // one /64, every spelling and host part
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:a:b:c:d", "2001:db8:1:2::/64"],
    ["[2001:db8:1:2::99]:443", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::1.2.3.4", "2001:db8:1:2::/64"],
    // zone ids do not make another client
    ["fe80::1%eth0", "fe80::/64"],
    ["fe80::abcd%25", "fe80::/64"],
    ["::1", "::/64"],
    ["::", "::/64"],
  ])("%s counts as %s", (address, key) => {
    expect(clientAddressKey(address, 64)).toBe(key);
  });

  it("keeps another /64 apart", () => {
    expect(clientAddressKey("2001:db8:1:3::1", 64)).not.toBe(clientAddressKey("2001:db8:1:2::1", 64));
  });

  it("counts by a shorter prefix when configured, masking inside a group too", () => {
    expect(clientAddressKey("2001:db8:1:2::1", 48)).toBe("2001:db8:1::/48");
    expect(clientAddressKey("2001:db8:1:ffff::1", 48)).toBe("2001:db8:1::/48");
    expect(clientAddressKey("2001:db8:1:2ff::1", 56)).toBe("2001:db8:1:200::/56");
    expect(clientAddressKey("2001:db8:1:1ff::1", 56)).toBe("2001:db8:1:100::/56");
  });

  it("reads the prefix from RATE_LIMIT_IPV6_PREFIX (default 64) and refuses values outside /48 to /64", () => {
    expect(parseEnv({}).RATE_LIMIT_IPV6_PREFIX).toBe(64);
    expect(parseEnv({ RATE_LIMIT_IPV6_PREFIX: "56" }).RATE_LIMIT_IPV6_PREFIX).toBe(56);
    for (const bad of ["47", "65", "128", "sixty", "60.5"]) {
      expect(() => parseEnv({ RATE_LIMIT_IPV6_PREFIX: bad }), bad).toThrow(/RATE_LIMIT_IPV6_PREFIX: must be a whole number from 48 to 64/);
    }
  });

  it("keeps what is not an address as a bounded key of its own", () => {
    expect(clientAddressKey("unknown", 64)).toBe("unknown");
    expect(clientAddressKey("2001:db8::g", 64)).toBe("2001:db8::g");
    expect(clientAddressKey("1.2.3.4.5", 64)).toBe("1.2.3.4.5");
    expect(clientAddressKey("x".repeat(500), 64)).toHaveLength(64);
  });
});
