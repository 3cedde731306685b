// Test support: a process that writes to the embedded database in DATA_DIR and reports each acknowledged commit on
// standard output as one JSON line ({"acked": id, "walSyncs": n}), until it is killed. The durability test kills it
// with SIGKILL right after an acknowledgement and reopens the directory.
import { openDatabase } from "../db/client";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR is required");
const database = await openDatabase({ dataDir });
await database.sql.query("CREATE TABLE IF NOT EXISTS durability_probe (id integer PRIMARY KEY, body text NOT NULL)", []);
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
for (let id = 1; ; id++) {
  await database.sql.query("INSERT INTO durability_probe (id, body) VALUES ($1, $2)", [id, `row ${id}`.padEnd(500, ".")]);
  // written only after the commit returned: what the parent sees is what a device's ACK would have promised
  process.stdout.write(`${JSON.stringify({ acked: id, walSyncs: database.durability?.walSyncs ?? 0 })}\n`);
}
