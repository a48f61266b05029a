#pragma once
// CatalogSources: the dated price sources the embedded catalog is built from
// (resources/catalog/sources, see its README.md). sources.csv lists each file with its provider,
// format and two dates: when the source was read (observed on: an offer's age counts from it)
// and, where the provider states one, the date its prices took effect. The seed applies them
// oldest observation first, so a newer source's price replaces an older one for the same offer.

#include "core/common/Result.h"
#include "core/import/ImportBatch.h"
#include "core/import/SeedMetadata.h"

#include <QList>
#include <QString>

namespace gpuplanner::core {

struct CatalogSource
{
    QString file;     // path under the sources folder
    QString provider;
    QString format;   // price-table, gcp-cyclenerd, or a format a price source's parser reads
    QString observedOn;
    QString effectiveSince; // empty = the source states none
    QString licence;
    QString source;   // the origin, as each offer names it
    int line = 0;     // in sources.csv

    // The path offers keep (under resources/catalog): "sources/<file>".
    QString catalogPath() const { return QStringLiteral("sources/") + file; }
    // What each of its offers says it came from.
    QString offerSource() const;
    // The date the batch's prices apply from: the provider's, else the observation's.
    QString effectiveDate() const { return effectiveSince.isEmpty() ? observedOn : effectiveSince; }
};

// sources.csv of sourcesDir, every entry checked (known provider and format, dates, the file
// present, no file twice), sorted by observation date and then file name.
Result<QList<CatalogSource>> readCatalogSources(const QString &sourcesDir, const SeedMetadata &meta,
                                                const QStringList &knownFormats);

// The batch's dates, file and source text as the entry states them, on every offer.
void stampSource(ImportBatch &batch, const CatalogSource &source);

} // namespace gpuplanner::core
