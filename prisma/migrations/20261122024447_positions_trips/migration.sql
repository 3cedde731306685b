-- CreateTable
CREATE TABLE "positions" (
    "id" BIGSERIAL NOT NULL,
    "asset_id" INTEGER NOT NULL,
    "tracker_id" INTEGER NOT NULL,
    "fix_time" TIMESTAMPTZ(3) NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL,
    "ws_seq" BIGINT,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "altitude" INTEGER NOT NULL,
    "speed" INTEGER NOT NULL,
    "course" INTEGER NOT NULL,
    "satellites" INTEGER NOT NULL,
    "priority" INTEGER NOT NULL,
    "event_io_id" INTEGER NOT NULL,
    "ignition" BOOLEAN,
    "moving" BOOLEAN NOT NULL,
    "odometer" DOUBLE PRECISION,
    "street" TEXT,
    "town" TEXT,
    "country" TEXT,
    "io" JSONB NOT NULL,
    "trip_id" INTEGER,

    CONSTRAINT "positions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "asset_states" (
    "asset_id" INTEGER NOT NULL,
    "position_id" BIGINT NOT NULL,
    "fix_time" TIMESTAMPTZ(3) NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL,
    "ws_seq" BIGINT NOT NULL,
    "date_moved" TIMESTAMPTZ(3),
    "odometer" DOUBLE PRECISION,
    "open_trip_id" INTEGER,
    "payload" JSONB NOT NULL,

    CONSTRAINT "asset_states_pkey" PRIMARY KEY ("asset_id")
);

-- CreateTable
CREATE TABLE "trips" (
    "id" SERIAL NOT NULL,
    "asset_id" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),
    "start_lat" DOUBLE PRECISION NOT NULL,
    "start_lng" DOUBLE PRECISION NOT NULL,
    "end_lat" DOUBLE PRECISION,
    "end_lng" DOUBLE PRECISION,
    "distance_m" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "max_speed" INTEGER NOT NULL DEFAULT 0,
    "trail" JSONB NOT NULL,
    "score" INTEGER NOT NULL DEFAULT 100,
    "harsh_events" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "trips_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "unknown_devices" (
    "imei" TEXT NOT NULL,
    "protocol" TEXT NOT NULL,
    "remote_address" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 1,
    "first_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "unknown_devices_pkey" PRIMARY KEY ("imei")
);

-- CreateTable
CREATE TABLE "counters" (
    "name" TEXT NOT NULL,
    "value" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "counters_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE UNIQUE INDEX "positions_asset_id_fix_time_key" ON "positions"("asset_id", "fix_time");

-- CreateIndex
CREATE INDEX "trips_asset_id_started_at_idx" ON "trips"("asset_id", "started_at");

-- AddForeignKey
ALTER TABLE "positions" ADD CONSTRAINT "positions_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "asset_states" ADD CONSTRAINT "asset_states_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trips" ADD CONSTRAINT "trips_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
