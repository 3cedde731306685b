-- CreateTable
CREATE TABLE "odometer_entries" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "asset_id" INTEGER NOT NULL,
    "read_at" TIMESTAMPTZ(3) NOT NULL,
    "value_m" DOUBLE PRECISION NOT NULL,
    "source" TEXT NOT NULL,
    "is_reset" BOOLEAN NOT NULL DEFAULT false,
    "note" TEXT,
    "fuel_entry_id" INTEGER,
    "poll_slot" INTEGER,
    "tracker_value_m" DOUBLE PRECISION,
    "tracker_meter" TEXT,
    "flags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "odometer_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "fuel_entries" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "asset_id" INTEGER NOT NULL,
    "filled_at" TIMESTAMPTZ(3) NOT NULL,
    "odometer_m" DOUBLE PRECISION NOT NULL,
    "volume_l" DOUBLE PRECISION NOT NULL,
    "price_per_unit" DOUBLE PRECISION,
    "total" DOUBLE PRECISION,
    "vendor" TEXT,
    "fuel_type" TEXT,
    "partial" BOOLEAN NOT NULL DEFAULT false,
    "reset_usage" BOOLEAN NOT NULL DEFAULT false,
    "is_void" BOOLEAN NOT NULL DEFAULT false,
    "note" TEXT,
    "distance_km" DOUBLE PRECISION,
    "interval_distance_km" DOUBLE PRECISION,
    "interval_volume_l" DOUBLE PRECISION,
    "interval_cost" DOUBLE PRECISION,
    "l_per_100km" DOUBLE PRECISION,
    "cost_per_km" DOUBLE PRECISION,
    "tracker_value_m" DOUBLE PRECISION,
    "tracker_meter" TEXT,
    "fuel_rise" DOUBLE PRECISION,
    "fuel_rise_unit" TEXT,
    "flags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "fuel_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "odometer_poll_claims" (
    "asset_id" INTEGER NOT NULL,
    "slot" INTEGER NOT NULL,
    "claimed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "odometer_poll_claims_pkey" PRIMARY KEY ("asset_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "odometer_entries_fuel_entry_id_key" ON "odometer_entries"("fuel_entry_id");

-- CreateIndex
CREATE INDEX "odometer_entries_asset_id_read_at_idx" ON "odometer_entries"("asset_id", "read_at");

-- CreateIndex
CREATE INDEX "odometer_entries_account_id_read_at_idx" ON "odometer_entries"("account_id", "read_at");

-- CreateIndex
CREATE UNIQUE INDEX "odometer_entries_asset_id_poll_slot_key" ON "odometer_entries"("asset_id", "poll_slot");

-- CreateIndex
CREATE INDEX "fuel_entries_asset_id_filled_at_idx" ON "fuel_entries"("asset_id", "filled_at");

-- CreateIndex
CREATE INDEX "fuel_entries_account_id_filled_at_idx" ON "fuel_entries"("account_id", "filled_at");

-- AddForeignKey
ALTER TABLE "odometer_entries" ADD CONSTRAINT "odometer_entries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "odometer_entries" ADD CONSTRAINT "odometer_entries_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "odometer_entries" ADD CONSTRAINT "odometer_entries_fuel_entry_id_fkey" FOREIGN KEY ("fuel_entry_id") REFERENCES "fuel_entries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fuel_entries" ADD CONSTRAINT "fuel_entries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fuel_entries" ADD CONSTRAINT "fuel_entries_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "odometer_poll_claims" ADD CONSTRAINT "odometer_poll_claims_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
