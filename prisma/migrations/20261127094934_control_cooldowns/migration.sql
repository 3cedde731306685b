-- CreateTable
CREATE TABLE "control_cooldowns" (
    "asset_id" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "until" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "control_cooldowns_pkey" PRIMARY KEY ("asset_id","action")
);

-- AddForeignKey
ALTER TABLE "control_cooldowns" ADD CONSTRAINT "control_cooldowns_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
