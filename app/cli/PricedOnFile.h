#pragma once
// PricedOnFile: the "priced_on" object of a saved scenario or portfolio file, read and written in
// place: the record is replaced atomically (QSaveFile) and every other field kept as written.

#include "core/common/Result.h"

#include <QJsonObject>
#include <QString>

namespace gpuplanner::cli {

// The file's record; an error names the file, and says how to record one (howToRecord) when it
// has none.
core::Result<QJsonObject> readPricedOn(const QString &path, const QString &howToRecord);
// Writes record as the file's "priced_on", keeping everything else as written.
core::Status writePricedOn(const QString &path, const QJsonObject &record);

} // namespace gpuplanner::cli
