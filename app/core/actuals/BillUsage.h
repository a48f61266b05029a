#pragma once
// BillUsage: the GPU usage a team actually ran, read off its billing lines: per month, GPU model,
// GPUs per instance, region and billing model, the instance-hours, GPU-hours and spend; every GPU
// line the catalog cannot place is listed with its spend (never dropped); and, per GPU model and
// geography, the steady part (the GPUs busy in every month of the bill) told apart from the
// bursty rest.

#include "core/actuals/BillCatalog.h"
#include "core/actuals/BillingStream.h"
#include "core/actuals/SpendLine.h"
#include "core/actuals/SpendRecord.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <QHash>

#include <map>
#include <optional>
#include <tuple>
#include <vector>

namespace gpuplanner::core::actuals {

// One group of usage lines: the same month, instance type, region, billing model and currency.
struct UsageRow
{
    QString month;        // yyyy-MM of the usage start, on the bill's own clock
    QString provider;     // catalog provider id
    QString instanceType; // as the catalog spells it
    QString region;       // catalog region code; the bill's text when the catalog has no such region
    bool regionKnown = false;
    QString geography;    // the catalog region's geography; empty when the region is unknown
    QString gpu;          // canonical GPU model id
    double gpusPerInstance = 0;
    PricingKind pricing = PricingKind::Unknown;
    double instanceHours = 0;
    double gpuHours = 0;
    qint64 spendMicros = 0; // what was paid (the bill's amortized or billed cost column)
    QString currency;
    int lines = 0;
};

// A GPU line of a recognised instance that is not usage: a reservation fee, its unused part, a
// refund or credit tied to the instance. Counted in the GPU spend, not in any hours.
struct GpuFee
{
    QString month;
    QString provider;
    QString instanceType;
    QString gpu;
    ChargeKind kind = ChargeKind::Other;
    qint64 amountMicros = 0;
    QString currency;
    int lines = 0;
};

// A GPU line the catalog cannot place, with why and what it cost.
struct UnrecognisedGpuLine
{
    QString month;
    QString provider;     // as the bill writes it
    QString instanceType; // as the bill writes it (may be empty)
    QString sku;
    QString reason;
    qint64 amountMicros = 0;
    QString currency;
    QString sourceFile;
    int sourceRow = 0;
};

// GPU model x geography over the bill's months: the steady GPUs (busy all of every month) and
// what came on top of them.
struct SteadyUsage
{
    QString gpu;
    QString geography;       // empty = regions the catalog does not know
    std::vector<double> gpuHours; // per month of BillUsage::months
    double steadyGpus = 0;   // min over the months of GPU-hours / hours in that month
    double steadyGpuHours = 0; // steadyGpus x the hours of all months
    double burstGpuHours = 0;  // the rest
    QStringList instances;   // provider/instance type pairs seen, most used first
    double minGpusPerInstance = 0; // the smallest instance (in GPUs) the team ran this part on
};

struct BillUsage
{
    QStringList months; // every month from the first to the last usage in the bill, yyyy-MM
    QList<UsageRow> rows;
    QList<GpuFee> fees;
    QList<UnrecognisedGpuLine> unrecognised;
    QList<SteadyUsage> steady; // by GPU model, then geography
    QStringList notes;         // what the reading assumed (a line without a usage date, ...)

    // Spend of GPU lines per currency: recognised (rows + fees) and not.
    qint64 mappedMicros(const QString &currency) const;
    qint64 unrecognisedMicros(const QString &currency) const;
    QStringList currencies() const;
};

// Hours in the month "yyyy-MM" (days x 24).
double hoursInMonth(const QString &month);

// Reads usage line by line (a SpendSink, so a bill streams through it in bounded memory: the
// groups, not the lines, are kept). Only GPU lines (SpendLine::gpu) are read; every one of them
// ends in rows, fees or unrecognised.
class BillUsageBuilder : public SpendSink
{
public:
    explicit BillUsageBuilder(const BillCatalog &catalog, QString sourceFile = {});
    void add(const SpendRecord &record);
    Status add(const SpendLine &line) override;
    Status setBasis(const QString &basis) override;
    // The usage read so far, sorted, with its months and steady part; the builder starts over.
    BillUsage finish();

private:
    using RowKey = std::tuple<QString, QString, QString, QString, int, QString>;
    using FeeKey = std::tuple<QString, QString, QString, int, QString>;
    const BillCatalog &m_catalog;
    QString m_sourceFile;
    BillUsage m_usage;
    std::map<RowKey, qsizetype> m_rowAt;
    std::map<FeeKey, qsizetype> m_feeAt;
    QHash<QString, std::optional<RegionSpec>> m_regions;
    QString m_first, m_last;
};

// The usage in records (lines stored by imports, or a bill parsed in memory).
BillUsage billUsage(const QList<SpendRecord> &records, const BillCatalog &catalog);
// A billing file read straight into usage, nothing stored; errors name the file, row and column.
Result<BillUsage> readBillUsage(const QString &path, BillingFormat format, const BillCatalog &catalog);

} // namespace gpuplanner::core::actuals
