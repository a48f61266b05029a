#pragma once
// PriceTableImporter: a price table a person copied from a provider's page or a dated copy of
// it (format price-table, resources/catalog/sources/README.md) into offers. Every row names its
// billing model, term and price; an instance type the catalog already has keeps its hardware,
// a new one must state it. Region '*' prices the instance type in every region the catalog
// lists it in (a provider that publishes one price for all). A row that cannot be taken is an
// exclusion naming the field and value at fault; nothing is guessed.

#include "core/import/CatalogSources.h"
#include "core/import/ImportBatch.h"
#include "core/import/SeedMetadata.h"
#include "core/io/CsvReader.h"

#include <QHash>
#include <QList>

namespace gpuplanner::core {

class PriceTableImporter
{
public:
    // catalog: the offers imported before this source (instance types and their regions).
    PriceTableImporter(const SeedMetadata &metadata, const QList<ImportedOffer> &catalog);

    Result<ImportBatch> importTable(const CatalogSource &source, const CsvTable &table) const;

    static const QStringList &columns();

    // One shape (hardware) of an instance type name and the regions the catalog lists it in.
    struct Shape
    {
        ImportedInstance instance;
        QStringList regions;
    };

private:
    const SeedMetadata &m_meta;
    QHash<QString, QList<Shape>> m_shapes; // provider|name -> its shapes, in catalog order
};

} // namespace gpuplanner::core
