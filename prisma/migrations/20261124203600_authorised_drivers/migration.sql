-- CreateEnum
CREATE TYPE "AuthorisedDriverSyncState" AS ENUM ('synced', 'syncing', 'out_of_sync');

-- CreateTable
CREATE TABLE "authorised_drivers" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "asset_id" INTEGER NOT NULL,
    "key_id" TEXT NOT NULL,
    "name" TEXT,
    "driver_id" INTEGER,
    "position" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "authorised_drivers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "authorised_driver_syncs" (
    "asset_id" INTEGER NOT NULL,
    "account_id" INTEGER NOT NULL,
    "state" "AuthorisedDriverSyncState" NOT NULL DEFAULT 'synced',
    "immobiliser" BOOLEAN NOT NULL DEFAULT false,
    "revision" INTEGER NOT NULL DEFAULT 0,
    "device_slots" JSONB,
    "device_immobiliser" BOOLEAN,
    "device_confirmed_at" TIMESTAMPTZ(3),
    "synced_at" TIMESTAMPTZ(3),
    "session_node" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_attempt_at" TIMESTAMPTZ(3),
    "next_attempt_at" TIMESTAMPTZ(3),
    "last_error_code" TEXT,
    "last_error" TEXT,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "authorised_driver_syncs_pkey" PRIMARY KEY ("asset_id")
);

-- CreateIndex
CREATE INDEX "authorised_drivers_account_id_idx" ON "authorised_drivers"("account_id");

-- CreateIndex
CREATE INDEX "authorised_drivers_driver_id_idx" ON "authorised_drivers"("driver_id");

-- CreateIndex
CREATE UNIQUE INDEX "authorised_drivers_asset_id_key_id_key" ON "authorised_drivers"("asset_id", "key_id");

-- CreateIndex
CREATE INDEX "authorised_driver_syncs_account_id_idx" ON "authorised_driver_syncs"("account_id");

-- CreateIndex
CREATE INDEX "authorised_driver_syncs_next_attempt_at_idx" ON "authorised_driver_syncs"("next_attempt_at");

-- AddForeignKey
ALTER TABLE "authorised_drivers" ADD CONSTRAINT "authorised_drivers_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "authorised_drivers" ADD CONSTRAINT "authorised_drivers_driver_id_fkey" FOREIGN KEY ("driver_id") REFERENCES "drivers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "authorised_driver_syncs" ADD CONSTRAINT "authorised_driver_syncs_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
