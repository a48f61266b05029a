#include "core/actuals/BillCatalog.h"

#include "core/actuals/SpendLine.h"

#include <QRegularExpression>

namespace gpuplanner::core::actuals {

namespace {

QString instanceKey(const QString &provider, const QString &type)
{
    return provider + u'|' + type.toLower();
}

// Lower case, letters and digits only: "East US" == "eastus" == "EastUS".
QString squashed(const QString &text)
{
    QString out;
    for (const QChar c : text) {
        if (c.isLetterOrNumber())
            out += c.toLower();
    }
    return out;
}

} // namespace

BillCatalog::BillCatalog(const QList<Offer> &offers)
    : m_offers(offers)
{
    QHash<QString, bool> seenRegion;
    for (const Offer &o : offers) {
        if (!o.gpu.isEmpty() && o.gpuCount > 0)
            m_instances.insert(instanceKey(o.provider, o.instanceType), {o.provider, o.instanceType, o.gpu, o.gpuCount});
        const QString regionKey = o.provider + u'|' + o.region;
        if (!seenRegion.contains(regionKey)) {
            seenRegion.insert(regionKey, true);
            m_regions[o.provider].append({o.region, o.regionName, o.geography});
        }
    }
}

QString BillCatalog::catalogProvider(const QString &billProvider)
{
    const QString p = billProvider.trimmed().toLower();
    if (p == u"alibaba" || p == u"aliyun" || p == u"alibaba cloud")
        return QStringLiteral("alicloud");
    if (p == u"tencent" || p == u"tencent cloud")
        return QStringLiteral("tencentcloud");
    if (p == u"huawei" || p == u"huawei cloud")
        return QStringLiteral("huaweicloud");
    if (p == u"oracle" || p == u"oracle cloud")
        return QStringLiteral("oci");
    if (p == u"amazon web services")
        return QStringLiteral("aws");
    if (p == u"microsoft" || p == u"microsoft azure")
        return QStringLiteral("azure");
    if (p == u"google cloud" || p == u"google")
        return QStringLiteral("gcp");
    return p;
}

std::optional<InstanceSpec> BillCatalog::instance(const SpendLine &line) const
{
    if (line.instanceType.isEmpty())
        return std::nullopt;
    const QString provider = catalogProvider(line.provider);
    const auto exact = m_instances.constFind(instanceKey(provider, line.instanceType));
    if (exact != m_instances.cend())
        return *exact;
    if (line.instanceType.contains(u'.'))
        return std::nullopt;
    // A family name alone: only the GPU count the line's own text states picks the type.
    static const QRegularExpression count(QStringLiteral("\\b(\\d+)\\s*[xX×]\\s*[A-Za-z]"));
    const auto match = count.match(line.sku);
    if (!match.hasMatch())
        return std::nullopt;
    const double gpus = match.captured(1).toDouble();
    const QString prefix = instanceKey(provider, line.instanceType) + u'.';
    std::optional<InstanceSpec> found;
    for (auto it = m_instances.cbegin(); it != m_instances.cend(); ++it) {
        if (!it.key().startsWith(prefix) || it->gpuCount != gpus)
            continue;
        if (found && found->instanceType != it->instanceType)
            return std::nullopt; // two types of that family and count: not ours to pick
        found = *it;
    }
    return found;
}

std::optional<RegionSpec> BillCatalog::region(const QString &provider, const QString &billRegion) const
{
    const QString want = squashed(billRegion);
    if (want.isEmpty())
        return std::nullopt;
    // "Southeast Asia (Singapore)": the city in parentheses is the catalog's name.
    static const QRegularExpression inParens(QStringLiteral("\\(([^)]+)\\)"));
    const auto paren = inParens.match(billRegion);
    const QString city = paren.hasMatch() ? squashed(paren.captured(1)) : QString();
    const QList<RegionSpec> regions = m_regions.value(catalogProvider(provider));
    for (const RegionSpec &r : regions) {
        if (squashed(r.code) == want || squashed(r.name) == want)
            return r;
    }
    for (const RegionSpec &r : regions) {
        const QString name = squashed(r.name);
        QString firstPart = r.name.section(u'(', 0, 0);
        if (squashed(firstPart) == want || (!city.isEmpty() && (name == city || squashed(firstPart) == city)))
            return r;
    }
    return std::nullopt;
}

} // namespace gpuplanner::core::actuals
