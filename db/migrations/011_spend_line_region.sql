-- 011: a billing line keeps the region its bill names (us-east-1, eastus, us-central1), so an
-- import's stored lines are priced by region as the file itself is (`actuals reprice --id`).
-- Lines stored before this version, and lines whose bill names no region, read as ''.
-- ADD COLUMN keeps the table as it is.
ALTER TABLE spend_lines ADD COLUMN region TEXT NOT NULL DEFAULT '';
