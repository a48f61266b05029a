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
    int removed = 0;   // no longer offered: marked unavailable (custom offers deleted there: deleted)
    int unchanged = 0;
    // Offers in regions the source listed nothing for: it does not price them, so they stay as
    // they were (the SkyPilot AWS file has no AWS China regions, for example).
    int leftAsTheyWere = 0;
    QStringList regionsLeft;
    // Offers of instance types a source that prices only what it lists had nothing for (GCP's
    // TPUs in a native GCP refresh), by family ("tpu-v5p").
    int typesLeftAsTheyWere = 0;
    QStringList familiesLeft;
    QString leftNote() const
    {
        QStringList notes;
        if (leftAsTheyWere > 0) {
            notes.append(QStringLiteral("%1 offer%2 in %3 region%4 this source does not price kept as they were (%5)")
                             .arg(leftAsTheyWere)
                             .arg(leftAsTheyWere == 1 ? QString() : QStringLiteral("s"))
                             .arg(regionsLeft.size())
                             .arg(regionsLeft.size() == 1 ? QString() : QStringLiteral("s"))
                             .arg(shortList(regionsLeft)));
        }
        if (typesLeftAsTheyWere > 0) {
            notes.append(QStringLiteral("%1 offer%2 of %3 famil%4 this source does not price kept as they were (%5)")
                             .arg(typesLeftAsTheyWere)
                             .arg(typesLeftAsTheyWere == 1 ? QString() : QStringLiteral("s"))
                             .arg(familiesLeft.size())
                             .arg(familiesLeft.size() == 1 ? QStringLiteral("y") : QStringLiteral("ies"))
                             .arg(shortList(familiesLeft)));
        }
        return notes.join(QStringLiteral("; "));
    }

private:
    static QString shortList(const QStringList &names)
    {
        QStringList shown = names.mid(0, 4);
        if (names.size() > 4)
            shown.append(QStringLiteral("..."));
        return shown.join(QStringLiteral(", "));
    }
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

    // Available offers the scope holds now under these billing models (empty = all), for the
    // collapse check: a source of on-demand and spot prices is not compared with commitments.
    virtual Result<int> offerCount(const RefreshScope &scope, const QList<Billing> &billings) = 0;
    // The provider's instance types the catalog knows, for sources that price types by name only
    // (Alibaba's public price file has no hardware in it).
    virtual Result<QList<ImportedInstance>> instanceTypes(const QString &provider)
    {
        Q_UNUSED(provider);
        return QList<ImportedInstance>{};
    }
    // The latest FX rates (currency units per USD), for the plausibility bounds of new prices.
    virtual Result<QHash<QString, double>> latestFxRates() = 0;
    // Replaces the scope's offers of the billing models present in the batch, atomically.
    virtual Result<RefreshCounts> replaceOffers(const RefreshScope &scope, const ImportBatch &batch) = 0;
    virtual Status writeFxRates(const QList<FxRate> &rates) = 0;
    virtual Status logRefresh(const RefreshLogEntry &entry) = 0;
};

} // namespace gpuplanner::core
