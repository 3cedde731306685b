// The CAN adapter's answers as the Teltonika wiki prints them ("FMB lvcangetinfo", the CAN adapter pages).
import { describe, expect, it } from "vitest";
import { isFailureAnswer, parseAdapterInfo, parseProgramNumber, parseSoftwareDate } from "./adapter-answers";

describe("CAN adapter answers", () => {
  it("reads the program number of lvcangetprog and lvcangetinfo; 0 is none", () => {
    expect(parseProgramNumber("CAN Program Nr: 1247")).toBe(1247);
    expect(parseProgramNumber("Prog:11862 SWDate:180315 SWRev:245")).toBe(11862);
    expect(parseProgramNumber("CAN Program Nr: 0")).toBeNull();
    expect(parseProgramNumber("Unknown command")).toBeNull();
  });

  it("reads lvcangetinfo in its old and new forms, and the answer with no adapter", () => {
    expect(parseAdapterInfo("Prog:11862 SWDate:180315 SWRev:245 KernVer:0x5A Opt:0x0A ID:0x539B16512B684B21 ST:0x00")).toEqual({
      programNumber: 11862,
      softwareDate: new Date(Date.UTC(2018, 2, 15)),
    });
    expect(parseAdapterInfo("Prog:1247 SWDate:240601 BootVer:1 HWVer:2 SWVer:3 Opt:0x0A ST:0x00 Protocol:1 ID:0x01")).toEqual({
      programNumber: 1247,
      softwareDate: new Date(Date.UTC(2024, 5, 1)),
    });
    expect(parseAdapterInfo("Prog:0 SWDate:000000 SWRev:0 KernVer:0 Opt:0x00 ID:0x0000000000000000 ST:0x00")).toEqual({
      programNumber: null,
      softwareDate: null,
    });
    expect(parseAdapterInfo("CAN Program Nr: 12")).toBeNull();
  });

  it("refuses impossible software dates", () => {
    expect(parseSoftwareDate("181345")).toBeNull();
    expect(parseSoftwareDate("18031")).toBeNull();
  });

  it("tells a refusal from an acknowledgement", () => {
    expect(isFailureAnswer("Command not supported")).toBe(true);
    expect(isFailureAnswer("ERROR")).toBe(true);
    expect(isFailureAnswer("lvcanclosealldoors: OK")).toBe(false);
  });
});
