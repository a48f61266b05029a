#pragma once
// FxRate: one exchange rate as the catalog stores it (units of a currency per 1 USD, with
// its date and source). Shared by importers, the catalog port and the cost model.

#include <QString>

namespace gpuplanner::core {

// Units of currency per 1 USD on date (e.g. CNY 7.1 on 2026-11-27).
struct FxRate
{
    QString currency;
    double ratePerUsd = 0;
    QString date;
    QString source;
};

} // namespace gpuplanner::core
