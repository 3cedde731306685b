-- AlterTable
ALTER TABLE "assets" ADD COLUMN     "vin" TEXT;

-- CreateTable
CREATE TABLE "asset_groups" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "parent_id" INTEGER,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "asset_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "asset_group_members" (
    "group_id" INTEGER NOT NULL,
    "asset_id" INTEGER NOT NULL,

    CONSTRAINT "asset_group_members_pkey" PRIMARY KEY ("group_id","asset_id")
);

-- CreateTable
CREATE TABLE "tags" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "color" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "tags_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "asset_tags" (
    "tag_id" INTEGER NOT NULL,
    "asset_id" INTEGER NOT NULL,

    CONSTRAINT "asset_tags_pkey" PRIMARY KEY ("tag_id","asset_id")
);

-- CreateTable
CREATE TABLE "driver_tags" (
    "tag_id" INTEGER NOT NULL,
    "driver_id" INTEGER NOT NULL,

    CONSTRAINT "driver_tags_pkey" PRIMARY KEY ("tag_id","driver_id")
);

-- CreateIndex
CREATE INDEX "asset_groups_parent_id_idx" ON "asset_groups"("parent_id");

-- CreateIndex (NULLS NOT DISTINCT, written by hand: top-level groups, whose parent_id is null, are unique by name too)
CREATE UNIQUE INDEX "asset_groups_account_id_parent_id_name_key_key" ON "asset_groups"("account_id", "parent_id", "name_key") NULLS NOT DISTINCT;

-- CreateIndex
CREATE INDEX "asset_group_members_asset_id_idx" ON "asset_group_members"("asset_id");

-- CreateIndex
CREATE UNIQUE INDEX "tags_account_id_name_key_key" ON "tags"("account_id", "name_key");

-- CreateIndex
CREATE INDEX "asset_tags_asset_id_idx" ON "asset_tags"("asset_id");

-- CreateIndex
CREATE INDEX "driver_tags_driver_id_idx" ON "driver_tags"("driver_id");

-- AddForeignKey
ALTER TABLE "asset_groups" ADD CONSTRAINT "asset_groups_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "asset_groups" ADD CONSTRAINT "asset_groups_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "asset_groups"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "asset_group_members" ADD CONSTRAINT "asset_group_members_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "asset_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "asset_group_members" ADD CONSTRAINT "asset_group_members_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tags" ADD CONSTRAINT "tags_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "asset_tags" ADD CONSTRAINT "asset_tags_tag_id_fkey" FOREIGN KEY ("tag_id") REFERENCES "tags"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "asset_tags" ADD CONSTRAINT "asset_tags_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "driver_tags" ADD CONSTRAINT "driver_tags_tag_id_fkey" FOREIGN KEY ("tag_id") REFERENCES "tags"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "driver_tags" ADD CONSTRAINT "driver_tags_driver_id_fkey" FOREIGN KEY ("driver_id") REFERENCES "drivers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
