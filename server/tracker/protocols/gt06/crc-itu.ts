// CRC-ITU as the GT06 documents call it: CRC-16/X-25 (poly 0x1021 reflected = 0x8408, init 0xFFFF, result
// inverted). A frame's CRC covers the packet length field through the serial number.

const TABLE = (() => {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let crc = n;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
    table[n] = crc;
  }
  return table;
})();

export function crcItu(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ TABLE[(crc ^ data[i]!) & 0xff]!;
  return ~crc & 0xffff;
}
