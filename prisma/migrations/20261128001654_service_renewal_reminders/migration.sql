-- CreateTable
CREATE TABLE "service_reminders" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "asset_id" INTEGER NOT NULL,
    "task" TEXT NOT NULL,
    "task_key" TEXT NOT NULL,
    "interval_km" DOUBLE PRECISION,
    "due_soon_km" DOUBLE PRECISION,
    "interval_hours" DOUBLE PRECISION,
    "due_soon_hours" DOUBLE PRECISION,
    "interval_time_value" INTEGER,
    "interval_time_unit" TEXT,
    "due_soon_time_value" INTEGER,
    "due_soon_time_unit" TEXT,
    "start_on" DATE NOT NULL,
    "start_odometer_km" DOUBLE PRECISION,
    "start_engine_hours" DOUBLE PRECISION,
    "snoozed_until" DATE,
    "watcher_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "status" TEXT NOT NULL DEFAULT 'ok',
    "forecast_on" DATE,
    "evaluated_at" TIMESTAMPTZ(3),
    "notified_state" TEXT NOT NULL DEFAULT 'ok',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "service_reminders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "service_entries" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "asset_id" INTEGER NOT NULL,
    "serviced_on" DATE NOT NULL,
    "odometer_km" DOUBLE PRECISION,
    "engine_hours" DOUBLE PRECISION,
    "cost" DECIMAL(12,2),
    "notes" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "service_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "service_entry_reminders" (
    "entry_id" INTEGER NOT NULL,
    "reminder_id" INTEGER NOT NULL,

    CONSTRAINT "service_entry_reminders_pkey" PRIMARY KEY ("entry_id","reminder_id")
);

-- CreateTable
CREATE TABLE "renewal_reminders" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "asset_id" INTEGER,
    "driver_id" INTEGER,
    "kind" TEXT NOT NULL,
    "name" TEXT,
    "expires_on" DATE NOT NULL,
    "remind_days_before" INTEGER NOT NULL DEFAULT 30,
    "snoozed_until" DATE,
    "watcher_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "status" TEXT NOT NULL DEFAULT 'ok',
    "evaluated_at" TIMESTAMPTZ(3),
    "notified_state" TEXT NOT NULL DEFAULT 'ok',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "renewal_reminders_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "service_reminders_account_id_status_idx" ON "service_reminders"("account_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "service_reminders_asset_id_task_key_key" ON "service_reminders"("asset_id", "task_key");

-- CreateIndex
CREATE INDEX "service_entries_asset_id_serviced_on_idx" ON "service_entries"("asset_id", "serviced_on");

-- CreateIndex
CREATE INDEX "service_entries_account_id_id_idx" ON "service_entries"("account_id", "id");

-- CreateIndex
CREATE INDEX "service_entry_reminders_reminder_id_idx" ON "service_entry_reminders"("reminder_id");

-- CreateIndex
CREATE INDEX "renewal_reminders_account_id_status_idx" ON "renewal_reminders"("account_id", "status");

-- CreateIndex
CREATE INDEX "renewal_reminders_asset_id_idx" ON "renewal_reminders"("asset_id");

-- CreateIndex
CREATE INDEX "renewal_reminders_driver_id_idx" ON "renewal_reminders"("driver_id");

-- AddForeignKey
ALTER TABLE "service_reminders" ADD CONSTRAINT "service_reminders_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_reminders" ADD CONSTRAINT "service_reminders_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_entries" ADD CONSTRAINT "service_entries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_entries" ADD CONSTRAINT "service_entries_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_entry_reminders" ADD CONSTRAINT "service_entry_reminders_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "service_entries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_entry_reminders" ADD CONSTRAINT "service_entry_reminders_reminder_id_fkey" FOREIGN KEY ("reminder_id") REFERENCES "service_reminders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "renewal_reminders" ADD CONSTRAINT "renewal_reminders_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "renewal_reminders" ADD CONSTRAINT "renewal_reminders_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "renewal_reminders" ADD CONSTRAINT "renewal_reminders_driver_id_fkey" FOREIGN KEY ("driver_id") REFERENCES "drivers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- a renewal is for an asset or a driver, never both, never neither
ALTER TABLE "renewal_reminders" ADD CONSTRAINT "renewal_reminders_one_subject" CHECK (("asset_id" IS NULL) <> ("driver_id" IS NULL));
