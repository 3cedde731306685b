-- CreateEnum
CREATE TYPE "RunProgressStatus" AS ENUM ('scheduled', 'in_progress', 'finished', 'cancelled');

-- AlterTable
ALTER TABLE "route_stops" ADD COLUMN     "radius_m" INTEGER;

-- CreateTable
CREATE TABLE "run_progress" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "route_id" INTEGER NOT NULL,
    "date" TEXT NOT NULL,
    "run_id" INTEGER,
    "asset_id" INTEGER,
    "status" "RunProgressStatus" NOT NULL DEFAULT 'scheduled',
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),
    "state" JSONB NOT NULL,
    "event_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "run_progress_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "run_progress_account_id_status_idx" ON "run_progress"("account_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "run_progress_route_id_date_key" ON "run_progress"("route_id", "date");

-- AddForeignKey
ALTER TABLE "run_progress" ADD CONSTRAINT "run_progress_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "run_progress" ADD CONSTRAINT "run_progress_route_id_fkey" FOREIGN KEY ("route_id") REFERENCES "routes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "run_progress" ADD CONSTRAINT "run_progress_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "run_progress" ADD CONSTRAINT "run_progress_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE SET NULL ON UPDATE CASCADE;
