-- CreateTable
CREATE TABLE "asset_days" (
    "asset_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "dirty" BOOLEAN NOT NULL DEFAULT true,
    "version" INTEGER NOT NULL DEFAULT 1,
    "computed_version" INTEGER NOT NULL DEFAULT 0,
    "computed_at" TIMESTAMPTZ(3),
    "distance_m" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "can_m" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "tracker_m" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "gps_m" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "driving_s" INTEGER NOT NULL DEFAULT 0,
    "idling_s" INTEGER NOT NULL DEFAULT 0,
    "parked_s" INTEGER NOT NULL DEFAULT 0,
    "engine_s" INTEGER NOT NULL DEFAULT 0,
    "gap_s" INTEGER NOT NULL DEFAULT 0,
    "gaps" INTEGER NOT NULL DEFAULT 0,
    "trip_count" INTEGER NOT NULL DEFAULT 0,
    "max_speed" INTEGER NOT NULL DEFAULT 0,
    "first_fix" TIMESTAMPTZ(3),
    "last_fix" TIMESTAMPTZ(3),
    "first_odometer_km" DOUBLE PRECISION,
    "last_odometer_km" DOUBLE PRECISION,
    "positions" INTEGER NOT NULL DEFAULT 0,
    "odometer_resets" INTEGER NOT NULL DEFAULT 0,
    "jumps" INTEGER NOT NULL DEFAULT 0,
    "fuel_used_l" DOUBLE PRECISION,
    "temperatures" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "asset_days_pkey" PRIMARY KEY ("asset_id","day")
);

-- CreateTable
CREATE TABLE "report_input_stamps" (
    "account_id" INTEGER NOT NULL,
    "stamp" INTEGER NOT NULL DEFAULT 1,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "report_input_stamps_pkey" PRIMARY KEY ("account_id")
);

-- AddForeignKey
ALTER TABLE "asset_days" ADD CONSTRAINT "asset_days_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_input_stamps" ADD CONSTRAINT "report_input_stamps_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: one dirty rollup row for every (asset, local day) of the history stored so far; the rollup worker
-- computes them (server/modules/reports/rollups/rebuild-account-days.ts does the same for one account).
INSERT INTO "asset_days" ("asset_id", "day")
SELECT DISTINCT p."asset_id", (p."fix_time" AT TIME ZONE ac."time_zone")::date
FROM "positions" p JOIN "assets" a ON a."id" = p."asset_id" JOIN "accounts" ac ON ac."id" = a."account_id"
ON CONFLICT DO NOTHING;
