-- CreateEnum
CREATE TYPE "TrackingAccessMode" AS ENUM ('public', 'email', 'email_code', 'authorized_only');

-- CreateEnum
CREATE TYPE "TrackingExpiryReason" AS ENUM ('arrival', 'time_expired', 'schedule_ended');

-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "time_zone" TEXT NOT NULL DEFAULT 'UTC';

-- CreateTable
CREATE TABLE "tracking_links" (
    "id" SERIAL NOT NULL,
    "uuid" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "asset_id" INTEGER,
    "display_name" TEXT NOT NULL,
    "access_mode" "TrackingAccessMode" NOT NULL,
    "allowed_emails" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "active" BOOLEAN NOT NULL DEFAULT true,
    "expires_at" TIMESTAMPTZ(3),
    "destination_lat" DOUBLE PRECISION,
    "destination_lng" DOUBLE PRECISION,
    "destination_name" TEXT,
    "arrival_radius_m" INTEGER,
    "starts_at" TIMESTAMPTZ(3),
    "schedule_days" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "schedule_start" INTEGER,
    "schedule_end" INTEGER,
    "schedule_until" TEXT,
    "within_schedule" BOOLEAN NOT NULL DEFAULT true,
    "session_minutes" INTEGER NOT NULL DEFAULT 240,
    "logo_url" TEXT,
    "primary_color" TEXT,
    "company_name" TEXT,
    "contact_name" TEXT,
    "contact_email" TEXT,
    "contact_phone" TEXT,
    "expired_at" TIMESTAMPTZ(3),
    "expired_reason" "TrackingExpiryReason",
    "next_check_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "tracking_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "viewer_sessions" (
    "id" SERIAL NOT NULL,
    "link_id" INTEGER NOT NULL,
    "token_hash" TEXT NOT NULL,
    "email" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "viewer_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tracking_access_codes" (
    "id" SERIAL NOT NULL,
    "link_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "consumed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tracking_access_codes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "tracking_links_uuid_key" ON "tracking_links"("uuid");

-- CreateIndex
CREATE INDEX "tracking_links_account_id_id_idx" ON "tracking_links"("account_id", "id");

-- CreateIndex
CREATE INDEX "tracking_links_asset_id_idx" ON "tracking_links"("asset_id");

-- CreateIndex
CREATE INDEX "tracking_links_next_check_at_idx" ON "tracking_links"("next_check_at");

-- CreateIndex
CREATE UNIQUE INDEX "viewer_sessions_token_hash_key" ON "viewer_sessions"("token_hash");

-- CreateIndex
CREATE INDEX "viewer_sessions_link_id_idx" ON "viewer_sessions"("link_id");

-- CreateIndex
CREATE INDEX "viewer_sessions_expires_at_idx" ON "viewer_sessions"("expires_at");

-- CreateIndex
CREATE INDEX "tracking_access_codes_link_id_email_idx" ON "tracking_access_codes"("link_id", "email");

-- AddForeignKey
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "viewer_sessions" ADD CONSTRAINT "viewer_sessions_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "tracking_links"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tracking_access_codes" ADD CONSTRAINT "tracking_access_codes_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "tracking_links"("id") ON DELETE CASCADE ON UPDATE CASCADE;
