import { CliError, defineCommand, required } from "../command";

export const backup = defineCommand({
  name: "backup",
  summary: "Write a consistent copy of the embedded database to a file (also while a server runs); PostgreSQL: use pg_dump",
  database: true,
  flags: [
    { name: "out", value: "PATH", required: true, description: "the backup file to write (gzip-compressed tar, owner-only)" },
    { name: "force", boolean: true, description: "replace PATH if it exists" },
  ],
  example: "fleet backup --out /srv/backups/fleetline-2026-11-24.tar.gz",
  async run({ flags, cwd }) {
    const [{ database }, { writeBackupFile }, path] = await Promise.all([
      import("../../db/client"),
      import("../backup-archive"),
      import("node:path"),
    ]);
    const { dump } = database();
    if (!dump) {
      throw new CliError(
        "fleet backup copies the embedded database; on PostgreSQL (DATABASE_URL) back up with pg_dump: " +
          'pg_dump --format=custom --file=fleetline.dump "$DATABASE_URL" (docs/cli.md "backup")',
      );
    }
    const out = path.resolve(cwd, required(flags, "out"));
    return writeBackupFile(await dump(), out, { force: flags.force === "true" });
  },
});
