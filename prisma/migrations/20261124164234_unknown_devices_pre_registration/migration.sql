-- AlterTable
ALTER TABLE "unknown_devices" ADD COLUMN     "account_id" INTEGER,
ADD COLUMN     "pre_registered_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "platform_admin" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "unknown_devices_account_id_idx" ON "unknown_devices"("account_id");

-- AddForeignKey
ALTER TABLE "unknown_devices" ADD CONSTRAINT "unknown_devices_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
