#pragma once
// SpendLine: one line of actual spend read from a provider's billing export (AWS CUR, Azure cost
// details, GCP BigQuery export, FOCUS, Alibaba/Tencent/Huawei bills or a simple CSV), with the
// amount as exact integer micros in its own currency; readBillingExport (BillingStream.h) streams
// a file into lines or stops at one error naming the file, the row and the column.

#include "core/common/Result.h"

#include <QByteArray>
#include <QDate>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace gpuplanner::core::actuals {

// Commitment = an amortised RI / savings-plan / CUD fee or its unused part, and commitment or
// subscription purchases. Usage a commitment covers stays Usage with PricingKind::Committed.
// Payment = a voucher, coupon, free or promotional credit that paid part of a line: a way of
// paying, not a lower cost, so a plan is compared with the amount before it (the Chinese clouds'
// payable amount, GCP's cost before PROMOTION credits).
enum class ChargeKind { Usage, Commitment, Credit, Refund, Tax, Payment, Other };
enum class PricingKind { OnDemand, Spot, Committed, Unknown };

QString chargeKindId(ChargeKind kind);   // usage|commitment|credit|refund|tax|payment|other
QString pricingKindId(PricingKind kind); // on-demand|spot|committed|unknown

inline const QString kBasisAmortized = QStringLiteral("amortized");
inline const QString kBasisBilled = QStringLiteral("billed");

struct SpendLine
{
    QString provider;      // "aws","azure","gcp","alibaba","tencent","huawei", or the csv's provider column
    // On the bill's own clock (a fixed offset: UTC, or UTC+8 for the Chinese clouds): date() is
    // the day the provider bills it on, and the day a plan-against-actual month counts it in.
    QDateTime usageStart;
    QDateTime usageEnd;    // exclusive
    QString billingPeriod; // "YYYY-MM": the invoice month where the format has one, else the month of usageStart
    QString account;       // account / subscription / project id
    QString project;       // tag/label "project" (or the provider's project name) when present, else empty
    QString service;
    QString resourceId;
    // The region as the bill writes it (us-east-1, eastus, us-central1); empty where the format
    // has none or the line is not tied to one (lines imported before it was stored read as empty).
    QString region;
    QString instanceType;  // p4d.24xlarge, Standard_ND96asr_v4, a2-highgpu-8g, ecs.gn7i-c8g1.2xlarge, ...
    QString sku;           // SKU / meter / usage type text used to recognise the line
    QString chargeDetail;  // the provider's own charge type (lineItem/LineItemType, ChargeType, credit type, ...)
    bool gpu = false;      // instance type / SKU / meter names a GPU instance (or a GPU SKU)
    // Instance-hours on usage lines (0 on fees, credits, tax and on per-vCPU / per-GiB SKU lines);
    // GPU-hours instead when usageIsGpuHours (GCP bills each GPU as its own SKU).
    double usageHours = 0;
    bool usageIsGpuHours = false;
    double quantity = 0;   // the file's own usage quantity, in quantityUnit
    QString quantityUnit;
    ChargeKind kind = ChargeKind::Usage;
    PricingKind pricing = PricingKind::Unknown;
    // Millionths of the currency unit, parsed from the decimal text (scientific notation, thousands
    // separators) and rounded half away from zero at the sixth decimal.
    qint64 amountMicros = 0;
    QString currency;      // ISO 4217 code of this line
    QString basis;         // kBasisAmortized or kBasisBilled: which cost column the amount came from
    int sourceRow = 0;     // 1-based line (CSV, NDJSON) or record (JSON arrays) number in the file
};

enum class BillingFormat { Auto, AwsCur, Azure, Gcp, Focus, Alibaba, Tencent, Huawei, Csv };

// auto|aws-cur|azure|gcp|focus|alibaba|tencent|huawei|csv
std::optional<BillingFormat> billingFormatFromId(const QString &id);
QString billingFormatId(BillingFormat format);
QStringList billingFormatIds();

struct BillingFile
{
    BillingFormat format = BillingFormat::Auto; // the format the lines were read as (never Auto)
    QString sourceName;  // file name used in messages
    QByteArray sha256;   // of the raw bytes: the same file imported twice counts once
    QList<SpendLine> lines;
    // What the reader had to assume (an Azure export that does not say actual or amortized, a
    // currency the format implies, more API pages to fetch); empty when nothing was assumed.
    QStringList notes;

    // Distinct billingPeriod values, sorted (what an import reports it covered).
    QStringList periods() const;
};

// Reads a whole export held in memory (tests, small files; readBillingExport in BillingStream.h
// streams a file of any size); on any problem returns an error naming sourceName, the row (line
// or record) and the column, and no lines. today bounds the plausible dates (readBillingExport).
Result<BillingFile> parseBillingFile(const QByteArray &bytes, const QString &sourceName,
                                     BillingFormat format = BillingFormat::Auto, const QDate &today = QDate::currentDate());

// The format the bytes look like, or an error saying why none fits (an aggregated AWS Cost
// Explorer download, an OCI cost report, a neocloud API response ...).
Result<BillingFormat> detectBillingFormat(const QByteArray &bytes, const QString &sourceName);

} // namespace gpuplanner::core::actuals
