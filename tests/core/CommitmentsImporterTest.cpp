// CommitmentsImporter (issue 43): every number a commitment row states is checked where it is
// read, and a row left out names the file, the line, the field and the value. Terms are ones a
// provider sells (1 to 60 months), fees and hourly prices finite and >= 0, an all-upfront fee
// held to the whole term at the on-demand price where that price is at hand, and an aggregate's
// discount a ratio of 0 to 1. The shipped data set imports as before.

#include "core/import/CommitmentsImporter.h"
#include "core/import/SkyPilotImporter.h"

#include <QDir>

#include <gtest/gtest.h>

namespace {

using namespace gpuplanner::core;

const QStringList kHeader{QStringLiteral("provider"), QStringLiteral("instance_type"), QStringLiteral("region"),
                          QStringLiteral("gpu"), QStringLiteral("gpu_count"), QStringLiteral("billing"),
                          QStringLiteral("term_months"), QStringLiteral("upfront"), QStringLiteral("price_per_hour"),
                          QStringLiteral("upfront_fee"), QStringLiteral("currency"), QStringLiteral("effective_date"),
                          QStringLiteral("source"), QStringLiteral("verified")};

const QString kFile = QStringLiteral("commitments/test.csv");

// A p4d.24xlarge: 32.7726 USD/h on demand, 1-year all upfront at an effective 19.20 USD/h.
constexpr double kOnDemand = 32.7726;
constexpr double kReservedRate = 19.2;

ImportedInstance instanceOf(const QString &provider, const QString &name, const QString &gpu, double count)
{
    ImportedInstance in;
    in.provider = provider;
    in.name = name;
    in.gpuId = gpu;
    in.gpuCount = count;
    return in;
}

QList<ImportedOffer> catalog()
{
    const ImportedInstance p4d = instanceOf(QStringLiteral("aws"), QStringLiteral("p4d.24xlarge"), QStringLiteral("A100-SXM4-40GB"), 8);
    const ImportedInstance p5 = instanceOf(QStringLiteral("aws"), QStringLiteral("p5.48xlarge"), QStringLiteral("H100-SXM5-80GB"), 8);
    const ImportedInstance nd = instanceOf(QStringLiteral("azure"), QStringLiteral("Standard_ND96asr_v4"), QStringLiteral("A100-SXM4-40GB"), 8);
    return {onDemandOrSpot(p4d, QStringLiteral("us-east-1"), Billing::OnDemand, kOnDemand, QStringLiteral("USD"), QStringLiteral("test")),
            // p5 has only a spot price here: no on-demand price to hold its upfront fee to.
            onDemandOrSpot(p5, QStringLiteral("us-east-1"), Billing::Spot, 20.0, QStringLiteral("USD"), QStringLiteral("test")),
            onDemandOrSpot(nd, QStringLiteral("eastus"), Billing::OnDemand, 27.2, QStringLiteral("USD"), QStringLiteral("test"))};
}

// provider, instance, region, billing, term, upfront, price, fee
QStringList row(const QString &provider, const QString &instance, const QString &region, const QString &billing,
                const QString &term, const QString &upfront, const QString &price, const QString &fee,
                const QString &source = QStringLiteral("test source"))
{
    return {provider, instance, region, QString(), QString(), billing, term, upfront, price, fee,
            QStringLiteral("USD"), QStringLiteral("2025-11-30"), source, QStringLiteral("VERIFIED")};
}

QStringList awsAll(const QString &fee, const QString &price = QString::number(kReservedRate), const QString &term = QStringLiteral("12"))
{
    return row(QStringLiteral("aws"), QStringLiteral("p4d.24xlarge"), QStringLiteral("us-east-1"), QStringLiteral("reserved_standard"),
               term, QStringLiteral("all"), price, fee);
}

QStringList azureReserved(const QString &term, const QString &price = QStringLiteral("16.5"), const QString &fee = QString())
{
    return row(QStringLiteral("azure"), QStringLiteral("Standard_ND96asr_v4"), QStringLiteral("eastus"), QStringLiteral("reserved"),
               term, QStringLiteral("all_or_monthly"), price, fee);
}

const SeedMetadata &metadata()
{
    static const SeedMetadata meta = [] {
        auto m = loadSeedMetadata(QStringLiteral(GPUPLANNER_SEED_DIR));
        EXPECT_TRUE(m.ok()) << m.errorMessage().toStdString();
        return m.ok() ? m.value() : SeedMetadata{};
    }();
    return meta;
}

ImportBatch import(const QList<QStringList> &rows, const QList<ImportedOffer> &offers = catalog())
{
    QList<CsvRecord> records;
    for (const QStringList &r : rows)
        records.append(CsvRecord{int(records.size()) + 2, r});
    auto batch = CommitmentsImporter(metadata(), offers).importTable(kFile, CsvTable(kHeader, records));
    EXPECT_TRUE(batch.ok()) << batch.errorMessage().toStdString();
    return batch.ok() ? batch.value() : ImportBatch{};
}

// The exclusion of the only row: file, line 2, its reason and detail.
::testing::AssertionResult refused(const QStringList &r, const QString &reason, const QString &detail)
{
    const ImportBatch b = import({r});
    if (!b.offers.isEmpty())
        return ::testing::AssertionFailure() << "the row was imported";
    if (b.exclusions.size() != 1)
        return ::testing::AssertionFailure() << b.exclusions.size() << " exclusions";
    const ImportExclusion &e = b.exclusions.first();
    if (e.file != kFile || e.line != 2 || !e.reason.contains(reason) || !e.detail.contains(detail))
        return ::testing::AssertionFailure() << e.file.toStdString() << ":" << e.line << ": " << e.reason.toStdString()
                                             << " [" << e.detail.toStdString() << "]";
    return ::testing::AssertionSuccess();
}

} // namespace

TEST(CommitmentsImporter, ValidRowsImportWithTheirTermsAndFees)
{
    const double fee = kReservedRate * 8760;
    const ImportBatch b = import({awsAll(QString::number(fee, 'f', 0)),
                                  row(QStringLiteral("aws"), QStringLiteral("p4d.24xlarge"), QStringLiteral("us-east-1"),
                                      QStringLiteral("reserved_standard"), QStringLiteral("36"), QStringLiteral("none"),
                                      QStringLiteral("15.1"), QStringLiteral("0")),
                                  azureReserved(QStringLiteral("12")), azureReserved(QStringLiteral("60"))});
    ASSERT_EQ(b.offers.size(), 4);
    EXPECT_TRUE(b.exclusions.isEmpty()) << b.exclusions.first().reason.toStdString();
    EXPECT_EQ(b.offers.at(0).termMonths, 12);
    EXPECT_NEAR(*b.offers.at(0).upfrontFee, fee, 1);
    EXPECT_EQ(b.offers.at(1).termMonths, 36);
    EXPECT_EQ(b.offers.at(3).termMonths, 60);
}

TEST(CommitmentsImporter, ATermNoProviderSellsIsRefusedWithItsValue)
{
    for (const char *term : {"0", "-12", "7.5", "61", "120", "1e9", "nan", "twelve"})
        EXPECT_TRUE(refused(azureReserved(QString::fromLatin1(term)), QStringLiteral("term_months is not a whole number of months from 1 to 60"),
                            QStringLiteral("term_months '%1'").arg(QString::fromLatin1(term))))
            << term;
}

TEST(CommitmentsImporter, FeesAndPricesMustBeFiniteAndNotNegative)
{
    for (const char *fee : {"nan", "inf", "-inf", "1e400", "-5", "lots"})
        EXPECT_TRUE(refused(awsAll(QString::fromLatin1(fee)), QStringLiteral("upfront_fee is not a finite number >= 0"),
                            QStringLiteral("upfront_fee '%1'").arg(QString::fromLatin1(fee))))
            << fee;
    EXPECT_TRUE(refused(azureReserved(QStringLiteral("12"), QStringLiteral("16.5"), QStringLiteral("-1")),
                        QStringLiteral("upfront_fee is not a finite number >= 0"), QStringLiteral("upfront_fee '-1'")));
    EXPECT_TRUE(refused(azureReserved(QStringLiteral("12"), QStringLiteral("-16.5")), QStringLiteral("price_per_hour is negative"),
                        QStringLiteral("price_per_hour '-16.5'")));
    EXPECT_TRUE(refused(row(QStringLiteral("aws"), QStringLiteral("p4d.24xlarge"), QStringLiteral("us-east-1"),
                            QStringLiteral("capacity_block"), QString(), QStringLiteral("all"), QStringLiteral("-3"), QString()),
                        QStringLiteral("price_per_hour is negative"), QStringLiteral("price_per_hour '-3'")));
    // No upfront payment, but a fee: one of the two is wrong.
    EXPECT_TRUE(refused(row(QStringLiteral("aws"), QStringLiteral("p4d.24xlarge"), QStringLiteral("us-east-1"),
                            QStringLiteral("reserved_standard"), QStringLiteral("12"), QStringLiteral("none"),
                            QStringLiteral("20.1"), QStringLiteral("5000")),
                        QStringLiteral("upfront_fee on a commitment with no upfront payment"), QStringLiteral("upfront_fee '5000'")));
}

TEST(CommitmentsImporter, AnUpfrontFeeIsHeldToTheTermAtTheOnDemandPriceWhereItIsAtHand)
{
    // A year on demand costs 287,088 USD; a fee of a trillion is no commitment anyone sells.
    EXPECT_TRUE(refused(awsAll(QStringLiteral("1000000000000")),
                        QStringLiteral("upfront_fee is more than 1.5 times the whole term at the on-demand price"),
                        QStringLiteral("upfront_fee '1000000000000', on demand 32.7726 USD/h x 12 months = 287088")));
    // Under that bound but not the stated rate spread over the year: mistyped.
    EXPECT_TRUE(refused(awsAll(QStringLiteral("300000")), QStringLiteral("upfront_fee does not match price_per_hour over the term"),
                        QStringLiteral("upfront_fee '300000', price_per_hour 19.2 x 8760 h = 168192")));

    // A fee and rate above the on-demand price: refused where the on-demand price is known ...
    const QString rate = QStringLiteral("60");
    const QString fee = QString::number(60.0 * 8760, 'f', 0);
    EXPECT_TRUE(refused(awsAll(fee, rate), QStringLiteral("upfront_fee is more than 1.5 times"), QStringLiteral("upfront_fee '525600'")));
    // ... and not checked where it is not (p5.48xlarge has only a spot price in this catalog).
    QStringList p5 = awsAll(fee, rate);
    p5[1] = QStringLiteral("p5.48xlarge");
    const ImportBatch b = import({p5});
    EXPECT_EQ(b.offers.size(), 1);
    EXPECT_TRUE(b.exclusions.isEmpty()) << b.exclusions.first().reason.toStdString();
}

TEST(CommitmentsImporter, AnAggregateNeedsPositivePricesAndAKnownTerm)
{
    const QString config = QStringLiteral("cloud-gpus config: 8x A100 40GB (Virtual Machine)");
    const QString source = QStringLiteral("cloud-gpus.com#cloud-gpus-azure-nvidia-a100-40gb-sxm-12");
    auto aggregate = [&](const QString &billing, const QString &term, const QString &price) {
        return row(QStringLiteral("azure"), config, QStringLiteral("multi:cheapest-listed"), billing, term,
                   term.isEmpty() ? QString() : QStringLiteral("unspecified"), price, QString(), source);
    };
    // Sound: half the on-demand price for a year, applied to the catalog's ND96asr_v4.
    ImportBatch b = import({aggregate(QStringLiteral("on_demand"), {}, QStringLiteral("20")),
                            aggregate(QStringLiteral("reserved"), QStringLiteral("12"), QStringLiteral("10"))});
    ASSERT_EQ(b.offers.size(), 1);
    EXPECT_DOUBLE_EQ(b.offers.first().price, 27.2 * 0.5);

    // Two negative prices make a ratio of 0.5 too: both rows are refused where they are read.
    b = import({aggregate(QStringLiteral("on_demand"), {}, QStringLiteral("-20")),
                aggregate(QStringLiteral("reserved"), QStringLiteral("12"), QStringLiteral("-10"))});
    EXPECT_TRUE(b.offers.isEmpty());
    EXPECT_TRUE(b.references.isEmpty());
    ASSERT_EQ(b.exclusions.size(), 2);
    EXPECT_EQ(b.exclusions.at(0).reason, QStringLiteral("price_per_hour is not above 0"));
    EXPECT_EQ(b.exclusions.at(0).detail, QStringLiteral("price_per_hour '-20'"));
    EXPECT_EQ(b.exclusions.at(1).line, 3);

    b = import({aggregate(QStringLiteral("on_demand"), {}, QStringLiteral("20")),
                aggregate(QStringLiteral("reserved"), QStringLiteral("120"), QStringLiteral("10"))});
    EXPECT_TRUE(b.offers.isEmpty());
    ASSERT_EQ(b.exclusions.size(), 1);
    EXPECT_EQ(b.exclusions.first().reason, QStringLiteral("term_months is not the aggregate's 12 or 36"));
    EXPECT_EQ(b.exclusions.first().detail, QStringLiteral("term_months '120'"));
}

// The shipped data set meets every check: none of its rows is left out for a value it states.
TEST(CommitmentsImporter, TheShippedDataSetPassesEveryValueCheck)
{
    const QString seed = QStringLiteral(GPUPLANNER_SEED_DIR);
    auto snapshot = SkyPilotImporter(metadata()).importDirectory(QDir(seed).filePath(QStringLiteral("skypilot")));
    ASSERT_TRUE(snapshot.ok()) << snapshot.errorMessage().toStdString();
    auto table = readCsvFile(QDir(seed).filePath(QStringLiteral("commitments/commitments.csv")));
    ASSERT_TRUE(table.ok()) << table.errorMessage().toStdString();
    auto batch = CommitmentsImporter(metadata(), snapshot.value().offers).importTable(kFile, table.value());
    ASSERT_TRUE(batch.ok()) << batch.errorMessage().toStdString();
    EXPECT_GT(batch.value().offers.size(), 5000);
    for (const ImportExclusion &e : batch.value().exclusions) {
        for (const char *field : {"term_months", "upfront_fee", "price_per_hour"})
            EXPECT_FALSE(e.reason.startsWith(QLatin1String(field))) << e.line << ": " << e.reason.toStdString();
    }
}
