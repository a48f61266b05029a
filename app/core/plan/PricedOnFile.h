#pragma once
// PricedOnFile: the "priced_on" object of a saved scenario or portfolio file, read and written in
// place: the record is replaced atomically (QSaveFile) and every other field kept as written. The
// CLI's --record and the desktop's "record these prices" both write through here.

#include "core/common/Result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace gpuplanner::core {

// The file's record; an error names the file, and says how to record one (howToRecord) when it
// has none.
Result<QJsonObject> readPricedOn(const QString &path, const QString &howToRecord);
// Writes record as the file's "priced_on", keeping everything else as written.
Status writePricedOn(const QString &path, const QJsonObject &record);

// What the file holds now (a SHA-256 of its bytes), taken when it is opened: a window that
// writes the record later can tell that someone changed the file in between.
Result<QByteArray> fileFingerprint(const QString &path);
// As writePricedOn, but refuses (the file untouched, the error naming it) when the file is no
// longer what openedAs says it was; returns the fingerprint of what it wrote.
Result<QByteArray> writePricedOnIfUnchanged(const QString &path, const QJsonObject &record, const QByteArray &openedAs);

} // namespace gpuplanner::core
