// Billing-export readers against the provider samples in tests/data/billing (provenance in
// SOURCE.md). Expected totals are sums of the sample cells, written out by hand per row in the
// comments; amounts are micros (1e-6 of the currency unit), so "usage/USD 145'840'200" is
// USD 145.8402 (145.84 to the cent).

#include "core/actuals/ColumnMap.h"
#include "core/actuals/Decimal.h"
#include "core/actuals/GpuRecognizer.h"
#include "core/actuals/ParseSupport.h"
#include "core/actuals/SpendLine.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonValue>

#include <gtest/gtest.h>

#include <limits>
#include <map>
#include <string>
#include <vector>

using namespace gpuplanner::core;
using namespace gpuplanner::core::actuals;

namespace {

QByteArray sample(const char *name)
{
    QFile f(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/billing/") + QString::fromUtf8(name));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

Result<BillingFile> parseSample(const char *name, BillingFormat format = BillingFormat::Auto)
{
    const QByteArray bytes = sample(name);
    if (bytes.isEmpty())
        return Error{QStringLiteral("test data missing: ") + QString::fromUtf8(name)};
    return parseBillingFile(bytes, QString::fromUtf8(name), format);
}

Result<BillingFile> parseText(const char *text, const char *name, BillingFormat format = BillingFormat::Auto)
{
    return parseBillingFile(QByteArray(text), QString::fromUtf8(name), format);
}

// "kind/CUR" -> sum of amountMicros.
std::map<std::string, qint64> totals(const BillingFile &file)
{
    std::map<std::string, qint64> t;
    for (const SpendLine &l : file.lines)
        t[(chargeKindId(l.kind) + u'/' + l.currency).toStdString()] += l.amountMicros;
    return t;
}

std::map<std::string, int> kindCounts(const BillingFile &file)
{
    std::map<std::string, int> c;
    for (const SpendLine &l : file.lines)
        ++c[chargeKindId(l.kind).toStdString()];
    return c;
}

// Instance types of the lines recognised as GPU lines, in file order.
std::vector<std::string> gpuTypes(const BillingFile &file)
{
    std::vector<std::string> types;
    for (const SpendLine &l : file.lines) {
        if (l.gpu)
            types.push_back(l.instanceType.toStdString());
    }
    return types;
}

const SpendLine *lineAt(const BillingFile &file, int sourceRow, ChargeKind kind)
{
    for (const SpendLine &l : file.lines) {
        if (l.sourceRow == sourceRow && l.kind == kind)
            return &l;
    }
    return nullptr;
}

double hoursOf(const BillingFile &file)
{
    double h = 0;
    for (const SpendLine &l : file.lines)
        h += l.usageHours;
    return h;
}

QDateTime utc(const char *iso)
{
    return QDateTime::fromString(QString::fromLatin1(iso), Qt::ISODate).toUTC();
}

std::string errorOf(const Result<BillingFile> &r)
{
    return r.ok() ? std::string("(parsed)") : r.errorMessage().toStdString();
}

#define ASSERT_PARSED(r) ASSERT_TRUE((r).ok()) << (r).errorMessage().toStdString()

} // namespace

// ---------------------------------------------------------------------------------------------
// Decimal, columns, timestamps, GPU names

TEST(ActualsDecimal, ScientificNotationRoundsHalfAwayFromZeroAtTheMicro)
{
    EXPECT_EQ(parseDecimalMicros(u"1.81E-8").micros, 0);       // 0.0000000181
    EXPECT_EQ(parseDecimalMicros(u"7.20216E-5").micros, 72);   // 0.0000720216
    EXPECT_EQ(parseDecimalMicros(u"5.64902E-05").micros, 56);
    EXPECT_EQ(parseDecimalMicros(u"1.13E-4").micros, 113);
    EXPECT_EQ(parseDecimalMicros(u"1e3").micros, 1'000'000'000);
    EXPECT_EQ(parseDecimalMicros(u"1E+2").micros, 100'000'000);
    EXPECT_EQ(parseDecimalMicros(u"0.0000005").micros, 1);
    EXPECT_EQ(parseDecimalMicros(u"-0.0000005").micros, -1);
    EXPECT_EQ(parseDecimalMicros(u"0.00000049").micros, 0);
    EXPECT_EQ(parseDecimalMicros(u"0.4838709677419368").micros, 483'871);
    EXPECT_EQ(parseDecimalMicros(u"0.0001188669167459011366").micros, 119);
    EXPECT_EQ(parseDecimalMicros(u"0.0000000072922557592391990000").micros, 0);
    EXPECT_EQ(parseDecimalMicros(u"1e-400").micros, 0);
}

TEST(ActualsDecimal, SignsSeparatorsAndEmptyCells)
{
    EXPECT_EQ(parseDecimalMicros(u"-98.32").micros, -98'320'000);
    EXPECT_EQ(parseDecimalMicros(u"+5").micros, 5'000'000);
    EXPECT_EQ(parseDecimalMicros(u"\u22123").micros, -3'000'000); // U+2212 minus
    EXPECT_EQ(parseDecimalMicros(u"-0").micros, 0);
    EXPECT_EQ(parseDecimalMicros(u".5").micros, 500'000);
    EXPECT_EQ(parseDecimalMicros(u" 14629.7184 ").micros, 14'629'718'400);
    EXPECT_FALSE(parseDecimalMicros(u"").micros.has_value());
    EXPECT_TRUE(parseDecimalMicros(u"").ok());
    EXPECT_FALSE(parseDecimalMicros(u"null").micros.has_value());

    const DecimalOptions thousands{true, 0};
    EXPECT_EQ(parseDecimalMicros(u"1,000", thousands).micros, 1'000'000'000);
    EXPECT_EQ(parseDecimalMicros(u"8,640", thousands).micros, 8'640'000'000);
    EXPECT_EQ(parseDecimalMicros(u"-12,345.678901", thousands).micros, -12'345'678'901);
    EXPECT_FALSE(parseDecimalMicros(u"1,000").ok()); // separators only where the format has them
    EXPECT_FALSE(parseDecimalMicros(u"1,00", thousands).ok());
    EXPECT_FALSE(parseDecimalMicros(u"1234,567", thousands).ok());
    EXPECT_FALSE(parseDecimalMicros(u",5", thousands).ok());

    // Huawei amounts in 分 (measure_id 3) and 角 (2).
    EXPECT_EQ(parseDecimalMicros(u"6336", DecimalOptions{false, -2}).micros, 63'360'000);
    EXPECT_EQ(parseDecimalMicros(u"633.6", DecimalOptions{false, -1}).micros, 63'360'000);
}

TEST(ActualsDecimal, RefusesWhatIsNotANumberOrDoesNotFit)
{
    for (const char16_t *bad : {u"abc", u"1.2.3", u"12abc", u"--1", u"1e", u"1e+", u"$5", u"1 000", u"0x10", u"NaN", u"inf"})
        EXPECT_FALSE(parseDecimalMicros(bad).ok()) << QString::fromUtf16(bad).toStdString();
    EXPECT_EQ(parseDecimalMicros(u"9223372036854.775807").micros, std::numeric_limits<qint64>::max());
    EXPECT_FALSE(parseDecimalMicros(u"9223372036855").ok());
    EXPECT_FALSE(parseDecimalMicros(u"1e999").ok());
    EXPECT_FALSE(parseDecimalMicros(u"1e401").ok());
    EXPECT_FALSE(parseDecimalMicros(u"123456789012345678901234567890").ok());
}

TEST(ActualsDecimal, JsonNumbersReadThroughTheirShortestText)
{
    EXPECT_EQ(jsonDecimalMicros(QJsonValue(2.933908)).micros, 2'933'908);
    EXPECT_EQ(jsonDecimalMicros(QJsonValue(-1.082612)).micros, -1'082'612);
    EXPECT_EQ(jsonDecimalMicros(QJsonValue(302.16)).micros, 302'160'000);
    EXPECT_EQ(jsonDecimalMicros(QJsonValue(0.1 + 0.2)).micros, 300'000); // 0.30000000000000004
    EXPECT_EQ(jsonDecimalMicros(QJsonValue(QStringLiteral("168.00"))).micros, 168'000'000);
    EXPECT_FALSE(jsonDecimalMicros(QJsonValue(QJsonValue::Null)).micros.has_value());
    EXPECT_FALSE(jsonDecimalMicros(QJsonValue(true)).ok());
    EXPECT_EQ(formatMicros(-145'840'200), QStringLiteral("-145.840200"));
    EXPECT_EQ(formatMicros(std::numeric_limits<qint64>::min()), QStringLiteral("-9223372036854.775808"));
}

TEST(ActualsColumns, NamesCompareWithoutCasePunctuationBomOrLocalisation)
{
    EXPECT_EQ(ColumnMap::key(u"lineItem/UsageType"), ColumnMap::key(u"line_item_usage_type"));
    EXPECT_EQ(ColumnMap::key(u"savingsPlan/SavingsPlanEffectiveCost"),
              ColumnMap::key(u"savings_plan_savings_plan_effective_cost"));
    EXPECT_EQ(ColumnMap::key(u"reservation/ReservationARN"), ColumnMap::key(u"reservation_reservation_a_r_n"));
    EXPECT_EQ(ColumnMap::key(u"Abonnement-GUID (SubscriptionGuid)"), QStringLiteral("subscriptionguid"));
    EXPECT_EQ(ColumnMap::key(u"\uFEFFBillingAccountId"), QStringLiteral("billingaccountid"));
    EXPECT_EQ(ColumnMap::key(u"Cost ($)"), QStringLiteral("cost"));
    EXPECT_EQ(ColumnMap::key(u"Total Amount After Discount (Excluding Tax)"),
              QStringLiteral("totalamountafterdiscountexcludingtax"));
    EXPECT_EQ(ColumnMap::key(u"应付金额"), QStringLiteral("应付金额"));

    const ColumnMap m({QStringLiteral("\uFEFFDate"), QStringLiteral("Kategorie der Verbrauchseinheit (MeterCategory)")});
    EXPECT_EQ(m.find({u"Date"}), 0);
    EXPECT_EQ(m.find({u"meterCategory"}), 1);
    EXPECT_EQ(m.find({u"Cost", u"CostInBillingCurrency"}), -1);
    EXPECT_EQ(m.headerName(0), QStringLiteral("Date"));
}

TEST(ActualsTimestamps, ZonesOfEveryProvider)
{
    using detail::parseTimestamp;
    EXPECT_EQ(*parseTimestamp(u"2024-05-01T00:00:00.000Z", 0), utc("2024-05-01T00:00:00Z"));
    EXPECT_EQ(*parseTimestamp(u"2024-05-01 02:00:00 UTC", 0), utc("2024-05-01T02:00:00Z"));        // BigQuery JSON
    EXPECT_EQ(*parseTimestamp(u"2024-05-02 03:14:05.123456 UTC", 0), utc("2024-05-02T03:14:05.123Z"));
    EXPECT_EQ(*parseTimestamp(u"2024-01-01T00:00Z", 0), utc("2024-01-01T00:00:00Z"));              // FOCUS 1.0
    EXPECT_EQ(*parseTimestamp(u"2020-08-23 22:00:00 GMT+08:00", 0), utc("2020-08-23T14:00:00Z")); // Huawei console
    EXPECT_EQ(*parseTimestamp(u"2024-05-01 00:00:00", detail::kChinaStandardTime), utc("2024-04-30T16:00:00Z"));
    EXPECT_EQ(*parseTimestamp(u"2024-05-01T09:00:00+09:00", detail::kChinaStandardTime), utc("2024-05-01T00:00:00Z"));
    EXPECT_FALSE(parseTimestamp(u"2023-02-01T30:00:00Z", 0)); // FOCUS spec purchase_scenario_2
    EXPECT_FALSE(parseTimestamp(u"2024-02-30", 0));
    EXPECT_FALSE(parseTimestamp(u"yesterday", 0));
    EXPECT_EQ(*detail::parseDay(u"9/2/2023"), QDate(2023, 9, 2));
    EXPECT_EQ(*detail::parseDay(u"05/31/2024"), QDate(2024, 5, 31));
    EXPECT_EQ(detail::monthFromText(u"202404"), QStringLiteral("2024-04"));
    EXPECT_EQ(detail::monthFromText(u"05/01/2024"), QStringLiteral("2024-05"));
    EXPECT_EQ(detail::monthFromText(u"2024-05-01T00:00:00.000Z"), QStringLiteral("2024-05"));
}

TEST(ActualsGpuNames, GpuInstanceTypesAndLookAlikes)
{
    using detail::isGpuInstanceType;
    for (const char16_t *gpu : {u"p4d.24xlarge", u"p5.48xlarge", u"p6-b200.48xlarge", u"g5.xlarge", u"g6e.12xlarge",
                                u"Standard_ND96asr_v4", u"Standard_NC24ads_A100_v4", u"Standard_ND96isr_H100_v5",
                                u"Standard_NCC40ads_H100_v5", u"a2-highgpu-1g", u"a3-megagpu-8g", u"g2-standard-4",
                                u"ecs.gn7i-c8g1.2xlarge", u"ecs.ebmgn7e.32xlarge", u"GN10Xp", u"GN7.2XLARGE32",
                                u"p2s.2xlarge.8", u"BM.GPU.A100-v2.8", u"gpu_8x_h100_sxm5"})
        EXPECT_TRUE(isGpuInstanceType(gpu)) << QString::fromUtf16(gpu).toStdString();
    for (const char16_t *other : {u"m5.large", u"trn1.32xlarge", u"inf2.xlarge", u"c7g.large", u"Standard_NP10s",
                                  u"Standard_D2s_v3", u"Standard_L4s", u"n1-standard-8", u"ecs.g7.large", u"",
                                  u"VM.Standard.E4.Flex"})
        EXPECT_FALSE(isGpuInstanceType(other)) << QString::fromUtf16(other).toStdString();
    EXPECT_TRUE(detail::isAzureGpuMeter(u"NC24ads A100 v4 Spot"));
    EXPECT_TRUE(detail::isAzureGpuMeter(u"NDasrA100v4 Series"));
    EXPECT_FALSE(detail::isAzureGpuMeter(u"L4s Spot")); // storage-optimised L-series, not the L4 GPU
    EXPECT_FALSE(detail::isAzureGpuMeter(u"NP10s"));
    EXPECT_EQ(detail::awsInstanceFromUsageType(u"USW2-SpotUsage:p5.48xlarge"), QStringLiteral("p5.48xlarge"));
    EXPECT_EQ(detail::awsInstanceFromUsageType(u"HeavyUsage:p4d.24xlarge"), QStringLiteral("p4d.24xlarge"));
    EXPECT_EQ(detail::awsInstanceFromUsageType(u"ComputeSP:3yrNoUpfront"), QString());
    EXPECT_EQ(detail::awsInstanceFromUsageType(u"EBS:VolumeUsage.gp2"), QString());
}

TEST(ActualsFormats, IdsRoundTrip)
{
    for (const QString &id : billingFormatIds()) {
        const auto f = billingFormatFromId(id);
        ASSERT_TRUE(f.has_value()) << id.toStdString();
        EXPECT_EQ(billingFormatId(*f), id);
    }
    EXPECT_EQ(billingFormatFromId(QStringLiteral("AWS-CUR")), BillingFormat::AwsCur);
    EXPECT_FALSE(billingFormatFromId(QStringLiteral("oci")).has_value());
    EXPECT_EQ(billingFormatIds().size(), 9);
}

// ---------------------------------------------------------------------------------------------
// AWS

TEST(ActualsAws, LegacyCurVerbatimExport)
{
    const auto r = parseSample("aws_cur_legacy.csv");
    ASSERT_PARSED(r);
    const BillingFile &f = *r;
    EXPECT_EQ(f.format, BillingFormat::AwsCur);
    ASSERT_EQ(f.lines.size(), 14);
    EXPECT_EQ(kindCounts(f), (std::map<std::string, int>{{"tax", 4}, {"usage", 10}}));
    // Tax: 0.01 + 0.07 + 0.0 + 0.0 = 0.08.
    // Usage, micros per line: 1.81E-8 -> 0, 1.3E-9 -> 0, 0.0263888891 -> 26389, 0.0333333336 -> 33333,
    // 1.13E-4 -> 113, 7.20216E-5 -> 72 (twice), 1.27E-4 -> 127, 1.25E-6 -> 1 (twice): 60108 (USD 0.06).
    EXPECT_EQ(totals(f), (std::map<std::string, qint64>{{"tax/USD", 80'000}, {"usage/USD", 60'108}}));
    EXPECT_TRUE(gpuTypes(f).empty());
    EXPECT_EQ(f.periods(), QStringList{QStringLiteral("2023-11")});
    const SpendLine &s3 = f.lines.at(4); // line 6: 1.81E-8 for data transfer
    EXPECT_EQ(s3.sourceRow, 6);
    EXPECT_EQ(s3.sku, QStringLiteral("USE1-EUC1-AWS-Out-Bytes"));
    EXPECT_EQ(s3.usageStart, utc("2023-11-04T23:00:00Z"));
    EXPECT_EQ(s3.usageEnd, utc("2023-11-05T00:00:00Z"));
    EXPECT_EQ(s3.basis, kBasisAmortized);
    EXPECT_EQ(s3.pricing, PricingKind::OnDemand);
    EXPECT_EQ(s3.usageHours, 0); // GB, not instance-hours
    EXPECT_EQ(f.lines.at(0).account, QStringLiteral("123412340534"));
    EXPECT_EQ(f.lines.at(0).chargeDetail, QStringLiteral("Tax"));
}

namespace {

// Both reconstructed AWS GPU files hold the same ten rows (README 9): the amortised formula gives
//  2 Usage OD p4d                 unblended 32.7726
//  3 SavingsPlanCoveredUsage p5   SavingsPlanEffectiveCost 54.076
//  4 SavingsPlanNegation p5       0 (unblended -98.32 is not used)
//  5 SavingsPlanRecurringFee      TotalCommitmentToDate 60.0 - UsedCommitment 54.076 = 5.924
//  6 DiscountedUsage p4d          reservation EffectiveCost 19.6636
//  7 RIFee HeavyUsage:p4d         UnusedAmortizedUpfrontFee (empty) + UnusedRecurringFee 0.0 = 0
//  8 Usage SpotUsage p5           39.328
//  9 Credit -500.0, 10 Tax 1250.32, 11 Refund -98.32
// usage = 32.7726 + 54.076 + 0 + 19.6636 + 39.328 = 145.8402; commitment = 5.924 + 0.
void expectAwsGpuMonth(const BillingFile &f)
{
    EXPECT_EQ(f.format, BillingFormat::AwsCur);
    ASSERT_EQ(f.lines.size(), 10);
    EXPECT_EQ(kindCounts(f), (std::map<std::string, int>{{"usage", 5}, {"commitment", 2}, {"credit", 1}, {"tax", 1}, {"refund", 1}}));
    EXPECT_EQ(totals(f), (std::map<std::string, qint64>{{"usage/USD", 145'840'200},
                                                        {"commitment/USD", 5'924'000},
                                                        {"credit/USD", -500'000'000},
                                                        {"tax/USD", 1'250'320'000},
                                                        {"refund/USD", -98'320'000}}));
    EXPECT_EQ(gpuTypes(f), (std::vector<std::string>{"p4d.24xlarge", "p5.48xlarge", "p5.48xlarge", "p4d.24xlarge",
                                                     "p4d.24xlarge", "p5.48xlarge"}));
    const SpendLine *covered = lineAt(f, 3, ChargeKind::Usage);
    ASSERT_NE(covered, nullptr);
    EXPECT_EQ(covered->amountMicros, 54'076'000);
    EXPECT_EQ(covered->pricing, PricingKind::Committed);
    EXPECT_EQ(covered->usageHours, 1);
    const SpendLine *negation = lineAt(f, 4, ChargeKind::Usage);
    ASSERT_NE(negation, nullptr);
    EXPECT_EQ(negation->amountMicros, 0);
    EXPECT_EQ(negation->usageHours, 0); // the covered line already counts the hour
    const SpendLine *spot = lineAt(f, 8, ChargeKind::Usage);
    ASSERT_NE(spot, nullptr);
    EXPECT_EQ(spot->pricing, PricingKind::Spot);
    EXPECT_EQ(spot->instanceType, QStringLiteral("p5.48xlarge"));
    const SpendLine *riFee = lineAt(f, 7, ChargeKind::Commitment);
    ASSERT_NE(riFee, nullptr);
    EXPECT_EQ(riFee->amountMicros, 0);
    EXPECT_EQ(riFee->usageHours, 0);
    EXPECT_EQ(riFee->quantity, 744);
    EXPECT_EQ(riFee->usageEnd, utc("2024-06-01T00:00:00Z"));
    EXPECT_EQ(lineAt(f, 5, ChargeKind::Commitment)->amountMicros, 5'924'000);
    EXPECT_EQ(lineAt(f, 2, ChargeKind::Usage)->pricing, PricingKind::OnDemand);
    EXPECT_DOUBLE_EQ(hoursOf(f), 4.0); // rows 2, 3, 6 and 8: one instance-hour each
    for (const SpendLine &l : f.lines) {
        EXPECT_EQ(l.basis, kBasisAmortized);
        EXPECT_EQ(l.billingPeriod, QStringLiteral("2024-05"));
        EXPECT_EQ(l.account, QStringLiteral("111122223333"));
    }
}

} // namespace

TEST(ActualsAws, LegacyCurGpuMonthAmortised)
{
    const auto r = parseSample("aws_cur_legacy_gpu.reconstructed.csv");
    ASSERT_PARSED(r);
    expectAwsGpuMonth(*r);
    EXPECT_EQ(r->lines.at(0).project, QString()); // the verbatim header has no resourceTags/ column
}

TEST(ActualsAws, Cur2DataExportGpuMonthAmortised)
{
    const auto r = parseSample("aws_cur2_data_exports_gpu.reconstructed.csv");
    ASSERT_PARSED(r);
    expectAwsGpuMonth(*r);
    // resource_tags is a JSON map: {"user_team":"ml-training","user_project":"llm-pretrain"}.
    EXPECT_EQ(lineAt(*r, 2, ChargeKind::Usage)->project, QStringLiteral("llm-pretrain"));
    EXPECT_EQ(lineAt(*r, 2, ChargeKind::Usage)->resourceId, QStringLiteral("i-0a1b2c3d4e5f60718"));
    EXPECT_EQ(lineAt(*r, 4, ChargeKind::Usage)->project, QString());

    // The same rows under both column spellings give the same amounts, kinds and instance types.
    const auto legacy = parseSample("aws_cur_legacy_gpu.reconstructed.csv");
    ASSERT_PARSED(legacy);
    for (int i = 0; i < r->lines.size(); ++i) {
        EXPECT_EQ(r->lines.at(i).amountMicros, legacy->lines.at(i).amountMicros) << i;
        EXPECT_EQ(r->lines.at(i).kind, legacy->lines.at(i).kind) << i;
        EXPECT_EQ(r->lines.at(i).instanceType, legacy->lines.at(i).instanceType) << i;
    }
}

TEST(ActualsAws, AFeeIsAReservationPaymentOnlyWithAReservationArnOrHeavyUsage)
{
    // reservation/SubscriptionId is filled on ordinary rows too (the verbatim legacy sample has it on
    // S3 and KMS usage): a support fee with one is still 1,000 of spend, not an amortised RI payment.
    const auto r = parseText("lineItem/LineItemType,lineItem/UsageStartDate,lineItem/CurrencyCode,lineItem/UnblendedCost,"
                             "lineItem/ProductCode,lineItem/UsageType,reservation/SubscriptionId,reservation/ReservationARN\n"
                             "Fee,2024-05-01T00:00:00Z,USD,1000,AWSSupportBusiness,Dollar,123456789,\n"
                             "Fee,2024-05-01T00:00:00Z,USD,5000,AmazonEC2,HeavyUsage:p4d.24xlarge,123456789,\n"
                             "Fee,2024-05-01T00:00:00Z,USD,7000,AmazonEC2,APS2-Upfront,123456789,"
                             "arn:aws:ec2:us-east-1:111122223333:reserved-instances/r-1\n",
                             "fees.csv");
    ASSERT_PARSED(r);
    ASSERT_EQ(r->lines.size(), 3);
    EXPECT_EQ(r->lines.at(0).kind, ChargeKind::Other);
    EXPECT_EQ(r->lines.at(0).amountMicros, 1'000'000'000);
    EXPECT_EQ(r->lines.at(1).kind, ChargeKind::Commitment);
    EXPECT_EQ(r->lines.at(1).amountMicros, 0); // spread over the RI's usage already
    EXPECT_EQ(r->lines.at(2).kind, ChargeKind::Commitment);
    EXPECT_EQ(r->lines.at(2).amountMicros, 0);
}

TEST(ActualsAws, CoveredUsageWithoutItsEffectiveCostColumnIsAnError)
{
    const auto r = parseText("lineItem/LineItemType,lineItem/UsageStartDate,lineItem/CurrencyCode,lineItem/UnblendedCost\n"
                             "Usage,2024-05-01T00:00:00Z,USD,1.0\n"
                             "SavingsPlanCoveredUsage,2024-05-01T00:00:00Z,USD,98.32\n",
                             "cur.csv");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(errorOf(r).find("cur.csv:3: a SavingsPlanCoveredUsage line needs its effective cost"), std::string::npos)
        << errorOf(r);
    EXPECT_NE(errorOf(r).find("savingsPlan/SavingsPlanEffectiveCost"), std::string::npos);
}

TEST(ActualsAws, CostExplorerPivotIsRefusedWithTheReason)
{
    const auto r = parseSample("aws_cost_explorer_ui_download.csv");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(errorOf(r).find("aws_cost_explorer_ui_download.csv: an AWS Cost Explorer download"), std::string::npos)
        << errorOf(r);
}

// ---------------------------------------------------------------------------------------------
// Azure

TEST(ActualsAzure, EaActualCostGpu)
{
    const auto r = parseSample("azure_ea_actualcost_2024-08-01_gpu.reconstructed.csv");
    ASSERT_PARSED(r);
    const BillingFile &f = *r;
    EXPECT_EQ(f.format, BillingFormat::Azure);
    ASSERT_EQ(f.lines.size(), 4);
    EXPECT_EQ(kindCounts(f), (std::map<std::string, int>{{"usage", 3}, {"commitment", 1}}));
    // usage = 652.728 (ND96asr OD) + 7.71225 (NC24ads Spot) + 0 (RI-covered, actual view);
    // commitment = 11912.59 (RI purchase, ChargeType Purchase).
    EXPECT_EQ(totals(f), (std::map<std::string, qint64>{{"usage/USD", 660'440'250}, {"commitment/USD", 11'912'590'000}}));
    EXPECT_EQ(gpuTypes(f), (std::vector<std::string>{"Standard_ND96asr_v4", "Standard_NC24ads_A100_v4",
                                                     "Standard_ND96asr_v4", "Standard_ND96asr_v4"}));
    for (const SpendLine &l : f.lines)
        EXPECT_EQ(l.basis, kBasisBilled); // purchase rows exist only in the actual-cost export
    EXPECT_FALSE(f.notes.isEmpty());
    const SpendLine &od = f.lines.at(0);
    EXPECT_EQ(od.usageStart, utc("2024-05-02T00:00:00Z")); // Date 05/02/2024, an inclusive day
    EXPECT_EQ(od.usageEnd, utc("2024-05-03T00:00:00Z"));
    EXPECT_EQ(od.billingPeriod, QStringLiteral("2024-05"));
    EXPECT_EQ(od.account, QStringLiteral("9ec51cfd-0000-4d76-8101-000000000001"));
    EXPECT_EQ(od.pricing, PricingKind::OnDemand);
    EXPECT_EQ(f.lines.at(1).pricing, PricingKind::Spot);
    EXPECT_EQ(f.lines.at(2).pricing, PricingKind::Committed);
    EXPECT_EQ(f.lines.at(3).pricing, PricingKind::Committed);
    EXPECT_DOUBLE_EQ(hoursOf(f), 24 + 10.5 + 24);
}

TEST(ActualsAzure, EaAmortizedCostGpu)
{
    const auto r = parseSample("azure_ea_amortizedcost_2024-08-01_gpu.reconstructed.csv");
    ASSERT_PARSED(r);
    const BillingFile &f = *r;
    ASSERT_EQ(f.lines.size(), 5);
    EXPECT_EQ(kindCounts(f), (std::map<std::string, int>{{"usage", 4}, {"commitment", 1}}));
    // usage = 652.728 (OD) + 7.71225 (Spot) + 391.632 (RI usage, prorated) + 59.0616 (savings plan);
    // commitment = 97.908 (UnusedReservation, 6 hours).
    EXPECT_EQ(totals(f), (std::map<std::string, qint64>{{"usage/USD", 1'111'133'850}, {"commitment/USD", 97'908'000}}));
    EXPECT_EQ(gpuTypes(f), (std::vector<std::string>{"Standard_ND96asr_v4", "Standard_NC24ads_A100_v4",
                                                     "Standard_ND96asr_v4", "Standard_ND96asr_v4",
                                                     "Standard_NC24ads_A100_v4"}));
    for (const SpendLine &l : f.lines)
        EXPECT_EQ(l.basis, kBasisAmortized);
    const SpendLine &unused = f.lines.at(3);
    EXPECT_EQ(unused.kind, ChargeKind::Commitment);
    EXPECT_EQ(unused.chargeDetail, QStringLiteral("UnusedReservation"));
    EXPECT_EQ(unused.usageHours, 0);
    EXPECT_EQ(unused.quantity, 6);
    EXPECT_EQ(f.lines.at(4).pricing, PricingKind::Committed); // SavingsPlan
    EXPECT_DOUBLE_EQ(hoursOf(f), 24 + 10.5 + 24 + 24);
}

TEST(ActualsAzure, ActualAndAmortizedRowsInOneFileAreRefused)
{
    QByteArray actual = sample("azure_ea_actualcost_2024-08-01_gpu.reconstructed.csv");
    const QByteArray amortized = sample("azure_ea_amortizedcost_2024-08-01_gpu.reconstructed.csv");
    ASSERT_FALSE(actual.isEmpty());
    actual += amortized.mid(amortized.indexOf('\n') + 1); // the amortized rows under the actual header
    const auto r = parseBillingFile(actual, QStringLiteral("both.csv"));
    ASSERT_FALSE(r.ok());
    EXPECT_NE(errorOf(r).find("both.csv: mixes actual-cost rows"), std::string::npos) << errorOf(r);
    EXPECT_NE(errorOf(r).find("never sum"), std::string::npos);
}

TEST(ActualsAzure, C360ActualAndAmortizedVerbatim)
{
    const auto actual = parseSample("azure_ea_actualcost_c360.csv");
    ASSERT_PARSED(actual);
    ASSERT_EQ(actual->lines.size(), 11);
    EXPECT_EQ(kindCounts(*actual), (std::map<std::string, int>{{"usage", 10}, {"commitment", 1}}));
    // commitment: B1s reservation purchase 3.25; usage (micros per line): 40 + 11 (0.000011139)
    // + 2'640'000 + 0 + 0 + 2 + 212'684 (0.21268368) + 0 + 1'958'400 + 483'871 (0.4838709677419368).
    EXPECT_EQ(totals(*actual), (std::map<std::string, qint64>{{"usage/USD", 5'295'008}, {"commitment/USD", 3'250'000}}));
    EXPECT_TRUE(gpuTypes(*actual).empty());
    EXPECT_EQ(actual->lines.at(0).basis, kBasisBilled);
    EXPECT_EQ(actual->lines.at(3).instanceType, QStringLiteral("Standard_D2s_v3")); // AdditionalInfo.ServiceType
    EXPECT_DOUBLE_EQ(actual->lines.at(3).usageHours, 24);

    const auto amortized = parseSample("azure_ea_amortizedcost_c360.csv");
    ASSERT_PARSED(amortized);
    ASSERT_EQ(amortized->lines.size(), 28);
    EXPECT_EQ(kindCounts(*amortized), (std::map<std::string, int>{{"usage", 28}}));
    // Sum of the 28 Cost cells rounded to micros: 0.493152 (RI) + 0.006000 (SP, 0.006000000468)
    // + 15.797782 for the 26 on-demand lines = USD 16.296934 (16.30).
    EXPECT_EQ(totals(*amortized), (std::map<std::string, qint64>{{"usage/USD", 16'296'934}}));
    EXPECT_EQ(amortized->lines.at(0).basis, kBasisAmortized); // RI usage priced: the amortized export
    EXPECT_EQ(amortized->lines.at(0).pricing, PricingKind::Committed);
    EXPECT_EQ(amortized->lines.at(9).amountMicros, 119); // 0.0001188669167459011366
    EXPECT_EQ(amortized->lines.at(11).amountMicros, 0);  // 0.0000000072922557592391990000
}

TEST(ActualsAzure, AnonymisedEaExportCadWithSpotButNoGpu)
{
    const auto r = parseSample("azure_ea_costdetails_anonymized.csv");
    ASSERT_PARSED(r);
    const BillingFile &f = *r;
    ASSERT_EQ(f.lines.size(), 27);
    EXPECT_EQ(kindCounts(f), (std::map<std::string, int>{{"usage", 27}}));
    // 24 on-demand cells sum to 1.213108 CAD in micros, the three Spot VMs (DS4 v2, L4s, L4s) to
    // 0.035352 + 0.006794 + 0.006114 = 0.048260.
    EXPECT_EQ(totals(f), (std::map<std::string, qint64>{{"usage/CAD", 1'261'368}}));
    EXPECT_TRUE(gpuTypes(f).empty()); // "L4s Spot" is the storage-optimised L4s VM, not an NVIDIA L4
    int spot = 0;
    for (const SpendLine &l : f.lines)
        spot += l.pricing == PricingKind::Spot;
    EXPECT_EQ(spot, 3);
    EXPECT_EQ(f.lines.at(1).amountMicros, 56);                       // 5.64902E-05
    EXPECT_EQ(f.lines.at(0).usageStart, utc("2023-09-02T00:00:00Z")); // 9/2/2023
    EXPECT_EQ(f.lines.at(0).billingPeriod, QStringLiteral("2023-09"));
    EXPECT_EQ(f.lines.at(0).basis, kBasisAmortized); // no commitment rows: both exports agree
    EXPECT_FALSE(f.notes.isEmpty());
}

TEST(ActualsAzure, OpencostEnterpriseRowReservationCoveredTenHourBlocks)
{
    const auto r = parseSample("azure_ea_costdetails_opencost.csv");
    ASSERT_PARSED(r);
    ASSERT_EQ(r->lines.size(), 1);
    const SpendLine &l = r->lines.at(0);
    EXPECT_EQ(totals(*r), (std::map<std::string, qint64>{{"usage/CAD", 0}}));
    EXPECT_EQ(l.pricing, PricingKind::Committed); // ReservationId set, PricingModel empty
    EXPECT_EQ(l.basis, kBasisBilled);             // covered usage at cost 0: the actual view
    EXPECT_EQ(l.instanceType, QStringLiteral("Standard_E4s_v3"));
    EXPECT_FALSE(l.gpu);
    EXPECT_DOUBLE_EQ(l.usageHours, 100); // Quantity 10 of "10 Hours"
    EXPECT_EQ(l.billingPeriod, QStringLiteral("2021-05"));
}

TEST(ActualsAzure, McaActualEuroBillingWithRefund)
{
    const auto r = parseSample("azure_mca_actualcost_gpu.reconstructed.csv");
    ASSERT_PARSED(r);
    const BillingFile &f = *r;
    ASSERT_EQ(f.lines.size(), 5);
    EXPECT_EQ(kindCounts(f), (std::map<std::string, int>{{"usage", 3}, {"commitment", 1}, {"refund", 1}}));
    // costInBillingCurrency (EUR): usage 601.2930 + 7.1045 + 0.0000; purchase 10973.8779; refund -601.2930.
    EXPECT_EQ(totals(f), (std::map<std::string, qint64>{{"usage/EUR", 608'397'500},
                                                        {"commitment/EUR", 10'973'877'900},
                                                        {"refund/EUR", -601'293'000}}));
    // The purchase row has no AdditionalInfo: recognised by its N-series meter, without a size.
    EXPECT_EQ(gpuTypes(f), (std::vector<std::string>{"Standard_ND96asr_v4", "Standard_NC24ads_A100_v4",
                                                     "Standard_ND96asr_v4", "", "Standard_ND96asr_v4"}));
    EXPECT_EQ(f.lines.at(4).quantity, -24);
    EXPECT_EQ(f.lines.at(4).usageHours, 0);
    EXPECT_EQ(f.lines.at(0).basis, kBasisBilled);
}

TEST(ActualsAzure, McaPartnerCamelCaseAndLegacyPayAsYouGo)
{
    const auto partner = parseSample("azure_mca_partner_camelcase.csv");
    ASSERT_PARSED(partner);
    ASSERT_EQ(partner->lines.size(), 1);
    EXPECT_EQ(totals(*partner), (std::map<std::string, qint64>{{"usage/USD", 12'000}})); // 0.012
    EXPECT_EQ(partner->lines.at(0).billingPeriod, QStringLiteral("2021-02")); // no billing period: the date's month

    const auto payg = parseSample("azure_payg_legacy_usage.csv");
    ASSERT_PARSED(payg);
    ASSERT_EQ(payg->lines.size(), 1);
    EXPECT_EQ(totals(*payg), (std::map<std::string, qint64>{{"usage/USD", 75'000}})); // PreTaxCost 0.075
    EXPECT_EQ(payg->lines.at(0).pricing, PricingKind::OnDemand);
    EXPECT_EQ(payg->lines.at(0).usageStart, utc("2021-02-02T00:00:00Z"));
    EXPECT_EQ(payg->lines.at(0).usageHours, 0); // a load balancer, not a VM

    // German portal headers ("Abonnement-GUID (SubscriptionGuid)") read as the English file.
    const auto german = parseSample("azure_payg_legacy_usage_de.csv");
    ASSERT_PARSED(german);
    ASSERT_EQ(german->lines.size(), 1);
    const SpendLine &a = payg->lines.at(0);
    const SpendLine &b = german->lines.at(0);
    EXPECT_EQ(b.amountMicros, a.amountMicros);
    EXPECT_EQ(b.currency, a.currency);
    EXPECT_EQ(b.account, a.account);
    EXPECT_EQ(b.service, a.service);
    EXPECT_EQ(b.resourceId, a.resourceId);
    EXPECT_EQ(b.usageStart, a.usageStart);
    EXPECT_EQ(b.quantity, a.quantity);
}

// ---------------------------------------------------------------------------------------------
// FOCUS

TEST(ActualsFocus, Focus12AwsGpuEffectiveCost)
{
    const auto r = parseSample("focus_1.2_aws_gpu.reconstructed.csv");
    ASSERT_PARSED(r);
    const BillingFile &f = *r;
    EXPECT_EQ(f.format, BillingFormat::Focus);
    ASSERT_EQ(f.lines.size(), 7);
    EXPECT_EQ(kindCounts(f), (std::map<std::string, int>{{"usage", 3}, {"commitment", 2}, {"credit", 1}, {"tax", 1}}));
    // EffectiveCost: usage 32.7726 (Standard) + 54.076 (Committed, BilledCost 0) + 39.328 (Dynamic);
    // commitment 0 (SP purchase) + 5.924 (Usage row with CommitmentDiscountStatus Unused).
    EXPECT_EQ(totals(f), (std::map<std::string, qint64>{{"usage/USD", 126'176'600},
                                                        {"commitment/USD", 5'924'000},
                                                        {"credit/USD", -500'000'000},
                                                        {"tax/USD", 1'250'320'000}}));
    EXPECT_EQ(gpuTypes(f), (std::vector<std::string>{"p4d.24xlarge", "p5.48xlarge", "p5.48xlarge"}));
    EXPECT_EQ(f.lines.at(0).pricing, PricingKind::OnDemand);
    EXPECT_EQ(f.lines.at(1).pricing, PricingKind::Committed);
    EXPECT_EQ(f.lines.at(4).pricing, PricingKind::Spot);
    EXPECT_EQ(f.lines.at(3).kind, ChargeKind::Commitment);
    EXPECT_EQ(f.lines.at(6).pricing, PricingKind::Unknown); // tax: PricingCategory null
    for (const SpendLine &l : f.lines) {
        EXPECT_EQ(l.provider, QStringLiteral("aws"));
        EXPECT_EQ(l.basis, kBasisAmortized);
        EXPECT_EQ(l.billingPeriod, QStringLiteral("2024-05"));
    }
    EXPECT_DOUBLE_EQ(hoursOf(f), 3);
}

TEST(ActualsFocus, SpecExampleWithoutBillingCurrencyIsAnError)
{
    const auto r = parseSample("focus_spec_commitment_discount_usage_scenario_1.csv");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(errorOf(r), "focus_spec_commitment_discount_usage_scenario_1.csv: no column for the currency: "
                          "expected one of BillingCurrency");
}

// The FinOps Foundation's public FOCUS 1.0 sample (anonymised real data, tests/data/billing/SOURCE.md):
// EffectiveCost is 0 on most AWS Standard usage rows and on every Oracle row, though BilledCost is
// not. Figures by hand from the file (Python's decimal, each cell rounded to micros half away from
// zero): AWS usage 16.000000 from EffectiveCost alone, 22.940458 with the billed cost of the 446
// rows no commitment covers and whose EffectiveCost is 0 (7.477532 USD among them).
TEST(ActualsFocus, FinOpsPublicSampleUsesTheBilledCostWhereEffectiveCostIsZeroWithoutACommitment)
{
    const auto r = parseSample("finops_focus_1.0_sample.csv");
    ASSERT_PARSED(r);
    const BillingFile &f = *r;
    EXPECT_EQ(f.format, BillingFormat::Focus);
    ASSERT_EQ(f.lines.size(), 1000);
    std::map<std::string, qint64> byProvider;
    for (const SpendLine &l : f.lines)
        byProvider[(l.provider + u'/' + chargeKindId(l.kind)).toStdString()] += l.amountMicros;
    EXPECT_EQ(byProvider, (std::map<std::string, qint64>{{"aws/usage", 22'940'458},
                                                         {"aws/credit", -3'000'000},
                                                         {"azure/usage", 1'976'514},
                                                         {"oci/usage", 265'074},
                                                         {"oci/other", 272'000}}));
    // Savings-plan-covered rows (BilledCost 0, and here EffectiveCost 0 too) stay at 0.
    for (const SpendLine &l : f.lines) {
        if (l.pricing == PricingKind::Committed) {
            EXPECT_EQ(l.amountMicros, 0) << "line " << l.sourceRow;
        }
    }
    // And the import says what it did, with how many rows and how much money.
    ASSERT_EQ(f.notes.size(), 1) << f.notes.join(u'\n').toStdString();
    EXPECT_EQ(f.notes.at(0).toStdString(),
              "finops_focus_1.0_sample.csv: EffectiveCost is 0 or empty on 446 rows that no commitment discount covers; "
              "their BilledCost, 7.477532 USD in all, is used, as it was invoiced");
}

// The billed fallback never touches what a commitment explains: a commitment's purchase (billed in
// full, EffectiveCost 0 by FOCUS's rule) and the usage it covers keep their EffectiveCost, and an
// ordinary row whose EffectiveCost is right is read as it is.
TEST(ActualsFocus, CommitmentRowsKeepTheirEffectiveCostAndOnlyUncoveredZeroRowsFallBack)
{
    const auto r = parseText(
        "ChargeCategory,ChargePeriodStart,BillingCurrency,BilledCost,EffectiveCost,PricingCategory,"
        "CommitmentDiscountId,CommitmentDiscountCategory,CommitmentDiscountStatus,ProviderName\n"
        "Purchase,2024-05-01T00:00:00Z,USD,1000,0,Committed,sp-1,Spend,,AWS\n"
        "Usage,2024-05-01T00:00:00Z,USD,0,3.5,Committed,sp-1,Spend,Used,AWS\n"
        "Usage,2024-05-01T01:00:00Z,USD,4,4,Standard,,,,AWS\n"
        "Usage,2024-05-01T02:00:00Z,USD,2.25,0,Standard,,,,AWS\n"
        "Usage,2024-05-01T03:00:00Z,USD,1.75,,Standard,,,,AWS\n",
        "focus.csv", BillingFormat::Focus);
    ASSERT_PARSED(r);
    std::vector<qint64> amounts;
    for (const SpendLine &l : r->lines)
        amounts.push_back(l.amountMicros);
    EXPECT_EQ(amounts, (std::vector<qint64>{0, 3'500'000, 4'000'000, 2'250'000, 1'750'000}));
    ASSERT_EQ(r->notes.size(), 2);
    EXPECT_TRUE(r->notes.at(0).contains(QStringLiteral("on 2 rows"))) << r->notes.at(0).toStdString();
    EXPECT_TRUE(r->notes.at(0).contains(QStringLiteral("4.000000 USD"))) << r->notes.at(0).toStdString();
    // The purchase stays 0, and what was billed for it is said (issue 44, Issue44BillingTest.cpp).
    EXPECT_TRUE(r->notes.at(1).contains(QStringLiteral("1 commitment purchase billed 1,000.00 USD"))) << r->notes.at(1).toStdString();
}

TEST(ActualsFocus, BilledCostOnlyFileAndBadTimestamp)
{
    const auto billed = parseText("ChargeCategory,BilledCost,BillingCurrency,ChargePeriodStart,ChargePeriodEnd,PricingCategory\n"
                                  "Usage,1.50,USD,2024-01-01T00:00Z,2024-01-01T01:00Z,Dynamic\n",
                                  "billed.csv");
    ASSERT_PARSED(billed);
    EXPECT_EQ(billed->lines.at(0).basis, kBasisBilled);
    EXPECT_EQ(billed->lines.at(0).pricing, PricingKind::Spot);
    EXPECT_EQ(billed->lines.at(0).amountMicros, 1'500'000);

    const auto bad = parseText("ChargeCategory,EffectiveCost,BillingCurrency,ChargePeriodStart\n"
                               "Purchase,0.00,USD,2023-01-01T00:00:00Z\n"
                               "Purchase,0.00,USD,2023-02-01T30:00:00Z\n",
                               "spec.csv");
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(errorOf(bad).find("spec.csv:3: column \"ChargePeriodStart\": \"2023-02-01T30:00:00Z\" is not a date"),
              std::string::npos)
        << errorOf(bad);
}

// ---------------------------------------------------------------------------------------------
// GCP

TEST(ActualsGcp, BigQueryNdjsonWithNestedCreditsAndInvoiceMonth)
{
    const auto r = parseSample("gcp_bq_detailed_export_gpu.reconstructed.ndjson");
    ASSERT_PARSED(r);
    const BillingFile &f = *r;
    EXPECT_EQ(f.format, BillingFormat::Gcp);
    ASSERT_EQ(f.lines.size(), 8); // 6 rows + 2 credits
    EXPECT_EQ(kindCounts(f), (std::map<std::string, int>{{"usage", 5}, {"commitment", 1}, {"credit", 1}, {"payment", 1}}));
    // usage: 2.933908 (A100, invoiced 202404) + 2.933908 (A100) + 0.379332 (A2 core) + 0.360145 (A2 RAM)
    //        + 1.173563 (A100 Spot) = 7.780856; commitment: CUD fee 1.851296;
    // credit: -1.082612 (COMMITTED_USAGE_DISCOUNT, a lower cost); payment: -0.379332 (PROMOTION, a
    // free-trial credit: "a form of payment" per the billing README, so the cost stays).
    EXPECT_EQ(totals(f), (std::map<std::string, qint64>{{"usage/USD", 7'780'856},
                                                        {"commitment/USD", 1'851'296},
                                                        {"credit/USD", -1'082'612},
                                                        {"payment/USD", -379'332}}));
    // Every row is part of the a2-highgpu-1g VM or names the A100 (the CUD fee); credits inherit.
    EXPECT_EQ(gpuTypes(f), (std::vector<std::string>{"a2-highgpu-1g", "a2-highgpu-1g", "a2-highgpu-1g", "a2-highgpu-1g",
                                                     "a2-highgpu-1g", "a2-highgpu-1g", "a2-highgpu-1g", ""}));
    EXPECT_EQ(f.periods(), (QStringList{QStringLiteral("2024-04"), QStringLiteral("2024-05")}));
    const SpendLine &late = f.lines.at(0);
    EXPECT_EQ(late.billingPeriod, QStringLiteral("2024-04")); // usage 2024-05-01 02:00 UTC, invoice.month 202404
    EXPECT_EQ(late.usageStart, utc("2024-05-01T02:00:00Z"));
    EXPECT_TRUE(late.usageIsGpuHours);
    EXPECT_DOUBLE_EQ(late.usageHours, 1.0); // 3600 GPU-seconds
    EXPECT_EQ(late.account, QStringLiteral("ml-train-prod"));
    const SpendLine *cud = lineAt(f, 2, ChargeKind::Credit);
    ASSERT_NE(cud, nullptr);
    EXPECT_EQ(cud->amountMicros, -1'082'612);
    EXPECT_EQ(cud->pricing, PricingKind::Committed);
    EXPECT_EQ(cud->chargeDetail, QStringLiteral("COMMITTED_USAGE_DISCOUNT"));
    EXPECT_EQ(cud->usageHours, 0);
    ASSERT_NE(lineAt(f, 3, ChargeKind::Payment), nullptr);
    EXPECT_EQ(lineAt(f, 3, ChargeKind::Payment)->chargeDetail, QStringLiteral("PROMOTION"));
    const SpendLine *core = lineAt(f, 3, ChargeKind::Usage);
    EXPECT_EQ(core->usageHours, 0); // 12 vCPU-hours are not instance-hours
    EXPECT_FALSE(core->usageIsGpuHours);
    EXPECT_EQ(lineAt(f, 5, ChargeKind::Usage)->pricing, PricingKind::Spot);
    EXPECT_EQ(lineAt(f, 6, ChargeKind::Commitment)->pricing, PricingKind::Committed);
    double gpuHours = 0;
    for (const SpendLine &l : f.lines)
        gpuHours += l.usageIsGpuHours ? l.usageHours : 0;
    EXPECT_DOUBLE_EQ(gpuHours, 3.0); // lines 1, 2 and 5
}

TEST(ActualsGcp, JsonArrayFormIsReadLikeNdjson)
{
    const QByteArray nd = sample("gcp_bq_detailed_export_gpu.reconstructed.ndjson");
    QByteArray array = "[" + nd.trimmed();
    array.replace("}\n{", "},\n{");
    array += "]";
    const auto r = parseBillingFile(array, QStringLiteral("rows.json"));
    ASSERT_PARSED(r);
    EXPECT_EQ(r->lines.size(), 8);
    EXPECT_EQ(totals(*r)["usage/USD"], 7'780'856);
    EXPECT_EQ(r->lines.at(7).sourceRow, 6); // record numbers
}

// A row pretty-printed over many lines (jq, the console's JSON view) is the same row; rows are
// named by the line they start on, and a broken one says where.
TEST(ActualsGcp, PrettyPrintedRowsAreReadLikeNdjson)
{
    const QByteArray nd = sample("gcp_bq_detailed_export_gpu.reconstructed.ndjson");
    ASSERT_FALSE(nd.isEmpty());
    QByteArray pretty;
    for (const QByteArray &line : nd.trimmed().split('\n'))
        pretty += QJsonDocument::fromJson(line).toJson(QJsonDocument::Indented);
    ASSERT_GT(pretty.count('\n'), 6 * 10);
    for (const BillingFormat format : {BillingFormat::Auto, BillingFormat::Gcp}) {
        const auto r = parseBillingFile(pretty, QStringLiteral("rows.json"), format);
        ASSERT_PARSED(r);
        EXPECT_EQ(r->format, BillingFormat::Gcp);
        EXPECT_EQ(r->lines.size(), 8);
        EXPECT_EQ(totals(*r)["usage/USD"], 7'780'856);
        EXPECT_EQ(r->lines.at(0).sourceRow, 1);
    }
    const auto single = parseBillingFile(QJsonDocument::fromJson(nd.left(nd.indexOf('\n'))).toJson(QJsonDocument::Indented),
                                         QStringLiteral("one.json"), BillingFormat::Gcp);
    ASSERT_PARSED(single);
    EXPECT_GE(single->lines.size(), 1);

    QByteArray broken = pretty;
    broken.chop(3); // the last object never closes
    const auto r = parseBillingFile(broken, QStringLiteral("rows.json"), BillingFormat::Gcp);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(errorOf(r).find("rows.json:"), std::string::npos) << errorOf(r);
    EXPECT_NE(errorOf(r).find("not valid JSON: the object that starts here does not end"), std::string::npos) << errorOf(r);
}

// The console's CSV download of export rows keeps the repeated credits record as JSON in one
// cell (field names of the export schema: name, amount, full_name, id, type): each credit becomes
// a credit line, as from the JSON export, never dropped without a word.
TEST(ActualsGcp, FlattenedCsvReadsTheCreditsCellAsJson)
{
    const auto r = parseText(
        "billing_account_id,service.description,sku.description,usage_start_time,usage_end_time,cost,currency,"
        "usage.amount,usage.unit,invoice.month,cost_type,credits\n"
        "012345-6789AB-CDEF01,Compute Engine,Nvidia Tesla A100 GPU running in Americas,2024-05-01 00:00:00 UTC,"
        "2024-05-01 01:00:00 UTC,2.933908,USD,3600,seconds,202405,regular,"
        "\"[{\"\"name\"\":\"\"Committed use discount: GPU\"\",\"\"amount\"\":-1.085546,\"\"full_name\"\":null,"
        "\"\"id\"\":\"\"\"\",\"\"type\"\":\"\"COMMITTED_USAGE_DISCOUNT\"\"}]\"\n"
        "012345-6789AB-CDEF01,Compute Engine,A2 Instance Core running in Americas,2024-05-01 00:00:00 UTC,"
        "2024-05-01 01:00:00 UTC,0.379326,USD,43200,seconds,202405,regular,[]\n",
        "flat.csv", BillingFormat::Gcp);
    ASSERT_PARSED(r);
    EXPECT_EQ(kindCounts(*r), (std::map<std::string, int>{{"usage", 2}, {"credit", 1}}));
    EXPECT_EQ(totals(*r), (std::map<std::string, qint64>{{"usage/USD", 3'313'234}, {"credit/USD", -1'085'546}}));

    const auto bad = parseText("usage_start_time,cost,currency,credits\n2024-05-01 00:00:00 UTC,1,USD,not json\n",
                               "flat.csv", BillingFormat::Gcp);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(errorOf(bad).find("flat.csv:2: column \"credits\""), std::string::npos) << errorOf(bad);
}

TEST(ActualsGcp, ConsoleCostTableWithMetadataLines)
{
    const auto r = parseSample("gcp_console_cost_table.reconstructed.csv");
    ASSERT_PARSED(r);
    const BillingFile &f = *r;
    EXPECT_EQ(f.format, BillingFormat::Gcp);
    ASSERT_EQ(f.lines.size(), 3);
    EXPECT_EQ(kindCounts(f), (std::map<std::string, int>{{"usage", 2}, {"credit", 1}}));
    // "Unrounded Cost ($)": usage 2112.41376 (A100, 720 h) + 273.11904 (A2 core, "8,640" h) = 2385.5328;
    // credit (Committed use discounts) -779.48064. Currency from the "Currency,USD" line.
    EXPECT_EQ(totals(f), (std::map<std::string, qint64>{{"usage/USD", 2'385'532'800}, {"credit/USD", -779'480'640}}));
    EXPECT_EQ(gpuTypes(f), (std::vector<std::string>{"", "", ""}));
    EXPECT_EQ(f.lines.at(0).sourceRow, 7);
    EXPECT_TRUE(f.lines.at(0).usageIsGpuHours);
    EXPECT_DOUBLE_EQ(f.lines.at(0).usageHours, 720);
    EXPECT_EQ(f.lines.at(1).pricing, PricingKind::Committed);
    EXPECT_DOUBLE_EQ(f.lines.at(2).quantity, 8640);
    EXPECT_EQ(f.lines.at(0).usageEnd, utc("2024-06-01T00:00:00Z")); // inclusive end date 2024-05-31
}

TEST(ActualsGcp, DocsQueryResultWithoutUsageTimesIsAnError)
{
    const auto r = parseSample("gcp_docs_tax_per_project_example.csv");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(errorOf(r), "gcp_docs_tax_per_project_example.csv: no column for the usage start: expected one of usage_start_time");
}

TEST(ActualsGcp, RowWithoutCurrencyNamesLineAndField)
{
    const auto r = parseText("{\"cost\": 1.5, \"currency\": \"USD\", \"usage_start_time\": \"2024-05-01 00:00:00 UTC\"}\n"
                             "{\"cost\": 2.5, \"usage_start_time\": \"2024-05-01 00:00:00 UTC\"}\n",
                             "bq.json");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(errorOf(r).find("bq.json:2: field \"currency\""), std::string::npos) << errorOf(r);
}

// ---------------------------------------------------------------------------------------------
// China clouds

TEST(ActualsAlibaba, ChineseBillCsvWithVoucherAndRefund)
{
    const auto r = parseSample("alibaba_bill_detail_zh.reconstructed.csv");
    ASSERT_PARSED(r);
    const BillingFile &f = *r;
    EXPECT_EQ(f.format, BillingFormat::Alibaba);
    ASSERT_EQ(f.lines.size(), 4); // 3 rows + the 代金券 voucher of row 3
    EXPECT_EQ(kindCounts(f), (std::map<std::string, int>{{"usage", 1}, {"commitment", 1}, {"payment", 1}, {"refund", 1}}));
    // 应付金额 (payable before vouchers): 12.59 (按量付费 hour), 19350.00 (包年包月 order), -6450.00 (退款);
    // 代金券抵扣 1000.00 of the order as its own payment line (a voucher pays, it does not lower the cost).
    EXPECT_EQ(totals(f), (std::map<std::string, qint64>{{"usage/CNY", 12'590'000},
                                                        {"commitment/CNY", 19'350'000'000},
                                                        {"payment/CNY", -1'000'000'000},
                                                        {"refund/CNY", -6'450'000'000}}));
    EXPECT_EQ(gpuTypes(f), (std::vector<std::string>{"ecs.gn7i-c8g1.2xlarge", "ecs.gn7-c12g1.3xlarge",
                                                     "ecs.gn7-c12g1.3xlarge", "ecs.gn7-c12g1.3xlarge"}));
    const SpendLine &hour = f.lines.at(0);
    EXPECT_EQ(hour.usageStart, utc("2024-04-30T16:00:00Z")); // 2024-05-01 00:00:00 Beijing time
    EXPECT_EQ(hour.usageEnd, utc("2024-04-30T17:00:00Z"));
    EXPECT_EQ(hour.billingPeriod, QStringLiteral("2024-05")); // 账期
    EXPECT_EQ(hour.pricing, PricingKind::OnDemand);
    EXPECT_DOUBLE_EQ(hour.usageHours, 1);
    EXPECT_EQ(f.lines.at(1).usageEnd, utc("2024-06-03T16:00:00Z")); // 2024-06-03 23:59:59 +08 made exclusive
    EXPECT_EQ(f.lines.at(1).pricing, PricingKind::Committed);
    EXPECT_EQ(f.lines.at(3).usageStart, utc("2024-05-20T01:00:00Z")); // refund: 消费时间 only
    EXPECT_FALSE(f.notes.isEmpty()); // currency implied by the China-site bill
}

TEST(ActualsAlibaba, DescribeInstanceBillJson)
{
    const auto r = parseSample("alibaba_describeinstancebill_response.reconstructed.json");
    ASSERT_PARSED(r);
    const BillingFile &f = *r;
    EXPECT_EQ(f.format, BillingFormat::Alibaba);
    ASSERT_EQ(f.lines.size(), 1);
    EXPECT_EQ(totals(f), (std::map<std::string, qint64>{{"usage/CNY", 302'160'000}})); // PretaxAmount 302.16
    EXPECT_EQ(gpuTypes(f), (std::vector<std::string>{"ecs.gn7i-c8g1.2xlarge"}));
    const SpendLine &l = f.lines.at(0);
    EXPECT_EQ(l.usageStart, utc("2024-04-30T16:00:00Z")); // BillingDate 2024-05-01, a Beijing day
    EXPECT_EQ(l.usageEnd, utc("2024-05-01T16:00:00Z"));
    EXPECT_DOUBLE_EQ(l.usageHours, 24);
    EXPECT_EQ(l.billingPeriod, QStringLiteral("2024-05"));
    EXPECT_EQ(l.pricing, PricingKind::OnDemand);
    EXPECT_EQ(l.account, QStringLiteral("1234567890123456"));
}

TEST(ActualsTencent, InternationalBillCsv)
{
    const auto r = parseSample("tencent_bill_detail_intl.reconstructed.csv");
    ASSERT_PARSED(r);
    const BillingFile &f = *r;
    EXPECT_EQ(f.format, BillingFormat::Tencent);
    ASSERT_EQ(f.lines.size(), 3); // 2 rows + the voucher of row 3
    EXPECT_EQ(kindCounts(f), (std::map<std::string, int>{{"usage", 2}, {"payment", 1}}));
    // Total Amount After Discount (Excluding Tax): 25.98 + 5.196; Voucher Deduction 5.196; Tax Amount 0.
    EXPECT_EQ(totals(f), (std::map<std::string, qint64>{{"usage/USD", 31'176'000}, {"payment/USD", -5'196'000}}));
    EXPECT_EQ(gpuTypes(f), (std::vector<std::string>{"GN10Xp", "GN10Xp", "GN10Xp"}));
    EXPECT_EQ(f.lines.at(0).usageStart, utc("2024-04-30T16:00:00Z"));
    EXPECT_EQ(f.lines.at(0).usageEnd, utc("2024-04-30T17:00:00Z")); // 00:59:59 inclusive
    // On the bill's own clock: the hour from 00:00 Beijing time is May's, not April 30's.
    EXPECT_EQ(f.lines.at(0).usageStart.date(), QDate(2024, 5, 1));
    EXPECT_EQ(f.lines.at(0).usageStart.offsetFromUtc(), 8 * 3600);
    EXPECT_DOUBLE_EQ(hoursOf(f), 2);
    EXPECT_EQ(f.lines.at(0).project, QStringLiteral("Default Project"));
}

TEST(ActualsTencent, DescribeBillDetailJson)
{
    const auto r = parseSample("tencent_describebilldetail_response.reconstructed.json");
    ASSERT_PARSED(r);
    const BillingFile &f = *r;
    ASSERT_EQ(f.lines.size(), 1);
    EXPECT_EQ(totals(f), (std::map<std::string, qint64>{{"usage/CNY", 168'000'000}})); // RealCost "168.00" 元
    EXPECT_EQ(gpuTypes(f), (std::vector<std::string>{"GN10Xp"}));
    EXPECT_DOUBLE_EQ(f.lines.at(0).usageHours, 1);
    EXPECT_EQ(f.lines.at(0).pricing, PricingKind::OnDemand);
    EXPECT_EQ(f.lines.at(0).project, QStringLiteral("默认项目"));
    EXPECT_FALSE(f.notes.isEmpty()); // currency implied (元)
}

// A subscription's refund (prepay_return) and the refund of its rest when it turns pay-as-you-go
// (pre_to_post, 包年包月转按量) give money back: refunds, never usage or a commitment. The action
// codes and names are the billing API's own (tencentcloud-sdk-php, Billing BillDetail.ActionType).
TEST(ActualsTencent, SubscriptionRefundsAndTheTurnToPayAsYouGoAreRefunds)
{
    const QByteArray sample = QByteArray(::sample("tencent_describebilldetail_response.reconstructed.json"));
    ASSERT_FALSE(sample.isEmpty());
    const struct
    {
        const char *payMode;
        const char *action;
        const char *actionName;
        const char *kind;
    } cases[] = {
        {"包年包月", "prepay_return", "包年包月退款", "refund"},
        {"包年包月", "pre_to_post", "包年包月转按量", "refund"},
        {"包年包月", "prepay_purchase", "包年包月新购", "commitment"},
        {"按量计费", "postpay_deduct_h", "按量计费小时结", "usage"},
    };
    for (const auto &c : cases) {
        QByteArray body = sample;
        body.replace("\"PayModeName\": \"按量计费\"", QByteArray("\"PayModeName\": \"") + c.payMode + '"');
        body.replace("\"ActionTypeName\": \"按量计费小时结\"", QByteArray("\"ActionTypeName\": \"") + c.actionName + '"');
        body.replace("\"ActionType\": \"postpay_deduct_h\"", QByteArray("\"ActionType\": \"") + c.action + '"');
        ASSERT_TRUE(body.contains(c.action));
        const auto r = parseBillingFile(body, QStringLiteral("tencent.json"), BillingFormat::Tencent);
        ASSERT_PARSED(r);
        ASSERT_EQ(r->lines.size(), 1);
        EXPECT_EQ(chargeKindId(r->lines.at(0).kind).toStdString(), c.kind) << c.action;
        // The same rule when only the name is known (a console export's 交易类型 column).
        QByteArray named = body;
        named.replace(QByteArray("\"ActionType\": \"") + c.action + '"', QByteArray("\"ActionType\": \"") + c.actionName + '"');
        const auto n = parseBillingFile(named, QStringLiteral("tencent.json"), BillingFormat::Tencent);
        ASSERT_PARSED(n);
        EXPECT_EQ(chargeKindId(n->lines.at(0).kind).toStdString(), c.kind) << c.actionName;
    }
}

TEST(ActualsHuawei, ListCustomerselfResourceRecordsJson)
{
    const auto r = parseSample("huawei_listcustomerselfresourcerecords_response.reconstructed.json");
    ASSERT_PARSED(r);
    const BillingFile &f = *r;
    EXPECT_EQ(f.format, BillingFormat::Huawei);
    ASSERT_EQ(f.lines.size(), 1);
    EXPECT_EQ(totals(f), (std::map<std::string, qint64>{{"usage/CNY", 63'360'000}})); // amount 63.36, measure_id 1 (元)
    EXPECT_EQ(gpuTypes(f), (std::vector<std::string>{"p2s.2xlarge.8"}));
    const SpendLine &l = f.lines.at(0);
    EXPECT_EQ(l.usageStart, utc("2024-05-01T00:00:00Z"));
    EXPECT_EQ(l.usageEnd, utc("2024-05-01T01:00:00Z"));
    EXPECT_DOUBLE_EQ(l.usageHours, 1);
    EXPECT_EQ(l.pricing, PricingKind::OnDemand); // charge_mode 3 按需
}

TEST(ActualsHuawei, AYearlyMonthlyRecordIsDatedByItsBillDate)
{
    // effective_time is for pay-per-use only (huaweicloud-sdk-python-v3 ResFeeRecordV2: "按需有效，
    // 包年/包月该字段保留"); bill_date is "YYYY-MM-DD ... 按照东八区时间截取".
    const auto r = parseText(R"({"currency":"CNY","fee_records":[{"amount":19350,"measure_id":1,"bill_type":1,
        "charge_mode":"1","bill_date":"2024-05-01","bill_cycle":"2024-05","product_name":"p2s.2xlarge.8"}]})",
                             "yearly.json");
    ASSERT_PARSED(r);
    ASSERT_EQ(r->lines.size(), 1);
    EXPECT_EQ(r->lines.at(0).usageStart, utc("2024-04-30T16:00:00Z"));
    EXPECT_EQ(r->lines.at(0).usageStart.date(), QDate(2024, 5, 1)); // the Beijing day
    EXPECT_EQ(r->lines.at(0).billingPeriod, QStringLiteral("2024-05"));
    EXPECT_EQ(r->lines.at(0).amountMicros, 19'350'000'000);

    const auto undated = parseText(R"({"currency":"CNY","fee_records":[{"amount":1,"bill_type":5,"charge_mode":"3"}]})",
                                   "undated.json");
    ASSERT_FALSE(undated.ok());
    EXPECT_NE(errorOf(undated).find("effective_time\" is missing, and so is bill_date"), std::string::npos) << errorOf(undated);
}

TEST(ActualsHuawei, AmountsInFenAndCouponsAsPayments)
{
    const auto r = parseText(R"({"currency":"CNY","fee_records":[{"amount":6336,"measure_id":3,"coupon_amount":1000,
        "bill_type":5,"charge_mode":"3","effective_time":"2024-05-01 08:00:00 GMT+08:00","product_name":"x"}]})",
                             "fen.json");
    ASSERT_PARSED(r);
    EXPECT_EQ(totals(*r), (std::map<std::string, qint64>{{"usage/CNY", 63'360'000}, {"payment/CNY", -10'000'000}}));
    EXPECT_EQ(r->lines.at(0).usageStart, utc("2024-05-01T00:00:00Z"));
}

// ---------------------------------------------------------------------------------------------
// Simple CSV

TEST(ActualsGenericCsv, DocumentedColumns)
{
    const auto r = parseSample("generic_spend.csv");
    ASSERT_PARSED(r);
    const BillingFile &f = *r;
    EXPECT_EQ(f.format, BillingFormat::Csv);
    ASSERT_EQ(f.lines.size(), 7);
    EXPECT_EQ(kindCounts(f), (std::map<std::string, int>{{"usage", 4}, {"commitment", 1}, {"credit", 1}, {"tax", 1}}));
    // USD usage 23.92 + 239.20 + "1,179.84" + 6.4E+0 = 1449.36; commitment "1,000.00"; EUR credit -50, tax 19.00.
    EXPECT_EQ(totals(f), (std::map<std::string, qint64>{{"usage/USD", 1'449'360'000},
                                                        {"commitment/USD", 1'000'000'000},
                                                        {"credit/EUR", -50'000'000},
                                                        {"tax/EUR", 19'000'000}}));
    EXPECT_EQ(gpuTypes(f), (std::vector<std::string>{"", "gpu_8x_h100_sxm5", "p5.48xlarge", ""}));
    EXPECT_EQ(f.lines.at(0).provider, QStringLiteral("runpod"));
    EXPECT_TRUE(f.lines.at(0).usageIsGpuHours);
    EXPECT_DOUBLE_EQ(f.lines.at(0).usageHours, 8);
    EXPECT_EQ(f.lines.at(0).usageEnd, utc("2024-05-02T00:00:00Z"));
    EXPECT_EQ(f.lines.at(2).usageStart, utc("2024-05-02T08:00:00Z")); // no zone: UTC
    EXPECT_EQ(f.lines.at(4).pricing, PricingKind::Spot);
    EXPECT_EQ(f.lines.at(1).project, QStringLiteral("llm-finetune"));
    EXPECT_EQ(f.lines.at(0).basis, kBasisBilled);
}

TEST(ActualsGenericCsv, MixedCurrenciesStayPerLine)
{
    const auto r = parseText("date,provider,amount,currency\n2024-05-01,ovh,10,EUR\n2024-05-01,aws,12.5,usd\n", "mixed.csv");
    ASSERT_PARSED(r);
    EXPECT_EQ(totals(*r), (std::map<std::string, qint64>{{"usage/EUR", 10'000'000}, {"usage/USD", 12'500'000}}));
}

// ---------------------------------------------------------------------------------------------
// Detection, bad and hostile files

TEST(ActualsDetection, EverySampleIsRecognised)
{
    const std::vector<std::pair<const char *, BillingFormat>> samples = {
        {"aws_cur_legacy.csv", BillingFormat::AwsCur},
        {"aws_cur_legacy_gpu.reconstructed.csv", BillingFormat::AwsCur},
        {"aws_cur2_data_exports_gpu.reconstructed.csv", BillingFormat::AwsCur},
        {"azure_ea_actualcost_2024-08-01_gpu.reconstructed.csv", BillingFormat::Azure},
        {"azure_ea_amortizedcost_2024-08-01_gpu.reconstructed.csv", BillingFormat::Azure},
        {"azure_ea_actualcost_c360.csv", BillingFormat::Azure},
        {"azure_ea_amortizedcost_c360.csv", BillingFormat::Azure},
        {"azure_ea_costdetails_anonymized.csv", BillingFormat::Azure},
        {"azure_ea_costdetails_opencost.csv", BillingFormat::Azure},
        {"azure_payg_legacy_usage.csv", BillingFormat::Azure},
        {"azure_payg_legacy_usage_de.csv", BillingFormat::Azure},
        {"azure_mca_actualcost_gpu.reconstructed.csv", BillingFormat::Azure},
        {"azure_mca_partner_camelcase.csv", BillingFormat::Azure},
        {"focus_1.2_aws_gpu.reconstructed.csv", BillingFormat::Focus},
        {"focus_spec_commitment_discount_usage_scenario_1.csv", BillingFormat::Focus},
        {"gcp_bq_detailed_export_gpu.reconstructed.ndjson", BillingFormat::Gcp},
        {"gcp_console_cost_table.reconstructed.csv", BillingFormat::Gcp},
        {"gcp_docs_tax_per_project_example.csv", BillingFormat::Gcp},
        {"alibaba_bill_detail_zh.reconstructed.csv", BillingFormat::Alibaba},
        {"alibaba_describeinstancebill_response.reconstructed.json", BillingFormat::Alibaba},
        {"tencent_bill_detail_intl.reconstructed.csv", BillingFormat::Tencent},
        {"tencent_describebilldetail_response.reconstructed.json", BillingFormat::Tencent},
        {"huawei_listcustomerselfresourcerecords_response.reconstructed.json", BillingFormat::Huawei},
        {"generic_spend.csv", BillingFormat::Csv},
    };
    for (const auto &[name, format] : samples) {
        const auto detected = detectBillingFormat(sample(name), QString::fromUtf8(name));
        ASSERT_TRUE(detected.ok()) << name << ": " << detected.errorMessage().toStdString();
        EXPECT_EQ(billingFormatId(*detected), billingFormatId(format)) << name;
    }
}

TEST(ActualsDetection, UnsupportedExportsSayWhatTheyAre)
{
    const std::vector<std::pair<const char *, const char *>> samples = {
        {"aws_cost_explorer_ui_download.csv", "an AWS Cost Explorer download"},
        {"oci_cost_report_legacy.csv", "an OCI cost report"},
        {"runpod_billing_pods_response.reconstructed.json", "a RunPod billing API response: not supported"},
        {"vastai_invoices_response.reconstructed.json", "a Vast.ai invoices response: not supported"},
    };
    for (const auto &[name, what] : samples) {
        const auto r = parseSample(name);
        ASSERT_FALSE(r.ok()) << name;
        EXPECT_NE(errorOf(r).find(std::string(name) + ": " + what), std::string::npos) << errorOf(r);
        EXPECT_FALSE(detectBillingFormat(sample(name), QString::fromUtf8(name)).ok());
    }
}

TEST(ActualsBadFiles, UnknownColumns)
{
    const auto r = parseText("foo,bar\n1,2\n", "mystery.csv");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(errorOf(r).find("mystery.csv: unrecognised billing export"), std::string::npos) << errorOf(r);

    // A forced format names the column it needs.
    const auto azure = parseText("Date,MeterCategory,BillingCurrency\n05/01/2024,Virtual Machines,USD\n", "ea.csv",
                                 BillingFormat::Azure);
    ASSERT_FALSE(azure.ok());
    EXPECT_EQ(errorOf(azure), "ea.csv: no column for the cost: expected one of CostInBillingCurrency, Cost, PreTaxCost");
    const auto aws = parseSample("azure_ea_costdetails_opencost.csv", BillingFormat::AwsCur);
    ASSERT_FALSE(aws.ok());
    EXPECT_NE(errorOf(aws).find("no column for the line item type: expected one of lineItem/LineItemType, "
                                "line_item_line_item_type"),
              std::string::npos)
        << errorOf(aws);
}

TEST(ActualsBadFiles, BadNumberNamesFileRowAndColumn)
{
    const auto r = parseText("date,provider,amount,currency\n2024-05-01,aws,12.50,USD\n2024-05-02,aws,12.3.4,USD\n", "spend.csv");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(errorOf(r), "spend.csv:3: column \"amount\": \"12.3.4\" is not a number");

    // The same in a real export: a damaged Cost cell of the c360 actual file (line 5).
    QByteArray c360 = sample("azure_ea_actualcost_c360.csv");
    ASSERT_TRUE(c360.contains(",2.64,"));
    c360.replace(",2.64,", ",2.6x4,");
    const auto azure = parseBillingFile(c360, QStringLiteral("c360.csv"));
    ASSERT_FALSE(azure.ok());
    EXPECT_EQ(errorOf(azure), "c360.csv:5: column \"Cost\": \"2.6x4\" is not a number");

    const auto date = parseText("date,provider,amount,currency\n2024-13-01,aws,1,USD\n", "d.csv");
    ASSERT_FALSE(date.ok());
    EXPECT_NE(errorOf(date).find("d.csv:2: column \"date\": \"2024-13-01\" is not a date"), std::string::npos)
        << errorOf(date);
}

TEST(ActualsBadFiles, RowWithoutCurrency)
{
    const auto r = parseText("date,provider,amount,currency\n2024-05-01,aws,1,USD\n2024-05-01,aws,2,\n", "c.csv");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(errorOf(r), "c.csv:3: column \"currency\" is empty: every line needs its currency");

    QByteArray cur = sample("aws_cur_legacy_gpu.reconstructed.csv");
    const qsizetype at = cur.indexOf(",USD,", cur.indexOf("rcn07examplespotp5"));
    ASSERT_GT(at, 0);
    cur.replace(at, 5, ",,");
    const auto aws = parseBillingFile(cur, QStringLiteral("cur.csv"));
    ASSERT_FALSE(aws.ok());
    EXPECT_EQ(errorOf(aws), "cur.csv:8: column \"lineItem/CurrencyCode\" is empty: every line needs its currency");

    const auto code = parseText("date,provider,amount,currency\n2024-05-01,aws,1,US Dollar\n", "code.csv");
    ASSERT_FALSE(code.ok());
    EXPECT_NE(errorOf(code).find("is not an ISO 4217 currency code"), std::string::npos);
}

TEST(ActualsBadFiles, NothingHalfParsed)
{
    // Nine good rows and a tenth with a bad cost: an error, not nine lines.
    QByteArray cur = sample("aws_cur_legacy_gpu.reconstructed.csv");
    ASSERT_TRUE(cur.contains("-98.32,"));
    cur.replace(cur.lastIndexOf("-98.32,"), 7, "-98.3.2,");
    const auto r = parseBillingFile(cur, QStringLiteral("cur.csv"));
    ASSERT_FALSE(r.ok());
    EXPECT_NE(errorOf(r).find("cur.csv:11: column \"lineItem/UnblendedCost\""), std::string::npos) << errorOf(r);
}

TEST(ActualsBadFiles, HostileInput)
{
    // Deep nesting is a parse error, not a stack overflow.
    const QByteArray deep = "{\"fee_records\":" + QByteArray(200000, '[') + QByteArray(200000, ']') + "}";
    const auto nested = parseBillingFile(deep, QStringLiteral("deep.json"));
    ASSERT_FALSE(nested.ok());
    EXPECT_NE(errorOf(nested).find("deep.json: not valid JSON"), std::string::npos) << errorOf(nested);
    const auto deepRows = parseBillingFile(QByteArray(100000, '['), QStringLiteral("rows.json"), BillingFormat::Gcp);
    ASSERT_FALSE(deepRows.ok());

    EXPECT_NE(errorOf(parseBillingFile(QByteArray("\x1f\x8b\x08\x00rest", 8), QStringLiteral("a.csv.gz"))).find("gzip"),
              std::string::npos);
    EXPECT_NE(errorOf(parseBillingFile(QByteArray("PAR1xxxx"), QStringLiteral("a.parquet"))).find("Parquet"), std::string::npos);
    EXPECT_NE(errorOf(parseBillingFile(QByteArray("date,\xff\xfe,amount\n"), QStringLiteral("gbk.csv"))).find("not UTF-8"),
              std::string::npos);
    EXPECT_NE(errorOf(parseBillingFile(QByteArray(), QStringLiteral("empty.csv"))).find("empty file"), std::string::npos);
    EXPECT_NE(errorOf(parseBillingFile(QByteArray("\xef\xbb\xbf \r\n"), QStringLiteral("bom.csv"))).find("empty file"),
              std::string::npos);
    const auto quote = parseText("date,provider,amount,currency\n2024-05-01,aws,\"1,USD\n", "q.csv");
    ASSERT_FALSE(quote.ok());
    EXPECT_NE(errorOf(quote).find("q.csv:2: unterminated quoted field"), std::string::npos) << errorOf(quote);
}

TEST(ActualsBillingFile, HashAndPeriodsForReimports)
{
    const QByteArray bytes = sample("aws_cur_legacy.csv");
    const auto a = parseBillingFile(bytes, QStringLiteral("a.csv"));
    const auto b = parseBillingFile(bytes, QStringLiteral("renamed.csv"));
    ASSERT_PARSED(a);
    ASSERT_PARSED(b);
    EXPECT_EQ(a->sha256.size(), 32);
    EXPECT_EQ(a->sha256, b->sha256); // the same file under another name counts once
    const auto other = parseSample("aws_cur_legacy_gpu.reconstructed.csv");
    ASSERT_PARSED(other);
    EXPECT_NE(other->sha256, a->sha256);
    EXPECT_EQ(other->periods(), QStringList{QStringLiteral("2024-05")});
    EXPECT_EQ(a->sourceName, QStringLiteral("a.csv"));
}
