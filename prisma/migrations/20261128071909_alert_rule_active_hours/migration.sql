-- AlterTable
ALTER TABLE "alert_rules" ADD COLUMN     "active_from" INTEGER,
ADD COLUMN     "active_to" INTEGER;
