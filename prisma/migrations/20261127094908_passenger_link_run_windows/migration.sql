-- AlterTable
ALTER TABLE "tracking_links" ADD COLUMN     "run_window_end" TIMESTAMPTZ(3),
ADD COLUMN     "run_window_start" TIMESTAMPTZ(3);

-- passengers' links now show the vehicle only around their route's runs: outside until the link scheduler's first
-- pass (within a minute of start) finds each link's next run window
UPDATE "tracking_links" SET "within_schedule" = false WHERE "passenger_id" IS NOT NULL;
