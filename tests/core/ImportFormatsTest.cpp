#include "core/import/CatalogSnapshot.h"
#include "core/import/CustomOffersCsv.h"
#include "core/import/OfferAggregator.h"
#include "core/refresh/BatchValidation.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <numeric>

using namespace gpuplanner::core;

namespace {

ImportedOffer offer(double price, const char *currency = "USD")
{
    ImportedOffer o;
    o.instance = ImportedInstance{QStringLiteral("acme"), QStringLiteral("box-8"), QStringLiteral("H100-SXM5-80GB"), 8,
                                  96.0, 1024.0, {}};
    o.region = QStringLiteral("eu-1");
    o.price = price;
    o.currency = QString::fromLatin1(currency);
    o.source = QStringLiteral("test");
    return o;
}

CatalogSnapshot sampleSnapshot()
{
    CatalogSnapshot s;
    s.created = QStringLiteral("2026-11-30T00:00:00Z");
    s.providers.append(SnapshotProvider{QStringLiteral("acme"), QStringLiteral("Acme"), QStringLiteral("custom"),
                                        QStringLiteral("USD"), QStringLiteral("2026-11-29"), QStringLiteral("negotiated")});
    ImportedOffer reserved = offer(20.5);
    reserved.billing = Billing::Reserved;
    reserved.termMonths = 12;
    reserved.upfront = QStringLiteral("partial");
    reserved.upfrontFee = 50000;
    s.batches[QStringLiteral("acme")].offers = {offer(30.25), reserved};
    s.fxRates.append(FxRate{QStringLiteral("EUR"), 0.95, QStringLiteral("2026-11-27"), QStringLiteral("ECB")});
    return s;
}

} // namespace

TEST(CatalogSnapshot, RoundTripsEveryField)
{
    const QByteArray json = serializeSnapshot(sampleSnapshot());
    EXPECT_TRUE(looksLikeSnapshot(json.left(4096)));
    auto parsed = parseSnapshot(json, QStringLiteral("mirror.json"));
    ASSERT_TRUE(parsed.ok()) << parsed.errorMessage().toStdString();
    const auto &offers = parsed->batches.value(QStringLiteral("acme")).offers;
    ASSERT_EQ(offers.size(), 2);
    EXPECT_DOUBLE_EQ(offers.at(0).price, 30.25);
    EXPECT_EQ(offers.at(1).billing, Billing::Reserved);
    EXPECT_EQ(offers.at(1).termMonths, 12);
    EXPECT_EQ(offers.at(1).upfront, QStringLiteral("partial"));
    EXPECT_DOUBLE_EQ(offers.at(1).upfrontFee.value_or(0), 50000);
    EXPECT_EQ(offers.at(0).instance.vcpus, 96.0);
    EXPECT_EQ(parsed->batches.value(QStringLiteral("acme")).effectiveDate, QStringLiteral("2026-11-29"));
    ASSERT_EQ(parsed->fxRates.size(), 1);
    EXPECT_DOUBLE_EQ(parsed->fxRates.at(0).ratePerUsd, 0.95);
}

TEST(CatalogSnapshot, RefusesEditsWrongVersionsAndBadFields)
{
    QByteArray json = serializeSnapshot(sampleSnapshot());
    QByteArray edited = json;
    edited.replace("30.25", "3.25");
    auto tampered = parseSnapshot(edited, QStringLiteral("m.json"));
    ASSERT_FALSE(tampered.ok());
    EXPECT_TRUE(tampered.errorMessage().contains(QStringLiteral("checksum mismatch")));

    QJsonObject root = QJsonDocument::fromJson(json).object();
    root.insert(QStringLiteral("version"), 7);
    auto version = parseSnapshot(QJsonDocument(root).toJson(), QStringLiteral("m.json"));
    ASSERT_FALSE(version.ok());
    EXPECT_TRUE(version.errorMessage().contains(QStringLiteral("$.version is 7")));

    EXPECT_FALSE(parseSnapshot("{\"format\": ", QStringLiteral("m.json")).ok());
    auto notSnapshot = parseSnapshot("{\"format\": \"something-else\"}", QStringLiteral("m.json"));
    ASSERT_FALSE(notSnapshot.ok());
    EXPECT_TRUE(notSnapshot.errorMessage().contains(QStringLiteral("$.format")));
}

TEST(CustomOffersCsv, ParsesAndResolvesGpuNames)
{
    const GpuAliasResolver resolver({{QStringLiteral("H100"), QStringLiteral("*"), QStringLiteral("*"),
                                      QStringLiteral("H100-SXM5-80GB"), 1.0}},
                                    {QStringLiteral("H100-SXM5-80GB")});
    auto batches = parseCustomOffersCsv(
        "provider,instance_type,region,gpu,gpu_count,billing,price_per_hour,currency,vcpus,term_months,upfront,upfront_fee\n"
        "Acme,hgx,fra,H100,8,on_demand,16,eur,192,,,\n"
        "acme,hgx,fra,h100,8,reserved,11,EUR,192,36,all,1000\n",
        QStringLiteral("deal.csv"), resolver);
    ASSERT_TRUE(batches.ok()) << batches.errorMessage().toStdString();
    const auto offers = batches->value(QStringLiteral("acme")).offers;
    ASSERT_EQ(offers.size(), 2);
    EXPECT_EQ(offers.at(0).instance.gpuId, QStringLiteral("H100-SXM5-80GB"));
    EXPECT_EQ(offers.at(0).currency, QStringLiteral("EUR"));
    EXPECT_EQ(offers.at(1).termMonths, 36);
    EXPECT_EQ(offers.at(1).upfront, QStringLiteral("all"));
}

TEST(CustomOffersCsv, ErrorsNameFileLineColumnAndValue)
{
    const GpuAliasResolver resolver({}, {QStringLiteral("L4")});
    const QByteArray header = "provider,instance_type,region,gpu,gpu_count,billing,price_per_hour,currency\n";
    const QList<std::pair<QByteArray, const char *>> cases = {
        {"a,b,c,Z9,1,on_demand,1,USD\n", "column gpu 'Z9'"},
        {"a,b,c,L4,0,on_demand,1,USD\n", "column gpu_count '0'"},
        {"a,b,c,L4,1,hourly,1,USD\n", "column billing 'hourly'"},
        {"a,b,c,L4,1,on_demand,cheap,USD\n", "column price_per_hour 'cheap'"},
        {"a,b,c,L4,1,on_demand,1,XYZ\n", "column currency 'XYZ'"},
        {"a,b,c,L4,1,reserved,1,USD\n", "column term_months ''"},
        {",b,c,L4,1,on_demand,1,USD\n", "column provider ''"},
    };
    for (const auto &[row, message] : cases) {
        auto result = parseCustomOffersCsv(header + row, QStringLiteral("deal.csv"), resolver);
        ASSERT_FALSE(result.ok()) << row.constData();
        EXPECT_TRUE(result.errorMessage().startsWith(QStringLiteral("deal.csv:2: ")));
        EXPECT_TRUE(result.errorMessage().contains(QString::fromLatin1(message))) << result.errorMessage().toStdString();
    }
    auto missing = parseCustomOffersCsv("provider,region\nacme,x\n", QStringLiteral("deal.csv"), resolver);
    ASSERT_FALSE(missing.ok());
    EXPECT_TRUE(missing.errorMessage().contains(QStringLiteral("missing column 'instance_type'")));
}

TEST(BatchValidation, AcceptsGoodDataAndNamesTheFirstBadOffer)
{
    ImportBatch batch;
    batch.offers = {offer(10), offer(12)};
    EXPECT_TRUE(validateBatch(QStringLiteral("acme"), batch, {}).ok());

    batch.offers[1].price = -1;
    auto negative = validateBatch(QStringLiteral("acme"), batch, {});
    ASSERT_FALSE(negative.ok());
    EXPECT_TRUE(negative.errorMessage().contains(QStringLiteral("offer 2")));

    batch.offers[1] = offer(12, "DOGE");
    EXPECT_TRUE(validateBatch(QStringLiteral("acme"), batch, {}).errorMessage().contains(QStringLiteral("DOGE")));

    batch.offers[1] = offer(std::nan(""));
    EXPECT_FALSE(validateBatch(QStringLiteral("acme"), batch, {}).ok());

    batch.offers[1] = offer(0);
    batch.offers[1].billing = Billing::Reserved;
    batch.offers[1].termMonths = 36;
    batch.offers[1].upfront = QStringLiteral("all");
    batch.offers[1].upfrontFee = 300000;
    EXPECT_TRUE(validateBatch(QStringLiteral("acme"), batch, {}).ok()) << "all upfront: hourly price 0";
    batch.offers[1].termMonths = 0;
    EXPECT_FALSE(validateBatch(QStringLiteral("acme"), batch, {}).ok());
}

TEST(BatchValidation, RefusesACollapseUnlessForced)
{
    ImportBatch batch;
    batch.offers = {offer(10)};
    EXPECT_TRUE(validateBatch(QStringLiteral("acme"), batch, ValidationPolicy{2, false, {}}).ok());
    auto collapse = validateBatch(QStringLiteral("acme"), batch, ValidationPolicy{3, false, {}});
    ASSERT_FALSE(collapse.ok());
    EXPECT_TRUE(collapse.errorMessage().contains(QStringLiteral("--force")));
    EXPECT_TRUE(validateBatch(QStringLiteral("acme"), batch, ValidationPolicy{3, true, {}}).ok());
}

TEST(BatchScreening, DuplicateRowsCountAsOneOfferForTheCollapseGuard)
{
    // Twenty identical rows where the catalog had 40 offers: one distinct offer, a collapse.
    ImportBatch batch;
    for (int i = 0; i < 20; ++i)
        batch.offers.append(offer(10));
    auto collapse = screenBatch(QStringLiteral("acme"), batch, ValidationPolicy{40, false, {}});
    ASSERT_FALSE(collapse.ok());
    EXPECT_TRUE(collapse.errorMessage().contains(QStringLiteral("1 distinct offers where the catalog has 40")))
        << collapse.errorMessage().toStdString();
    auto forced = screenBatch(QStringLiteral("acme"), batch, ValidationPolicy{40, true, {}});
    ASSERT_TRUE(forced.ok());
    EXPECT_EQ(batch.offers.size(), 1);
    EXPECT_EQ(forced.value().duplicates, 19);
    EXPECT_EQ(forced.value().summary(), QStringLiteral("19 duplicate rows ignored"));
}

TEST(BatchScreening, ARefusedPriceKeepsThePreviousOneAndIsCountedByReason)
{
    ImportBatch batch;
    ImportedOffer other = offer(12);
    other.region = QStringLiteral("eu-2");
    ImportedOffer nan = offer(std::nan(""));
    nan.region = QStringLiteral("eu-3");
    ImportedOffer huge = offer(1e308);
    huge.region = QStringLiteral("eu-4");
    batch.offers = {offer(10), other, nan, huge};
    auto report = screenBatch(QStringLiteral("acme"), batch, ValidationPolicy{4, false, {{QStringLiteral("USD"), 1.0}}});
    ASSERT_TRUE(report.ok()) << report.errorMessage().toStdString();
    EXPECT_EQ(batch.offers.size(), 2);
    ASSERT_EQ(batch.kept.size(), 2);
    EXPECT_EQ(batch.kept.at(0).region, QStringLiteral("eu-3"));
    EXPECT_EQ(report.value().keptTotal(), 2);
    EXPECT_EQ(report.value().kept.value(QStringLiteral("price is not a positive number")), 1);
    EXPECT_EQ(report.value().kept.value(implausiblePriceReason()), 1);
    EXPECT_TRUE(report.value().summary().startsWith(QStringLiteral("2 offers kept their previous price")));
}

TEST(BatchScreening, PlausibilityBoundsUseTheCatalogsRatesAndForceDoesNotLoosenThem)
{
    // 8 GPUs at 2,100 USD/h = 262.5 USD per GPU-hour: above the bound, forced or not.
    for (bool force : {false, true}) {
        ImportBatch batch;
        batch.offers = {offer(2100)};
        auto report = screenBatch(QStringLiteral("acme"), batch, ValidationPolicy{0, force, {{QStringLiteral("USD"), 1.0}}});
        ASSERT_TRUE(report.ok());
        EXPECT_TRUE(batch.offers.isEmpty()) << "force " << force;
    }
    // 100 CNY/h for 8 GPUs at 7.25 CNY per USD is 1.72 USD per GPU-hour: fine.
    ImportBatch cny;
    cny.offers = {offer(100, "CNY")};
    ASSERT_TRUE(screenBatch(QStringLiteral("acme"), cny, ValidationPolicy{0, false, {{QStringLiteral("CNY"), 7.25}}}).ok());
    EXPECT_EQ(cny.offers.size(), 1);
    // 0.1 USD/h for 8 GPUs is 0.0125 USD per GPU-hour: below the bound.
    ImportBatch cheap;
    cheap.offers = {offer(0.1)};
    ASSERT_TRUE(screenBatch(QStringLiteral("acme"), cheap, ValidationPolicy{0, false, {{QStringLiteral("USD"), 1.0}}}).ok());
    EXPECT_TRUE(cheap.offers.isEmpty());
}

TEST(ImportFormats, HugeOrNonIntegralTermsAreRefusedNotOverflowed)
{
    const GpuAliasResolver resolver({}, {QStringLiteral("L4")});
    auto csv = parseCustomOffersCsv("provider,instance_type,region,gpu,gpu_count,billing,price_per_hour,currency,term_months\n"
                                    "a,b,c,L4,1,reserved,1,USD,1e300\n",
                                    QStringLiteral("deal.csv"), resolver);
    ASSERT_FALSE(csv.ok());
    EXPECT_TRUE(csv.errorMessage().contains(QStringLiteral("term_months '1e300'"))) << csv.errorMessage().toStdString();

    // The first offer edited by `edit`, re-signed so the parser gets past the checksum.
    const auto snapshotWithFirstOffer = [](const std::function<void(QJsonObject &)> &edit) {
        QJsonObject root = QJsonDocument::fromJson(serializeSnapshot(sampleSnapshot())).object();
        QJsonArray offers = root.value(QStringLiteral("offers")).toArray();
        QJsonObject first = offers.at(0).toObject();
        edit(first);
        offers[0] = first;
        root.insert(QStringLiteral("offers"), offers);
        const QJsonObject content{{QStringLiteral("providers"), root.value(QStringLiteral("providers"))},
                                  {QStringLiteral("offers"), offers},
                                  {QStringLiteral("fx_rates"), root.value(QStringLiteral("fx_rates"))}};
        root.insert(QStringLiteral("sha256"),
                    QString::fromLatin1(QCryptographicHash::hash(QJsonDocument(content).toJson(QJsonDocument::Compact),
                                                                 QCryptographicHash::Sha256)
                                            .toHex()));
        return QJsonDocument(root).toJson(QJsonDocument::Compact);
    };
    auto parsed = parseSnapshot(snapshotWithFirstOffer([](QJsonObject &o) { o.insert(QStringLiteral("term_months"), 1e300); }),
                                QStringLiteral("m.json"));
    ASSERT_FALSE(parsed.ok());
    EXPECT_TRUE(parsed.errorMessage().contains(QStringLiteral("$.offers[0].term_months"))) << parsed.errorMessage().toStdString();

    // Found by the fuzzer: an earlier field missing as well must not let the huge term reach the conversion.
    parsed = parseSnapshot(snapshotWithFirstOffer([](QJsonObject &o) {
                               o.remove(QStringLiteral("gpu"));
                               o.insert(QStringLiteral("term_months"), 9.2e19);
                           }),
                           QStringLiteral("m.json"));
    ASSERT_FALSE(parsed.ok());
    EXPECT_TRUE(parsed.errorMessage().contains(QStringLiteral("$.offers[0].gpu is missing"))) << parsed.errorMessage().toStdString();
}

// The fault probe (issue 43): one zone priced 1e308 beside a sane one made the stored median
// 5e307, and spot plans priced from the median recommended that offer at "Expected cost -". The
// median is held to the same bounds as the price, and an absurd zone is not averaged in.
TEST(BatchScreening, AnAbsurdZonePriceNeitherBecomesTheMedianNorReplacesTheOffer)
{
    ImportBatch batch;
    ImportedOffer zones = offer(10);
    zones.medianPrice = std::midpoint(10.0, 1e308);
    batch.offers = {zones};
    auto report = screenBatch(QStringLiteral("acme"), batch, ValidationPolicy{1, false, {{QStringLiteral("USD"), 1.0}}});
    ASSERT_TRUE(report.ok()) << report.errorMessage().toStdString();
    EXPECT_TRUE(batch.offers.isEmpty());
    ASSERT_EQ(batch.kept.size(), 1);
    EXPECT_EQ(batch.kept.constFirst().reason, QStringLiteral("median price of its zones implausible"));

    OfferAggregator aggregator;
    ImportedInstance box;
    box.provider = QStringLiteral("acme");
    box.name = QStringLiteral("box");
    box.gpuId = QStringLiteral("H100-SXM5-80GB");
    box.gpuCount = 8;
    for (double price : {10.0, std::numeric_limits<double>::infinity(), std::nan(""), -3.0, 12.0})
        aggregator.add(box, QStringLiteral("eu-1"), Billing::Spot, price, QStringLiteral("USD"), QStringLiteral("test"));
    const QList<ImportedOffer> merged = aggregator.offers();
    ASSERT_EQ(merged.size(), 1);
    EXPECT_EQ(merged.constFirst().price, 10.0);
    ASSERT_TRUE(merged.constFirst().medianPrice.has_value());
    EXPECT_EQ(*merged.constFirst().medianPrice, 11.0) << "the unusable zones are not averaged in";
}
