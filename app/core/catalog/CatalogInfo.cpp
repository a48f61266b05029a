#include "core/catalog/CatalogInfo.h"

#include <QDate>

namespace gpuplanner::core {

QDate dayOfCatalogDate(const QString &text)
{
    QDate date = QDate::fromString(text.left(10), Qt::ISODate);
    if (!date.isValid())
        date = QDate::fromString(text.left(7) + QStringLiteral("-01"), Qt::ISODate);
    return date;
}

void addToAgeBands(AgeBands &bands, const QString &observed, const QString &asOf, int offers)
{
    const QDate date = dayOfCatalogDate(observed);
    const QDate today = QDate::fromString(asOf, Qt::ISODate);
    if (!date.isValid() || !today.isValid()) {
        bands.undated += offers;
        return;
    }
    if (date.addMonths(3) >= today)
        bands.underThreeMonths += offers;
    else if (date.addMonths(6) >= today)
        bands.threeToSixMonths += offers;
    else if (date.addMonths(12) >= today)
        bands.sixToTwelveMonths += offers;
    else
        bands.overTwelveMonths += offers;
    const QString day = observed.left(10);
    if (bands.newest.isEmpty() || day > bands.newest)
        bands.newest = day;
    if (bands.oldest.isEmpty() || day < bands.oldest)
        bands.oldest = day;
}

QList<AgeBands> ageBands(const CatalogInfo &info)
{
    QList<AgeBands> bands;
    for (const SourceInfo &s : info.sources) {
        if (bands.isEmpty() || bands.constLast().provider != s.provider)
            bands.append(AgeBands(s.provider));
        addToAgeBands(bands.last(), s.observedOn, info.asOf, s.offers);
    }
    return bands;
}

} // namespace gpuplanner::core
