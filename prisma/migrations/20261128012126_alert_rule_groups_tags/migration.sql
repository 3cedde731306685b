-- AlterTable
ALTER TABLE "alert_rules" ADD COLUMN     "group_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN     "tag_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[];
