-- AlterTable
ALTER TABLE "positions" ADD COLUMN     "avl_io" JSONB,
ALTER COLUMN "io" DROP NOT NULL;
