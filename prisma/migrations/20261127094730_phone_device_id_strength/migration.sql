-- AlterTable
ALTER TABLE "trackers" ADD COLUMN     "allow_weak_device_id" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "device_id_generated" BOOLEAN NOT NULL DEFAULT false;
