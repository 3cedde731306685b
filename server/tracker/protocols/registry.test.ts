// The registry agrees with what the rest of the server declares about protocols: the names a tracker may record
// (assets.schema.ts), each protocol's port variable and default (env.ts), and which protocols carry commands.
import { describe, expect, it } from "vitest";
import { parseEnv } from "../../env";
import { TRACKER_PROTOCOLS } from "../../modules/assets/assets.schema";
import { describeIo, namedIoOf } from "../protocol-catalogue";
import { PROTOCOL_NAMES, PROTOCOLS, protocolHasCommands } from "./registry";

describe("protocol registry", () => {
  it("lists exactly the protocols a tracker may be created with", () => {
    expect([...PROTOCOL_NAMES].sort()).toEqual([...TRACKER_PROTOCOLS].sort());
  });

  it("gives each protocol a port variable whose default is the protocol's default port", () => {
    const env = parseEnv({}) as unknown as Record<string, unknown>;
    for (const protocol of PROTOCOLS) {
      expect(env[protocol.portEnv], protocol.portEnv).toBe(protocol.defaultPort);
    }
  });

  it("says which protocols can carry commands", () => {
    expect(protocolHasCommands("teltonika")).toBe(true); // Codec 12 over TCP
    expect(protocolHasCommands("gt06")).toBe(false);
    expect(protocolHasCommands("nonesuch")).toBe(false);
  });

  it("names stored raw IO by the protocol's dictionary and describes published names", () => {
    expect(namedIoOf("teltonika", { 66: 12400, 239: 1 })).toEqual({ externalVoltage: 12.4, ignition: 1 });
    expect(namedIoOf("gt06", { gsmSignal: 3, protocol: 0x22 })).toEqual({ gsmSignal: 3, protocol: 0x22 });
    expect(namedIoOf("retired", { 5: 1 })).toEqual({ io5: 1 });
    expect(describeIo("externalVoltage")).toEqual({ unit: "V", group: "permanent", protocolId: "AVL 66" });
    expect(describeIo("gsmSignal")).toMatchObject({ levelMax: 5 }); // Teltonika, the first protocol that names it
    expect(describeIo("gsmSignal", "gt06")).toMatchObject({ levelMax: 4 }); // the reporting protocol's own scale
    expect(describeIo("gt06VoltageLevel")).toEqual({ unit: null, group: "permanent" });
    expect(describeIo("nonesuch")).toBeNull();
  });
});
