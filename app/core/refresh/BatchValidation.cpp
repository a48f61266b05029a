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

QString offerIdentity(const QString &instance, const QString &region, const QString &billingId, int termMonths,
                      const QString &upfront, const QString &offeringClass)
{
    return QStringList{instance, region, billingId, QString::number(termMonths),
                       upfront.isEmpty() ? QStringLiteral("none") : upfront, offeringClass}
        .join(QChar(0x1f));
}

QString offerIdentity(const ImportedOffer &o)
{
    return offerIdentity(o.instance.name, o.region, billingId(o.billing), o.termMonths, o.upfront, o.offeringClass);
}

QString offerIdentity(const KeptOffer &k)
{
    return offerIdentity(k.instance, k.region, billingId(k.billing), k.termMonths, k.upfront, k.offeringClass);
}

QString implausiblePriceReason()
{
    return QStringLiteral("implausible price (below %1 or above %2 USD per GPU-hour)")
        .arg(kMinUsdPerGpuHour)
        .arg(kMaxUsdPerGpuHour);
}

namespace {


QString describe(const QString &provider, qsizetype index, const ImportedOffer &o)
{
    return QStringLiteral("%1: offer %2 (%3 in %4, %5)").arg(provider).arg(index + 1).arg(o.instance.name, o.region,
                                                                                          billingId(o.billing));
}

Status checkFxRates(const QString &provider, const QList<FxRate> &rates)
{
    for (const FxRate &r : rates) {
        if (!isKnownCurrency(r.currency) || !std::isfinite(r.ratePerUsd) || r.ratePerUsd <= 0 || r.date.isEmpty())
            return Error{QStringLiteral("%1: bad FX rate %2 = %3 on '%4'").arg(provider, r.currency).arg(r.ratePerUsd).arg(r.date)};
    }
    return success();
}

Status checkCollapse(const QString &provider, qsizetype distinct, const ValidationPolicy &policy)
{
    if (!policy.force && policy.previousOffers > 0 && distinct * 2 < policy.previousOffers) {
        return Error{QStringLiteral("%1: the new data has %2 distinct offers where the catalog has %3; refusing to "
                                    "drop more than half (use --force to accept)")
                         .arg(provider)
                         .arg(distinct)
                         .arg(policy.previousOffers)};
    }
    return success();
}

} // namespace

QString offerProblem(const ImportedOffer &o, const ValidationPolicy &policy)
{
    // An all-upfront commitment stated by its recurring part is paid entirely by its fee: 0 per hour.
    const double fee = o.upfrontFee.value_or(0);
    const bool allUpfront = o.upfront == u"all" && fee > 0 && o.priceBasis == PriceBasis::Recurring;
    if (!std::isfinite(o.price) || o.price < 0 || (o.price == 0 && !allUpfront))
        return QStringLiteral("price is not a positive number");
    if (o.medianPrice && (!std::isfinite(*o.medianPrice) || *o.medianPrice < o.price))
        return QStringLiteral("median price below the lowest price");
    if (!std::isfinite(fee) || fee < 0)
        return QStringLiteral("upfront fee is not a non-negative number");
    if (o.recurringPerHour && (!std::isfinite(*o.recurringPerHour) || *o.recurringPerHour < 0))
        return QStringLiteral("recurring hourly part is not a non-negative number");
    if (!offeringClassIds().contains(o.offeringClass))
        return QStringLiteral("unknown offering class");
    if (!isKnownCurrency(o.currency))
        return QStringLiteral("unknown currency");
    if (o.instance.gpuId.isEmpty() || !(o.instance.gpuCount > 0) || !std::isfinite(o.instance.gpuCount))
        return QStringLiteral("no GPU model or count");
    if (o.instance.name.isEmpty() || o.region.isEmpty())
        return QStringLiteral("no instance type or region");
    const bool committed = o.billing == Billing::Reserved || o.billing == Billing::SavingsPlan;
    if (committed && (o.termMonths <= 0 || o.termMonths > 120))
        return QStringLiteral("a committed price needs a term of 1 to 120 months");
    if (!committed && (o.termMonths != 0 || fee != 0 || !o.offeringClass.isEmpty()))
        return QStringLiteral("only committed prices have a term, an offering class or an upfront fee");
    if (o.billing == Billing::CapacityBlock
        && (!o.minDurationHours || !o.maxDurationHours || *o.minDurationHours > *o.maxDurationHours))
        return QStringLiteral("a capacity block needs its shortest and longest booking");
    if (o.upfront != u"none" && o.upfront != u"partial" && o.upfront != u"all")
        return QStringLiteral("unknown upfront option");
    if (const auto rate = policy.ratePerUsd.constFind(o.currency); rate != policy.ratePerUsd.cend() && *rate > 0) {
        const double termHours = committed ? o.termMonths * 730.0 : 0;
        const bool spread = termHours > 0 && o.priceBasis == PriceBasis::Recurring;
        const double hourly = o.price + (spread ? fee / termHours : 0);
        const double usdPerGpuHour = hourly / *rate / o.instance.gpuCount;
        if (!std::isfinite(usdPerGpuHour) || usdPerGpuHour < kMinUsdPerGpuHour || usdPerGpuHour > kMaxUsdPerGpuHour)
            return implausiblePriceReason();
        // The median of the zones (or hosts) prices spot plans: one absurd zone price among two
        // would make it absurd while the lowest price looks fine.
        if (o.medianPrice && *o.medianPrice / *rate / o.instance.gpuCount > kMaxUsdPerGpuHour)
            return QStringLiteral("median price of its zones implausible");
    }
    return {};
}

int ScreeningReport::keptTotal() const
{
    int total = 0;
    for (int n : kept)
        total += n;
    return total;
}

QString ScreeningReport::summary() const
{
    QStringList parts;
    if (keptTotal() > 0) {
        QStringList reasons;
        for (auto it = kept.cbegin(); it != kept.cend(); ++it)
            reasons.append(QStringLiteral("%1 %2").arg(it.value()).arg(it.key()));
        parts.append(QStringLiteral("%1 offer%2 kept %3 previous price (%4)")
                         .arg(keptTotal())
                         .arg(keptTotal() == 1 ? QString() : QStringLiteral("s"))
                         .arg(keptTotal() == 1 ? QStringLiteral("its") : QStringLiteral("their"))
                         .arg(reasons.join(QStringLiteral(", "))));
    }
    if (duplicates > 0)
        parts.append(QStringLiteral("%1 duplicate row%2 ignored").arg(duplicates).arg(duplicates == 1 ? QString() : QStringLiteral("s")));
    return parts.join(QStringLiteral("; "));
}

Result<ScreeningReport> screenBatch(const QString &provider, ImportBatch &batch, const ValidationPolicy &policy)
{
    if (auto s = checkFxRates(provider, batch.fxRates); !s)
        return s.error();
    ScreeningReport report;
    // The batch changes only when the screening succeeds.
    QList<ImportedOffer> usable;
    usable.reserve(batch.offers.size());
    QList<KeptOffer> kept = batch.kept;
    QSet<QString> seen;
    for (qsizetype i = 0; i < batch.offers.size(); ++i) {
        const ImportedOffer &o = batch.offers.at(i);
        if (o.instance.provider != provider)
            return Error{QStringLiteral("%1: belongs to provider '%2'").arg(describe(provider, i, o), o.instance.provider)};
        if (const QString problem = offerProblem(o, policy); !problem.isEmpty()) {
            kept.append(KeptOffer{o.instance.name, o.region, o.billing, o.termMonths, o.upfront, o.offeringClass, problem});
            continue;
        }
        const QString key = offerIdentity(o);
        if (seen.contains(key)) {
            ++report.duplicates;
            continue;
        }
        seen.insert(key);
        usable.append(o);
    }
    // Offers refused now still count as offered: they keep their price, they did not vanish.
    // A refused row whose offer has another, usable row (another zone) is not kept: it is replaced.
    QSet<QString> distinct = seen;
    for (const KeptOffer &k : std::as_const(kept)) {
        const QString key = offerIdentity(k);
        if (!distinct.contains(key)) {
            distinct.insert(key);
            ++report.kept[k.reason];
        }
    }
    if (auto s = checkCollapse(provider, distinct.size(), policy); !s)
        return s.error();
    batch.offers = std::move(usable);
    batch.kept = std::move(kept);
    return report;
}

Status validateBatch(const QString &provider, const ImportBatch &batch, const ValidationPolicy &policy)
{
    QSet<QString> distinct;
    for (qsizetype i = 0; i < batch.offers.size(); ++i) {
        const ImportedOffer &o = batch.offers.at(i);
        if (o.instance.provider != provider)
            return Error{QStringLiteral("%1: belongs to provider '%2'").arg(describe(provider, i, o), o.instance.provider)};
        if (const QString problem = offerProblem(o, policy); !problem.isEmpty()) {
            QString detail = problem;
            if (problem == u"price is not a positive number")
                detail = QStringLiteral("price %1 is not a positive number").arg(o.price);
            else if (problem == u"unknown currency")
                detail = QStringLiteral("unknown currency '%1'").arg(o.currency);
            return Error{QStringLiteral("%1: %2").arg(describe(provider, i, o), detail)};
        }
        distinct.insert(offerIdentity(o));
    }
    if (auto s = checkFxRates(provider, batch.fxRates); !s)
        return s;
    return checkCollapse(provider, distinct.size(), policy);
}

} // namespace gpuplanner::core
