-- 006: the reality loop. Probe results that calibrate the estimator (calibrations) and
-- billing exports of what a rental really cost (spend_imports + spend_lines).

-- One probe run (resources/probe/gpu_planner_probe.py), its JSON document kept whole so a
-- later program can re-read fields this one ignores. gpu_id NULL = a host-CPU run, which
-- calibrates no catalog GPU (estimate --calibration ID still uses it).
CREATE TABLE calibrations (
    id            INTEGER PRIMARY KEY,
    gpu_id        TEXT, -- a gpu_models id; no foreign key: a seed merge may rewrite gpu_models
    device_name   TEXT NOT NULL,
    device_kind   TEXT NOT NULL CHECK (device_kind IN ('cuda', 'cpu')),
    gpu_count     INTEGER NOT NULL CHECK (gpu_count >= 0),
    host          TEXT NOT NULL,
    measured_at   TEXT NOT NULL,
    probe_version TEXT NOT NULL,
    schema_version INTEGER NOT NULL,
    source_file   TEXT NOT NULL,
    sha256        TEXT NOT NULL UNIQUE,
    document      TEXT NOT NULL,
    imported_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE INDEX calibrations_gpu ON calibrations (gpu_id);

-- One billing export file as imported; the same bytes (sha256) are imported once.
CREATE TABLE spend_imports (
    id          INTEGER PRIMARY KEY,
    source_file TEXT NOT NULL,
    sha256      TEXT NOT NULL UNIQUE,
    format      TEXT NOT NULL,
    project     TEXT NOT NULL DEFAULT '',
    imported_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

-- One billed line, amount in millionths of its own currency (exact decimal, never a float).
-- A restated billing period (same provider, period and project) replaces the earlier lines.
CREATE TABLE spend_lines (
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
    gpu            INTEGER NOT NULL DEFAULT 0 CHECK (gpu IN (0, 1)),
    usage_hours    REAL NOT NULL DEFAULT 0,
    usage_is_gpu_hours INTEGER NOT NULL DEFAULT 0 CHECK (usage_is_gpu_hours IN (0, 1)),
    kind           TEXT NOT NULL CHECK (kind IN ('usage', 'commitment', 'credit', 'refund', 'tax', 'payment', 'other')),
    pricing        TEXT NOT NULL CHECK (pricing IN ('on_demand', 'spot', 'committed', 'unknown')),
    amount_micros  INTEGER NOT NULL,
    currency       TEXT NOT NULL CHECK (length(currency) = 3),
    basis          TEXT NOT NULL DEFAULT '',
    source_row     INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX spend_lines_period ON spend_lines (provider, billing_period);
CREATE INDEX spend_lines_import ON spend_lines (import_id);
