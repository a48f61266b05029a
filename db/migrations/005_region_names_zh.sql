-- 005: a region's name in Chinese beside the English one (the Chinese clouds' own names, as
-- their consoles and APIs write them); '' = none known.
ALTER TABLE regions ADD COLUMN name_zh TEXT NOT NULL DEFAULT '';
