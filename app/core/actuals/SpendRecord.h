#pragma once
// SpendRecord: a stored spend line with the file it was imported from (for messages), or a
// group of stored lines summed by the catalog (db::spendAggregates), and everything a
// plan-against-actual comparison reads from the catalog.

#include "core/actuals/SpendLine.h"

#include <QHash>
#include <QList>

namespace gpuplanner::core {

struct SpendRecord
{
    actuals::SpendLine line;
    QString sourceFile;
    // The stored lines this record stands for: 1 for a line as read, the group's count for a sum
    // of lines (amountMicros and usageHours are then the group's sums; sourceRow and sourceFile,
    // usageStart and usageEnd are those of its first line in date order), so counts of lines in
    // messages stay counts of lines.
    int lines = 1;
};

struct SpendData
{
    QList<SpendRecord> records;         // every project's lines, or their sums per group (SpendRecord::lines)
    QHash<QString, double> gpusPerInstance; // lowercase instance type -> GPUs
};

} // namespace gpuplanner::core
