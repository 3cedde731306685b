// The admin CLI kept warm for one Playwright worker (e2e/support/warm-cli.ts starts it). Starting `fleet` costs a
// few seconds of CPU each time (tsx compiles the CLI's import graph), and the fixtures run it two or more times per
// test: a few hundred starts a run. This process starts once and runs each command line it reads through the CLI's
// own executeCli (server/cli/execute.ts), the function the `fleet` process runs: the same parsing, database opening,
// commands, errors and JSON answer, only without a new process per command.
//
// Protocol: one JSON line in, {"id": n, "args": [...]}; one JSON line out, {"id": n, "code": exit code, "json": the
// CLI's answer, "stderr": what it wrote for people}. Commands run one after another: each opens and closes the
// process database, which is global (server/cli/database.ts).
import { createInterface } from "node:readline";
import { parseEnv, setEnv } from "../../server/env";
import { useStandardErrorForLogs } from "../../server/log";

interface Request {
  id: number;
  args: string[];
}

const config = setEnv(parseEnv({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL || "warn" }, { requireSharedSecret: false }));
useStandardErrorForLogs();
const { executeCli } = await import("../../server/cli/execute");

let queue = Promise.resolve();
createInterface({ input: process.stdin }).on("line", (line) => {
  if (!line.trim()) return;
  const request = JSON.parse(line) as Request;
  queue = queue.then(async () => {
    let stderr = "";
    const outcome = await executeCli(request.args, config, { stderr: (text) => void (stderr += text), database: "open" }).catch(
      (error: unknown) => ({ code: 1, json: { error: `unexpected error: ${error instanceof Error ? error.message : String(error)}` } }),
    );
    process.stdout.write(`${JSON.stringify({ id: request.id, code: outcome.code, json: outcome.json, stderr })}\n`);
  });
});
