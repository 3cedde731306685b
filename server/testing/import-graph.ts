// The project's import graph, read from source for the architecture test (server/architecture.test.ts). It owns
// finding the files, reading every import, `export … from`, `import type`, `import("…")` and `require("…")` with the
// TypeScript compiler's own pre-processor (no regex over comments or strings), and resolving `@/` and relative
// specifiers to repository files. Package imports are dropped: the rules are about our own folders.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

/** One edge: `from` imports `to`, both repository-relative with forward slashes. */
export type ImportEdge = { from: string; to: string };

const SOURCE = /\.(ts|tsx|mts|cts)$/;
// Generated code (the Prisma client) and declaration files hold no rules of ours.
const SKIP_DIRS = new Set(["node_modules", "generated", ".next"]);

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (SOURCE.test(name) && !name.endsWith(".d.ts")) out.push(full);
  }
}

/** Source files under the given repository folders, repository-relative. */
export function listSourceFiles(folders: readonly string[]): string[] {
  const out: string[] = [];
  for (const folder of folders) walk(path.join(REPO_ROOT, folder), out);
  return out.map(toRepoPath).sort();
}

function toRepoPath(full: string): string {
  return path.relative(REPO_ROOT, full).split(path.sep).join("/");
}

const EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".cts", "/index.ts", "/index.tsx"];

/** Resolves one specifier written in `fromFile`; null for packages and for anything outside the repository. */
export function resolveSpecifier(fromFile: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(REPO_ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(REPO_ROOT, path.dirname(fromFile), specifier);
  else return null;
  // ESM-style "./x.js" names the emitted file; the source is x.ts.
  const candidates = [base, base.replace(/\.(m|c)?js$/, ".$1ts"), base.replace(/\.jsx$/, ".tsx")];
  for (const candidate of candidates) {
    for (const ext of EXTENSIONS) {
      const full = candidate + ext;
      if (existsSync(full) && statSync(full).isFile()) return toRepoPath(full);
    }
  }
  return null;
}

/** Every repository file `file` imports, in any form (type-only imports count too). */
export function importsOf(file: string): string[] {
  const text = readFileSync(path.join(REPO_ROOT, file), "utf8");
  const info = ts.preProcessFile(text, true, true);
  const resolved = new Set<string>();
  for (const ref of info.importedFiles) {
    const target = resolveSpecifier(file, ref.fileName);
    if (target) resolved.add(target);
  }
  return [...resolved].sort();
}

/** All edges among the given files' imports. */
export function importEdges(files: readonly string[]): ImportEdge[] {
  return files.flatMap((from) => importsOf(from).map((to) => ({ from, to })));
}
