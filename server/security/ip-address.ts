// IPv6 addresses as numbers, for the checks that must see through their many spellings (compressed `::`, a trailing
// dotted quad, upper case, a zone id): the SSRF guard decoding an IPv4 address carried inside IPv6, and the per-IP
// limiters keying a client on its network prefix.
import { isIP } from "node:net";

/** the eight 16-bit groups of an IPv6 address (a zone id such as `%eth0` ignored), or null when it is not one */
export function ipv6Groups(address: string): number[] | null {
  const bare = address.replace(/%.*$/, "");
  if (isIP(bare) !== 6) return null;
  let text = bare.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => parseInt(group, 16)));
  const [head, tail] = text.split("::") as [string, string | undefined];
  if (tail === undefined) return parse(head);
  const before = parse(head);
  const after = parse(tail);
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/** groups back to the canonical text (RFC 5952: lower case, the longest run of two or more zero groups as `::`) */
export function formatIpv6(groups: number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < 8; ) {
    if (groups[start] !== 0) {
      start++;
      continue;
    }
    let end = start;
    while (end < 8 && groups[end] === 0) end++;
    if (end - start > bestLength) [bestStart, bestLength] = [start, end - start];
    start = end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLength).join(":")}`;
}

/** the dotted IPv4 address in two 16-bit groups */
export function ipv4FromGroups(high: number, low: number): string {
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}
