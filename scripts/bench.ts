// `npm run bench [-- <name>...]`: runs every benchmark in scripts/bench/ (each file's default export, see
// scripts/bench/bench.ts) or only those named, prints one JSON line per figure ({"name","value","unit"}) as soon as
// it is measured, then a readable table. Figures for the README's "Performance" table come from here.
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseEnv, setEnv } from "../server/env";
import { setAuthSecret } from "../server/security/auth-secret";
import { randomToken } from "../server/security/random";
import type { Bench, Figure } from "./bench/bench";

// A quiet, valid environment of our own: benchmarks never touch a developer's DATA_DIR or database.
setEnv(parseEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", PORT: "0", TELTONIKA_PORT: "0" }));
setAuthSecret(randomToken(48));

const folder = path.join(import.meta.dirname, "bench");
const wanted = process.argv.slice(2);
const files = readdirSync(folder)
  .filter((file) => file.endsWith(".ts") && file !== "bench.ts" && !file.endsWith(".test.ts"))
  .sort();

const figures: Figure[] = [];
let failed = false;
for (const file of files) {
  const bench = (await import(pathToFileURL(path.join(folder, file)).href)).default as Bench;
  if (wanted.length > 0 && !wanted.includes(bench.name)) continue;
  try {
    for (const figure of await bench.run()) {
      figures.push(figure);
      process.stdout.write(JSON.stringify(figure) + "\n");
    }
  } catch (error) {
    failed = true;
    process.stderr.write(`bench ${bench.name} failed: ${(error as Error).stack ?? error}\n`);
  }
}

const rows = [["figure", "value", "unit"], ...figures.map((f) => [f.name, f.value.toLocaleString("en-US"), f.unit])];
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
const line = (row: string[]) =>
  row.map((cell, column) => (column === 1 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join("  ").trimEnd();
process.stdout.write(`\n${line(rows[0]!)}\n${widths.map((w) => "-".repeat(w)).join("  ")}\n${rows.slice(1).map(line).join("\n")}\n`);
process.exit(failed ? 1 : 0);
