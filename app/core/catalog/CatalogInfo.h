#pragma once
// CatalogInfo: what a catalog holds and how fresh it is, per provider.

#include <QDate>
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

// One source file's (or refresh's) offers for a provider and the date they were observed.
struct SourceInfo
{
    QString provider;
    QString file;       // under resources/catalog; empty for prices a refresh brought
    QString observedOn; // the day (or month, for the older snapshot) the source was read
    int offers = 0;
};

// A provider's offers by the age of their price on CatalogInfo::asOf, counted from the date
// each was observed (a month-only date counts from its first day).
struct AgeBands
{
    QString provider;
    explicit AgeBands(QString id = {}) : provider(std::move(id)) {}
    int underThreeMonths = 0;
    int threeToSixMonths = 0;
    int sixToTwelveMonths = 0;
    int overTwelveMonths = 0;
    int undated = 0;
    QString newest;
    QString oldest;
    int total() const { return underThreeMonths + threeToSixMonths + sixToTwelveMonths + overTwelveMonths + undated; }
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
    QString asOf; // the day the ages are counted to (ISO date)
    QList<SourceInfo> sources; // by provider, newest observation first
};

// The day a catalog date names: "2026-08-20", a timestamp's day, or a month-only date's first day
// ("2026-07"); invalid when it names none.
QDate dayOfCatalogDate(const QString &text);
// The age band of a price observed on `observed` ("2026-08-20", "2026-07" or a timestamp) on `asOf`.
void addToAgeBands(AgeBands &bands, const QString &observed, const QString &asOf, int offers);
// Each provider's offers by age on info.asOf, from info.sources.
QList<AgeBands> ageBands(const CatalogInfo &info);

} // namespace gpuplanner::core
