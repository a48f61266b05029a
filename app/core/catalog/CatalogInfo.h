#pragma once
// CatalogInfo: what a catalog holds and how fresh it is, per provider.

#include <QList>
#include <QMap>
#include <QString>

namespace gpuplanner::core {

struct ProviderInfo
{
    QString id;
    QString name;
    QString kind;
    QString homeCurrency;
    QString dataDate;
    QString dataNote;
    QMap<QString, int> offersByBilling; // billing id -> offers
    // The user's own offers (negotiated, on-premise): dated when saved, so they say nothing about
    // how current the catalog's prices are.
    bool isCustom() const { return kind == u"custom"; }
};

struct ExclusionSummary
{
    QString provider;
    QString reason;
    int rows = 0;
};

struct CatalogInfo
{
    QString path;
    int schemaVersion = 0;
    QString seedSource;
    QList<ProviderInfo> providers;
    QList<ExclusionSummary> exclusions;
    int gpuModels = 0;
    int instanceTypes = 0;
    int offers = 0;
};

} // namespace gpuplanner::core
