// bin/fleet.mjs's choice between the CLI's bundle (scripts/build-cli.mjs) and tsx, and what it passes on either way,
// on a package of its own: a stand-in server/cli/main.ts that reports how it was run, bundled by the real build.
// (server/cli/cli.test.ts runs the real CLI through the bin with the bundle and with tsx.)
import { execFile, spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBundle } from "./build-cli.mjs";
import { CLI_BUNDLE, freshBundle } from "./cli-bundle.mjs";

const REAL_ROOT = process.cwd();

/** prints how it was run as one JSON line; `exit N` exits N; `wait` waits for a signal and exits 7 on SIGTERM */
const STAND_IN = `
const args: string[] = process.argv.slice(2);
const report = { file: import.meta.url, args, cwd: process.cwd(), dataDir: process.env.DATA_DIR, initCwd: process.env.INIT_CWD, forced: process.env.FLEET_CLI_TSX ?? null };
if (args[0] === "wait") {
  process.once("SIGTERM", () => {
    process.stdout.write(JSON.stringify({ ...report, signal: "SIGTERM" }) + "\\n", () => process.exit(7));
  });
  process.stderr.write("waiting\\n");
  setInterval(() => {}, 1000);
} else {
  process.stdout.write(JSON.stringify(report) + "\\n", () => process.exit(args[0] === "exit" ? Number(args[1]) : 0));
}
`;

describe("bin/fleet.mjs and the CLI bundle", () => {
  const root = mkdtempSync(path.join(tmpdir(), "fleet-bin-"));
  const userFolder = mkdtempSync(path.join(tmpdir(), "fleet-bin-user-"));
  const main = path.join(root, "server", "cli", "main.ts");

  beforeAll(async () => {
    for (const folder of ["bin", "scripts", "server/cli"]) mkdirSync(path.join(root, folder), { recursive: true });
    copyFileSync(path.join(REAL_ROOT, "bin", "fleet.mjs"), path.join(root, "bin", "fleet.mjs"));
    copyFileSync(path.join(REAL_ROOT, "scripts", "cli-bundle.mjs"), path.join(root, "scripts", "cli-bundle.mjs"));
    writeFileSync(path.join(root, "package.json"), '{ "type": "module" }\n');
    writeFileSync(path.join(root, "tsconfig.json"), "{}\n");
    symlinkSync(path.join(REAL_ROOT, "node_modules"), path.join(root, "node_modules"));
    writeFileSync(main, STAND_IN);
    // sources dated a little in the past, as a checkout is before its build
    const past = new Date(Date.now() - 60_000);
    for (const file of [main, path.join(root, "package.json"), path.join(root, "tsconfig.json")]) utimesSync(file, past, past);
    await buildBundle("server/cli/main.ts", CLI_BUNDLE, { packageRoot: root });
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(userFolder, { recursive: true, force: true });
  });

  function fleet(args: string[], env: Record<string, string> = {}): Promise<{ code: number; report: Record<string, unknown> }> {
    return new Promise((resolve) => {
      execFile(process.execPath, [path.join(root, "bin", "fleet.mjs"), ...args], { cwd: userFolder, env: { ...process.env, DATA_DIR: "data", ...env } }, (error, stdout) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, report: JSON.parse(stdout) }),
      );
    });
  }

  it("runs the fresh bundle from the package root, with arguments, the user's folder in INIT_CWD, a relative DATA_DIR made absolute, and the exit code", async () => {
    expect(freshBundle(root, CLI_BUNDLE)).toBe(path.join(root, CLI_BUNDLE));
    const run = await fleet(["exit", "3"]);
    expect(run.code).toBe(3);
    expect(run.report).toEqual({
      file: `file://${path.join(root, CLI_BUNDLE)}`,
      args: ["exit", "3"],
      cwd: root,
      dataDir: path.join(userFolder, "data"),
      initCwd: userFolder,
      forced: null,
    });
  });

  it("runs the TypeScript with tsx when FLEET_CLI_TSX=1, passing the same", async () => {
    const run = await fleet(["exit", "4"], { FLEET_CLI_TSX: "1" });
    expect(run.code).toBe(4);
    expect(run.report).toEqual({ file: `file://${main}`, args: ["exit", "4"], cwd: root, dataDir: path.join(userFolder, "data"), initCwd: userFolder, forced: null });
  });

  it("forwards SIGTERM to the CLI and exits with its code", async () => {
    const child = spawn(process.execPath, [path.join(root, "bin", "fleet.mjs"), "wait"], { cwd: userFolder, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    await new Promise<void>((resolve) => child.stderr.on("data", (chunk: Buffer) => chunk.toString().includes("waiting") && resolve()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(7);
    expect(JSON.parse(stdout)).toMatchObject({ signal: "SIGTERM", file: `file://${path.join(root, CLI_BUNDLE)}` });
  });

  it("falls back to tsx once a source of the bundle changed, or went missing, or without the bundle's list of sources", async () => {
    const future = new Date(Date.now() + 5_000);
    utimesSync(path.join(root, "tsconfig.json"), future, future);
    expect(freshBundle(root, CLI_BUNDLE)).toBeNull();
    expect((await fleet(["exit", "0"])).report.file).toBe(`file://${main}`);

    await buildBundle("server/cli/main.ts", CLI_BUNDLE, { packageRoot: root }); // a build after the edit: fresh again
    const later = new Date(Date.now() - 1_000);
    utimesSync(path.join(root, "tsconfig.json"), later, later);
    expect(freshBundle(root, CLI_BUNDLE)).not.toBeNull();
    utimesSync(main, future, future); // the entry itself edited
    expect(freshBundle(root, CLI_BUNDLE)).toBeNull();
    expect((await fleet(["exit", "0"])).report.file).toBe(`file://${main}`);
    utimesSync(main, later, later);
    expect(freshBundle(root, CLI_BUNDLE)).not.toBeNull();

    unlinkSync(path.join(root, "tsconfig.json"));
    expect(freshBundle(root, CLI_BUNDLE)).toBeNull();
    writeFileSync(path.join(root, "tsconfig.json"), "{}\n");
    utimesSync(path.join(root, "tsconfig.json"), later, later);
    expect(freshBundle(root, CLI_BUNDLE)).not.toBeNull();
    unlinkSync(path.join(root, CLI_BUNDLE.replace(/\.mjs$/, ".sources.json")));
    expect(freshBundle(root, CLI_BUNDLE)).toBeNull();
  });
});
