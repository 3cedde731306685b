// The zip writer read back as an unzip tool reads it (server/testing/zip-entries.ts: central directory, local headers,
// zlib inflate, node's CRC-32), and the CSV fields GTFS readers need quoted.
import { describe, expect, it } from "vitest";
import { crc32 as zlibCrc32 } from "node:zlib";
import { zipEntries } from "../../testing/zip-entries";
import { csvField, csvText } from "./csv-text";
import { crc32, zipArchive } from "./zip-archive";

describe("zipArchive", () => {
  it("writes entries an unzip reads back byte for byte: compressed, stored when that is smaller, UTF-8 names", () => {
    const large = Buffer.from("trip_id,stop_id\r\n".repeat(5_000));
    const files = zipEntries(zipArchive([{ name: "stop_times.txt", data: large }, { name: "ä.txt", data: Buffer.from("x") }, { name: "empty.txt", data: new Uint8Array() }], Date.UTC(2030, 8, 4)));
    expect([...files.keys()]).toEqual(["stop_times.txt", "ä.txt", "empty.txt"]);
    expect(files.get("stop_times.txt")!.equals(large)).toBe(true);
    expect(files.get("ä.txt")!.toString()).toBe("x");
    expect(files.get("empty.txt")!.length).toBe(0);
  });

  it("computes the CRC-32 zlib does", () => {
    for (const text of ["", "a", "123456789", "Oak Street, \"North\""]) expect(crc32(Buffer.from(text))).toBe(zlibCrc32(Buffer.from(text)));
  });
});

describe("csvText", () => {
  it("quotes commas, quotes, line breaks and edge spaces, and ends lines with CRLF", () => {
    expect(["plain", "a,b", 'say "hi"', "two\nlines", " padded", 7, null, undefined].map(csvField)).toEqual(["plain", '"a,b"', '"say ""hi"""', '"two\nlines"', '" padded"', "7", "", ""]);
    expect(csvText(["a", "b"], [[1, "x,y"]])).toBe('a,b\r\n1,"x,y"\r\n');
  });
});
