-- 002: price history (a row whenever an offer's price changes), FX rates, refresh log,
-- seed/file import records and catalog metadata.

CREATE TABLE price_history (
    id           INTEGER PRIMARY KEY,
    offer_id     INTEGER NOT NULL REFERENCES offers(id) ON DELETE CASCADE,
    hourly_price REAL NOT NULL,
    upfront_fee  REAL NOT NULL DEFAULT 0,
    currency     TEXT NOT NULL,
    effective_date TEXT NOT NULL,
    recorded_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
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

-- rate = units of currency per 1 USD on date.
CREATE TABLE fx_rates (
    currency TEXT NOT NULL,
    rate     REAL NOT NULL CHECK (rate > 0),
    date     TEXT NOT NULL,
    source   TEXT NOT NULL,
    PRIMARY KEY (currency, date)
);

CREATE VIEW fx_latest AS
SELECT currency, rate, date, source FROM fx_rates f
WHERE date = (SELECT MAX(date) FROM fx_rates g WHERE g.currency = f.currency);

CREATE TABLE refresh_log (
    id          INTEGER PRIMARY KEY,
    provider_id TEXT,
    started_at  TEXT NOT NULL,
    finished_at TEXT,
    status      TEXT NOT NULL CHECK (status IN ('running', 'ok', 'failed', 'cancelled', 'partial')),
    offers      INTEGER NOT NULL DEFAULT 0,
    message     TEXT NOT NULL DEFAULT ''
);

-- What a seed or file import read, and each source row it left out with the reason.
CREATE TABLE import_files (
    id            INTEGER PRIMARY KEY,
    provider_id   TEXT NOT NULL,
    file          TEXT NOT NULL,
    source_rows   INTEGER NOT NULL,
    used_rows     INTEGER NOT NULL,
    excluded_rows INTEGER NOT NULL,
    imported_at   TEXT NOT NULL
);

CREATE TABLE import_exclusions (
    id          INTEGER PRIMARY KEY,
    provider_id TEXT NOT NULL,
    file        TEXT NOT NULL,
    line        INTEGER NOT NULL,
    scope       TEXT NOT NULL CHECK (scope IN ('row', 'on_demand', 'spot', 'correction')),
    reason      TEXT NOT NULL,
    detail      TEXT NOT NULL DEFAULT ''
);

CREATE TABLE catalog_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
