// The two EXIF facts a photo's record keeps (docs/fleet-records.md "Photos"): when it was taken (DateTimeOriginal,
// else DateTimeDigitized, with OffsetTimeOriginal / SubSecTimeOriginal when present) and where (the GPS IFD's
// latitude and longitude). Reads the raw EXIF block sharp hands over ("Exif\0\0" then a TIFF structure); anything
// malformed yields nulls, never an error: EXIF is the camera's word, not the uploader's request.

export interface ExifFacts {
  /** the local wall-clock time the camera recorded, "YYYY-MM-DDTHH:MM:SS(.sss)" without a zone */
  takenLocal: string | null;
  /** the camera's UTC offset for it, "+02:00", when recorded */
  takenOffset: string | null;
  latitude: number | null;
  longitude: number | null;
}

const NONE: ExifFacts = { takenLocal: null, takenOffset: null, latitude: null, longitude: null };

const TAG = {
  EXIF_IFD: 0x8769,
  GPS_IFD: 0x8825,
  DATE_TIME_ORIGINAL: 0x9003,
  DATE_TIME_DIGITIZED: 0x9004,
  OFFSET_TIME_ORIGINAL: 0x9011,
  SUB_SEC_TIME_ORIGINAL: 0x9291,
  GPS_LATITUDE_REF: 1,
  GPS_LATITUDE: 2,
  GPS_LONGITUDE_REF: 3,
  GPS_LONGITUDE: 4,
} as const;

/** bytes per value of each TIFF field type (1 BYTE, 2 ASCII, 3 SHORT, 4 LONG, 5 RATIONAL, 7 UNDEFINED, 9 SLONG, 10 SRATIONAL) */
const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8 };
const MAX_ENTRIES = 512; // a directory with more is not a camera's

interface Entry {
  type: number;
  count: number;
  /** where the value starts in the TIFF block */
  offset: number;
}

class Tiff {
  constructor(
    readonly view: DataView,
    readonly little: boolean,
  ) {}
  u16(at: number) {
    return this.view.getUint16(at, this.little);
  }
  u32(at: number) {
    return this.view.getUint32(at, this.little);
  }
  /** the directory at `at`: tag -> entry; empty when it does not fit in the block */
  directory(at: number): Map<number, Entry> {
    const entries = new Map<number, Entry>();
    if (at < 8 || at + 2 > this.view.byteLength) return entries;
    const count = Math.min(this.u16(at), MAX_ENTRIES);
    for (let i = 0; i < count; i++) {
      const base = at + 2 + i * 12;
      if (base + 12 > this.view.byteLength) break;
      const type = this.u16(base + 2); // field type
      const valueCount = this.u32(base + 4);
      const size = (TYPE_SIZE[type] ?? 0) * valueCount;
      if (size === 0) continue;
      // values of 4 bytes or less sit in the entry itself, longer ones at an offset
      const offset = size <= 4 ? base + 8 : this.u32(base + 8);
      if (offset + size > this.view.byteLength) continue;
      entries.set(this.u16(base), { type, count: valueCount, offset });
    }
    return entries;
  }
  ascii(entry: Entry | undefined): string | null {
    if (!entry || entry.type !== 2) return null;
    const bytes = new Uint8Array(this.view.buffer, this.view.byteOffset + entry.offset, entry.count);
    const end = bytes.indexOf(0);
    const text = new TextDecoder("latin1").decode(end === -1 ? bytes : bytes.subarray(0, end)).trim();
    return text || null;
  }
  rationals(entry: Entry | undefined): number[] | null {
    if (!entry || entry.type !== 5) return null;
    const values: number[] = [];
    for (let i = 0; i < entry.count; i++) {
      const numerator = this.u32(entry.offset + i * 8);
      const denominator = this.u32(entry.offset + i * 8 + 4);
      if (denominator === 0) return null;
      values.push(numerator / denominator);
    }
    return values;
  }
}

/** The facts in a raw EXIF block (as sharp's metadata().exif gives it); nulls for what is absent or malformed. */
export function readExifFacts(exif: Uint8Array | undefined): ExifFacts {
  if (!exif || exif.byteLength < 14) return NONE;
  const start = exif[0] === 0x45 && exif[1] === 0x78 ? 6 : 0; // "Exif\0\0" before the TIFF header
  const view = new DataView(exif.buffer, exif.byteOffset + start, exif.byteLength - start);
  const order = view.getUint16(0, false);
  if (order !== 0x4949 && order !== 0x4d4d) return NONE; // "II" little-endian, "MM" big-endian
  const tiff = new Tiff(view, order === 0x4949);
  if (tiff.u16(2) !== 42) return NONE;
  const ifd0 = tiff.directory(tiff.u32(4));

  const pointer = (tag: number) => {
    const entry = ifd0.get(tag);
    return entry && entry.type === 4 ? tiff.u32(entry.offset) : 0;
  };
  const exifIfd = tiff.directory(pointer(TAG.EXIF_IFD));
  const gps = tiff.directory(pointer(TAG.GPS_IFD));

  const stamp = tiff.ascii(exifIfd.get(TAG.DATE_TIME_ORIGINAL)) ?? tiff.ascii(exifIfd.get(TAG.DATE_TIME_DIGITIZED));
  const subSeconds = tiff.ascii(exifIfd.get(TAG.SUB_SEC_TIME_ORIGINAL));
  const offset = tiff.ascii(exifIfd.get(TAG.OFFSET_TIME_ORIGINAL));
  return {
    takenLocal: localTime(stamp, subSeconds),
    takenOffset: offset && /^[+-]\d\d:\d\d$/.test(offset) ? offset : null,
    latitude: coordinate(tiff.rationals(gps.get(TAG.GPS_LATITUDE)), tiff.ascii(gps.get(TAG.GPS_LATITUDE_REF)), "S", 90),
    longitude: coordinate(tiff.rationals(gps.get(TAG.GPS_LONGITUDE)), tiff.ascii(gps.get(TAG.GPS_LONGITUDE_REF)), "W", 180),
  };
}

/** "2026:03:14 09:26:53" (+ sub-seconds "25") -> "2026-03-14T09:26:53.250"; null for a blank or impossible stamp */
function localTime(stamp: string | null, subSeconds: string | null): string | null {
  const match = stamp ? /^(\d{4}):(\d\d):(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(stamp) : null;
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as [number, number, number, number, number, number, number];
  const check = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (year < 1900 || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  const millis = subSeconds && /^\d+$/.test(subSeconds) ? `.${subSeconds.padEnd(3, "0").slice(0, 3)}` : "";
  return `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}${millis}`;
}

/** degrees, minutes, seconds and N/S (E/W) -> signed degrees; null when missing or out of range */
function coordinate(parts: number[] | null, ref: string | null, negative: "S" | "W", max: number): number | null {
  if (!parts || parts.length !== 3 || !ref) return null;
  const [degrees, minutes, seconds] = parts as [number, number, number];
  const value = degrees + minutes / 60 + seconds / 3600;
  if (!Number.isFinite(value) || value > max) return null;
  const signed = ref.toUpperCase() === negative ? -value : value;
  return Math.round(signed * 1e7) / 1e7;
}
