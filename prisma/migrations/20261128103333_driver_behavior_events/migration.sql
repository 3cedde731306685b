-- CreateEnum
CREATE TYPE "BehaviorEventType" AS ENUM ('harsh_acceleration', 'harsh_braking', 'harsh_cornering', 'overspeed', 'idling');

-- CreateTable
CREATE TABLE "driver_behavior_events" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "asset_id" INTEGER NOT NULL,
    "type" "BehaviorEventType" NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "score" INTEGER NOT NULL,
    "severity" TEXT NOT NULL,
    "driver_key" TEXT,
    "trip_id" INTEGER,

    CONSTRAINT "driver_behavior_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "driver_behavior_events_asset_id_at_idx" ON "driver_behavior_events"("asset_id", "at");

-- CreateIndex
CREATE INDEX "driver_behavior_events_account_id_at_idx" ON "driver_behavior_events"("account_id", "at");

-- AddForeignKey
ALTER TABLE "driver_behavior_events" ADD CONSTRAINT "driver_behavior_events_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
