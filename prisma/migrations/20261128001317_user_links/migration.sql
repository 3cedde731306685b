-- CreateEnum
CREATE TYPE "UserLinkPurpose" AS ENUM ('password_reset', 'welcome');

-- CreateTable
CREATE TABLE "user_links" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "purpose" "UserLinkPurpose" NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "user_links_token_hash_key" ON "user_links"("token_hash");

-- CreateIndex
CREATE INDEX "user_links_user_id_purpose_idx" ON "user_links"("user_id", "purpose");

-- AddForeignKey
ALTER TABLE "user_links" ADD CONSTRAINT "user_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
