-- AlterTable
ALTER TABLE "memberships" ADD COLUMN     "group_limited" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "membership_groups" (
    "membership_id" INTEGER NOT NULL,
    "group_id" INTEGER NOT NULL,

    CONSTRAINT "membership_groups_pkey" PRIMARY KEY ("membership_id","group_id")
);

-- CreateIndex
CREATE INDEX "membership_groups_group_id_idx" ON "membership_groups"("group_id");

-- AddForeignKey
ALTER TABLE "membership_groups" ADD CONSTRAINT "membership_groups_membership_id_fkey" FOREIGN KEY ("membership_id") REFERENCES "memberships"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "membership_groups" ADD CONSTRAINT "membership_groups_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "asset_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;
