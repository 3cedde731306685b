// Stops the end-to-end server with SIGTERM, checks that it stopped cleanly (exit code 0: graceful shutdown is part of
// the contract, operations.md "Health"), and drops the run's database.
import { rmSync } from "node:fs";
import { e2eServer, setE2eServer } from "./support/e2e-state";
import { dropE2eDatabase } from "./support/postgres-admin";
import { stopServerProcess, tail } from "./support/server-process";

export default async function globalTeardown() {
  const server = e2eServer();
  if (!server) return;
  setE2eServer(undefined);
  const code = await stopServerProcess(server.child);
  await dropE2eDatabase(server.databaseName);
  rmSync(server.dataDir, { recursive: true, force: true });
  if (code !== 0) {
    throw new Error(
      `the server did not stop cleanly on SIGTERM (exit ${code ?? "killed after timeout"}); log ${server.logFile}:\n${tail(server.logFile)}`,
    );
  }
}
