#include "core/catalog/PriceChecks.h"

#include "core/catalog/PriceSplit.h"
#include "core/cost/SpotRisk.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace gpuplanner::core {

namespace {

constexpr double kSpotTolerance = 1.005;
constexpr double kPeerZ = 3.5;
constexpr double kPeerRatio = 3.0;
constexpr int kPeerMinOffers = 10;
constexpr int kPeerMinProviders = 3;
constexpr double kRegionLow = 0.75;
constexpr double kRegionHigh = 1.5;
constexpr int kRegionMinRegions = 3;
constexpr int kSplitMinPerSide = 2;
constexpr double kListingShare = 0.8;
constexpr double kCommitmentShare = 0.9;
constexpr double kSpecMemoryTolerance = 0.1;
constexpr double kSpecMemorySlackGib = 1.0;

QString usd(double v)
{
    return QStringLiteral("%1 USD").arg(v, 0, 'f', v < 10 ? 3 : 2);
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : std::midpoint(v[n / 2 - 1], v[n / 2]); // no overflow to infinity
}

QString twinKey(const Offer &o)
{
    return o.provider + u'|' + o.instanceType + u'|' + o.region;
}

double perGpuUsd(const Offer &o)
{
    return o.gpuCount > 0 ? o.pricePerHourUsd / o.gpuCount : 0;
}

class Checker
{
public:
    explicit Checker(const PriceCheckInput &in) : m_in(in)
    {
        for (const Offer &o : in.offers) {
            if (o.billing == Billing::OnDemand)
                m_onDemand.insert(twinKey(o), &o);
            else if (o.billing == Billing::Spot)
                m_spot.insert(twinKey(o), &o);
        }
    }

    QList<PriceFlag> run()
    {
        spotAboveOnDemand();
        roundPlaceholders();
        peerOutliers();
        regionComparisons();
        belowPublishedListing();
        retiredFamilies();
        specMismatch();
        twinSuspect();
        return m_flags;
    }

private:
    void flag(const Offer &o, const QString &rule, const QString &reason)
    {
        const QString key = QString::number(o.id) + u'|' + rule;
        if (m_seen.contains(key))
            return;
        m_seen.insert(key);
        m_flags.append(PriceFlag{o.id, rule, reason});
        m_flagged.insert(o.id);
    }

    void spotAboveOnDemand()
    {
        for (const Offer &o : m_in.offers) {
            if (o.billing != Billing::Spot)
                continue;
            const Offer *od = m_onDemand.value(twinKey(o));
            if (!od || !(o.pricePerHourUsd > od->pricePerHourUsd * kSpotTolerance))
                continue;
            flag(o, QStringLiteral("spot_above_on_demand"),
                 QStringLiteral("spot %1/h is above on-demand %2/h for the same instance and region")
                     .arg(usd(o.pricePerHourUsd), usd(od->pricePerHourUsd)));
            flag(*od, QStringLiteral("spot_above_on_demand"),
                 QStringLiteral("its spot price %1/h is above it (%2/h): one of the two is wrong")
                     .arg(usd(o.pricePerHourUsd), usd(od->pricePerHourUsd)));
        }
    }

    void roundPlaceholders()
    {
        // provider|cents per GPU-hour -> GPU models, per billing model.
        QHash<QString, QSet<QString>> onDemand, spot;
        for (const Offer &o : m_in.offers) {
            const double p = perGpuUsd(o);
            const double cents = std::round(p * 100.0);
            if (p < 1.0 || std::abs(p * 100.0 - cents) > 1e-6 || std::fmod(cents, 100.0) != 0)
                continue;
            const QString key = o.provider + u'|' + QString::number(cents);
            if (o.billing == Billing::OnDemand)
                onDemand[key].insert(o.gpu);
            else if (o.billing == Billing::Spot)
                spot[key].insert(o.gpu);
        }
        for (const Offer &o : m_in.offers) {
            if (o.billing != Billing::OnDemand && o.billing != Billing::Spot)
                continue;
            const QString key = o.provider + u'|' + QString::number(std::round(perGpuUsd(o) * 100.0));
            const QSet<QString> models = onDemand.value(key);
            if (models.size() < 2 || spot.value(key).size() < 2)
                continue;
            QStringList names(models.cbegin(), models.cend());
            names.sort();
            flag(o, QStringLiteral("round_placeholder"),
                 QStringLiteral("%1 per GPU-hour for %2, on-demand and spot alike: a placeholder, not a price")
                     .arg(usd(perGpuUsd(o)), names.join(QStringLiteral(", "))));
        }
    }

    void peerOutliers()
    {
        // One vote per provider (its median), so a hyperscaler's thirty regions do not make a
        // marketplace's lower price look wrong.
        QHash<QString, std::vector<const Offer *>> byGpu;
        for (const Offer &o : m_in.offers) {
            if (o.billing == Billing::OnDemand && o.gpuCount >= 1 && perGpuUsd(o) > 0)
                byGpu[o.gpu].push_back(&o);
        }
        for (auto it = byGpu.cbegin(); it != byGpu.cend(); ++it) {
            const auto &offers = it.value();
            QHash<QString, std::vector<double>> byProvider;
            for (const Offer *o : offers)
                byProvider[o->provider].push_back(std::log(perGpuUsd(*o)));
            if (int(offers.size()) < kPeerMinOffers || byProvider.size() < kPeerMinProviders)
                continue;
            std::vector<double> votes;
            for (const auto &logs : std::as_const(byProvider))
                votes.push_back(median(logs));
            const double m = median(votes);
            std::vector<double> deviations;
            for (double v : votes)
                deviations.push_back(std::abs(v - m));
            const double mad = median(deviations);
            for (const Offer *o : offers) {
                const double l = std::log(perGpuUsd(*o));
                const double ratio = std::exp(l - m);
                // Only far below: a price far above its peers usually buys a bigger host (one T4 with
                // 64 vCPUs), and it is never the one recommended.
                const bool far = ratio <= 1.0 / kPeerRatio;
                const bool outside = mad <= 0 || std::abs(0.6745 * (l - m) / mad) > kPeerZ;
                if (!far || !outside)
                    continue;
                flag(*o, QStringLiteral("peer_outlier"),
                     QStringLiteral("%1 per GPU-hour is %2x the median of %3 providers' on-demand %4 prices (%5); "
                                    "trusted: that median, one vote per provider, so no provider's many regions "
                                    "outvote the others")
                         .arg(usd(perGpuUsd(*o)))
                         .arg(ratio, 0, 'f', 2)
                         .arg(byProvider.size())
                         .arg(it.key(), usd(std::exp(m))));
            }
        }
    }

    // Why an on-demand price cannot be an on-demand list price, from evidence other than its
    // neighbours: its own spot price is at or above it, or a published aggregate's figures for the
    // same GPU model and count put it below their cheapest on-demand listing or barely above their
    // 1-year commitment price (below_published_listing's thresholds). Empty: no evidence.
    QString notOnDemand(const Offer &o) const
    {
        if (const Offer *spot = m_spot.value(twinKey(o));
            spot && spot->pricePerHourUsd >= o.pricePerHourUsd / kSpotTolerance)
            return QStringLiteral("%1: its spot price %2/h is not below it").arg(o.region, usd(spot->pricePerHourUsd));
        for (const PriceReference &r : m_in.references) {
            if (r.provider != o.provider || r.gpu != o.gpu || std::abs(o.gpuCount - r.gpuCount) > 1e-6)
                continue;
            if (r.termMonths == 0 && o.pricePerHourUsd < r.pricePerHourUsd * kListingShare)
                return QStringLiteral("%1: below %2% of the cheapest on-demand listing %3 found (%4/h)")
                    .arg(o.region)
                    .arg(kListingShare * 100.0, 0, 'f', 0)
                    .arg(r.source, usd(r.pricePerHourUsd));
            if (r.termMonths > 0 && o.pricePerHourUsd < r.pricePerHourUsd / kCommitmentShare)
                return QStringLiteral("%1: barely above the cheapest %2-month commitment price %3 found (%4/h)")
                    .arg(o.region)
                    .arg(r.termMonths)
                    .arg(r.source, usd(r.pricePerHourUsd));
        }
        return {};
    }

    // On-demand prices of one instance type across regions of one geography: two clusters far
    // apart are a conflict to resolve by evidence, never by which cluster has more regions; a
    // single price far from the rest is an outlier only while the rest can be trusted.
    void regionComparisons()
    {
        QHash<QString, std::vector<const Offer *>> byInstance;
        for (const Offer &o : m_in.offers) {
            // Within one geography: mainland China, for one, is priced apart from overseas regions.
            if (o.billing == Billing::OnDemand)
                byInstance[o.provider + u'|' + o.instanceType + u'|' + o.geography].push_back(&o);
        }
        for (const auto &offers : std::as_const(byInstance)) {
            if (int(offers.size()) < kRegionMinRegions + 1)
                continue;
            std::vector<double> prices;
            for (const Offer *o : offers)
                prices.push_back(o->pricePerHourUsd);
            if (const auto split = splitInTwo(prices, kSplitMinPerSide))
                priceConflict(offers, *split);
            else
                regionOutliers(offers);
        }
    }

    void priceConflict(const std::vector<const Offer *> &offers, const PriceSplit &split)
    {
        QStringList lowEvidence, highEvidence;
        for (const Offer *o : offers) {
            const QString e = notOnDemand(*o);
            if (!e.isEmpty())
                (split.isLow(o->pricePerHourUsd) ? lowEvidence : highEvidence).append(e);
        }
        const Offer &first = *offers.front();
        const QString clusters = QStringLiteral("%1 on-demand prices in %2 split into %3, %4x apart")
                                     .arg(first.instanceType, first.geography,
                                          split.describe(QStringLiteral("USD/h"), QStringLiteral("regions")))
                                     .arg(split.factor(), 0, 'f', 1);
        // Evidence on one side only: that side is of another usage type, the other is trusted.
        if (lowEvidence.isEmpty() != highEvidence.isEmpty()) {
            const bool lowIsWrong = !lowEvidence.isEmpty();
            const QStringList &evidence = lowIsWrong ? lowEvidence : highEvidence;
            for (const Offer *o : offers) {
                if (split.isLow(o->pricePerHourUsd) != lowIsWrong)
                    continue;
                flag(*o, QStringLiteral("other_usage_type"),
                     QStringLiteral("%1/h is not an on-demand price: %2. Trusted: the %3 cluster, because the %4 one "
                                    "holds prices that cannot be on-demand (%5); it is a price of another usage type "
                                    "(e.g. defined duration, flex-start) filed as on-demand")
                         .arg(usd(o->pricePerHourUsd), clusters, lowIsWrong ? QStringLiteral("upper") : QStringLiteral("lower"),
                              lowIsWrong ? QStringLiteral("lower") : QStringLiteral("upper"),
                              evidence.join(QStringLiteral("; "))));
            }
            return;
        }
        const QString why = lowEvidence.isEmpty()
                                ? QStringLiteral("no spot price or published listing shows which one is on-demand")
                                : QStringLiteral("both hold prices that cannot be on-demand (%1)")
                                      .arg((lowEvidence + highEvidence).join(QStringLiteral("; ")));
        for (const Offer *o : offers) {
            flag(*o, QStringLiteral("price_conflict"),
                 QStringLiteral("%1/h is in the %2 of two clusters: %3. Neither is trusted, whichever has more regions: "
                                "%4")
                     .arg(usd(o->pricePerHourUsd),
                          split.isLow(o->pricePerHourUsd) ? QStringLiteral("lower") : QStringLiteral("upper"), clusters,
                          why));
        }
    }

    void regionOutliers(const std::vector<const Offer *> &offers)
    {
        for (const Offer *o : offers) {
            std::vector<double> others;
            bool othersTrusted = true;
            for (const Offer *p : offers) {
                if (p == o)
                    continue;
                others.push_back(p->pricePerHourUsd);
                othersTrusted = othersTrusted && notOnDemand(*p).isEmpty();
            }
            const double m = median(others);
            // A median of prices some of which cannot be on-demand is no yardstick.
            if (m <= 0 || !othersTrusted)
                continue;
            const double ratio = o->pricePerHourUsd / m;
            if (ratio >= kRegionLow && ratio <= kRegionHigh)
                continue;
            flag(*o, QStringLiteral("region_outlier"),
                 QStringLiteral("%1/h is %2x the median of its %3 other regions in %5 (%4/h); trusted: that median, "
                                "since none of those prices is at or below its own spot price or below a published "
                                "listing")
                     .arg(usd(o->pricePerHourUsd))
                     .arg(ratio, 0, 'f', 2)
                     .arg(others.size())
                     .arg(usd(m), o->geography));
        }
    }

    void belowPublishedListing()
    {
        for (const PriceReference &r : m_in.references) {
            for (const Offer &o : m_in.offers) {
                if (o.billing != Billing::OnDemand || o.provider != r.provider || o.gpu != r.gpu
                    || std::abs(o.gpuCount - r.gpuCount) > 1e-6)
                    continue;
                if (r.termMonths == 0 && o.pricePerHourUsd < r.pricePerHourUsd * kListingShare) {
                    flag(o, QStringLiteral("below_published_listing"),
                         QStringLiteral("%1/h is below %2% of the cheapest on-demand listing %3 found for this GPU model "
                                        "and count (%4/h, %5)")
                             .arg(usd(o.pricePerHourUsd))
                             .arg(kListingShare * 100.0, 0, 'f', 0)
                             .arg(r.source, usd(r.pricePerHourUsd), r.captured));
                } else if (r.termMonths > 0 && o.pricePerHourUsd < r.pricePerHourUsd / kCommitmentShare) {
                    flag(o, QStringLiteral("below_published_listing"),
                         QStringLiteral("%1/h is less than %2% above the cheapest %3-month commitment price %4 found for "
                                        "this GPU model and count (%5/h, %6); commitments run 25-45% below on-demand")
                             .arg(usd(o.pricePerHourUsd))
                             .arg((1.0 / kCommitmentShare - 1.0) * 100.0, 0, 'f', 0)
                             .arg(r.termMonths)
                             .arg(r.source, usd(r.pricePerHourUsd), r.captured));
                }
            }
        }
    }

    void retiredFamilies()
    {
        for (const RetiredFamily &f : m_in.retired) {
            for (const Offer &o : m_in.offers) {
                if (o.provider != f.provider || !globMatch(f.instancePattern, o.instanceType))
                    continue;
                flag(o, QStringLiteral("retired_family"),
                     f.retiredOn.isEmpty() ? QStringLiteral("retired by the provider (%1)").arg(f.source)
                                           : QStringLiteral("retired by the provider on %1 (%2)").arg(f.retiredOn, f.source));
            }
        }
    }

    // The memory per GPU the source lists must be the spec's: per GPU, for the whole instance, or
    // (for a slice) the slice's share; within 10 % or 1 GiB (sources round, MiB versus GB).
    void specMismatch()
    {
        for (const Offer &o : m_in.offers) {
            if (!o.listedGpuMemoryGib || !(o.gpuCount > 0) || !(o.gpuMemoryGib > 0))
                continue;
            const double listed = *o.listedGpuMemoryGib;
            const double spec = o.gpuMemoryGib / o.gpuCount;
            const double candidates[] = {spec, spec * o.gpuCount};
            const bool fits = std::any_of(std::begin(candidates), std::end(candidates), [&](double expected) {
                return std::abs(listed - expected) <= std::max(kSpecMemorySlackGib, kSpecMemoryTolerance * expected);
            });
            if (fits)
                continue;
            flag(o, QStringLiteral("spec_mismatch"),
                 QStringLiteral("the source lists %1 GiB of GPU memory, the spec table's %2 has %3 GiB per GPU "
                                "(%4 GiB for this instance): the offer may be another part or a slice of one")
                     .arg(listed, 0, 'f', 0)
                     .arg(o.gpu)
                     .arg(spec, 0, 'f', 0)
                     .arg(o.gpuMemoryGib, 0, 'f', 0));
        }
    }

    void twinSuspect()
    {
        QHash<qint64, QString> onDemandKeys; // on-demand offer id -> its twin key
        for (const Offer *od : std::as_const(m_onDemand))
            onDemandKeys.insert(od->id, twinKey(*od));
        QHash<QString, QString> suspectOnDemand; // twin key -> its first rule
        for (const PriceFlag &f : std::as_const(m_flags)) {
            const auto key = onDemandKeys.constFind(f.offerId);
            if (key != onDemandKeys.cend() && !suspectOnDemand.contains(*key))
                suspectOnDemand.insert(*key, f.rule);
        }
        for (const Offer &o : m_in.offers) {
            if (!isCommitment(o.billing) || m_flagged.contains(o.id))
                continue;
            const auto it = suspectOnDemand.constFind(twinKey(o));
            if (it == suspectOnDemand.cend())
                continue;
            flag(o, QStringLiteral("twin_suspect"),
                 QStringLiteral("the on-demand price of this instance and region is suspect (%1)").arg(*it));
        }
    }

    const PriceCheckInput &m_in;
    QHash<QString, const Offer *> m_onDemand;
    QHash<QString, const Offer *> m_spot;
    QList<PriceFlag> m_flags;
    QSet<QString> m_seen;
    QSet<qint64> m_flagged;
};

} // namespace

QList<PriceFlag> checkPrices(const PriceCheckInput &input)
{
    return Checker(input).run();
}

QStringList priceRuleIds()
{
    return {QStringLiteral("spot_above_on_demand"), QStringLiteral("round_placeholder"), QStringLiteral("peer_outlier"),
            QStringLiteral("region_outlier"),       QStringLiteral("other_usage_type"),
            QStringLiteral("price_conflict"),       QStringLiteral("below_published_listing"),
            QStringLiteral("retired_family"),       QStringLiteral("spec_mismatch"),
            QStringLiteral("twin_suspect")};
}

} // namespace gpuplanner::core
