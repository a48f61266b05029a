-- 010: each offer names the file of its own source. The embedded catalog is built from dated
-- source files (resources/catalog/sources, see its README.md); an offer keeps the path of the
-- one its price came from, beside the two dates it already has: effective_date (the date its
-- provider set, or the source's date where the provider states none) and fetched_at (the date
-- its source was read: the offer's age counts from it). A refreshed offer names no file ('');
-- its source text says which API it came from. ADD COLUMN keeps the table as it is.
ALTER TABLE offers ADD COLUMN source_file TEXT NOT NULL DEFAULT '';
