// The EXIF reader on blocks sharp writes (both hemispheres, time with and without offset and sub-seconds) and on
// blocks that are absent, truncated or nonsense: facts or nulls, never an exception.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makeImage } from "../../testing/photo-fixtures";
import { readExifFacts } from "./exif";

const exifOf = async (image: Buffer) => (await sharp(image).metadata()).exif;

describe("readExifFacts", () => {
  it("reads south and west positions, the original time and its offset", async () => {
    const image = await makeImage("jpeg", { gps: { latitude: -33.8688, longitude: -70.6693 }, takenAt: "2025:12:31 23:59:58", offset: "-03:00" });
    expect(readExifFacts(await exifOf(image))).toEqual({
      takenLocal: "2025-12-31T23:59:58",
      takenOffset: "-03:00",
      latitude: -33.8688,
      longitude: -70.6693,
    });
  });

  it("answers nulls for what a photo lacks, and for blocks that are cut short or not EXIF", async () => {
    const none = { takenLocal: null, takenOffset: null, latitude: null, longitude: null };
    expect(readExifFacts(undefined)).toEqual(none);
    expect(readExifFacts(await exifOf(await makeImage("png", { takenAt: "2026:01:02 03:04:05" })))).toEqual({ ...none, takenLocal: "2026-01-02T03:04:05" });
    const full = (await exifOf(await makeImage("jpeg", { gps: { latitude: 1, longitude: 2 } })))!;
    for (let cut = 0; cut < full.length; cut += 7) expect(() => readExifFacts(full.subarray(0, cut))).not.toThrow();
    expect(readExifFacts(new TextEncoder().encode("Exif\0\0not a tiff structure at all"))).toEqual(none);
    expect(readExifFacts(await exifOf(await makeImage("jpeg", { takenAt: "2026:02:30 10:00:00" })))).toEqual(none); // no 30 February
  });
});
