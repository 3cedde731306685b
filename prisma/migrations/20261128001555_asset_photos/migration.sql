-- CreateEnum
CREATE TYPE "AssetPhotoVariant" AS ENUM ('original', 'stripped', 'thumbnail');

-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "photo_keep_location" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "asset_photos" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "asset_id" INTEGER NOT NULL,
    "content_type" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "taken_at" TIMESTAMPTZ(3),
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "asset_photos_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "asset_photo_files" (
    "photo_id" INTEGER NOT NULL,
    "variant" "AssetPhotoVariant" NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "body" BYTEA NOT NULL,

    CONSTRAINT "asset_photo_files_pkey" PRIMARY KEY ("photo_id","variant")
);

-- CreateIndex
CREATE INDEX "asset_photos_asset_id_id_idx" ON "asset_photos"("asset_id", "id");

-- CreateIndex
CREATE INDEX "asset_photos_account_id_id_idx" ON "asset_photos"("account_id", "id");

-- AddForeignKey
ALTER TABLE "asset_photos" ADD CONSTRAINT "asset_photos_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "asset_photos" ADD CONSTRAINT "asset_photos_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "asset_photo_files" ADD CONSTRAINT "asset_photo_files_photo_id_fkey" FOREIGN KEY ("photo_id") REFERENCES "asset_photos"("id") ON DELETE CASCADE ON UPDATE CASCADE;
