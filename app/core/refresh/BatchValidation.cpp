#include "core/refresh/BatchValidation.h"

#include <QSet>

#include <cmath>

namespace gpuplanner::core {

bool isKnownCurrency(const QString &code)
{
    // Currencies providers bill in plus those the ECB publishes reference rates for.
    static const QSet<QString> known = {
        QStringLiteral("USD"), QStringLiteral("EUR"), QStringLiteral("CNY"), QStringLiteral("GBP"),
        QStringLiteral("JPY"), QStringLiteral("KRW"), QStringLiteral("INR"), QStringLiteral("SGD"),
        QStringLiteral("AUD"), QStringLiteral("CAD"), QStringLiteral("CHF"), QStringLiteral("HKD"),
        QStringLiteral("SEK"), QStringLiteral("NOK"), QStringLiteral("DKK"), QStringLiteral("PLN"),
        QStringLiteral("CZK"), QStringLiteral("HUF"), QStringLiteral("RON"), QStringLiteral("BGN"),
        QStringLiteral("ISK"), QStringLiteral("TRY"), QStringLiteral("BRL"), QStringLiteral("MXN"),
        QStringLiteral("IDR"), QStringLiteral("ILS"), QStringLiteral("MYR"), QStringLiteral("NZD"),
        QStringLiteral("PHP"), QStringLiteral("THB"), QStringLiteral("ZAR"), QStringLiteral("TWD"),
    };
    return known.contains(code);
}

Status validateBatch(const QString &provider, const ImportBatch &batch, const ValidationPolicy &policy)
{
    for (qsizetype i = 0; i < batch.offers.size(); ++i) {
        const ImportedOffer &o = batch.offers.at(i);
        const QString where = QStringLiteral("%1: offer %2 (%3 in %4, %5)")
                                  .arg(provider)
                                  .arg(i + 1)
                                  .arg(o.instance.name, o.region, billingId(o.billing));
        if (o.instance.provider != provider)
            return Error{QStringLiteral("%1: belongs to provider '%2'").arg(where, o.instance.provider)};
        // An all-upfront commitment is paid entirely by its fee: its hourly price is 0.
        const bool allUpfront = o.upfront == u"all" && o.upfrontFee > 0;
        if (!std::isfinite(o.price) || o.price < 0 || (o.price == 0 && !allUpfront))
            return Error{QStringLiteral("%1: price %2 is not a positive number").arg(where).arg(o.price)};
        if (o.medianPrice && (!std::isfinite(*o.medianPrice) || *o.medianPrice < o.price))
            return Error{QStringLiteral("%1: median price %2 is below the lowest price").arg(where).arg(*o.medianPrice)};
        if (!std::isfinite(o.upfrontFee) || o.upfrontFee < 0)
            return Error{QStringLiteral("%1: upfront fee %2 is not a non-negative number").arg(where).arg(o.upfrontFee)};
        if (!isKnownCurrency(o.currency))
            return Error{QStringLiteral("%1: unknown currency '%2'").arg(where, o.currency)};
        if (o.instance.gpuId.isEmpty() || !(o.instance.gpuCount > 0) || !std::isfinite(o.instance.gpuCount))
            return Error{QStringLiteral("%1: no GPU model or count").arg(where)};
        if (o.instance.name.isEmpty() || o.region.isEmpty())
            return Error{QStringLiteral("%1: no instance type or region").arg(where)};
        const bool committed = o.billing == Billing::Reserved || o.billing == Billing::SavingsPlan;
        if (committed && o.termMonths <= 0)
            return Error{QStringLiteral("%1: a committed price needs a term").arg(where)};
        if (!committed && (o.termMonths != 0 || o.upfrontFee != 0))
            return Error{QStringLiteral("%1: only committed prices have a term or an upfront fee").arg(where)};
        if (o.upfront != u"none" && o.upfront != u"partial" && o.upfront != u"all")
            return Error{QStringLiteral("%1: unknown upfront option '%2'").arg(where, o.upfront)};
    }
    for (const FxRate &r : batch.fxRates) {
        if (!isKnownCurrency(r.currency) || !std::isfinite(r.ratePerUsd) || r.ratePerUsd <= 0 || r.date.isEmpty())
            return Error{QStringLiteral("%1: bad FX rate %2 = %3 on '%4'").arg(provider, r.currency).arg(r.ratePerUsd).arg(r.date)};
    }
    const qsizetype count = batch.offers.size();
    if (!policy.force && policy.previousOffers > 0 && count * 2 < policy.previousOffers) {
        return Error{QStringLiteral("%1: the new data has %2 offers where the catalog has %3; refusing to drop more "
                                    "than half (use --force to accept)")
                         .arg(provider)
                         .arg(count)
                         .arg(policy.previousOffers)};
    }
    return success();
}

} // namespace gpuplanner::core
