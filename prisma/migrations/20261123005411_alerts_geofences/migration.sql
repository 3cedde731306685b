-- CreateEnum
CREATE TYPE "AlertRuleType" AS ENUM ('OVERSPEED', 'GEOFENCE', 'IGNITION', 'IDLING', 'LOW_VOLTAGE', 'DTC_DETECTED', 'CONNECTIVITY');

-- CreateEnum
CREATE TYPE "AlertType" AS ENUM ('OVERSPEED', 'GEOFENCE_ENTER', 'GEOFENCE_EXIT', 'IGNITION_ON', 'IGNITION_OFF', 'IDLING', 'LOW_VOLTAGE', 'DTC_DETECTED', 'TRACKER_OFFLINE', 'TRACKER_ONLINE');

-- CreateEnum
CREATE TYPE "GeofenceShape" AS ENUM ('circle', 'polygon');

-- CreateTable
CREATE TABLE "geofences" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "shape" "GeofenceShape" NOT NULL,
    "center_lat" DOUBLE PRECISION,
    "center_lng" DOUBLE PRECISION,
    "radius_m" DOUBLE PRECISION,
    "points" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "geofences_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alert_rules" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "type" "AlertRuleType" NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "params" JSONB NOT NULL,
    "asset_ids" INTEGER[],
    "geofence_id" INTEGER,
    "cooldown_s" INTEGER NOT NULL DEFAULT 60,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "alert_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alerts" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "asset_id" INTEGER NOT NULL,
    "rule_id" INTEGER,
    "rule_name" TEXT NOT NULL,
    "type" "AlertType" NOT NULL,
    "fired_at" TIMESTAMPTZ(3) NOT NULL,
    "message" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "speed" INTEGER,
    "course" INTEGER,
    "position_at" TIMESTAMPTZ(3),
    "ws_seq" BIGINT,
    "street" TEXT,
    "town" TEXT,
    "country" TEXT,
    "details" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alerts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connectivity_states" (
    "rule_id" INTEGER NOT NULL,
    "asset_id" INTEGER NOT NULL,
    "last_heard_at" TIMESTAMPTZ(3) NOT NULL,
    "declared_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "connectivity_states_pkey" PRIMARY KEY ("rule_id","asset_id")
);

-- CreateTable
CREATE TABLE "asset_presence" (
    "asset_id" INTEGER NOT NULL,
    "last_connected_at" TIMESTAMPTZ(3) NOT NULL,
    "last_disconnected_at" TIMESTAMPTZ(3),

    CONSTRAINT "asset_presence_pkey" PRIMARY KEY ("asset_id")
);

-- CreateIndex
CREATE INDEX "geofences_account_id_idx" ON "geofences"("account_id");

-- CreateIndex
CREATE INDEX "alert_rules_account_id_idx" ON "alert_rules"("account_id");

-- CreateIndex
CREATE INDEX "alert_rules_type_idx" ON "alert_rules"("type");

-- CreateIndex
CREATE INDEX "alerts_account_id_id_idx" ON "alerts"("account_id", "id");

-- CreateIndex
CREATE INDEX "alerts_asset_id_id_idx" ON "alerts"("asset_id", "id");

-- CreateIndex
CREATE INDEX "alerts_rule_id_asset_id_id_idx" ON "alerts"("rule_id", "asset_id", "id");

-- CreateIndex
CREATE INDEX "connectivity_states_asset_id_idx" ON "connectivity_states"("asset_id");

-- AddForeignKey
ALTER TABLE "geofences" ADD CONSTRAINT "geofences_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_geofence_id_fkey" FOREIGN KEY ("geofence_id") REFERENCES "geofences"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_rule_id_fkey" FOREIGN KEY ("rule_id") REFERENCES "alert_rules"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "connectivity_states" ADD CONSTRAINT "connectivity_states_rule_id_fkey" FOREIGN KEY ("rule_id") REFERENCES "alert_rules"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "connectivity_states" ADD CONSTRAINT "connectivity_states_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "asset_presence" ADD CONSTRAINT "asset_presence_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
