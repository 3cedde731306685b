-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "history_retention_days" INTEGER;
