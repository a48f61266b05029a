// Usage from bills (issue 48): on the public billing samples the project tests with (AWS CUR
// legacy and 2.0, FOCUS, Azure EA and MCA, GCP BigQuery export, Tencent), every GPU line is either
// placed on a catalog GPU model or listed as unrecognised with its spend, so the two sum to the
// bill's GPU spend; the AWS CUR sample's GPU usage repriced on-demand equals the bill's own public
// on-demand cost where the catalog has the sample's rates; the steady part of a generated bill is
// the usage present in every month.

#include "actuals/GeneratedBills.h"

#include "core/actuals/BillReprice.h"
#include "core/actuals/BillUsage.h"
#include "core/actuals/BillUsageFormat.h"
#include "core/io/CsvReader.h"
#include "db/SqliteCatalogRepository.h"

#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <string>

namespace {

using namespace gpuplanner;
using namespace gpuplanner::core;
using namespace gpuplanner::core::actuals;
using test::sampleOffer;

const QDate kToday(2026, 12, 1);

QList<SpendRecord> readSample(const QString &name)
{
    QFile f(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/billing/") + name);
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << name.toStdString();
    auto bill = parseBillingFile(f.readAll(), name, BillingFormat::Auto, kToday);
    EXPECT_TRUE(bill.ok()) << bill.errorMessage().toStdString();
    QList<SpendRecord> out;
    if (bill) {
        for (const SpendLine &l : bill->lines)
            out.append({l, name, 1});
    }
    return out;
}

// The embedded default catalog's offers (read from a copy: opening may upgrade it).
const QList<Offer> &defaultCatalog()
{
    static const QList<Offer> offers = [] {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("catalog.sqlite"));
        EXPECT_TRUE(QFile::copy(QStringLiteral(GPUPLANNER_DEFAULT_CATALOG), path));
        QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        auto repo = db::SqliteCatalogRepository::openExisting(path);
        EXPECT_TRUE(repo.ok()) << repo.errorMessage().toStdString();
        if (!repo)
            return QList<Offer>{};
        auto all = repo.value()->offers(OfferQuery{});
        EXPECT_TRUE(all.ok());
        return all.ok() ? all.value() : QList<Offer>{};
    }();
    return offers;
}

std::map<QString, qint64> gpuSpend(const QList<SpendRecord> &records)
{
    std::map<QString, qint64> out;
    for (const SpendRecord &r : records) {
        if (r.line.gpu)
            out[r.line.currency] += r.line.amountMicros;
    }
    return out;
}

struct Sample
{
    const char *file;
    int unrecognisedOnDefaultCatalog; // GPU lines the embedded catalog cannot place
};

class PublicSamples : public ::testing::TestWithParam<Sample>
{
};

} // namespace

TEST_P(PublicSamples, EveryGpuLineIsPlacedOrListedWithItsSpend)
{
    const QString file = QString::fromLatin1(GetParam().file);
    const QList<SpendRecord> records = readSample(file);
    const std::map<QString, qint64> spend = gpuSpend(records);
    ASSERT_FALSE(spend.empty()) << file.toStdString() << ": the sample has GPU lines";
    int gpuLines = 0;
    for (const SpendRecord &r : records)
        gpuLines += r.line.gpu ? 1 : 0;
    for (const QList<Offer> &offers : {defaultCatalog(), QList<Offer>{}}) {
        const BillUsage usage = billUsage(records, BillCatalog(offers));
        int placed = 0;
        for (const UsageRow &r : usage.rows)
            placed += r.lines;
        for (const GpuFee &f : usage.fees)
            placed += f.lines;
        EXPECT_EQ(placed + usage.unrecognised.size(), gpuLines) << file.toStdString();
        for (const auto &[currency, micros] : spend)
            EXPECT_EQ(usage.mappedMicros(currency) + usage.unrecognisedMicros(currency), micros)
                << file.toStdString() << " " << currency.toStdString();
        for (const UnrecognisedGpuLine &l : usage.unrecognised) {
            EXPECT_FALSE(l.reason.isEmpty());
            EXPECT_GT(l.sourceRow, 0);
        }
        if (offers.isEmpty()) {
            EXPECT_TRUE(usage.rows.isEmpty()) << "nothing is placed without a catalog: never guessed";
            EXPECT_EQ(usage.unrecognised.size(), gpuLines);
        } else {
            EXPECT_EQ(usage.unrecognised.size(), GetParam().unrecognisedOnDefaultCatalog)
                << file.toStdString() << "\n" << usageToTable(usage).toStdString();
        }
    }
}

INSTANTIATE_TEST_SUITE_P(
    Issue48, PublicSamples,
    ::testing::Values(Sample{"aws_cur_legacy_gpu.reconstructed.csv", 0}, Sample{"aws_cur2_data_exports_gpu.reconstructed.csv", 0},
                      Sample{"focus_1.2_aws_gpu.reconstructed.csv", 0},
                      Sample{"azure_ea_actualcost_2024-08-01_gpu.reconstructed.csv", 0},
                      Sample{"azure_ea_amortizedcost_2024-08-01_gpu.reconstructed.csv", 0},
                      // The reservation purchase row names no VM size (no ProductOrderName column).
                      Sample{"azure_mca_actualcost_gpu.reconstructed.csv", 1},
                      // The CUD fee line ("Commitment v1: Nvidia Tesla A100 GPU in Americas for 1 Year").
                      Sample{"gcp_bq_detailed_export_gpu.reconstructed.ndjson", 1},
                      Sample{"tencent_bill_detail_intl.reconstructed.csv", 0}),
    [](const ::testing::TestParamInfo<Sample> &info) {
        std::string name = info.param.file;
        for (char &c : name) {
            if (!std::isalnum(static_cast<unsigned char>(c)))
                c = '_';
        }
        return name;
    });

TEST(BillUsage, GcpGpuSkuHoursAreGpuHoursOfTheMachineType)
{
    const BillUsage usage = billUsage(readSample(QStringLiteral("gcp_bq_detailed_export_gpu.reconstructed.ndjson")),
                                      BillCatalog(defaultCatalog()));
    double gpuHours = 0;
    for (const UsageRow &r : usage.rows) {
        EXPECT_EQ(r.instanceType, QStringLiteral("a2-highgpu-1g"));
        EXPECT_EQ(r.gpu, QStringLiteral("A100-SXM4-40GB"));
        EXPECT_EQ(r.region, QStringLiteral("us-central1"));
        gpuHours += r.gpuHours;
    }
    EXPECT_NEAR(gpuHours, 3.0, 1e-9); // two on-demand GPU hours and one spot hour (3600 s each)
}

TEST(BillUsage, TencentFamilyIsPlacedByTheGpuCountItsLineStates)
{
    const BillUsage usage = billUsage(readSample(QStringLiteral("tencent_bill_detail_intl.reconstructed.csv")),
                                      BillCatalog(defaultCatalog()));
    ASSERT_FALSE(usage.rows.isEmpty());
    for (const UsageRow &r : usage.rows) {
        EXPECT_EQ(r.instanceType, QStringLiteral("GN10Xp.20XLARGE320")); // "8 x V100" on the line
        EXPECT_EQ(r.gpusPerInstance, 8);
        EXPECT_EQ(r.region, QStringLiteral("ap-singapore"));
    }
}

TEST(BillReprice, AwsCurOnDemandTotalEqualsTheBillsOwnOnDemandCost)
{
    const QString name = QStringLiteral("aws_cur_legacy_gpu.reconstructed.csv");
    // The bill's own on-demand cost of its GPU usage: pricing/publicOnDemandCost of its usage lines.
    auto table = readCsvFile(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/billing/") + name);
    ASSERT_TRUE(table.ok());
    double billOnDemand = 0;
    for (const CsvRecord &r : table->records()) {
        const QString usageType = table->field(r, QStringLiteral("lineItem/UsageType"));
        if (usageType.contains(u"p4d.") || usageType.contains(u"p5."))
            billOnDemand += table->field(r, QStringLiteral("pricing/publicOnDemandCost")).toDouble();
    }
    ASSERT_GT(billOnDemand, 0);
    // A catalog with the sample's own rates, sourced from it.
    const QList<Offer> offers{sampleOffer(QStringLiteral("p4d.24xlarge"), QStringLiteral("us-east-1"), Billing::OnDemand, test::kP4dRate),
                              sampleOffer(QStringLiteral("p5.48xlarge"), QStringLiteral("us-west-2"), Billing::OnDemand, test::kP5Rate)};
    const BillCatalog catalog(offers);
    const BillUsage usage = billUsage(readSample(name), catalog);
    EXPECT_TRUE(usage.unrecognised.isEmpty());
    const BillReprice rp = repriceUsage(usage, catalog);
    double repriced = 0;
    for (const RepricedRow &r : rp.rows) {
        ASSERT_TRUE(r.onDemand.has_value()) << r.usage.instanceType.toStdString();
        EXPECT_EQ(r.onDemand->source, offers.first().source);
        EXPECT_EQ(r.onDemand->date, QStringLiteral("2024-05-01"));
        EXPECT_FALSE(r.onDemand->olderThanBill); // dated the bill's first day
        EXPECT_TRUE(r.commitments.isEmpty()) << "the catalog sells none: none is offered";
        repriced += r.onDemand->cost;
    }
    EXPECT_NEAR(repriced, billOnDemand, 0.01 * billOnDemand);
}

TEST(BillReprice, CommitmentsAreOnlyThoseTheProviderSellsAndOldPricesSaySo)
{
    QList<Offer> offers{sampleOffer(QStringLiteral("p5.48xlarge"), QStringLiteral("us-east-1"), Billing::OnDemand, test::kP5Rate),
                        sampleOffer(QStringLiteral("p5.48xlarge"), QStringLiteral("us-east-1"), Billing::Reserved, 60.0, 12)};
    Offer other = offers.first();
    other.provider = QStringLiteral("neo");
    other.providerName = QStringLiteral("Neo");
    other.instanceType = QStringLiteral("h100x8");
    other.pricePerHour = other.pricePerHourUsd = 40.0;
    other.effectiveDate = QStringLiteral("2023-01-01");
    offers << other;
    const QByteArray cur = test::generatedCur(test::servingPlusBurst(QStringLiteral("2025-01"), 2, 0, 0));
    auto bill = parseBillingFile(cur, QStringLiteral("generated.csv"), BillingFormat::AwsCur, kToday);
    ASSERT_TRUE(bill.ok()) << bill.errorMessage().toStdString();
    QList<SpendRecord> records;
    for (const SpendLine &l : bill->lines)
        records.append({l, QStringLiteral("generated.csv"), 1});
    const BillCatalog catalog(offers);
    const BillReprice rp = repriceUsage(billUsage(records, catalog), catalog);
    ASSERT_EQ(rp.rows.size(), 2);
    for (const RepricedRow &r : rp.rows) {
        ASSERT_EQ(r.commitments.size(), 1);
        EXPECT_EQ(r.commitments.first().provider, QStringLiteral("aws"));
        EXPECT_EQ(r.commitments.first().label, QStringLiteral("12-month standard reserved, none upfront"));
        ASSERT_TRUE(r.otherProvider.has_value());
        EXPECT_EQ(r.otherProvider->provider, QStringLiteral("neo"));
        EXPECT_TRUE(r.otherProvider->olderThanBill);
        EXPECT_NEAR(r.otherProvider->cost, 40.0 * r.usage.instanceHours, 1e-6);
    }
    ASSERT_EQ(rp.months.size(), 2);
    EXPECT_NEAR(rp.months.first().paidUsd, test::kP5Rate * 31 * 24, 0.01);
    EXPECT_NEAR(rp.months.first().saving(), (test::kP5Rate - 40.0) * 31 * 24, 0.01);
    // Restricted to another provider that is not there: no equivalent offer.
    RepriceOptions only;
    only.providers = {QStringLiteral("lambda")};
    for (const RepricedRow &r : repriceUsage(billUsage(records, catalog), catalog, only).rows)
        EXPECT_FALSE(r.otherProvider.has_value());
}

TEST(BillUsage, SteadyIsTheUsagePresentInEveryMonth)
{
    const QByteArray cur = test::generatedCur(test::servingPlusBurst(QStringLiteral("2025-01"), 6, 4, 10));
    auto bill = parseBillingFile(cur, QStringLiteral("generated.csv"), BillingFormat::AwsCur, kToday);
    ASSERT_TRUE(bill.ok()) << bill.errorMessage().toStdString();
    QList<SpendRecord> records;
    for (const SpendLine &l : bill->lines)
        records.append({l, QStringLiteral("generated.csv"), 1});
    const BillCatalog catalog({sampleOffer(QStringLiteral("p5.48xlarge"), QStringLiteral("us-east-1"), Billing::OnDemand, test::kP5Rate)});
    const BillUsage usage = billUsage(records, catalog);
    ASSERT_EQ(usage.months.size(), 6);
    ASSERT_EQ(usage.steady.size(), 1);
    const SteadyUsage &s = usage.steady.first();
    EXPECT_EQ(s.gpu, QStringLiteral("H100-SXM5-80GB"));
    EXPECT_EQ(s.geography, QStringLiteral("North America"));
    EXPECT_DOUBLE_EQ(s.steadyGpus, 8.0);
    EXPECT_NEAR(s.burstGpuHours, 4 * 8 * 10 * 24.0, 1e-6);
    EXPECT_NEAR(s.gpuHours[2], 8 * 31 * 24.0 + 4 * 8 * 10 * 24.0, 1e-6);
}

TEST(BillReprice, ABillInAnotherCurrencyIsPaidInUsdAtTheCatalogsRateAndSaysWhich)
{
    const QList<SpendRecord> records = readSample(QStringLiteral("azure_mca_actualcost_gpu.reconstructed.csv"));
    const BillCatalog catalog(defaultCatalog());
    const BillUsage usage = billUsage(records, catalog);
    ASSERT_FALSE(usage.rows.isEmpty());
    for (const RepricedRow &r : repriceUsage(usage, catalog).rows)
        EXPECT_FALSE(r.paidUsd.has_value()) << "no rate: left out of paid, never guessed";
    RepriceOptions withRate;
    withRate.rates = {{QStringLiteral("EUR"), 0.8, QStringLiteral("2024-05-01"), QStringLiteral("older test rate")},
                      {QStringLiteral("EUR"), 0.9, QStringLiteral("2024-06-01"), QStringLiteral("test rate")}};
    const BillReprice rp = repriceUsage(usage, catalog, withRate);
    for (const RepricedRow &r : rp.rows) {
        ASSERT_TRUE(r.paidUsd.has_value());
        EXPECT_NEAR(*r.paidUsd, double(r.usage.spendMicros) / 1e6 / 0.9, 1e-9); // the newest rate
        EXPECT_TRUE(r.paidFx.contains(QStringLiteral("test rate, 2024-06-01"))) << r.paidFx.toStdString();
    }
    EXPECT_TRUE(rp.notes.join(u'\n').contains(QStringLiteral("paid converted to USD at EUR 0.9 per USD")));
}
