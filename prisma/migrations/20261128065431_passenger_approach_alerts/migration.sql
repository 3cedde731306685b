-- AlterTable
ALTER TABLE "passengers" ADD COLUMN     "approach_alert_minutes" INTEGER;

-- CreateTable
CREATE TABLE "passenger_approach_notices" (
    "id" SERIAL NOT NULL,
    "passenger_id" INTEGER NOT NULL,
    "route_id" INTEGER NOT NULL,
    "stop_id" INTEGER NOT NULL,
    "date" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 1,
    "eta_at" TIMESTAMPTZ(3) NOT NULL,
    "error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "passenger_approach_notices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "passenger_approach_notices_passenger_id_date_key" ON "passenger_approach_notices"("passenger_id", "date");

-- AddForeignKey
ALTER TABLE "passenger_approach_notices" ADD CONSTRAINT "passenger_approach_notices_passenger_id_fkey" FOREIGN KEY ("passenger_id") REFERENCES "passengers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
