// Issue 44: the embedded catalog's dated sources. sources.csv is checked entry by entry; a price
// table's rows become offers with the source's dates and file, or exclusions naming the field and
// value at fault; Cyclenerd's GCP machine-type prices become on-demand, Spot and committed use
// offers (month / 730), a row whose month and hour disagree is refused.

#include "core/import/CatalogSources.h"
#include "core/import/GcpCyclenerdImporter.h"
#include "core/import/PriceTableImporter.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace {

using namespace gpuplanner::core;

const SeedMetadata &metadata()
{
    static const SeedMetadata meta = [] {
        auto m = loadSeedMetadata(QStringLiteral(GPUPLANNER_SEED_DIR));
        EXPECT_TRUE(m.ok()) << m.errorMessage().toStdString();
        return m.ok() ? m.value() : SeedMetadata{};
    }();
    return meta;
}

ImportedInstance instanceOf(const QString &provider, const QString &name, const QString &gpu, double count)
{
    ImportedInstance in;
    in.provider = provider;
    in.name = name;
    in.gpuId = gpu;
    in.gpuCount = count;
    in.vcpus = 208;
    in.memoryGib = 1872;
    return in;
}

// The catalog before the source: Lambda's 8x H100 in two regions, GCP's a3-highgpu-8g in one.
QList<ImportedOffer> catalog()
{
    const ImportedInstance lambda = instanceOf(QStringLiteral("lambda"), QStringLiteral("gpu_8x_h100_sxm5"),
                                               QStringLiteral("H100-SXM5-80GB"), 8);
    const ImportedInstance a3 = instanceOf(QStringLiteral("gcp"), QStringLiteral("a3-highgpu-8g"),
                                           QStringLiteral("H100-SXM5-80GB"), 8);
    return {onDemandOrSpot(lambda, QStringLiteral("us-east-1"), Billing::OnDemand, 23.92, QStringLiteral("USD"), QStringLiteral("old")),
            onDemandOrSpot(lambda, QStringLiteral("us-west-1"), Billing::OnDemand, 23.92, QStringLiteral("USD"), QStringLiteral("old")),
            onDemandOrSpot(a3, QStringLiteral("us-central1"), Billing::Spot, 50.0, QStringLiteral("USD"), QStringLiteral("old"))};
}

CatalogSource source(const QString &provider, const QString &file)
{
    CatalogSource s;
    s.provider = provider;
    s.file = file;
    s.format = QStringLiteral("price-table");
    s.observedOn = QStringLiteral("2026-09-20");
    s.licence = QStringLiteral("test");
    s.source = QStringLiteral("a test page");
    return s;
}

CsvTable table(const QStringList &header, const QList<QStringList> &rows)
{
    QList<CsvRecord> records;
    for (const QStringList &r : rows)
        records.append(CsvRecord{int(records.size()) + 2, r});
    return CsvTable(header, records);
}

// instance_type,region,billing,term_months,upfront,offering_class,price_per_hour,upfront_fee,currency,gpu,gpu_count,vcpus,memory_gib,effective_date,quote
QStringList priceRow(const QString &instance, const QString &region, const QString &billing, const QString &term,
                     const QString &upfront, const QString &price, const QString &hardware = QString())
{
    QStringList hw = hardware.isEmpty() ? QStringList{QString(), QString(), QString(), QString()} : hardware.split(u',');
    return QStringList{instance, region, billing, term, upfront, QString(), price, QString(), QStringLiteral("USD")} + hw
        + QStringList{QString(), QStringLiteral("quoted")};
}

ImportBatch importPrices(const QList<QStringList> &rows, const QString &provider = QStringLiteral("lambda"))
{
    auto batch = PriceTableImporter(metadata(), catalog())
                     .importTable(source(provider, provider + QStringLiteral("/test.csv")),
                                  table(PriceTableImporter::columns(), rows));
    EXPECT_TRUE(batch.ok()) << batch.errorMessage().toStdString();
    return batch.ok() ? batch.value() : ImportBatch{};
}

} // namespace

TEST(PriceTable, ARowForEveryRegionPricesEachRegionTheCatalogLists)
{
    const ImportBatch b = importPrices({priceRow(QStringLiteral("gpu_8x_h100_sxm5"), QStringLiteral("*"),
                                                 QStringLiteral("on_demand"), QStringLiteral("0"), QString(), QStringLiteral("31.92"))});
    ASSERT_EQ(b.offers.size(), 2);
    EXPECT_EQ(b.offers.at(0).region, u"us-east-1");
    EXPECT_EQ(b.offers.at(1).region, u"us-west-1");
    for (const ImportedOffer &o : b.offers) {
        EXPECT_DOUBLE_EQ(o.price, 31.92);
        EXPECT_EQ(o.sourceFile, u"sources/lambda/test.csv");
        EXPECT_EQ(o.source, u"a test page, observed 2026-09-20 (sources/lambda/test.csv)");
    }
    EXPECT_EQ(b.fetchedAt, u"2026-09-20");
    EXPECT_EQ(b.effectiveDate, u"2026-09-20");
    ASSERT_EQ(b.files.size(), 1);
    EXPECT_EQ(b.files.first().usedRows, 1);
}

TEST(PriceTable, CommitmentsAndCapacityBlocksAreEffectiveRates)
{
    const ImportBatch b = importPrices(
        {priceRow(QStringLiteral("gpu_8x_h100_sxm5"), QStringLiteral("us-east-1"), QStringLiteral("reserved"),
                  QStringLiteral("12"), QStringLiteral("none"), QStringLiteral("20.5")),
         priceRow(QStringLiteral("gpu_8x_h100_sxm5"), QStringLiteral("us-east-1"), QStringLiteral("capacity_block"),
                  QStringLiteral("0"), QString(), QStringLiteral("18"))});
    ASSERT_EQ(b.offers.size(), 2);
    const ImportedOffer &reserved = b.offers.at(0);
    EXPECT_EQ(reserved.billing, Billing::Reserved);
    EXPECT_EQ(reserved.termMonths, 12);
    EXPECT_EQ(reserved.priceBasis, PriceBasis::Effective);
    EXPECT_EQ(reserved.upfrontFee, 0.0);
    EXPECT_EQ(reserved.recurringPerHour, 20.5);
    const ImportedOffer &block = b.offers.at(1);
    EXPECT_EQ(block.billing, Billing::CapacityBlock);
    EXPECT_EQ(block.upfront, u"all");
    EXPECT_EQ(block.minDurationHours, 24.0);
}

TEST(PriceTable, ANewInstanceTypeNeedsItsHardwareAndAKnownGpu)
{
    const ImportBatch b = importPrices(
        {priceRow(QStringLiteral("gpu_8x_b200_sxm6"), QStringLiteral("us-east-1"), QStringLiteral("on_demand"),
                  QStringLiteral("0"), QString(), QStringLiteral("39.92"), QStringLiteral("B200,8,208,2900")),
         priceRow(QStringLiteral("gpu_1x_mystery"), QStringLiteral("us-east-1"), QStringLiteral("on_demand"),
                  QStringLiteral("0"), QString(), QStringLiteral("1.0"), QStringLiteral("NOT-A-GPU,1,8,64")),
         priceRow(QStringLiteral("gpu_1x_gh200"), QStringLiteral("us-east-1"), QStringLiteral("on_demand"),
                  QStringLiteral("0"), QString(), QStringLiteral("1.49")),
         // Hardware the source does not state stays unknown; a stated figure must be a real one.
         priceRow(QStringLiteral("h100-80gb-sxm.8x"), QStringLiteral("us-east-1"), QStringLiteral("on_demand"),
                  QStringLiteral("0"), QString(), QStringLiteral("31.2"), QStringLiteral("H100-SXM5-80GB,8,,")),
         priceRow(QStringLiteral("h100-80gb-sxm.1x"), QStringLiteral("us-east-1"), QStringLiteral("on_demand"),
                  QStringLiteral("0"), QString(), QStringLiteral("3.9"), QStringLiteral("H100-SXM5-80GB,1,0,")),
         priceRow(QStringLiteral("h100-80gb-sxm.2x"), QStringLiteral("us-east-1"), QStringLiteral("on_demand"),
                  QStringLiteral("0"), QString(), QStringLiteral("7.8"), QStringLiteral("H100-SXM5-80GB,2,,lots"))});
    ASSERT_EQ(b.offers.size(), 2);
    EXPECT_EQ(b.offers.first().instance.gpuId, u"B200");
    EXPECT_EQ(b.offers.first().instance.vcpus, 208.0);
    EXPECT_EQ(b.offers.at(1).instance.name, u"h100-80gb-sxm.8x");
    EXPECT_EQ(b.offers.at(1).instance.gpuCount, 8.0);
    EXPECT_FALSE(b.offers.at(1).instance.vcpus.has_value());
    EXPECT_FALSE(b.offers.at(1).instance.memoryGib.has_value());
    ASSERT_EQ(b.exclusions.size(), 4);
    EXPECT_EQ(b.exclusions.at(0).line, 3);
    EXPECT_TRUE(b.exclusions.at(0).detail.contains(u"gpu 'NOT-A-GPU'"));
    EXPECT_EQ(b.exclusions.at(1).line, 4);
    EXPECT_TRUE(b.exclusions.at(1).reason.contains(u"needs gpu and gpu_count"));
    EXPECT_EQ(b.exclusions.at(2).line, 6); // 0 vCPUs is no figure
    EXPECT_EQ(b.exclusions.at(3).line, 7); // nor is "lots"
}

TEST(PriceTable, EveryBadFieldIsNamedWithItsValue)
{
    const QString h100 = QStringLiteral("gpu_8x_h100_sxm5");
    const QString east = QStringLiteral("us-east-1");
    struct Case
    {
        QStringList row;
        const char16_t *detail;
    };
    const QList<Case> cases{
        {priceRow(h100, east, QStringLiteral("lease"), QStringLiteral("0"), QString(), QStringLiteral("1")), u"billing 'lease'"},
        {priceRow(h100, east, QStringLiteral("reserved"), QStringLiteral("0"), QStringLiteral("none"), QStringLiteral("1")), u"term_months '0'"},
        {priceRow(h100, east, QStringLiteral("reserved"), QStringLiteral("120"), QStringLiteral("none"), QStringLiteral("1")), u"term_months '120'"},
        {priceRow(h100, east, QStringLiteral("on_demand"), QStringLiteral("12"), QString(), QStringLiteral("1")), u"term_months '12'"},
        {priceRow(h100, east, QStringLiteral("reserved"), QStringLiteral("12"), QStringLiteral("monthly"), QStringLiteral("1")), u"upfront 'monthly'"},
        {priceRow(h100, east, QStringLiteral("on_demand"), QStringLiteral("0"), QString(), QStringLiteral("-3")), u"price_per_hour '-3'"},
        {priceRow(h100, east, QStringLiteral("on_demand"), QStringLiteral("0"), QString(), QStringLiteral("nan")), u"price_per_hour 'nan'"},
        {priceRow(h100, east, QStringLiteral("on_demand"), QStringLiteral("0"), QString(), QStringLiteral("0")), u"price_per_hour '0'"},
    };
    for (const Case &c : cases) {
        const ImportBatch b = importPrices({c.row});
        EXPECT_TRUE(b.offers.isEmpty()) << c.row.join(u',').toStdString();
        ASSERT_EQ(b.exclusions.size(), 1) << c.row.join(u',').toStdString();
        EXPECT_EQ(b.exclusions.first().file, u"sources/lambda/test.csv");
        EXPECT_EQ(b.exclusions.first().line, 2);
        EXPECT_TRUE(b.exclusions.first().detail.contains(QString::fromUtf16(c.detail)))
            << b.exclusions.first().detail.toStdString();
    }
}

TEST(PriceTable, AFileWithoutTheColumnsIsRefusedNamingTheColumn)
{
    auto batch = PriceTableImporter(metadata(), catalog())
                     .importTable(source(QStringLiteral("lambda"), QStringLiteral("lambda/x.csv")),
                                  table({QStringLiteral("instance_type"), QStringLiteral("price")}, {}));
    ASSERT_FALSE(batch.ok());
    EXPECT_TRUE(batch.errorMessage().contains(u"missing column 'region'")) << batch.errorMessage().toStdString();
}

namespace {

const QStringList kCyclenerdHeader{QStringLiteral("machine_type"), QStringLiteral("accelerator"),
                                   QStringLiteral("accelerator_count"), QStringLiteral("cpu"), QStringLiteral("ram"),
                                   QStringLiteral("region"), QStringLiteral("hour"), QStringLiteral("hour_spot"),
                                   QStringLiteral("month"), QStringLiteral("month_1y"), QStringLiteral("month_3y"),
                                   QStringLiteral("month_spot")};

ImportBatch importGcp(const QList<QStringList> &rows)
{
    CatalogSource s = source(QStringLiteral("gcp"), QStringLiteral("gcp/pricing.csv"));
    s.format = QStringLiteral("gcp-cyclenerd");
    s.observedOn = QStringLiteral("2026-08-20");
    auto batch = GcpCyclenerdImporter(catalog()).importTable(s, table(kCyclenerdHeader, rows));
    EXPECT_TRUE(batch.ok()) << batch.errorMessage().toStdString();
    return batch.ok() ? batch.value() : ImportBatch{};
}

} // namespace

TEST(GcpCyclenerd, OnDemandSpotAndCommittedUseAtTheFilesOwnMonth)
{
    // a3-highgpu-8g in us-central1 as pricing.yml @dac31281 has it (Local SSD included).
    const ImportBatch b = importGcp({{QStringLiteral("a3-highgpu-8g"), QStringLiteral("h100-80gb"), QStringLiteral("8"),
                                      QStringLiteral("208"), QStringLiteral("1872"), QStringLiteral("us-central1"),
                                      QStringLiteral("88.4899999025753"), QStringLiteral("53.0936245479452"),
                                      QStringLiteral("64597.699928880"), QStringLiteral("44810.0806600"),
                                      QStringLiteral("28371.0982100"), QStringLiteral("38758.345920")}});
    ASSERT_EQ(b.offers.size(), 4);
    EXPECT_TRUE(b.exclusions.isEmpty());
    EXPECT_EQ(b.offers.at(0).billing, Billing::OnDemand);
    EXPECT_DOUBLE_EQ(b.offers.at(0).price, 88.4899999025753);
    EXPECT_EQ(b.offers.at(1).billing, Billing::Spot);
    EXPECT_EQ(b.offers.at(2).termMonths, 12);
    EXPECT_NEAR(b.offers.at(2).price, 44810.08066 / 730, 1e-9);
    EXPECT_TRUE(b.offers.at(2).source.contains(u"month_1y / 730 h"));
    EXPECT_EQ(b.offers.at(3).termMonths, 36);
    for (const ImportedOffer &o : b.offers)
        EXPECT_EQ(o.sourceFile, u"sources/gcp/pricing.csv");
}

TEST(GcpCyclenerd, ACopyingSlipAnUnknownMachineOrAnotherShapeIsLeftOut)
{
    const ImportBatch b = importGcp(
        {// month is not hour x 730: one digit of hour mistyped.
         {QStringLiteral("a3-highgpu-8g"), QStringLiteral("h100-80gb"), QStringLiteral("8"), QStringLiteral("208"),
          QStringLiteral("1872"), QStringLiteral("us-east4"), QStringLiteral("98.49"), QString(),
          QStringLiteral("64597.7"), QString(), QString(), QString()},
         {QStringLiteral("a9-unknown-8g"), QStringLiteral("x"), QStringLiteral("8"), QStringLiteral("8"),
          QStringLiteral("8"), QStringLiteral("us-east4"), QStringLiteral("1"), QString(), QStringLiteral("730"),
          QString(), QString(), QString()},
         {QStringLiteral("a3-highgpu-8g"), QStringLiteral("h100-80gb"), QStringLiteral("8"), QStringLiteral("104"),
          QStringLiteral("1872"), QStringLiteral("us-west1"), QStringLiteral("1"), QString(), QStringLiteral("730"),
          QString(), QString(), QString()}});
    EXPECT_TRUE(b.offers.isEmpty());
    ASSERT_EQ(b.exclusions.size(), 3);
    EXPECT_TRUE(b.exclusions.at(0).reason.contains(u"hour and month disagree"));
    EXPECT_TRUE(b.exclusions.at(1).reason.contains(u"not in the catalog"));
    EXPECT_TRUE(b.exclusions.at(2).reason.contains(u"cpu or ram differ"));
}

namespace {

struct Manifest
{
    QTemporaryDir dir;
    explicit Manifest(const QString &lines)
    {
        QDir(dir.path()).mkpath(QStringLiteral("lambda"));
        QFile data(dir.filePath(QStringLiteral("lambda/a.csv")));
        EXPECT_TRUE(data.open(QIODevice::WriteOnly));
        QFile data2(dir.filePath(QStringLiteral("lambda/b.csv")));
        EXPECT_TRUE(data2.open(QIODevice::WriteOnly));
        QFile f(dir.filePath(QStringLiteral("sources.csv")));
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("file,provider,format,observed_on,effective_since,licence,source\n" + lines.toUtf8());
    }
    Result<QList<CatalogSource>> read() const
    {
        return readCatalogSources(dir.path(), metadata(), {QStringLiteral("price-table")});
    }
};

} // namespace

TEST(CatalogSourcesManifest, SourcesComeOldestObservationFirst)
{
    const Manifest m(QStringLiteral("lambda/b.csv,lambda,price-table,2026-09-25,,CC BY 4.0,b\n"
                                    "lambda/a.csv,lambda,price-table,2026-09-20,2026-09-01,none,a\n"));
    auto sources = m.read();
    ASSERT_TRUE(sources.ok()) << sources.errorMessage().toStdString();
    ASSERT_EQ(sources.value().size(), 2);
    EXPECT_EQ(sources.value().at(0).file, u"lambda/a.csv");
    EXPECT_EQ(sources.value().at(0).effectiveDate(), u"2026-09-01");
    EXPECT_EQ(sources.value().at(1).effectiveDate(), u"2026-09-25");
}

TEST(CatalogSourcesManifest, EveryBadEntryIsRefusedNamingLineAndValue)
{
    const QList<std::pair<QString, const char16_t *>> cases{
        {QStringLiteral("lambda/missing.csv,lambda,price-table,2026-09-20,,x,y\n"), u":2: file 'lambda/missing.csv' does not exist"},
        {QStringLiteral("../etc/passwd,lambda,price-table,2026-09-20,,x,y\n"), u"must be a path under"},
        {QStringLiteral("lambda/a.csv,nobody,price-table,2026-09-20,,x,y\n"), u"provider 'nobody' is not in providers.csv"},
        {QStringLiteral("lambda/a.csv,lambda,pdf,2026-09-20,,x,y\n"), u"format 'pdf' is not one of price-table"},
        {QStringLiteral("lambda/a.csv,lambda,price-table,2026-9-20,,x,y\n"), u"observed_on '2026-9-20' is not a date"},
        {QStringLiteral("lambda/a.csv,lambda,price-table,2026-09-20,2026-10-01,x,y\n"), u"effective_since 2026-10-01 is after"},
        {QStringLiteral("lambda/a.csv,lambda,price-table,2026-09-20,,,y\n"), u"licence and source must be given"},
        {QStringLiteral("lambda/a.csv,lambda,price-table,2026-09-20,,x,y\nlambda/a.csv,lambda,price-table,2026-09-21,,x,y\n"),
         u":3: file 'lambda/a.csv' is listed twice"},
    };
    for (const auto &[lines, message] : cases) {
        const Manifest m(lines);
        auto sources = m.read();
        ASSERT_FALSE(sources.ok()) << lines.toStdString();
        EXPECT_TRUE(sources.errorMessage().contains(QString::fromUtf16(message))) << sources.errorMessage().toStdString();
    }
}

TEST(PriceTable, ANameWithRegionalShapesTakesTheShapeOfTheRowsRegion)
{
    // Hyperstack's n3-H100-SXM5x8: 1,800 GiB in CANADA-1, 960 GiB in US-1.
    ImportedInstance canada = instanceOf(QStringLiteral("hyperstack"), QStringLiteral("n3-H100-SXM5x8"),
                                         QStringLiteral("H100-SXM5-80GB"), 8);
    canada.memoryGib = 1800;
    ImportedInstance us = canada;
    us.memoryGib = 960;
    const QList<ImportedOffer> catalog{
        onDemandOrSpot(canada, QStringLiteral("CANADA-1"), Billing::OnDemand, 19.2, QStringLiteral("USD"), QStringLiteral("old")),
        onDemandOrSpot(us, QStringLiteral("US-1"), Billing::OnDemand, 19.2, QStringLiteral("USD"), QStringLiteral("old"))};
    auto batch = PriceTableImporter(metadata(), catalog)
                     .importTable(source(QStringLiteral("hyperstack"), QStringLiteral("hyperstack/t.csv")),
                                  table(PriceTableImporter::columns(),
                                        {priceRow(QStringLiteral("n3-H100-SXM5x8"), QStringLiteral("CANADA-1"),
                                                  QStringLiteral("on_demand"), QStringLiteral("0"), QString(), QStringLiteral("25.6")),
                                         priceRow(QStringLiteral("n3-H100-SXM5x8"), QStringLiteral("*"),
                                                  QStringLiteral("spot"), QStringLiteral("0"), QString(), QStringLiteral("12.8")),
                                         priceRow(QStringLiteral("n3-H100-SXM5x8"), QStringLiteral("EU-1"),
                                                  QStringLiteral("on_demand"), QStringLiteral("0"), QString(), QStringLiteral("25.6"))}));
    ASSERT_TRUE(batch.ok());
    const ImportBatch &b = batch.value();
    ASSERT_EQ(b.offers.size(), 3);
    EXPECT_EQ(b.offers.at(0).region, u"CANADA-1");
    EXPECT_EQ(b.offers.at(0).instance.memoryGib, 1800.0);
    EXPECT_EQ(b.offers.at(1).instance.memoryGib, 1800.0);
    EXPECT_EQ(b.offers.at(2).region, u"US-1");
    EXPECT_EQ(b.offers.at(2).instance.memoryGib, 960.0);
    // A region neither shape is listed in: the row cannot say which shape it prices.
    ASSERT_EQ(b.exclusions.size(), 1);
    EXPECT_TRUE(b.exclusions.first().reason.contains(u"2 shapes named n3-H100-SXM5x8 (0 of them in this region)"))
        << b.exclusions.first().reason.toStdString();
}
