-- AlterTable
ALTER TABLE "viewer_sessions" ADD COLUMN     "access_mode" "TrackingAccessMode" NOT NULL DEFAULT 'public';

-- Sessions that exist already take their link's current mode, so the upgrade signs nobody out.
UPDATE "viewer_sessions" AS s SET "access_mode" = l."access_mode" FROM "tracking_links" AS l WHERE l."id" = s."link_id";
