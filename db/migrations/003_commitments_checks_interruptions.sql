-- 003: one design for price truth and commitments.
--  * An offer's commitment is described completely: offering class (standard or convertible RI,
--    compute or instance savings plan), whether hourly_price is the effective rate (upfront spread
--    over the term) or the recurring part, the upfront fee and recurring part when known (NULL =
--    unknown), and a capacity block's shortest and longest booking. Billing gains capacity_block.
--    The key holds the offering class, so convertible RIs sit beside standard ones.
--  * An offer a source no longer lists is marked unavailable (with the date) instead of deleted,
--    so its price history survives.
--  * Price checks: each flag is a named rule with its reason, recomputed after every import.
--  * Spot interruption data per provider, region and instance type, with its source.
-- SQLite cannot change a CHECK or a UNIQUE key in place, so offers, price_history and
-- import_exclusions are rebuilt; the migration runner turns foreign keys off around it (a DROP
-- with foreign keys on would cascade into price_history) and checks them before committing.

CREATE TABLE offers_v3 (
    id                  INTEGER PRIMARY KEY,
    instance_type_id    INTEGER NOT NULL REFERENCES instance_types(id) ON DELETE CASCADE,
    region_id           INTEGER NOT NULL REFERENCES regions(id) ON DELETE CASCADE,
    billing             TEXT NOT NULL
                        CHECK (billing IN ('on_demand', 'spot', 'reserved', 'savings_plan', 'capacity_block')),
    term_months         INTEGER NOT NULL DEFAULT 0 CHECK (term_months >= 0),
    upfront             TEXT NOT NULL DEFAULT 'none' CHECK (upfront IN ('none', 'partial', 'all')),
    offering_class      TEXT NOT NULL DEFAULT ''
                        CHECK (offering_class IN ('', 'standard', 'convertible', 'compute', 'instance')),
    hourly_price        REAL NOT NULL CHECK (hourly_price >= 0),
    price_basis         TEXT NOT NULL DEFAULT 'recurring' CHECK (price_basis IN ('recurring', 'effective')),
    hourly_price_median REAL,
    upfront_fee         REAL CHECK (upfront_fee IS NULL OR upfront_fee >= 0),
    recurring_per_hour  REAL CHECK (recurring_per_hour IS NULL OR recurring_per_hour >= 0),
    min_duration_hours  REAL CHECK (min_duration_hours IS NULL OR min_duration_hours > 0),
    max_duration_hours  REAL CHECK (max_duration_hours IS NULL OR max_duration_hours > 0),
    currency            TEXT NOT NULL,
    effective_date      TEXT NOT NULL,
    fetched_at          TEXT NOT NULL,
    source              TEXT NOT NULL,
    unavailable_since   TEXT,
    UNIQUE (instance_type_id, region_id, billing, term_months, upfront, offering_class)
);

-- Version 2 stored a commitment's recurring hourly part with its upfront fee beside it.
INSERT INTO offers_v3 (id, instance_type_id, region_id, billing, term_months, upfront, offering_class, hourly_price,
                       price_basis, hourly_price_median, upfront_fee, recurring_per_hour, currency, effective_date,
                       fetched_at, source)
SELECT id, instance_type_id, region_id, billing, term_months, upfront,
       CASE billing WHEN 'reserved' THEN 'standard' ELSE '' END,
       hourly_price, 'recurring', hourly_price_median,
       CASE WHEN billing IN ('reserved', 'savings_plan') THEN upfront_fee END,
       CASE WHEN billing IN ('reserved', 'savings_plan') THEN hourly_price END,
       currency, effective_date, fetched_at, source
FROM offers;

CREATE TABLE price_history_v3 (
    id             INTEGER PRIMARY KEY,
    offer_id       INTEGER NOT NULL REFERENCES offers(id) ON DELETE CASCADE,
    hourly_price   REAL NOT NULL,
    upfront_fee    REAL,
    currency       TEXT NOT NULL,
    effective_date TEXT NOT NULL,
    recorded_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
INSERT INTO price_history_v3 (id, offer_id, hourly_price, upfront_fee, currency, effective_date, recorded_at)
SELECT id, offer_id, hourly_price, upfront_fee, currency, effective_date, recorded_at FROM price_history;

DROP TABLE price_history;
DROP TABLE offers;
ALTER TABLE offers_v3 RENAME TO offers;
ALTER TABLE price_history_v3 RENAME TO price_history;

CREATE INDEX offers_billing ON offers (billing, instance_type_id);
CREATE INDEX offers_region ON offers (region_id);
CREATE INDEX price_history_offer ON price_history (offer_id, recorded_at);

CREATE TRIGGER offers_history_insert AFTER INSERT ON offers
BEGIN
    INSERT INTO price_history (offer_id, hourly_price, upfront_fee, currency, effective_date)
    VALUES (NEW.id, NEW.hourly_price, NEW.upfront_fee, NEW.currency, NEW.effective_date);
END;

CREATE TRIGGER offers_history_update AFTER UPDATE OF hourly_price, upfront_fee, currency ON offers
WHEN OLD.hourly_price IS NOT NEW.hourly_price OR OLD.upfront_fee IS NOT NEW.upfront_fee
     OR OLD.currency IS NOT NEW.currency
BEGIN
    INSERT INTO price_history (offer_id, hourly_price, upfront_fee, currency, effective_date)
    VALUES (NEW.id, NEW.hourly_price, NEW.upfront_fee, NEW.currency, NEW.effective_date);
END;

CREATE TABLE import_exclusions_v3 (
    id          INTEGER PRIMARY KEY,
    provider_id TEXT NOT NULL,
    file        TEXT NOT NULL,
    line        INTEGER NOT NULL,
    scope       TEXT NOT NULL CHECK (scope IN ('row', 'on_demand', 'spot', 'correction', 'commitment', 'interruption')),
    reason      TEXT NOT NULL,
    detail      TEXT NOT NULL DEFAULT ''
);
INSERT INTO import_exclusions_v3 SELECT id, provider_id, file, line, scope, reason, detail FROM import_exclusions;
DROP TABLE import_exclusions;
ALTER TABLE import_exclusions_v3 RENAME TO import_exclusions;

-- A price check's finding: the offer keeps its row and is marked suspect with the rule and why.
CREATE TABLE offer_flags (
    offer_id INTEGER NOT NULL REFERENCES offers(id) ON DELETE CASCADE,
    rule     TEXT NOT NULL,
    reason   TEXT NOT NULL,
    PRIMARY KEY (offer_id, rule)
);

-- Published figures the price checks hold catalog prices against (an aggregator's cheapest
-- on-demand listing and 1-year commitment per provider, GPU model and count), with their source.
CREATE TABLE price_references (
    provider_id    TEXT NOT NULL,
    gpu_id         TEXT NOT NULL,
    gpu_count      REAL NOT NULL,
    term_months    INTEGER NOT NULL DEFAULT 0, -- 0: an on-demand listing; 12: a 1-year commitment
    price_per_hour REAL NOT NULL CHECK (price_per_hour > 0),
    currency       TEXT NOT NULL,
    source         TEXT NOT NULL,
    captured       TEXT NOT NULL,
    PRIMARY KEY (provider_id, gpu_id, gpu_count, term_months)
);

-- How often a provider reclaims spot capacity of an instance type in a region, as it publishes it
-- (AWS Spot Advisor: a bucket of the share of instances interrupted in the last month).
CREATE TABLE spot_interruptions (
    provider_id     TEXT NOT NULL,
    region_code     TEXT NOT NULL,
    instance_name   TEXT NOT NULL,
    bucket          TEXT NOT NULL,
    rate_monthly    REAL NOT NULL CHECK (rate_monthly >= 0 AND rate_monthly <= 1),
    savings_percent INTEGER,
    source          TEXT NOT NULL,
    fetched_at      TEXT NOT NULL,
    PRIMARY KEY (provider_id, region_code, instance_name)
);
