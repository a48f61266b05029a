-- 001: the catalog: providers, regions, GPU models and aliases, instance types and offers.

CREATE TABLE providers (
    id                      TEXT PRIMARY KEY,
    name                    TEXT NOT NULL,
    kind                    TEXT NOT NULL CHECK (kind IN ('hyperscaler', 'gpu_cloud', 'marketplace', 'china_cloud', 'custom')),
    home_currency           TEXT NOT NULL,
    billing_granularity_s   INTEGER NOT NULL DEFAULT 1 CHECK (billing_granularity_s > 0),
    minimum_billing_s       INTEGER NOT NULL DEFAULT 0 CHECK (minimum_billing_s >= 0),
    data_date               TEXT NOT NULL DEFAULT '',
    data_note               TEXT NOT NULL DEFAULT ''
);

CREATE TABLE regions (
    id          INTEGER PRIMARY KEY,
    provider_id TEXT NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
    code        TEXT NOT NULL,
    name        TEXT NOT NULL,
    geography   TEXT NOT NULL,
    UNIQUE (provider_id, code)
);

CREATE TABLE gpu_models (
    id                   TEXT PRIMARY KEY,
    spec_name            TEXT NOT NULL DEFAULT '',
    vendor               TEXT NOT NULL,
    kind                 TEXT NOT NULL CHECK (kind IN ('gpu', 'vgpu', 'tpu', 'asic', 'fpga')),
    form_factor          TEXT NOT NULL DEFAULT '',
    architecture         TEXT NOT NULL DEFAULT '',
    memory_gib           REAL,
    memory_bandwidth_gbs REAL,
    fp32_tflops          REAL,
    tf32_tflops_dense    REAL,
    fp16_tflops_dense    REAL,
    bf16_tflops_dense    REAL,
    fp8_tflops_dense     REAL,
    int8_tops_dense      REAL,
    interconnect         TEXT NOT NULL DEFAULT '',
    nvlink_gbs           REAL,
    tdp_w                REAL,
    release_year         INTEGER,
    source               TEXT NOT NULL DEFAULT '',
    note                 TEXT NOT NULL DEFAULT ''
);

CREATE TABLE gpu_aliases (
    alias            TEXT NOT NULL COLLATE NOCASE,
    provider_id      TEXT NOT NULL DEFAULT '*',
    instance_pattern TEXT NOT NULL DEFAULT '*',
    gpu_id           TEXT NOT NULL REFERENCES gpu_models(id) ON DELETE CASCADE,
    fraction         REAL NOT NULL DEFAULT 1 CHECK (fraction > 0 AND fraction <= 1),
    PRIMARY KEY (alias, provider_id, instance_pattern)
);

CREATE TABLE instance_types (
    id             INTEGER PRIMARY KEY,
    provider_id    TEXT NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
    name           TEXT NOT NULL,
    gpu_id         TEXT NOT NULL REFERENCES gpu_models(id),
    gpu_count      REAL NOT NULL CHECK (gpu_count > 0),
    vcpus          REAL,
    memory_gib     REAL,
    gpu_memory_gib REAL NOT NULL DEFAULT 0,
    interconnect   TEXT NOT NULL DEFAULT '',
    network_gbps   REAL,
    rdma           TEXT NOT NULL DEFAULT 'none' CHECK (rdma IN ('none', 'infiniband', 'efa', 'roce')),
    spec_source    TEXT NOT NULL DEFAULT '',
    UNIQUE (provider_id, name, gpu_id, gpu_count, vcpus, memory_gib)
);
CREATE INDEX instance_types_gpu ON instance_types (gpu_id, gpu_count);

CREATE TABLE offers (
    id                  INTEGER PRIMARY KEY,
    instance_type_id    INTEGER NOT NULL REFERENCES instance_types(id) ON DELETE CASCADE,
    region_id           INTEGER NOT NULL REFERENCES regions(id) ON DELETE CASCADE,
    billing             TEXT NOT NULL CHECK (billing IN ('on_demand', 'spot', 'reserved', 'savings_plan')),
    term_months         INTEGER NOT NULL DEFAULT 0 CHECK (term_months >= 0),
    upfront             TEXT NOT NULL DEFAULT 'none' CHECK (upfront IN ('none', 'partial', 'all')),
    hourly_price        REAL NOT NULL CHECK (hourly_price >= 0),
    hourly_price_median REAL,
    upfront_fee         REAL NOT NULL DEFAULT 0 CHECK (upfront_fee >= 0),
    currency            TEXT NOT NULL,
    effective_date      TEXT NOT NULL,
    fetched_at          TEXT NOT NULL,
    source              TEXT NOT NULL,
    UNIQUE (instance_type_id, region_id, billing, term_months, upfront)
);
CREATE INDEX offers_billing ON offers (billing, instance_type_id);
CREATE INDEX offers_region ON offers (region_id);
