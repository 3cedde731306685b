-- AlterTable
ALTER TABLE "run_progress" ADD COLUMN     "eta" JSONB;
