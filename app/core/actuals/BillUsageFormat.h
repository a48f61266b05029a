#pragma once
// BillUsageFormat: a bill's GPU usage (BillUsage) and its reprice (BillReprice) for people (text
// tables) and programs (CSV, JSON). Every unrecognised GPU line is printed with its spend, every
// price with its source and date.

#include "core/actuals/BillReprice.h"
#include "core/actuals/BillUsage.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace gpuplanner::core::actuals {

QString usageToTable(const BillUsage &usage);
QString usageToCsv(const BillUsage &usage);
QJsonObject usageToJson(const BillUsage &usage);

QString repriceToTable(const BillReprice &reprice);
QString repriceToCsv(const BillReprice &reprice);
QJsonObject repriceToJson(const BillReprice &reprice);

// What a report prints of a bill (`report portfolio --bill`): the file, months, GPU spend per
// currency (recognised and not), the steady parts, the saving by month and the unrecognised lines.
QJsonObject billSummaryJson(const QString &file, const BillUsage &usage, const BillReprice &reprice);

// The usage's steady and bursty GPU-hours per GPU model and geography, as a text table.
QString steadyToTable(const BillUsage &usage);
QJsonArray steadyToJson(const BillUsage &usage);

} // namespace gpuplanner::core::actuals
