-- CreateEnum
CREATE TYPE "StopKind" AS ENUM ('pick_up', 'drop_off', 'both');

-- CreateEnum
CREATE TYPE "RunStatus" AS ENUM ('scheduled', 'cancelled');

-- CreateEnum
CREATE TYPE "ImportTarget" AS ENUM ('routes', 'runs', 'passengers');

-- CreateEnum
CREATE TYPE "ImportJobStatus" AS ENUM ('pending', 'done', 'failed');

-- CreateTable
CREATE TABLE "drivers" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "drivers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "routes" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "route_number" TEXT NOT NULL,
    "name" TEXT,
    "asset_id" INTEGER,
    "driver_id" INTEGER,
    "days" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "start_minute" INTEGER,
    "end_minute" INTEGER,
    "effective_from" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "routes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "route_stops" (
    "id" SERIAL NOT NULL,
    "route_id" INTEGER NOT NULL,
    "sequence" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "address" TEXT,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "clock_minute" INTEGER,
    "offset_minutes" INTEGER,
    "kind" "StopKind" NOT NULL DEFAULT 'both',

    CONSTRAINT "route_stops_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "runs" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "route_id" INTEGER NOT NULL,
    "date" TEXT NOT NULL,
    "start_minute" INTEGER,
    "end_minute" INTEGER,
    "asset_id" INTEGER,
    "driver_id" INTEGER,
    "notice" TEXT,
    "status" "RunStatus" NOT NULL DEFAULT 'scheduled',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "passengers" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "route_id" INTEGER NOT NULL,
    "external_id" TEXT,
    "name" TEXT NOT NULL,
    "contact_name" TEXT,
    "contact_phone" TEXT,
    "pickup_stop_id" INTEGER,
    "dropoff_stop_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "passengers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "import_jobs" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "target" "ImportTarget" NOT NULL,
    "status" "ImportJobStatus" NOT NULL DEFAULT 'pending',
    "source" TEXT NOT NULL,
    "row_count" INTEGER NOT NULL,
    "stats" JSONB NOT NULL DEFAULT '{"created":0,"updated":0,"skipped":0,"failed":0}',
    "errors" JSONB NOT NULL DEFAULT '[]',
    "created_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "input" JSONB,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "claimed_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "import_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "drivers_account_id_idx" ON "drivers"("account_id");

-- CreateIndex
CREATE INDEX "routes_asset_id_idx" ON "routes"("asset_id");

-- CreateIndex
CREATE UNIQUE INDEX "routes_account_id_route_number_key" ON "routes"("account_id", "route_number");

-- CreateIndex
CREATE INDEX "route_stops_route_id_sequence_idx" ON "route_stops"("route_id", "sequence");

-- CreateIndex
CREATE INDEX "runs_account_id_date_idx" ON "runs"("account_id", "date");

-- CreateIndex
CREATE UNIQUE INDEX "runs_route_id_date_key" ON "runs"("route_id", "date");

-- CreateIndex
CREATE INDEX "passengers_route_id_idx" ON "passengers"("route_id");

-- CreateIndex
CREATE UNIQUE INDEX "passengers_account_id_external_id_key" ON "passengers"("account_id", "external_id");

-- CreateIndex
CREATE INDEX "import_jobs_account_id_id_idx" ON "import_jobs"("account_id", "id");

-- CreateIndex
CREATE INDEX "import_jobs_status_claimed_until_idx" ON "import_jobs"("status", "claimed_until");

-- AddForeignKey
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "routes" ADD CONSTRAINT "routes_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "routes" ADD CONSTRAINT "routes_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "routes" ADD CONSTRAINT "routes_driver_id_fkey" FOREIGN KEY ("driver_id") REFERENCES "drivers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "route_stops" ADD CONSTRAINT "route_stops_route_id_fkey" FOREIGN KEY ("route_id") REFERENCES "routes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_route_id_fkey" FOREIGN KEY ("route_id") REFERENCES "routes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_driver_id_fkey" FOREIGN KEY ("driver_id") REFERENCES "drivers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "passengers" ADD CONSTRAINT "passengers_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "passengers" ADD CONSTRAINT "passengers_route_id_fkey" FOREIGN KEY ("route_id") REFERENCES "routes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "passengers" ADD CONSTRAINT "passengers_pickup_stop_id_fkey" FOREIGN KEY ("pickup_stop_id") REFERENCES "route_stops"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "passengers" ADD CONSTRAINT "passengers_dropoff_stop_id_fkey" FOREIGN KEY ("dropoff_stop_id") REFERENCES "route_stops"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
