-- AlterTable
ALTER TABLE "alert_rules" ADD COLUMN     "notify" JSONB;

-- AlterTable
ALTER TABLE "alerts" ADD COLUMN     "acknowledged_at" TIMESTAMPTZ(3),
ADD COLUMN     "acknowledged_by" TEXT,
ADD COLUMN     "acknowledged_by_user_id" INTEGER;

-- CreateTable
CREATE TABLE "notification_deliveries" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'alert',
    "event_key" TEXT NOT NULL,
    "alert_id" INTEGER,
    "asset_id" INTEGER,
    "recipient_key" TEXT NOT NULL,
    "user_id" INTEGER,
    "channel" TEXT NOT NULL,
    "address" TEXT,
    "critical" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "reason" TEXT,
    "not_before" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "claimed_until" TIMESTAMPTZ(3),
    "decided_at" TIMESTAMPTZ(3),
    "sent_at" TIMESTAMPTZ(3),
    "provider_id" TEXT,
    "batch_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notification_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification_attempts" (
    "id" SERIAL NOT NULL,
    "delivery_id" INTEGER NOT NULL,
    "attempted_at" TIMESTAMPTZ(3) NOT NULL,
    "outcome" TEXT NOT NULL,
    "detail" TEXT,

    CONSTRAINT "notification_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification_preferences" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "recipient_key" TEXT NOT NULL,
    "alert_type" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "notification_preferences_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification_settings" (
    "account_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "phone" TEXT,
    "time_zone" TEXT,
    "quiet_start" TEXT,
    "quiet_end" TEXT,
    "digest" TEXT NOT NULL DEFAULT 'off',
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "notification_settings_pkey" PRIMARY KEY ("account_id","user_id")
);

-- CreateIndex
CREATE INDEX "notification_deliveries_status_not_before_idx" ON "notification_deliveries"("status", "not_before");

-- CreateIndex
CREATE INDEX "notification_deliveries_alert_id_idx" ON "notification_deliveries"("alert_id");

-- CreateIndex
CREATE INDEX "notification_deliveries_batch_id_idx" ON "notification_deliveries"("batch_id");

-- CreateIndex
CREATE INDEX "notification_deliveries_recipient_key_channel_decided_at_idx" ON "notification_deliveries"("recipient_key", "channel", "decided_at");

-- CreateIndex
CREATE UNIQUE INDEX "notification_deliveries_event_key_recipient_key_channel_key" ON "notification_deliveries"("event_key", "recipient_key", "channel");

-- CreateIndex
CREATE INDEX "notification_attempts_delivery_id_idx" ON "notification_attempts"("delivery_id");

-- CreateIndex
CREATE UNIQUE INDEX "notification_preferences_account_id_recipient_key_alert_typ_key" ON "notification_preferences"("account_id", "recipient_key", "alert_type", "channel");

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_acknowledged_by_user_id_fkey" FOREIGN KEY ("acknowledged_by_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_alert_id_fkey" FOREIGN KEY ("alert_id") REFERENCES "alerts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_attempts" ADD CONSTRAINT "notification_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "notification_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
