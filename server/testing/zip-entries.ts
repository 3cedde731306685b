// Test support: the files of a zip archive, read as an unzip tool does (PKWARE APPNOTE): the end record, the central
// directory, then each entry's local header and data, inflated with zlib and checked against its CRC-32 (node's own,
// not the writer's). Throws on anything malformed, so a test of a zip writer can fail.
import { crc32, inflateRawSync } from "node:zlib";

export function zipEntries(zip: Buffer): Map<string, Buffer> {
  const endAt = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0 || endAt + 22 > zip.length) throw new Error("no end of central directory record");
  const count = zip.readUInt16LE(endAt + 10);
  const directorySize = zip.readUInt32LE(endAt + 12);
  let at = zip.readUInt32LE(endAt + 16);
  if (at + directorySize !== endAt) throw new Error("the central directory does not end where the end record starts");
  const files = new Map<string, Buffer>();
  for (let index = 0; index < count; index++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`central directory entry ${index} has no signature`);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    if (zip.readUInt32LE(localAt) !== 0x04034b50) throw new Error(`${name}: no local header at ${localAt}`);
    const localName = zip.toString("utf8", localAt + 30, localAt + 30 + zip.readUInt16LE(localAt + 26));
    if (localName !== name) throw new Error(`${name}: the local header names ${localName}`);
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const raw = zip.subarray(dataAt, dataAt + compressedSize);
    const data = method === 8 ? inflateRawSync(raw) : method === 0 ? Buffer.from(raw) : null;
    if (!data) throw new Error(`${name}: compression method ${method}`);
    if (data.length !== size) throw new Error(`${name}: ${data.length} bytes, the directory says ${size}`);
    if (crc32(data) !== crc) throw new Error(`${name}: CRC-32 mismatch`);
    files.set(name, data);
  }
  return files;
}
