-- CreateIndex
CREATE INDEX "unknown_devices_last_seen_at_idx" ON "unknown_devices"("last_seen_at");
