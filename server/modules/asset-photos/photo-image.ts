// What a photo upload's bytes are and what is made of them (docs/fleet-records.md "Photos"), with sharp:
//   1. the type comes from the first bytes (magic numbers), never from the file name or the declared Content-Type:
//      JPEG, PNG and WebP are accepted, everything else is UNSUPPORTED_MEDIA_TYPE (415) naming what it looks like;
//      only then does sharp read the header, and its format must agree;
//   2. the pixel count is checked from the header before anything is decoded (decompression bombs: a few kilobytes
//      of PNG can claim 100,000 x 100,000 pixels), and every decode runs under sharp's limitInputPixels as well;
//   3. made from it: a thumbnail (WebP within 400 x 400, EXIF orientation applied, no metadata) and, when the
//      original carries metadata (EXIF, XMP, IPTC, PNG text), a stripped copy: the same format, orientation applied,
//      every piece of metadata dropped but the colour profile. The original is kept as it came.
import { createHash } from "node:crypto";
import sharp from "sharp";
import { AppError } from "../../errors";
import { type ExifFacts, readExifFacts } from "./exif";
import { PHOTO_LIMITS, type PhotoContentType } from "./asset-photos.schema";

/** the first bytes of each accepted type */
const ACCEPTED: { type: PhotoContentType; format: "jpeg" | "png" | "webp"; matches: (b: Uint8Array) => boolean }[] = [
  { type: "image/jpeg", format: "jpeg", matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/png", format: "png", matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: "image/webp", format: "webp", matches: (b) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP" },
];

/** what a refused upload looks like, so that the refusal can say so */
const RECOGNISED: { name: string; matches: (b: Uint8Array) => boolean }[] = [
  { name: "a GIF image", matches: (b) => ascii(b, 0, 4) === "GIF8" },
  { name: "a HEIC/HEIF image", matches: (b) => ascii(b, 4, 8) === "ftyp" && /^(heic|heix|hevc|mif1|msf1)$/.test(ascii(b, 8, 12)) },
  { name: "an AVIF image", matches: (b) => ascii(b, 4, 8) === "ftyp" && /^avi[fs]$/.test(ascii(b, 8, 12)) },
  { name: "a TIFF image", matches: (b) => ascii(b, 0, 4) === "II*\0" || ascii(b, 0, 4) === "MM\0*" },
  { name: "a BMP image", matches: (b) => ascii(b, 0, 2) === "BM" },
  { name: "a PDF document", matches: (b) => ascii(b, 0, 5) === "%PDF-" },
  { name: "an SVG or XML document", matches: (b) => /^\s*(<\?xml|<svg)/i.test(ascii(b, 0, 64)) },
];

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));
}

/** The accepted type the bytes begin with; UNSUPPORTED_MEDIA_TYPE (415) for anything else. */
export function detectPhotoType(bytes: Uint8Array): (typeof ACCEPTED)[number] {
  const accepted = ACCEPTED.find((candidate) => candidate.matches(bytes));
  if (accepted) return accepted;
  const looksLike = RECOGNISED.find((candidate) => candidate.matches(bytes))?.name ?? "not an image of a known type";
  throw new AppError("UNSUPPORTED_MEDIA_TYPE", `A photo must be a JPEG, PNG or WebP image; the file sent is ${looksLike} (told by its bytes, not its name or Content-Type).`);
}

export interface PhotoFile {
  contentType: string;
  width: number;
  height: number;
  sha256: string;
  body: Uint8Array<ArrayBuffer>;
}

export interface ProcessedPhoto {
  contentType: PhotoContentType;
  /** pixels as shown (orientation applied) */
  width: number;
  height: number;
  exif: ExifFacts;
  original: PhotoFile;
  /** null when the original carries no metadata: it is served as it is */
  stripped: PhotoFile | null;
  thumbnail: PhotoFile;
}

function unreadable(): AppError {
  return new AppError("VALIDATION_FAILED", "photo: the image is damaged or truncated and cannot be read", [
    { field: "photo", message: "the image is damaged or truncated and cannot be read" },
  ]);
}

function invalid(message: string): AppError {
  return new AppError("VALIDATION_FAILED", `photo: ${message}`, [{ field: "photo", message }]);
}

function fileOf(body: Uint8Array, contentType: string, width: number, height: number): PhotoFile {
  const copy = new Uint8Array(body.byteLength);
  copy.set(body);
  return { contentType, width, height, sha256: createHash("sha256").update(copy).digest("hex"), body: copy };
}

/** Checks an upload's bytes and makes its thumbnail and stripped copy (see the header). */
export async function processPhoto(bytes: Uint8Array): Promise<ProcessedPhoto> {
  if (bytes.byteLength === 0) throw invalid("is empty");
  const detected = detectPhotoType(bytes);
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // the header only: sizes, metadata blocks; the pixel limit is ours to check (with a message naming the size)
  const meta = await sharp(input, { limitInputPixels: false }).metadata().catch(() => {
    throw unreadable();
  });
  if (meta.format !== detected.format) throw unreadable();
  const pixels = meta.width * meta.height;
  if (pixels > PHOTO_LIMITS.maxPixels) {
    throw invalid(`is ${meta.width} x ${meta.height} pixels, more than the ${PHOTO_LIMITS.maxPixels / 1_000_000}-megapixel limit`);
  }
  if ((meta.pages ?? 1) > 1) throw invalid("is animated; only still images are accepted");

  const options = { limitInputPixels: PHOTO_LIMITS.maxPixels, failOn: "error" as const };
  const { width, height } = meta.autoOrient;
  try {
    const thumb = await sharp(input, options)
      .autoOrient()
      .resize(PHOTO_LIMITS.thumbnailSize, PHOTO_LIMITS.thumbnailSize, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    const hasMetadata = Boolean(meta.exif || meta.xmp || meta.iptc || meta.tifftagPhotoshop || meta.comments?.length);
    let stripped: PhotoFile | null = null;
    if (hasMetadata) {
      const pipeline = sharp(input, options).autoOrient().keepIccProfile();
      const encoded =
        detected.format === "jpeg"
          ? pipeline.jpeg({ quality: 90 })
          : detected.format === "png"
            ? pipeline.png()
            : pipeline.webp({ quality: 90 });
      const out = await encoded.toBuffer({ resolveWithObject: true });
      stripped = fileOf(out.data, detected.type, out.info.width, out.info.height);
    }
    return {
      contentType: detected.type,
      width,
      height,
      exif: readExifFacts(meta.exif),
      original: fileOf(bytes, detected.type, width, height),
      stripped,
      thumbnail: fileOf(thumb.data, "image/webp", thumb.info.width, thumb.info.height),
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
}
