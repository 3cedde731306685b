-- CreateEnum
CREATE TYPE "MessageDirection" AS ENUM ('to_driver', 'from_driver');

-- CreateEnum
CREATE TYPE "MessageStatus" AS ENUM ('queued', 'sent', 'delivered', 'read');

-- CreateTable
CREATE TABLE "driver_messages" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "driver_id" INTEGER NOT NULL,
    "asset_id" INTEGER,
    "direction" "MessageDirection" NOT NULL,
    "body" TEXT NOT NULL,
    "canned_reply_key" TEXT,
    "sender_user_id" INTEGER,
    "status" "MessageStatus" NOT NULL DEFAULT 'queued',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "delivered_at" TIMESTAMPTZ(3),
    "read_at" TIMESTAMPTZ(3),
    "sms_fallback_at" TIMESTAMPTZ(3),
    "sms_fallback_error" TEXT,

    CONSTRAINT "driver_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "canned_replies" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "canned_replies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "messaging_settings" (
    "account_id" INTEGER NOT NULL,
    "sms_fallback_minutes" INTEGER,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "messaging_settings_pkey" PRIMARY KEY ("account_id")
);

-- CreateTable
CREATE TABLE "driver_sign_in_tokens" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "driver_id" INTEGER NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "driver_sign_in_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "driver_pins" (
    "driver_id" INTEGER NOT NULL,
    "pin_hash" TEXT NOT NULL,
    "failed_attempts" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "driver_pins_pkey" PRIMARY KEY ("driver_id")
);

-- CreateTable
CREATE TABLE "driver_sessions" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "driver_id" INTEGER NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "driver_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "driver_messages_account_id_driver_id_id_idx" ON "driver_messages"("account_id", "driver_id", "id");

-- CreateIndex
CREATE INDEX "driver_messages_account_id_id_idx" ON "driver_messages"("account_id", "id");

-- CreateIndex
CREATE INDEX "driver_messages_status_created_at_idx" ON "driver_messages"("status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "canned_replies_account_id_key_key" ON "canned_replies"("account_id", "key");

-- CreateIndex
CREATE UNIQUE INDEX "driver_sign_in_tokens_token_hash_key" ON "driver_sign_in_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "driver_sign_in_tokens_driver_id_idx" ON "driver_sign_in_tokens"("driver_id");

-- CreateIndex
CREATE UNIQUE INDEX "driver_sessions_token_hash_key" ON "driver_sessions"("token_hash");

-- CreateIndex
CREATE INDEX "driver_sessions_driver_id_idx" ON "driver_sessions"("driver_id");

-- AddForeignKey
ALTER TABLE "driver_messages" ADD CONSTRAINT "driver_messages_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "driver_messages" ADD CONSTRAINT "driver_messages_driver_id_fkey" FOREIGN KEY ("driver_id") REFERENCES "drivers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "driver_messages" ADD CONSTRAINT "driver_messages_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "canned_replies" ADD CONSTRAINT "canned_replies_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messaging_settings" ADD CONSTRAINT "messaging_settings_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "driver_sign_in_tokens" ADD CONSTRAINT "driver_sign_in_tokens_driver_id_fkey" FOREIGN KEY ("driver_id") REFERENCES "drivers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "driver_pins" ADD CONSTRAINT "driver_pins_driver_id_fkey" FOREIGN KEY ("driver_id") REFERENCES "drivers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "driver_sessions" ADD CONSTRAINT "driver_sessions_driver_id_fkey" FOREIGN KEY ("driver_id") REFERENCES "drivers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
