-- AlterTable
ALTER TABLE "oauth_clients" ADD COLUMN     "secret_version" INTEGER NOT NULL DEFAULT 0;
