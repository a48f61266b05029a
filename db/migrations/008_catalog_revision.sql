-- 008: the catalog's revision: a random token that every change to what an offer read returns
-- replaces (offers, their instance types, regions and providers, price-check flags, spot
-- interruption figures, exchange rates). A copy of the offers read from the catalog (the
-- planning read's cache, OfferCache) is valid while the token it was written under is the
-- catalog's token. The token is random rather than a counter, so two copies of one catalog
-- that change apart never share one; a rolled-back change restores it with the rest.
CREATE TABLE catalog_revision (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    token BLOB NOT NULL
);
INSERT INTO catalog_revision (id, token) VALUES (1, randomblob(16));

CREATE TRIGGER providers_insert_revision AFTER INSERT ON providers
    BEGIN UPDATE catalog_revision SET token = randomblob(16); END;
CREATE TRIGGER providers_update_revision AFTER UPDATE ON providers
    BEGIN UPDATE catalog_revision SET token = randomblob(16); END;
CREATE TRIGGER providers_delete_revision AFTER DELETE ON providers
    BEGIN UPDATE catalog_revision SET token = randomblob(16); END;
CREATE TRIGGER instance_types_insert_revision AFTER INSERT ON instance_types
    BEGIN UPDATE catalog_revision SET token = randomblob(16); END;
CREATE TRIGGER instance_types_update_revision AFTER UPDATE ON instance_types
    BEGIN UPDATE catalog_revision SET token = randomblob(16); END;
CREATE TRIGGER instance_types_delete_revision AFTER DELETE ON instance_types
    BEGIN UPDATE catalog_revision SET token = randomblob(16); END;
CREATE TRIGGER regions_insert_revision AFTER INSERT ON regions
    BEGIN UPDATE catalog_revision SET token = randomblob(16); END;
CREATE TRIGGER regions_update_revision AFTER UPDATE ON regions
    BEGIN UPDATE catalog_revision SET token = randomblob(16); END;
CREATE TRIGGER regions_delete_revision AFTER DELETE ON regions
    BEGIN UPDATE catalog_revision SET token = randomblob(16); END;
CREATE TRIGGER offers_insert_revision AFTER INSERT ON offers
    BEGIN UPDATE catalog_revision SET token = randomblob(16); END;
CREATE TRIGGER offers_update_revision AFTER UPDATE ON offers
    BEGIN UPDATE catalog_revision SET token = randomblob(16); END;
CREATE TRIGGER offers_delete_revision AFTER DELETE ON offers
    BEGIN UPDATE catalog_revision SET token = randomblob(16); END;
CREATE TRIGGER offer_flags_insert_revision AFTER INSERT ON offer_flags
    BEGIN UPDATE catalog_revision SET token = randomblob(16); END;
CREATE TRIGGER offer_flags_update_revision AFTER UPDATE ON offer_flags
    BEGIN UPDATE catalog_revision SET token = randomblob(16); END;
CREATE TRIGGER offer_flags_delete_revision AFTER DELETE ON offer_flags
    BEGIN UPDATE catalog_revision SET token = randomblob(16); END;
CREATE TRIGGER spot_interruptions_insert_revision AFTER INSERT ON spot_interruptions
    BEGIN UPDATE catalog_revision SET token = randomblob(16); END;
CREATE TRIGGER spot_interruptions_update_revision AFTER UPDATE ON spot_interruptions
    BEGIN UPDATE catalog_revision SET token = randomblob(16); END;
CREATE TRIGGER spot_interruptions_delete_revision AFTER DELETE ON spot_interruptions
    BEGIN UPDATE catalog_revision SET token = randomblob(16); END;
CREATE TRIGGER fx_rates_insert_revision AFTER INSERT ON fx_rates
    BEGIN UPDATE catalog_revision SET token = randomblob(16); END;
CREATE TRIGGER fx_rates_update_revision AFTER UPDATE ON fx_rates
    BEGIN UPDATE catalog_revision SET token = randomblob(16); END;
CREATE TRIGGER fx_rates_delete_revision AFTER DELETE ON fx_rates
    BEGIN UPDATE catalog_revision SET token = randomblob(16); END;
