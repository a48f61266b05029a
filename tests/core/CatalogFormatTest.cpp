#include "core/catalog/CatalogFormat.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <gtest/gtest.h>

using namespace gpuplanner::core;

namespace {

Offer sampleOffer()
{
    Offer o;
    o.provider = QStringLiteral("aws");
    o.instanceType = QStringLiteral("p4de.24xlarge");
    o.region = QStringLiteral("us-east-1");
    o.gpu = QStringLiteral("A100-SXM4-80GB");
    o.gpuCount = 8;
    o.gpuMemoryGib = 640;
    o.vcpus = 96;
    o.memoryGib = 1152;
    o.billing = Billing::OnDemand;
    o.pricePerHour = 27.44705;
    o.currency = QStringLiteral("USD");
    o.source = QStringLiteral("snapshot, with a comma");
    o.effectiveDate = QStringLiteral("2026-07");
    return o;
}

} // namespace

TEST(CatalogFormat, JsonUsesTheDocumentedFieldNames)
{
    const QString text = formatOffers({sampleOffer()}, OutputFormat::Json);
    const QJsonArray array = QJsonDocument::fromJson(text.toUtf8()).array();
    ASSERT_EQ(array.size(), 1);
    const QJsonObject o = array.at(0).toObject();
    for (const QString &field : offerFieldNames())
        EXPECT_TRUE(o.contains(field)) << field.toStdString();
    EXPECT_EQ(o.value(QStringLiteral("gpu_count")).toDouble(), 8);
    EXPECT_NEAR(o.value(QStringLiteral("price_per_gpu_hour")).toDouble(), 27.44705 / 8, 1e-9);
    EXPECT_EQ(o.value(QStringLiteral("billing")).toString(), QStringLiteral("on_demand"));
}

TEST(CatalogFormat, CsvHasHeaderAndEscapesFields)
{
    const QString text = formatOffers({sampleOffer()}, OutputFormat::Csv);
    const QStringList lines = text.split(u'\n', Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 2);
    EXPECT_EQ(lines.at(0), offerFieldNames().join(u','));
    EXPECT_TRUE(lines.at(1).contains(QStringLiteral("\"snapshot, with a comma\"")));
}

TEST(CatalogFormat, TableListsOffersAndCount)
{
    const QString text = formatOffers({sampleOffer()}, OutputFormat::Table);
    EXPECT_TRUE(text.contains(QStringLiteral("p4de.24xlarge")));
    EXPECT_TRUE(text.contains(QStringLiteral("1 offers")));
}

TEST(CatalogFormat, NumbersDropTrailingZeros)
{
    EXPECT_EQ(formatNumber(8.0), QStringLiteral("8"));
    EXPECT_EQ(formatNumber(0.125), QStringLiteral("0.125"));
    EXPECT_EQ(formatNumber(12.50), QStringLiteral("12.5"));
}

TEST(CatalogFormat, OutputFormatIds)
{
    EXPECT_EQ(outputFormatFromId(QStringLiteral("json")), OutputFormat::Json);
    EXPECT_FALSE(outputFormatFromId(QStringLiteral("xml")).has_value());
}
