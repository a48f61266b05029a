-- 007: Billing imports stream into the store; a restated period is found by looking up each earlier
-- line of the same provider and period among the new import's lines, in this index, instead of
-- holding every line's identity in memory.
CREATE INDEX spend_lines_identity ON spend_lines (provider, billing_period, usage_start, resource_id, sku);
