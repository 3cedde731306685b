import { CliError, defineCommand, required } from "../command";

export const restore = defineCommand({
  name: "restore",
  summary: "Replace the embedded database in DATA_DIR with a backup (only while no server holds DATA_DIR)",
  // it opens the backup's database, never DATA_DIR's: the command takes DATA_DIR's lock itself (embedded-restore.ts)
  database: false,
  refusedInServer: "restore replaces the database this server has open: stop the server, then run fleet restore again",
  flags: [{ name: "from", value: "PATH", required: true, description: "a file written by fleet backup" }],
  example: "fleet restore --from /srv/backups/fleetline-2026-11-24.tar.gz",
  async run({ flags, env, cwd, note }) {
    if (env.DATABASE_URL) {
      throw new CliError(
        "fleet restore restores the embedded database; on PostgreSQL (DATABASE_URL) restore a pg_dump file with pg_restore: " +
          'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" fleetline.dump (docs/cli.md "restore")',
      );
    }
    const [{ readBackupFile }, { restoreEmbedded }, path] = await Promise.all([
      import("../backup-archive"),
      import("../embedded-restore"),
      import("node:path"),
    ]);
    const tar = await readBackupFile(path.resolve(cwd, required(flags, "from")));
    const result = await restoreEmbedded(tar, env.DATA_DIR);
    if (result.previous) note(`the database it replaced is kept in ${result.previous} (remove it once the restore checks out)`);
    return { restored: true, previous: result.previous, migrated: result.migrated, positions: result.positions };
  },
});
