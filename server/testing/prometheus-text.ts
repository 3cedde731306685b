// Test support: reads samples out of a Prometheus text exposition (what GET /metrics answers), so a test can compare
// a counter before and after what it did.

/** the value of the sample `name` whose labels include `labels` (all of them, in any order); 0 when there is none */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  let found = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("#") || !line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = new Map<string, string>();
    for (const pair of (match[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) present.set(pair[1]!, pair[2]!);
    if (Object.entries(labels).every(([key, value]) => present.get(key) === value)) {
      total += Number(match[3]);
      found = true;
    }
  }
  return found ? total : 0;
}
