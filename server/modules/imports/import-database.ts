// The database an import writes to: the process's client for a real import, or the transaction of a dry run (the
// dashboard's preview runs the same importers inside a transaction that is rolled back, see preview-import.ts).
import type { Prisma, PrismaClient } from "../../generated/prisma/client";

export type ImportDb = PrismaClient | Prisma.TransactionClient;

/** transactions opened by openImportTransaction: writes inside them join them instead of nesting */
const outerTransactions = new WeakSet<object>();

/** runs `work` in one transaction whose importers' own transactions join it (a dry run) */
export function openImportTransaction<T>(prisma: PrismaClient, work: (tx: Prisma.TransactionClient) => Promise<T>, options: { timeoutMs: number }): Promise<T> {
  return prisma.$transaction(
    (tx) => {
      outerTransactions.add(tx);
      return work(tx);
    },
    { timeout: options.timeoutMs, maxWait: options.timeoutMs },
  );
}

/**
 * Runs `write` in a transaction of its own, or, inside a dry run, as part of the dry run's transaction (nested
 * transactions would need savepoints, which the embedded database's adapter lacks; the dry run's rollback undoes
 * everything anyway).
 */
export function inTransaction<T>(db: ImportDb, write: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return outerTransactions.has(db) ? write(db) : (db as PrismaClient).$transaction(write);
}

/** whether `db` is a dry run's transaction: nothing written there is kept, so nothing may be announced from it */
export function isDryRun(db: ImportDb): boolean {
  return outerTransactions.has(db);
}
