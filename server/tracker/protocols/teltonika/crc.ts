// CRC-16/IBM (a.k.a. CRC-16/ARC: poly 0xA001 reflected, init 0), as Teltonika computes it over an AVL packet
// from the codec id to the second record count.

const TABLE = (() => {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let crc = n;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
    table[n] = crc;
  }
  return table;
})();

export function crc16Ibm(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ TABLE[(crc ^ data[i]!) & 0xff]!;
  return crc;
}
