// The house import rules (docs/architecture.md "Import rules"), checked on every `npm test` so they hold by
// themselves instead of by review. Each rule fails with the offending `file → import` list. Known breaks that are
// being fixed elsewhere are listed by exact edge in an allowance with the reason; a last test fails as soon as an
// allowed edge no longer breaks a rule, so the lists can only shrink.
import { describe, expect, it } from "vitest";
import { type ImportEdge, importEdges, importsOf, listSourceFiles, resolveSpecifier } from "./testing/import-graph";

const files = listSourceFiles(["server", "app"]);
/** Test code: `*.test.ts(x)` anywhere and everything under server/testing/. The rest is production. */
const isTestCode = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith("server/testing/");
const production = files.filter((file) => !isTestCode(file));
const productionEdges = importEdges(production);
const allEdges = importEdges(files);

const isDomain = (file: string) => file.startsWith("server/modules/");
/**
 * The protocol-neutral record (server/tracker/record.ts) is the one tracker file the domain may read: it is the
 * contract between ingest and the domain (docs/ingest.md), the shape positions, health and alerts are built from.
 */
const NEUTRAL_RECORD = "server/tracker/record.ts";
const isTransportOrIngest = (file: string) =>
  file !== NEUTRAL_RECORD && /^server\/(tracker|http|realtime|trpc)\//.test(file);
/** Core: what every layer may use, so it may use no domain module. */
const isCore = (file: string) =>
  /^server\/(env|log|errors|hub)\.ts$/.test(file) || /^server\/(db|security)\//.test(file);

const PROTOCOLS_DIR = "server/tracker/protocols/";
/** The protocol folder a file belongs to, or null. */
function protocolOf(file: string): string | null {
  const match = file.slice(PROTOCOLS_DIR.length).match(/^([^/]+)\//);
  return file.startsWith(PROTOCOLS_DIR) && match ? match[1]! : null;
}
/**
 * What a protocol folder may import besides its own files: shared byte helpers, which live as single files directly
 * in server/tracker/protocols/ (beside the registry, e.g. a CRC or BCD helper two protocols share), and the neutral
 * record every decoder normalises to (server/tracker/record.ts). Never the registry (it imports the protocols),
 * another protocol's folder, the pipeline or anything outside the tracker.
 */
function protocolMayImport(file: string): boolean {
  if (file === "server/tracker/record.ts") return true;
  if (file === `${PROTOCOLS_DIR}registry.ts`) return false;
  return file.startsWith(PROTOCOLS_DIR) && !file.slice(PROTOCOLS_DIR.length).includes("/");
}

/**
 * The unit of the cycle rule: server/modules/<x>, server/<x> (sub-folders belong to their top folder, so
 * tracker/pipeline and tracker/protocols are "server/tracker"), and app/ as one unit (server never imports app).
 * A file directly in server/ or server/modules/ is a unit of its own: those are core and shared helpers, and the
 * composition root (server/server.ts, main.ts) imports everything by design.
 */
function folderOf(file: string): string {
  if (file.startsWith("app/")) return "app";
  const module = file.match(/^server\/modules\/([^/]+)\//);
  if (module) return `server/modules/${module[1]}`;
  if (file.startsWith("server/modules/")) return file;
  if (file === NEUTRAL_RECORD) return file; // the contract both sides read, a unit of its own
  const top = file.match(/^server\/([^/]+)\//);
  if (top) return `server/${top[1]}`;
  return file;
}

type Rule = { name: string; breaks: (edge: ImportEdge) => boolean };
const RULES: Rule[] = [
  {
    name: "a domain module imports tracker, http, realtime or trpc",
    breaks: (e) => isDomain(e.from) && isTransportOrIngest(e.to),
  },
  { name: "core imports a domain module", breaks: (e) => isCore(e.from) && isDomain(e.to) },
  {
    name: "a protocol folder imports something other than its own files and shared byte helpers",
    breaks: (e) => {
      const protocol = protocolOf(e.from);
      return protocol !== null && protocolOf(e.to) !== protocol && !protocolMayImport(e.to);
    },
  },
  { name: "production code imports test support", breaks: (e) => isTestCode(e.to) },
];

const key = (edge: ImportEdge) => `${edge.from} → ${edge.to}`;

/**
 * The domain → protocol imports a branch in flight is removing, listed exactly so nothing new slips in meanwhile and
 * emptied when it merges (the last test says when). Empty since branch `protocols` (the neutral record) merged.
 */
const PENDING_PROTOCOL_BOUNDARY: string[] = [];

/**
 * Breaks found by this test that are not fixed yet, each group with why it is still here and what fixes it.
 * Remove the entries with their fix; the last test fails once an entry no longer breaks anything. Empty since
 * branch `breaks` (the device and protocol ports, member.changed, the device-id rule in assets, route edits through
 * tracking-links).
 */
const KNOWN_BREAKS: string[] = [];

const allowed = new Set([...PENDING_PROTOCOL_BOUNDARY, ...KNOWN_BREAKS]);

function violations(rule: Rule): string[] {
  return productionEdges.filter(rule.breaks).map(key);
}

/** Folder-level strongly connected components with more than one folder (Tarjan), over the given edges. */
function folderCycles(edges: ImportEdge[]): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const [a, b] = [folderOf(from), folderOf(to)];
    if (!graph.has(a)) graph.set(a, new Set());
    if (!graph.has(b)) graph.set(b, new Set());
    if (a !== b) graph.get(a)!.add(b);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)!) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

/**
 * Readable cycles: for each folder of a cyclic component, the shortest way back to itself, as folder steps each
 * with the file imports that make it. One line per distinct cycle.
 */
function describeCycles(edges: ImportEdge[], component: string[]): string[] {
  const members = new Set(component);
  const steps = new Map<string, Map<string, string[]>>();
  for (const edge of edges) {
    const [a, b] = [folderOf(edge.from), folderOf(edge.to)];
    if (a === b || !members.has(a) || !members.has(b)) continue;
    if (!steps.has(a)) steps.set(a, new Map());
    const files = steps.get(a)!.get(b) ?? [];
    steps.get(a)!.set(b, [...files, key(edge)]);
  }
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const start of component) {
    const previous = new Map<string, string>();
    const queue = [start];
    let found: string | null = null;
    while (queue.length > 0 && !found) {
      const node = queue.shift()!;
      for (const next of steps.get(node)?.keys() ?? []) {
        if (next === start) {
          found = node;
          break;
        }
        if (!previous.has(next)) {
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    if (!found) continue;
    const path = [found];
    while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
    const id = [...path].sort().join(" ");
    if (seen.has(id)) continue;
    seen.add(id);
    const ring = [...path, start];
    const detail = ring.slice(1).map((to, i) => `${ring[i]} → ${to} [${steps.get(ring[i]!)!.get(to)!.join("; ")}]`);
    lines.push(detail.join("  ⟶  "));
  }
  return lines;
}

/** Every production edge that lies on a folder cycle (both ends in one cyclic component, in different folders). */
function edgesOnCycles(edges: ImportEdge[]): Set<string> {
  const onCycle = new Set<string>();
  for (const component of folderCycles(edges)) {
    const members = new Set(component);
    for (const edge of edges) {
      const [a, b] = [folderOf(edge.from), folderOf(edge.to)];
      if (a !== b && members.has(a) && members.has(b)) onCycle.add(key(edge));
    }
  }
  return onCycle;
}

describe("architecture: import rules", () => {
  it("reads a plausible import graph", () => {
    // Guards the test itself: a resolver that silently found nothing would pass every rule.
    expect(production.length).toBeGreaterThan(200);
    expect(productionEdges.length).toBeGreaterThan(1000);
    expect(resolveSpecifier("app/page.tsx", "@/server/env")).toBe("server/env.ts");
    expect(resolveSpecifier("server/modules/assets/imei.ts", "../paging")).toBe("server/modules/paging.ts");
    expect(resolveSpecifier("server/env.ts", "zod")).toBeNull();
    // type-only, re-exports and dynamic imports all count
    expect(importsOf("server/hub-events.ts")).toContain("server/modules/positions/live-position.ts");
    expect(importsOf("server/cli/commands/simulate.ts")).toContain("server/simulator/fleet-simulator.ts");
  });

  it("finds a folder cycle and names its imports", () => {
    const edges = [
      { from: "server/modules/a/x.ts", to: "server/modules/b/y.ts" },
      { from: "server/modules/b/y.ts", to: "server/tracker/pipeline/z.ts" },
      { from: "server/tracker/z.ts", to: "server/modules/a/w.ts" },
      { from: "server/env.ts", to: "server/log.ts" },
    ];
    const cycles = folderCycles(edges);
    expect(cycles).toEqual([["server/modules/a", "server/modules/b", "server/tracker"]]);
    expect(describeCycles(edges, cycles[0]!)).toHaveLength(1);
    expect(folderCycles(edges.slice(1))).toEqual([]);
  });

  for (const rule of RULES) {
    it(`no production file breaks: ${rule.name}`, () => {
      expect(violations(rule).filter((edge) => !allowed.has(edge))).toEqual([]);
    });
  }

  it("no folder cycles among production files", () => {
    const kept = productionEdges.filter((e) => !allowed.has(key(e)));
    expect(folderCycles(kept).flatMap((component) => describeCycles(kept, component))).toEqual([]);
  });

  it("nothing in a production folder is imported only by tests (test support belongs in server/testing/)", () => {
    const importers = new Map<string, string[]>();
    for (const { from, to } of allEdges) importers.set(to, [...(importers.get(to) ?? []), from]);
    // server/ only: app/ files are Next.js entry points (route.ts, page.tsx) loaded by file convention, not imports
    const onlyTests = production.filter((file) => {
      if (!file.startsWith("server/")) return false;
      // a protocol folder keeps its device-side encoder and published vectors beside its decoder (style.md §1, §3)
      if (protocolOf(file) !== null) return false;
      const by = importers.get(file) ?? [];
      return by.length > 0 && by.every(isTestCode);
    });
    expect(onlyTests).toEqual([]);
  });

  it("every allowance still names an edge that breaks a rule (so the lists cannot rot)", () => {
    const cyclic = edgesOnCycles(productionEdges);
    const stillBreaking = (edge: string) =>
      cyclic.has(edge) || RULES.some((rule) => violations(rule).includes(edge));
    expect([...allowed].filter((edge) => !stillBreaking(edge))).toEqual([]);
  });
});
