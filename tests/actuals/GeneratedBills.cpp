#include "actuals/GeneratedBills.h"

#include "core/io/CsvReader.h"

#include <QDate>
#include <QFile>

#include <gtest/gtest.h>

namespace gpuplanner::test {

using namespace gpuplanner::core;

namespace {

QString awsRegionPrefix(const QString &region)
{
    // us-east-1 usage types carry no prefix; the others their location code (AWS CUR docs).
    if (region == u"us-west-2")
        return QStringLiteral("USW2-");
    return QString();
}

QString stamp(const QDate &d)
{
    return d.toString(Qt::ISODate) + QStringLiteral("T00:00:00Z");
}

} // namespace

QByteArray generatedCur(const QList<GeneratedRun> &runs)
{
    QFile f(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/billing/aws_cur_legacy_gpu.reconstructed.csv"));
    if (!f.open(QIODevice::ReadOnly)) {
        ADD_FAILURE() << "cannot read the CUR sample";
        return {};
    }
    auto table = parseCsv(QString::fromUtf8(f.readAll()), QStringLiteral("aws_cur_legacy_gpu.reconstructed.csv"));
    if (!table || table->records().isEmpty()) {
        ADD_FAILURE() << "cannot parse the CUR sample";
        return {};
    }
    const QStringList header = table->header();
    const QStringList templ = table->records().first().fields;
    auto col = [&](const char *name) { return header.indexOf(QString::fromLatin1(name)); };
    const int lineId = col("identity/LineItemId"), interval = col("identity/TimeInterval");
    const int periodStart = col("bill/BillingPeriodStartDate"), periodEnd = col("bill/BillingPeriodEndDate");
    const int start = col("lineItem/UsageStartDate"), end = col("lineItem/UsageEndDate");
    const int usageType = col("lineItem/UsageType"), amount = col("lineItem/UsageAmount");
    const int rate = col("lineItem/UnblendedRate"), cost = col("lineItem/UnblendedCost");
    const int blendedRate = col("lineItem/BlendedRate"), blendedCost = col("lineItem/BlendedCost");
    const int description = col("lineItem/LineItemDescription"), region = col("product/region");
    const int regionCode = col("product/regionCode"), odCost = col("pricing/publicOnDemandCost");
    const int odRate = col("pricing/publicOnDemandRate"), normalized = col("lineItem/NormalizedUsageAmount");
    QStringList escapedHeader;
    for (const QString &h : header)
        escapedHeader << csvEscape(h);
    QByteArray out = escapedHeader.join(u',').toUtf8() + '\n';
    int id = 0;
    for (const GeneratedRun &run : runs) {
        const QDate first = QDate::fromString(run.firstDay, Qt::ISODate);
        for (int day = 0; day < run.days; ++day) {
            const QDate d = first.addDays(day);
            const QDate month(d.year(), d.month(), 1);
            for (int i = 0; i < run.instances; ++i) {
                QStringList row = templ;
                auto set = [&](int c, const QString &v) {
                    if (c >= 0)
                        row[c] = v;
                };
                const QString hours = QStringLiteral("24.0");
                const QString money = QString::number(run.rate * 24.0, 'f', 4);
                set(lineId, QStringLiteral("gen%1").arg(++id));
                set(interval, stamp(d) + u'/' + stamp(d.addDays(1)));
                set(periodStart, stamp(month));
                set(periodEnd, stamp(month.addMonths(1)));
                set(start, stamp(d));
                set(end, stamp(d.addDays(1)));
                set(usageType, awsRegionPrefix(run.region) + QStringLiteral("BoxUsage:") + run.instanceType);
                set(amount, hours);
                set(normalized, QString());
                set(rate, QString::number(run.rate, 'f', 4));
                set(cost, money);
                set(blendedRate, QString::number(run.rate, 'f', 4));
                set(blendedCost, money);
                set(description, QStringLiteral("$%1 per On Demand Linux %2 Instance Hour").arg(run.rate, 0, 'f', 4).arg(run.instanceType));
                set(region, run.region);
                set(regionCode, run.region);
                set(odCost, money);
                set(odRate, QString::number(run.rate, 'f', 4));
                for (QString &c : row)
                    c = csvEscape(c);
                out += row.join(u',').toUtf8() + '\n';
            }
        }
    }
    return out;
}

QList<GeneratedRun> servingPlusBurst(const QString &firstMonth, int months, int burstInstances, int burstDays)
{
    QList<GeneratedRun> runs;
    const QDate first = QDate::fromString(firstMonth + QStringLiteral("-01"), Qt::ISODate);
    for (int m = 0; m < months; ++m) {
        const QDate d = first.addMonths(m);
        runs.append({d.toString(Qt::ISODate), d.daysInMonth(), QStringLiteral("p5.48xlarge"), QStringLiteral("us-east-1"), 1,
                     kP5Rate});
    }
    if (burstInstances > 0)
        runs.append({first.addMonths(2).toString(Qt::ISODate), burstDays, QStringLiteral("p5.48xlarge"),
                     QStringLiteral("us-east-1"), burstInstances, kP5Rate});
    return runs;
}

QList<GeneratedRun> hundredGpuTeamYear(const QString &firstMonth)
{
    QList<GeneratedRun> runs;
    const QDate first = QDate::fromString(firstMonth + QStringLiteral("-01"), Qt::ISODate);
    for (int m = 0; m < 12; ++m) {
        const QDate d = first.addMonths(m);
        runs.append({d.toString(Qt::ISODate), d.daysInMonth(), QStringLiteral("p5.48xlarge"), QStringLiteral("us-east-1"), 8,
                     kP5Rate});
        for (int day = 0; day < d.daysInMonth(); ++day) {
            const QDate w = d.addDays(day);
            if (w.dayOfWeek() <= 5)
                runs.append({w.toString(Qt::ISODate), 1, QStringLiteral("p4d.24xlarge"), QStringLiteral("us-east-1"), 3, kP4dRate});
        }
        runs.append({d.addDays(9).toString(Qt::ISODate), 5 + m % 4, QStringLiteral("p5.48xlarge"),
                     QStringLiteral("us-west-2"), 1 + m % 3, kP5Rate});
    }
    return runs;
}

Offer sampleOffer(const QString &instanceType, const QString &region, Billing billing, double price, int termMonths)
{
    Offer o;
    o.provider = QStringLiteral("aws");
    o.providerName = QStringLiteral("AWS");
    o.instanceType = instanceType;
    o.region = region;
    o.regionName = region;
    o.geography = QStringLiteral("North America");
    const bool p5 = instanceType.startsWith(u"p5");
    o.gpu = p5 ? QStringLiteral("H100-SXM5-80GB") : QStringLiteral("A100-SXM4-40GB");
    o.gpuCount = 8;
    o.gpuMemoryGib = p5 ? 640 : 320;
    o.interconnect = QStringLiteral("NVLink + NVSwitch");
    o.networkGbps = p5 ? 3200 : 400;
    o.rdma = RdmaKind::Efa;
    o.billing = billing;
    o.termMonths = termMonths;
    o.upfront = termMonths > 0 ? QStringLiteral("none") : QString();
    o.offeringClass = termMonths > 0 ? QStringLiteral("standard") : QString();
    o.priceBasis = PriceBasis::Effective;
    o.pricePerHour = price;
    o.currency = QStringLiteral("USD");
    o.pricePerHourUsd = price;
    o.source = billing == Billing::OnDemand
        ? QStringLiteral("tests/data/billing/aws_cur_legacy_gpu.reconstructed.csv pricing/publicOnDemandRate")
        : QStringLiteral("test price list (not a provider's price)");
    o.effectiveDate = QStringLiteral("2024-05-01");
    return o;
}

} // namespace gpuplanner::test
