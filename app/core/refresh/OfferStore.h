#pragma once
// OfferStore: the port through which a refresh writes a provider's new prices. gpuplanner_db
// implements it over SQLite: one transaction per provider, so a failure keeps the old prices.

#include "core/common/Result.h"
#include "core/import/ImportBatch.h"

#include <QDateTime>
#include <QHash>
#include <QString>
#include <QStringList>

namespace gpuplanner::core {

struct RefreshCounts
{
    int added = 0;
    int changed = 0;   // price or currency changed (appended to price history)
    int removed = 0;   // no longer offered
    int unchanged = 0;
};

struct RefreshScope
{
    QString provider;
    QStringList regions; // empty = every region of the provider
};

enum class RefreshStatus { Ok, Failed, Cancelled };

struct RefreshLogEntry
{
    QString provider;
    QDateTime started;
    QDateTime finished;
    RefreshStatus status = RefreshStatus::Ok;
    int offers = 0;
    QString message;
};

class OfferStore
{
public:
    virtual ~OfferStore() = default;

    // Offers the scope holds now, for the collapse check.
    virtual Result<int> offerCount(const RefreshScope &scope) = 0;
    // The latest FX rates (currency units per USD), for the plausibility bounds of new prices.
    virtual Result<QHash<QString, double>> latestFxRates() = 0;
    // Replaces the scope's offers of the billing models present in the batch, atomically.
    virtual Result<RefreshCounts> replaceOffers(const RefreshScope &scope, const ImportBatch &batch) = 0;
    virtual Status writeFxRates(const QList<FxRate> &rates) = 0;
    virtual Status logRefresh(const RefreshLogEntry &entry) = 0;
};

} // namespace gpuplanner::core
