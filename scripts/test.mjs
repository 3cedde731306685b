// `npm test`: the whole suite (README's test command). Finds Chromium first and stops at once without one, then runs
// vitest (unit + integration) and Playwright (end-to-end) one after the other, each in its own process, and closes
// with one summary line summed over both runners: `N passed, N failed[, N skipped]`. Exit code 0 only if both pass.
// Without a production build it builds first: server.test.ts starts the real server in production mode, and the
// end-to-end run needs the build anyway (its global setup rebuilds when sources are newer).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CLI_BUNDLE, freshBundle } from "./cli-bundle.mjs";
import { CHROMIUM_INSTALL_HINT, findChromium } from "./find-chromium.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reportDir = path.join(root, "test-results");
const vitestReport = path.join(reportDir, "vitest-report.json");
const playwrightReport = path.join(reportDir, "playwright-report.json");

const chromium = findChromium();
if (!chromium) {
  const configured = process.env.CHROMIUM_PATH ? ` (CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist)` : "";
  console.error(
    `No Chromium found for the end-to-end tests${configured}.\n` +
      `Install Debian's chromium with: sudo ${CHROMIUM_INSTALL_HINT}\n` +
      `or point CHROMIUM_PATH at a Chromium executable.`,
  );
  process.exit(1);
}

mkdirSync(reportDir, { recursive: true });
rmSync(vitestReport, { force: true });
rmSync(playwrightReport, { force: true });

const childEnv = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  CHECKPOINT_DISABLE: "1",
  CHROMIUM_PATH: chromium,
  PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport,
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
};
// NODE_ENV belongs to each runner (vitest sets "test", the e2e server runs "production").
delete childEnv.NODE_ENV;

function run(label, command, args, env = childEnv) {
  console.log(`\n> ${label}: ${command} ${args.join(" ")}\n`);
  return new Promise((resolve) => {
    const executable = command === "node" ? process.execPath : path.join(root, "node_modules", ".bin", command);
    const child = spawn(executable, args, { cwd: root, env, stdio: "inherit" });
    const forward = (signal) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.once("error", (error) => {
      console.error(`${label}: ${error.message}`);
      resolve(1);
    });
    child.once("exit", (code, signal) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** vitest's JSON reporter (jest-compatible counts); a file that failed without a failing test (it did not load, or a
 *  hook threw) counts as one failure */
function countVitest(report) {
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === "failed" && !(file.assertionResults ?? []).some((test) => test.status === "failed"),
  ).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** Playwright's JSON reporter: expected = passed, unexpected = failed, flaky passed on a retry */
function countPlaywright(report) {
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
  };
}

let buildCode = 0;
if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  buildCode = await run("production build (none yet)", "node", [path.join(root, "scripts", "build.mjs")], {
    ...childEnv,
    NODE_ENV: "production",
  });
  if (buildCode !== 0) console.error("the build failed: the end-to-end tests will fail too");
} else if (!freshBundle(root, CLI_BUNDLE)) {
  // a build from before the CLI had a bundle, or sources changed since: the tests spawn `fleet`, which would run it
  // through tsx (correct, but a few seconds of CPU per start); rebuilding the bundle alone takes well under a second
  buildCode = await run("admin CLI bundle (missing or stale)", "node", [path.join(root, "scripts", "build-cli.mjs")]);
}

const vitestCode = await run("unit and integration tests", "vitest", [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
const playwrightCode = await run("end-to-end tests", "playwright", ["test", "--reporter=list,json"]);

// A failed build counts as one failure of its own.
const totals = { passed: 0, failed: buildCode === 0 ? 0 : 1, skipped: 0 };
for (const [label, code, file, count] of [
  ["vitest", vitestCode, vitestReport, countVitest],
  ["playwright", playwrightCode, playwrightReport, countPlaywright],
]) {
  const report = readJson(file);
  const counted = report ? count(report) : { passed: 0, failed: 0, skipped: 0 };
  // A runner that failed before it could report (a crash in global setup, a config error) is one failure.
  if (code !== 0 && counted.failed === 0) {
    console.error(`${label} exited with code ${code}${report ? "" : " before writing its report"}`);
    counted.failed = 1;
  }
  totals.passed += counted.passed;
  totals.failed += counted.failed;
  totals.skipped += counted.skipped;
}

const summary = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`;
console.log(`\n${summary}`);
process.exit(buildCode === 0 && vitestCode === 0 && playwrightCode === 0 ? 0 : 1);
