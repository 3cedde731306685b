// The protocol port refuses to answer before start-up set it, with an error that says who sets it, instead of naming
// IO wrongly; the test setup sets it as the server does (server/testing/setup.ts).
import { afterEach, describe, expect, it } from "vitest";
import { registryCatalogue } from "../tracker/protocol-catalogue";
import { protocolCatalogue, setProtocolCatalogue } from "./protocol-port";

describe("protocol port", () => {
  afterEach(() => setProtocolCatalogue(registryCatalogue));

  it("answers from the registry once set", () => {
    expect(protocolCatalogue()).toBe(registryCatalogue);
    expect(protocolCatalogue().carriesCommands("teltonika")).toBe(true);
    expect(protocolCatalogue().carriesCommands("osmand")).toBe(false);
    expect(protocolCatalogue().describeIo("externalVoltage")).toEqual({ unit: "V", group: "permanent", protocolId: "AVL 66" });
  });

  it("throws a clear error when nothing set it", () => {
    setProtocolCatalogue(undefined);
    expect(() => protocolCatalogue()).toThrow("the protocol catalogue is not set: the server sets it at start-up (server.ts)");
  });
});
