#pragma once
// CatalogSnapshot: the portable catalog file a team mirror serves (`catalog export FILE`,
// `refresh --from URL-or-FILE`): JSON with a SHA-256 over its content, so a damaged or
// edited file is refused before it touches anyone's catalog.

#include "core/common/Result.h"
#include "core/import/ImportBatch.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>

namespace gpuplanner::core {

struct SnapshotProvider
{
    QString id;
    QString name;
    QString kind;
    QString homeCurrency;
    QString dataDate;
    QString dataNote;
};

struct CatalogSnapshot
{
    QString created; // ISO 8601 UTC
    QList<SnapshotProvider> providers;
    QMap<QString, ImportBatch> batches; // by provider id; each batch's effectiveDate is the provider's data date
    QList<FxRate> fxRates;
};

inline constexpr int kSnapshotVersion = 1;

QByteArray serializeSnapshot(const CatalogSnapshot &snapshot);
// Errors name the JSON path and value at fault, or the checksum mismatch.
Result<CatalogSnapshot> parseSnapshot(const QByteArray &json, const QString &source);
bool looksLikeSnapshot(const QByteArray &head);

} // namespace gpuplanner::core
