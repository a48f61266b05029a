#include "core/actuals/BillUsage.h"

#include "core/actuals/BillingStream.h"

#include <QFile>
#include <QFileInfo>

#include <QDate>
#include <QHash>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

namespace gpuplanner::core::actuals {

namespace {

QString monthOf(const SpendLine &l)
{
    if (l.usageStart.isValid())
        return l.usageStart.date().toString(QStringLiteral("yyyy-MM"));
    return l.billingPeriod;
}

QDate firstDay(const QString &month)
{
    return QDate::fromString(month + QStringLiteral("-01"), QStringLiteral("yyyy-MM-dd"));
}

QString unrecognisedReason(const SpendLine &l)
{
    if (l.instanceType.isEmpty() && l.kind == ChargeKind::Commitment)
        return QStringLiteral("a commitment purchase or fee that names no instance type: listed, not spread over usage");
    if (l.instanceType.isEmpty())
        return QStringLiteral("no instance type on the line; the GPU cannot be told from its SKU alone");
    return QStringLiteral("instance type %1 of %2 is not in the catalog").arg(l.instanceType, l.provider);
}

void addSteady(BillUsage &u)
{
    // GPU model x geography -> GPU-hours per month, and instance use.
    std::map<std::pair<QString, QString>, SteadyUsage> groups;
    std::map<std::pair<QString, QString>, QHash<QString, double>> instanceUse;
    QHash<QString, int> monthIndex;
    for (int i = 0; i < u.months.size(); ++i)
        monthIndex.insert(u.months.at(i), i);
    for (const UsageRow &r : std::as_const(u.rows)) {
        const auto key = std::make_pair(r.gpu, r.geography);
        SteadyUsage &s = groups[key];
        if (s.gpuHours.empty()) {
            s.gpu = r.gpu;
            s.geography = r.geography;
            s.gpuHours.assign(std::size_t(u.months.size()), 0.0);
            s.minGpusPerInstance = r.gpusPerInstance;
        }
        s.minGpusPerInstance = std::min(s.minGpusPerInstance, r.gpusPerInstance);
        s.gpuHours[std::size_t(monthIndex.value(r.month))] += r.gpuHours;
        instanceUse[key][r.provider + u'/' + r.instanceType] += r.gpuHours;
    }
    for (auto &[key, s] : groups) {
        double steady = std::numeric_limits<double>::max();
        double all = 0, hours = 0;
        for (int m = 0; m < u.months.size(); ++m) {
            const double h = hoursInMonth(u.months.at(m));
            steady = std::min(steady, s.gpuHours[std::size_t(m)] / h);
            all += s.gpuHours[std::size_t(m)];
            hours += h;
        }
        // Hours rounded in a bill (a 743.9998 h month) must not cost a whole GPU.
        s.steadyGpus = std::floor(steady * 1000.0 + 1e-6) / 1000.0;
        s.steadyGpuHours = std::min(all, s.steadyGpus * hours);
        s.burstGpuHours = all - s.steadyGpuHours;
        const QHash<QString, double> &use = instanceUse[key];
        QStringList names = use.keys();
        std::sort(names.begin(), names.end(), [&](const QString &a, const QString &b) {
            return use.value(a) != use.value(b) ? use.value(a) > use.value(b) : a < b;
        });
        s.instances = names;
        u.steady.append(s);
    }
}

} // namespace

double hoursInMonth(const QString &month)
{
    const QDate d = firstDay(month);
    return d.isValid() ? d.daysInMonth() * 24.0 : 730.0;
}

qint64 BillUsage::mappedMicros(const QString &currency) const
{
    qint64 sum = 0;
    for (const UsageRow &r : rows)
        sum += r.currency == currency ? r.spendMicros : 0;
    for (const GpuFee &f : fees)
        sum += f.currency == currency ? f.amountMicros : 0;
    return sum;
}

qint64 BillUsage::unrecognisedMicros(const QString &currency) const
{
    qint64 sum = 0;
    for (const UnrecognisedGpuLine &l : unrecognised)
        sum += l.currency == currency ? l.amountMicros : 0;
    return sum;
}

QStringList BillUsage::currencies() const
{
    QSet<QString> set;
    for (const UsageRow &r : rows)
        set.insert(r.currency);
    for (const GpuFee &f : fees)
        set.insert(f.currency);
    for (const UnrecognisedGpuLine &l : unrecognised)
        set.insert(l.currency);
    QStringList out(set.begin(), set.end());
    out.sort();
    return out;
}

BillUsageBuilder::BillUsageBuilder(const BillCatalog &catalog, QString sourceFile)
    : m_catalog(catalog), m_sourceFile(std::move(sourceFile))
{
}

void BillUsageBuilder::add(const SpendRecord &rec)
{
    const SpendLine &l = rec.line;
    const QString month = monthOf(l);
    if (!month.isEmpty()) {
        m_first = m_first.isEmpty() || month < m_first ? month : m_first;
        m_last = m_last.isEmpty() || month > m_last ? month : m_last;
    }
    if (!l.gpu)
        return;
    const auto spec = m_catalog.instance(l);
    if (!spec) {
        m_usage.unrecognised.append({month, l.provider, l.instanceType, l.sku, unrecognisedReason(l), l.amountMicros,
                                     l.currency, rec.sourceFile, l.sourceRow});
        return;
    }
    if (l.kind != ChargeKind::Usage) {
        const FeeKey key{month, spec->provider, spec->instanceType, int(l.kind), l.currency};
        auto it = m_feeAt.find(key);
        if (it == m_feeAt.end()) {
            it = m_feeAt.emplace(key, m_usage.fees.size()).first;
            m_usage.fees.append({month, spec->provider, spec->instanceType, spec->gpu, l.kind, 0, l.currency, 0});
        }
        GpuFee &f = m_usage.fees[it->second];
        f.amountMicros += l.amountMicros;
        f.lines += rec.lines;
        return;
    }
    // A bill names few regions: each is looked up in the catalog once.
    const QString regionKey = l.provider + u'|' + l.region;
    auto cached = m_regions.constFind(regionKey);
    if (cached == m_regions.cend())
        cached = m_regions.insert(regionKey, m_catalog.region(l.provider, l.region));
    const std::optional<RegionSpec> &region = *cached;
    const QString regionId = region ? region->code : l.region;
    const RowKey key{month, spec->provider, spec->instanceType, regionId, int(l.pricing), l.currency};
    auto it = m_rowAt.find(key);
    if (it == m_rowAt.end()) {
        it = m_rowAt.emplace(key, m_usage.rows.size()).first;
        UsageRow r;
        r.month = month;
        r.provider = spec->provider;
        r.instanceType = spec->instanceType;
        r.region = regionId;
        r.regionKnown = region.has_value();
        r.geography = region ? region->geography : QString();
        r.gpu = spec->gpu;
        r.gpusPerInstance = spec->gpuCount;
        r.pricing = l.pricing;
        r.currency = l.currency;
        m_usage.rows.append(r);
    }
    UsageRow &r = m_usage.rows[it->second];
    if (l.usageIsGpuHours) {
        r.gpuHours += l.usageHours;
        r.instanceHours += l.usageHours / spec->gpuCount;
    } else {
        r.instanceHours += l.usageHours;
        r.gpuHours += l.usageHours * spec->gpuCount;
    }
    r.spendMicros += l.amountMicros;
    r.lines += rec.lines;
}

Status BillUsageBuilder::add(const SpendLine &line)
{
    add(SpendRecord{line, m_sourceFile, 1});
    return Ok{};
}

Status BillUsageBuilder::setBasis(const QString &basis)
{
    Q_UNUSED(basis); // the usage keeps amounts, not which cost column they came from
    return Ok{};
}

BillUsage BillUsageBuilder::finish()
{
    BillUsage u = std::move(m_usage);
    m_usage = {};
    std::sort(u.rows.begin(), u.rows.end(), [](const UsageRow &a, const UsageRow &b) {
        return std::tie(a.month, a.gpu, a.provider, a.instanceType, a.region, a.pricing)
            < std::tie(b.month, b.gpu, b.provider, b.instanceType, b.region, b.pricing);
    });
    for (QDate d = firstDay(m_first), end = firstDay(m_last); d.isValid() && end.isValid() && d <= end; d = d.addMonths(1))
        u.months.append(d.toString(QStringLiteral("yyyy-MM")));
    addSteady(u);
    return u;
}

BillUsage billUsage(const QList<SpendRecord> &records, const BillCatalog &catalog)
{
    BillUsageBuilder builder(catalog);
    for (const SpendRecord &r : records)
        builder.add(r);
    return builder.finish();
}

Result<BillUsage> readBillUsage(const QString &path, BillingFormat format, const BillCatalog &catalog)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("%1: cannot read: %2").arg(path, file.errorString())};
    const QString name = QFileInfo(path).fileName();
    BillUsageBuilder builder(catalog, name);
    auto read = readBillingExport(file, name, format, builder);
    if (!read)
        return read.error();
    return builder.finish();
}

} // namespace gpuplanner::core::actuals
