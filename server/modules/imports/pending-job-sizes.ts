// How many items (routes, runs or passengers) each pending job holds, counted by the database without loading the
// rows, for progress bars (a job's `processed` counts items, while its `rows` count each stop).
import type { ImportDb } from "./import-database";

export async function pendingJobSizes(prisma: ImportDb, jobIds: number[]): Promise<Map<number, number>> {
  if (jobIds.length === 0) return new Map();
  const rows = await prisma.$queryRaw<Array<{ id: number; items: number }>>`
    SELECT id, jsonb_array_length(input)::int AS items FROM import_jobs WHERE id = ANY(${jobIds}::int[]) AND input IS NOT NULL`;
  return new Map(rows.map((row) => [Number(row.id), Number(row.items)]));
}
