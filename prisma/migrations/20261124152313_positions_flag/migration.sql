-- AlterTable
ALTER TABLE "positions" ADD COLUMN     "flag" TEXT;
