// `npm run bench [-- <name>...]`: runs every benchmark in scripts/bench/ (each file's default export, see
// scripts/bench/types.ts) or only those named, prints one JSON line per figure ({"name","value","unit"}) as soon as
// it is measured, then a readable table. Figures for the README's "Performance" table come from here.
// Each benchmark runs in a process of its own (scripts/bench/support/run-one.ts): what one leaves behind (a big heap, open
// handles, a warm or cold JIT) must not change the next one's figures. The order of the files no longer matters.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import type { Figure } from "./bench/types";

const folder = path.join(import.meta.dirname, "bench");
const wanted = process.argv.slice(2);
const files = readdirSync(folder)
  .filter((file) => file.endsWith(".ts") && file !== "types.ts" && !file.endsWith(".test.ts"))
  .sort();

/** runs one benchmark file in its own Node process; resolves with its figures and whether it succeeded */
function runFile(file: string): Promise<{ figures: Figure[]; ok: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--expose-gc", "--import", "tsx", path.join(folder, "support", "run-one.ts"), path.join(folder, file), ...wanted],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const figures: Figure[] = [];
    let rest = "";
    child.stdout.on("data", (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split("\n");
      rest = lines.pop()!;
      for (const text of lines) {
        if (text.trim() === "") continue;
        process.stdout.write(text + "\n"); // as soon as it is measured
        figures.push(JSON.parse(text) as Figure);
      }
    });
    child.once("exit", (code) => resolve({ figures, ok: code === 0 }));
  });
}

const figures: Figure[] = [];
let failed = false;
for (const file of files) {
  const result = await runFile(file);
  figures.push(...result.figures);
  if (!result.ok) failed = true;
}

const rows = [["figure", "value", "unit"], ...figures.map((f) => [f.name, f.value.toLocaleString("en-US"), f.unit])];
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
const line = (row: string[]) =>
  row.map((cell, column) => (column === 1 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join("  ").trimEnd();
process.stdout.write(`\n${line(rows[0]!)}\n${widths.map((w) => "-".repeat(w)).join("  ")}\n${rows.slice(1).map(line).join("\n")}\n`);
process.exit(failed ? 1 : 0);
