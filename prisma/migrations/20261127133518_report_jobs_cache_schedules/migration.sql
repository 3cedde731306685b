-- CreateEnum
CREATE TYPE "ReportJobStatus" AS ENUM ('queued', 'running', 'done', 'failed');

-- CreateEnum
CREATE TYPE "ReportScheduleFrequency" AS ENUM ('daily', 'weekly', 'monthly');

-- CreateTable
CREATE TABLE "report_jobs" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "status" "ReportJobStatus" NOT NULL DEFAULT 'queued',
    "request" JSONB NOT NULL,
    "progress_done" INTEGER NOT NULL DEFAULT 0,
    "progress_total" INTEGER NOT NULL DEFAULT 0,
    "error_code" TEXT,
    "error_message" TEXT,
    "created_by" TEXT NOT NULL,
    "schedule_id" INTEGER,
    "claimed_until" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3),

    CONSTRAINT "report_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "report_files" (
    "job_id" INTEGER NOT NULL,
    "file_name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "body" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "report_files_pkey" PRIMARY KEY ("job_id")
);

-- CreateTable
CREATE TABLE "report_cache" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "data_version" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "file_name" TEXT,
    "size" INTEGER NOT NULL,
    "body" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "report_cache_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "report_schedules" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "asset_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "all_assets" BOOLEAN NOT NULL DEFAULT false,
    "frequency" "ReportScheduleFrequency" NOT NULL,
    "weekday" INTEGER,
    "day_of_month" INTEGER,
    "local_time" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "period" TEXT,
    "options" JSONB,
    "recipients" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "next_run_at" TIMESTAMPTZ(3),
    "last_run_at" TIMESTAMPTZ(3),
    "last_job_id" INTEGER,
    "delivered_job_id" INTEGER,
    "last_error" TEXT,
    "claimed_until" TIMESTAMPTZ(3),
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "report_schedules_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "report_jobs_account_id_id_idx" ON "report_jobs"("account_id", "id");

-- CreateIndex
CREATE INDEX "report_jobs_status_claimed_until_idx" ON "report_jobs"("status", "claimed_until");

-- CreateIndex
CREATE INDEX "report_jobs_expires_at_idx" ON "report_jobs"("expires_at");

-- CreateIndex
CREATE INDEX "report_cache_expires_at_idx" ON "report_cache"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "report_cache_account_id_key_key" ON "report_cache"("account_id", "key");

-- CreateIndex
CREATE INDEX "report_schedules_account_id_id_idx" ON "report_schedules"("account_id", "id");

-- CreateIndex
CREATE INDEX "report_schedules_enabled_next_run_at_idx" ON "report_schedules"("enabled", "next_run_at");

-- AddForeignKey
ALTER TABLE "report_jobs" ADD CONSTRAINT "report_jobs_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_files" ADD CONSTRAINT "report_files_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "report_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_cache" ADD CONSTRAINT "report_cache_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
