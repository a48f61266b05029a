#include "net/providers/OvhCloudSource.h"

#include "core/common/Redact.h"

#include "net/providers/ProviderCommon.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

namespace gpuplanner::net {

namespace {

const QString kProvider = QStringLiteral("ovhcloud");
const QString kSource = QStringLiteral("OVHcloud public order catalog");
constexpr double kHoursPerMonth = 730.0; // the catalog's convention for a month (prepaidSubscription, GCP)

enum class Term { Hourly, MonthlyPostpaid };

struct PlanCode
{
    QString flavour; // invoiceName, e.g. "h100-380"
    QString variant; // flavour plus any zone suffix (".LZ", ".3AZ"): plans of one variant share regions
    Term term = Term::Hourly;
};

// "h100-380.consumption" (hourly), "h100-380.monthly.postpaid" (monthly), each maybe with a
// suffix for Local Zones or 3-AZ regions ("b3-8.consumption.3AZ", SpareCores sc-crawler ovh.py).
std::optional<PlanCode> parsePlanCode(const QString &planCode)
{
    static const QRegularExpression re(QStringLiteral("^(.+?)\\.(consumption|monthly\\.postpaid)((?:\\.[^.]+)*)$"));
    const auto m = re.match(planCode);
    if (!m.hasMatch())
        return std::nullopt;
    return PlanCode{m.captured(1), m.captured(1) + m.captured(3),
                    m.captured(2) == u"consumption" ? Term::Hourly : Term::MonthlyPostpaid};
}

QStringList regionValues(const QJsonArray &configurations)
{
    QStringList regions;
    for (const QJsonValue &c : configurations) {
        const QJsonObject o = c.toObject();
        if (o.value(QStringLiteral("name")).toString() != u"region")
            continue;
        for (const QJsonValue &v : o.value(QStringLiteral("values")).toArray()) {
            if (const QString region = v.toString().trimmed(); !region.isEmpty() && !regions.contains(region))
                regions.append(region);
        }
    }
    return regions;
}

} // namespace

core::Result<core::ImportBatch> parseOvhCloudCatalog(const QByteArray &bytes, const QString &label,
                                                     const core::GpuAliasResolver &resolver)
{
    auto root = parseJsonObject(bytes, label);
    if (!root)
        return root.error();
    JsonFields top(*root, QString());
    const QJsonObject locale = top.object(QStringLiteral("locale"));
    const QJsonArray addons = top.array(QStringLiteral("addons"));
    JsonFields loc(locale, QStringLiteral("locale"));
    const QString currency = loc.string(QStringLiteral("currencyCode"));
    for (const JsonFields *f : {&top, &loc}) {
        if (!f->ok())
            return core::Error{label + QStringLiteral(": ") + f->error()};
    }

    // Regions per variant over all its plans: the hourly plan may list none where the monthly does.
    QHash<QString, QStringList> variantRegions;
    for (const QJsonValue &a : addons) {
        const QJsonObject addon = a.toObject();
        if (const auto code = parsePlanCode(addon.value(QStringLiteral("planCode")).toString())) {
            QStringList &regions = variantRegions[code->variant];
            for (const QString &r : regionValues(addon.value(QStringLiteral("configurations")).toArray())) {
                if (!regions.contains(r))
                    regions.append(r);
            }
        }
    }

    core::ImportBatch batch;
    QSet<QString> usedPlans;
    QList<core::ImportedOffer> offers;
    for (qsizetype i = 0; i < addons.size(); ++i) {
        const QString path = QStringLiteral("addons[%1]").arg(i);
        if (!addons.at(i).isObject()) {
            batch.exclusions.append(notAnObject(kProvider, label, QStringLiteral("addon"), path, addons.at(i)));
            continue;
        }
        const QJsonObject addon = addons.at(i).toObject();
        JsonFields f(addon, path);
        const QString planCode = f.string(QStringLiteral("planCode"));
        if (!f.ok())
            return core::Error{label + QStringLiteral(": ") + f.error()};
        const auto code = parsePlanCode(planCode);
        const QJsonObject technical = addon.value(QStringLiteral("blobs")).toObject().value(QStringLiteral("technical")).toObject();
        const QJsonValue gpuValue = technical.value(QStringLiteral("gpu"));
        if (!code || !gpuValue.isObject())
            continue; // not an instance price, or a CPU-only flavour
        // Windows flavours include a licence in the price; the Linux flavour is the GPU's price.
        if (code->flavour.startsWith(u"win-"))
            continue;
        const QString gpuPath = path + QStringLiteral(".blobs.technical.gpu");
        JsonFields gpu(gpuValue.toObject(), gpuPath);
        const double count = gpu.optionalNumber(QStringLiteral("number")).value_or(0);
        const QString model = gpu.optionalString(QStringLiteral("model")).value_or(QString());
        const std::optional<double> gpuMemory = JsonFields(gpuValue.toObject().value(QStringLiteral("memory")).toObject(),
                                                           gpuPath + QStringLiteral(".memory"))
                                                    .optionalNumber(QStringLiteral("size"));
        if (!gpu.ok())
            return core::Error{label + QStringLiteral(": ") + gpu.error()};
        if (!(count > 0))
            continue;

        // The pricing of the plan's own interval: "hour" for consumption, "month" for monthly.
        const QString unit = code->term == Term::Hourly ? QStringLiteral("hour") : QStringLiteral("month");
        const QJsonArray pricings = f.array(QStringLiteral("pricings"));
        if (!f.ok())
            return core::Error{label + QStringLiteral(": ") + f.error()};
        std::optional<double> microCents;
        for (qsizetype p = 0; p < pricings.size() && !microCents; ++p) {
            JsonFields pricing(pricings.at(p).toObject(), QStringLiteral("%1.pricings[%2]").arg(path).arg(p));
            if (pricing.optionalString(QStringLiteral("intervalUnit")).value_or(QString()) != unit)
                continue;
            microCents = pricing.number(QStringLiteral("price"));
            if (!pricing.ok())
                return core::Error{label + QStringLiteral(": ") + pricing.error()};
        }
        if (!microCents) {
            batch.exclusions.append(unusableEntry(kProvider, label, QStringLiteral("addon"),
                                                  QStringLiteral("%1: %2 has no pricing per %3; left out").arg(path, planCode, unit)));
            continue;
        }
        if (!(*microCents > 0))
            continue; // nothing to pay: no price to plan with
        const auto resolved = resolver.resolve(model, kProvider, code->flavour);
        if (!resolved) {
            batch.exclusions.append(unmappedAccelerator(kProvider, label, model.isEmpty() ? QStringLiteral("(no model)") : model,
                                                        code->flavour));
            continue;
        }
        QStringList regions = regionValues(addon.value(QStringLiteral("configurations")).toArray());
        if (regions.isEmpty())
            regions = variantRegions.value(code->variant);
        if (regions.isEmpty()) {
            batch.exclusions.append(unusableEntry(kProvider, label, QStringLiteral("addon"),
                                                  QStringLiteral("%1: %2 names no region; left out").arg(path, planCode)));
            continue;
        }
        core::ImportedInstance instance{kProvider, code->flavour, resolved->gpuId, count * resolved->fraction, {}, {}, {}};
        instance.memoryGib = JsonFields(technical.value(QStringLiteral("memory")).toObject(), QString())
                                 .optionalNumber(QStringLiteral("size"));
        instance.listedGpuMemoryGib = gpuMemory;
        const double price = *microCents / kOvhMicroCentsPerUnit;
        for (const QString &region : std::as_const(regions)) {
            if (code->term == Term::Hourly) {
                offers.append(core::onDemandOrSpot(instance, region, core::Billing::OnDemand, price, currency, kSource));
                continue;
            }
            // Monthly postpaid: a real one-month term, billed after the month, at the month's price.
            const double effective = price / kHoursPerMonth;
            core::ImportedOffer o = core::onDemandOrSpot(instance, region, core::Billing::Reserved, effective, currency,
                                                         kSource + QStringLiteral(": monthly postpaid price / 730 h"));
            o.termMonths = 1;
            o.upfront = QStringLiteral("none");
            o.priceBasis = core::PriceBasis::Effective;
            o.upfrontFee = 0.0;
            o.recurringPerHour = effective;
            offers.append(o);
        }
        usedPlans.insert(planCode);
    }
    batch.offers = lowestPerOffer(offers);
    batch.sourceNote = kSource;
    batch.files.append(core::ImportFileStats{kProvider, label, int(addons.size()), int(usedPlans.size()),
                                             int(batch.exclusions.size())});
    return batch;
}

OvhCloudSource::OvhCloudSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &reference)
    : m_baseUrl(std::move(baseUrl)), m_apiKey(std::move(apiKey)), m_resolver(reference.resolver())
{
}

core::Result<core::ImportBatch> OvhCloudSource::fetch(const QString &provider, const core::RefreshContext &context)
{
    if (provider != kProvider)
        return core::Error{QStringLiteral("%1 does not refresh provider '%2'").arg(name(), provider)};
    // One document per subsidiary, no paging (the body limit of the HTTP client bounds it).
    core::HttpRequest request;
    request.url = joinUrl(m_baseUrl, catalogPath());
    request.headers.append({QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json")});
    const QString label = core::redactUrl(request.url);
    if (!context.http)
        return core::Error{QStringLiteral("%1: no HTTP client configured").arg(label)};
    if (isCancelled(context))
        return cancelledError(label);
    reportProgress(context, QStringLiteral("OVHcloud catalog"), 0, 0);
    auto response = context.http->send(request, {}, context.cancel);
    if (!response)
        return response.error();
    return parseOvhCloudCatalog(response->body, label, m_resolver);
}

} // namespace gpuplanner::net
