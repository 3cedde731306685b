-- AlterTable
ALTER TABLE "assets" ADD COLUMN     "variant" TEXT;

-- AlterTable
ALTER TABLE "trackers" ADD COLUMN     "adapter_info_at" TIMESTAMPTZ(3),
ADD COLUMN     "adapter_program_reported_at" TIMESTAMPTZ(3),
ADD COLUMN     "adapter_software_date" DATE,
ADD COLUMN     "provisioning_number" INTEGER,
ADD COLUMN     "provisioning_reason" TEXT,
ADD COLUMN     "provisioning_scheme_date" DATE,
ADD COLUMN     "provisioning_state" TEXT,
ADD COLUMN     "provisioning_updated_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "vehicle_profiles" (
    "id" SERIAL NOT NULL,
    "brand" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "variant" TEXT NOT NULL DEFAULT '',
    "lock" BOOLEAN NOT NULL DEFAULT false,
    "unlock" BOOLEAN NOT NULL DEFAULT false,
    "trunk" BOOLEAN NOT NULL DEFAULT false,
    "immobilise" BOOLEAN NOT NULL DEFAULT false,
    "turn_signals" BOOLEAN NOT NULL DEFAULT false,
    "horn" BOOLEAN NOT NULL DEFAULT false,
    "comfort_closure" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "vehicle_profiles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "control_commands" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "asset_id" INTEGER,
    "tracker_id" INTEGER,
    "action" TEXT NOT NULL,
    "command" TEXT NOT NULL,
    "user_id" INTEGER,
    "client_id" TEXT,
    "sent_by" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "confirmed_by" TEXT,
    "answer" TEXT,
    "failure_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),
    "answered_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "control_commands_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "vehicle_profiles_brand_model_variant_key" ON "vehicle_profiles"("brand", "model", "variant");

-- CreateIndex
CREATE INDEX "control_commands_tracker_id_id_idx" ON "control_commands"("tracker_id", "id");

-- CreateIndex
CREATE INDEX "control_commands_asset_id_action_id_idx" ON "control_commands"("asset_id", "action", "id");

-- AddForeignKey
ALTER TABLE "control_commands" ADD CONSTRAINT "control_commands_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "control_commands" ADD CONSTRAINT "control_commands_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "control_commands" ADD CONSTRAINT "control_commands_tracker_id_fkey" FOREIGN KEY ("tracker_id") REFERENCES "trackers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Seed: a starting set of vehicle profiles (docs/vehicle-control.md "Vehicle profiles"), in the proportions of the
-- spec's support shares (lock and unlock about three in four models, trunk about one in two, engine block about one
-- in two, comfort closure about one in three, horn about one in six). Admins correct and extend them.
INSERT INTO "vehicle_profiles" ("brand", "model", "variant", "lock", "unlock", "trunk", "immobilise", "turn_signals", "horn", "comfort_closure", "updated_at") VALUES
('Volkswagen', 'Golf', '', true, true, true, true, true, false, true, CURRENT_TIMESTAMP),
('Volkswagen', 'Passat', '', true, true, true, true, true, false, true, CURRENT_TIMESTAMP),
('Volkswagen', 'Polo', '', true, true, false, true, true, false, true, CURRENT_TIMESTAMP),
('Volkswagen', 'Transporter', '', true, true, false, false, true, false, false, CURRENT_TIMESTAMP),
('Skoda', 'Octavia', '', true, true, true, true, true, true, true, CURRENT_TIMESTAMP),
('Skoda', 'Fabia', '', true, true, true, true, true, false, false, CURRENT_TIMESTAMP),
('Toyota', 'Corolla', '', true, true, true, true, true, false, false, CURRENT_TIMESTAMP),
('Toyota', 'Yaris', '', true, true, false, false, true, false, false, CURRENT_TIMESTAMP),
('Toyota', 'RAV4', '', true, true, true, true, true, true, true, CURRENT_TIMESTAMP),
('Renault', 'Clio', '', false, false, false, false, true, false, false, CURRENT_TIMESTAMP),
('Renault', 'Zoe', '', true, true, false, true, true, false, false, CURRENT_TIMESTAMP),
('Peugeot', '208', '', true, true, false, true, true, false, false, CURRENT_TIMESTAMP),
('Peugeot', '308', '', true, true, true, false, true, false, true, CURRENT_TIMESTAMP),
('Ford', 'Focus', '', true, true, true, true, true, false, true, CURRENT_TIMESTAMP),
('Ford', 'Transit', '', true, true, false, false, true, true, false, CURRENT_TIMESTAMP),
('BMW', '3 Series', '', true, true, true, true, true, false, true, CURRENT_TIMESTAMP),
('Mercedes-Benz', 'Sprinter', '', false, false, false, false, true, false, false, CURRENT_TIMESTAMP),
('Mercedes-Benz', 'A-Class', '', true, true, true, false, true, false, false, CURRENT_TIMESTAMP),
('Hyundai', 'i30', '', true, true, true, true, true, false, false, CURRENT_TIMESTAMP),
('Kia', 'Ceed', '', true, true, false, true, true, false, false, CURRENT_TIMESTAMP),
('Kia', 'Niro EV', '', true, true, true, true, true, true, false, CURRENT_TIMESTAMP),
('Nissan', 'Leaf', '', true, true, false, false, true, false, false, CURRENT_TIMESTAMP),
('Tesla', 'Model 3', '', false, false, false, false, false, false, false, CURRENT_TIMESTAMP),
('Dacia', 'Sandero', '', false, false, false, false, true, false, false, CURRENT_TIMESTAMP),
('Fiat', '500', '', false, false, false, false, true, false, false, CURRENT_TIMESTAMP),
('Opel', 'Corsa', '', false, false, false, true, true, false, false, CURRENT_TIMESTAMP);
