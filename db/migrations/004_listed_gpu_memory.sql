-- 004: the GPU memory per GPU a price source lists for an instance type (NULL = it says nothing).
-- The price checks hold it against the spec table: a source listing 80 GiB for a part the
-- catalog maps to a 40 GB model sells another part (or a slice) than the one it is filed under.
ALTER TABLE instance_types ADD COLUMN listed_gpu_memory_gib REAL CHECK (listed_gpu_memory_gib IS NULL OR listed_gpu_memory_gib > 0);
