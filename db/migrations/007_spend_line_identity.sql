-- 007: billing imports stream into the store, one insert per line, so a line's insert must cost
-- little. spend_lines is rebuilt with its checks written as comparisons (an IN list in a CHECK
-- builds a temporary table on every insert: a fifth of the insert's time) and gains the index a
-- restated period is found through: each earlier line of the same provider and period is looked
-- up among the new import's lines, instead of holding every line's identity in memory. It
-- starts with (provider, billing_period), so it replaces the index of 006 on those two, and ends
-- with the import, so a lookup finds the new import's line at once however many earlier lines
-- share its time, resource and SKU.
CREATE TABLE spend_lines_007 (
    id             INTEGER PRIMARY KEY,
    import_id      INTEGER NOT NULL REFERENCES spend_imports(id) ON DELETE CASCADE,
    provider       TEXT NOT NULL,
    project        TEXT NOT NULL DEFAULT '',
    billing_period TEXT NOT NULL,
    usage_start    TEXT NOT NULL,
    usage_end      TEXT NOT NULL,
    account        TEXT NOT NULL DEFAULT '',
    service        TEXT NOT NULL DEFAULT '',
    resource_id    TEXT NOT NULL DEFAULT '',
    instance_type  TEXT NOT NULL DEFAULT '',
    sku            TEXT NOT NULL DEFAULT '',
    gpu            INTEGER NOT NULL DEFAULT 0 CHECK (gpu = 0 OR gpu = 1),
    usage_hours    REAL NOT NULL DEFAULT 0,
    usage_is_gpu_hours INTEGER NOT NULL DEFAULT 0 CHECK (usage_is_gpu_hours = 0 OR usage_is_gpu_hours = 1),
    kind           TEXT NOT NULL CHECK (kind = 'usage' OR kind = 'commitment' OR kind = 'credit' OR kind = 'refund'
                                        OR kind = 'tax' OR kind = 'payment' OR kind = 'other'),
    pricing        TEXT NOT NULL CHECK (pricing = 'on_demand' OR pricing = 'spot' OR pricing = 'committed'
                                        OR pricing = 'unknown'),
    amount_micros  INTEGER NOT NULL,
    currency       TEXT NOT NULL CHECK (length(currency) = 3),
    basis          TEXT NOT NULL DEFAULT '',
    source_row     INTEGER NOT NULL DEFAULT 0
);
INSERT INTO spend_lines_007 SELECT id, import_id, provider, project, billing_period, usage_start, usage_end, account,
    service, resource_id, instance_type, sku, gpu, usage_hours, usage_is_gpu_hours, kind, pricing, amount_micros,
    currency, basis, source_row FROM spend_lines;
DROP TABLE spend_lines;
ALTER TABLE spend_lines_007 RENAME TO spend_lines;
CREATE INDEX spend_lines_import ON spend_lines (import_id);
CREATE INDEX spend_lines_identity ON spend_lines (provider, billing_period, usage_start, resource_id, sku, import_id);
