-- AlterTable
ALTER TABLE "users" ADD COLUMN     "sessions_valid_after" TIMESTAMP(3);
