-- AlterTable
ALTER TABLE "report_schedules" ADD COLUMN     "group_id" INTEGER,
ADD COLUMN     "tag_id" INTEGER;
