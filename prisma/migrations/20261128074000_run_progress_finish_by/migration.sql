-- AlterTable
ALTER TABLE "run_progress" ADD COLUMN     "finish_by" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "run_progress_status_finish_by_idx" ON "run_progress"("status", "finish_by");
