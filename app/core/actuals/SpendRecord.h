#pragma once
// SpendRecord: a stored spend line with the file it was imported from (for messages), and
// everything a plan-against-actual comparison reads from the catalog.

#include "core/actuals/SpendLine.h"

#include <QHash>
#include <QList>

namespace gpuplanner::core {

struct SpendRecord
{
    actuals::SpendLine line;
    QString sourceFile;
};

struct SpendData
{
    QList<SpendRecord> records;         // every project's lines
    QHash<QString, double> gpusPerInstance; // lowercase instance type -> GPUs
};

} // namespace gpuplanner::core
