-- CreateEnum
CREATE TYPE "AccessRequestStatus" AS ENUM ('pending', 'approved', 'rejected');

-- AlterTable
ALTER TABLE "import_jobs" ADD COLUMN     "label" TEXT,
ADD COLUMN     "spreadsheet_source_id" INTEGER;

-- AlterTable
ALTER TABLE "passengers" ADD COLUMN     "approved" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "contact_email" TEXT,
ADD COLUMN     "opted_out_at" TIMESTAMPTZ(3),
ADD COLUMN     "welcome_sent_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "tracking_links" ADD COLUMN     "form_choices" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "form_title" TEXT,
ADD COLUMN     "passenger_id" INTEGER,
ADD COLUMN     "route_id" INTEGER;

-- CreateTable
CREATE TABLE "spreadsheet_sources" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "target" "ImportTarget" NOT NULL,
    "url" TEXT NOT NULL,
    "column_map" JSONB NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "content_hash" TEXT,
    "last_checked_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "next_check_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimed_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "spreadsheet_sources_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "access_requests" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "link_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "message" TEXT,
    "status" "AccessRequestStatus" NOT NULL DEFAULT 'pending',
    "decided_at" TIMESTAMPTZ(3),
    "decided_by_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "access_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "link_form_submissions" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "link_id" INTEGER NOT NULL,
    "passenger_id" INTEGER,
    "choice" TEXT NOT NULL,
    "message" TEXT,
    "email" TEXT,
    "seen_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "link_form_submissions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhooks" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "secret_encrypted" TEXT NOT NULL,
    "created_by_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" SERIAL NOT NULL,
    "webhook_id" INTEGER NOT NULL,
    "event_id" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "response_code" INTEGER,
    "duration_ms" INTEGER NOT NULL,
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "spreadsheet_sources_account_id_idx" ON "spreadsheet_sources"("account_id");

-- CreateIndex
CREATE INDEX "spreadsheet_sources_active_next_check_at_idx" ON "spreadsheet_sources"("active", "next_check_at");

-- CreateIndex
CREATE INDEX "access_requests_account_id_status_id_idx" ON "access_requests"("account_id", "status", "id");

-- CreateIndex
CREATE UNIQUE INDEX "access_requests_link_id_email_key" ON "access_requests"("link_id", "email");

-- CreateIndex
CREATE INDEX "link_form_submissions_account_id_id_idx" ON "link_form_submissions"("account_id", "id");

-- CreateIndex
CREATE INDEX "link_form_submissions_link_id_idx" ON "link_form_submissions"("link_id");

-- CreateIndex
CREATE INDEX "webhooks_account_id_idx" ON "webhooks"("account_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_id_id_idx" ON "webhook_deliveries"("webhook_id", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_created_at_idx" ON "webhook_deliveries"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "tracking_links_passenger_id_key" ON "tracking_links"("passenger_id");

-- CreateIndex
CREATE INDEX "tracking_links_route_id_idx" ON "tracking_links"("route_id");

-- AddForeignKey
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_route_id_fkey" FOREIGN KEY ("route_id") REFERENCES "routes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_passenger_id_fkey" FOREIGN KEY ("passenger_id") REFERENCES "passengers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_spreadsheet_source_id_fkey" FOREIGN KEY ("spreadsheet_source_id") REFERENCES "spreadsheet_sources"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "spreadsheet_sources" ADD CONSTRAINT "spreadsheet_sources_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "spreadsheet_sources" ADD CONSTRAINT "spreadsheet_sources_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "tracking_links"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "link_form_submissions" ADD CONSTRAINT "link_form_submissions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "link_form_submissions" ADD CONSTRAINT "link_form_submissions_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "tracking_links"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "link_form_submissions" ADD CONSTRAINT "link_form_submissions_passenger_id_fkey" FOREIGN KEY ("passenger_id") REFERENCES "passengers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
