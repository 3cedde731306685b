// Images made with sharp for photo tests (no binary fixtures): plain JPEG, PNG and WebP of a given size, a JPEG
// carrying EXIF (orientation, time, GPS position), a GIF, and a PNG header claiming more pixels than it holds.
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

export interface TestImageOptions {
  width?: number;
  height?: number;
  /** EXIF orientation 1..8 */
  orientation?: number;
  /** EXIF DateTimeOriginal "YYYY:MM:DD HH:MM:SS" and its offset "+02:00" */
  takenAt?: string;
  offset?: string;
  /** a GPS position written into EXIF (degrees, minutes, seconds as rationals) */
  gps?: { latitude: number; longitude: number };
}

function dms(value: number): string {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = Math.floor((abs - degrees) * 60);
  const hundredthSeconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 100);
  return `${degrees}/1 ${minutes}/1 ${hundredthSeconds}/100`;
}

export async function makeImage(format: "jpeg" | "png" | "webp" | "gif", options: TestImageOptions = {}): Promise<Buffer> {
  const { width = 64, height = 48 } = options;
  let image = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } });
  image = format === "jpeg" ? image.jpeg() : format === "png" ? image.png() : format === "webp" ? image.webp() : image.gif();
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  const exif: Record<string, Record<string, string>> = {};
  if (options.takenAt) {
    exif.IFD2 = { DateTimeOriginal: options.takenAt, ...(options.offset ? { OffsetTimeOriginal: options.offset } : {}) };
  }
  if (options.gps) {
    const { latitude, longitude } = options.gps;
    exif.IFD3 = {
      GPSLatitudeRef: latitude < 0 ? "S" : "N",
      GPSLatitude: dms(latitude),
      GPSLongitudeRef: longitude < 0 ? "W" : "E",
      GPSLongitude: dms(longitude),
    };
  }
  if (Object.keys(exif).length) image = image.withExifMerge({ IFD0: { Make: "Fleetline test" }, ...exif });
  return image.toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** a PNG of a few hundred bytes whose header claims width x height pixels (a decompression bomb's header) */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // one compressed row of black: the rest is missing, as a decoder would only find out after decoding it
  const data = deflateSync(Buffer.alloc(1 + width * 3));
  return Buffer.concat([signature, pngChunk("IHDR", header), pngChunk("IDAT", data), pngChunk("IEND", Buffer.alloc(0))]);
}
