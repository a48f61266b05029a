#pragma once
// PlanActuals: a timeline's plan against the spend a team really booked (billing exports read
// by core/actuals and stored by db/SpendStore): actual spend per month beside the planned line,
// the variance, and a forecast to the end of the plan from the recent burn rate with a range,
// with warnings when the forecast passes the budget or the plan's GPU-hours.
//
// Compared amounts are before tax (plans are priced without it); tax is shown as its own
// series. Credits and refunds reduce the month they are booked in; amortised commitment fees
// count in the month they are for. Every amount is converted to the display currency with the
// plan's FX table; a line whose currency has no rate is an error naming its file and row.

#include "core/actuals/SpendRecord.h"
#include "core/cost/Money.h"
#include "core/plan/Timeline.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <vector>

namespace gpuplanner::core {

struct SpendForecast
{
    bool available = false;     // enough booked days to extrapolate
    QDate dataEnd;              // last day with booked spend (exclusive end of the data)
    int windowDays = 0;         // days of recent spend the burn rate is read from
    double burnPerDay = 0;      // display currency per day over the window
    double burnPerDayLow = 0;   // slowest and fastest third of the window
    double burnPerDayHigh = 0;
    double toDate = 0;          // booked spend up to dataEnd, before tax
    double expectedTotal = 0;   // to the end of the plan
    double lowTotal = 0;
    double highTotal = 0;
    double gpuHoursToDate = 0;
    double gpuHoursExpected = 0; // at the recent GPU-hour rate
    // Cumulative spend at the end of each month from the month of dataEnd on (earlier months: -1),
    // at the recent, slowest and fastest burn rates: the forecast line and its range in charts.
    std::vector<double> cumulative;
    std::vector<double> cumulativeLow;
    std::vector<double> cumulativeHigh;
    // Spend in each month that still has days after dataEnd: what is booked in it plus those days
    // at the three burn rates (other months: -1). The monthly forecast bars and band in reports.
    std::vector<double> monthly;
    std::vector<double> monthlyLow;
    std::vector<double> monthlyHigh;
};

struct PlanActuals
{
    QString strategyId;   // the timeline strategy the actuals are held against
    QString strategyName;
    QStringList months;   // the timeline's months
    std::vector<double> planned;   // per month, display currency
    std::vector<double> actual;    // per month, before tax
    std::vector<double> tax;
    std::vector<double> credits;   // credits and refunds (negative), included in actual
    std::vector<double> commitment; // amortised commitment fees, included in actual
    std::vector<double> gpuHours;  // actual GPU-hours per month (usage lines on GPU instances)
    std::vector<double> plannedGpuHours;
    std::vector<double> plannedCumulative;
    std::vector<double> actualCumulative; // up to the last month with actuals; -1 after
    int monthsWithActuals = 0;     // months up to and including the last one with spend
    double plannedTotal = 0;
    double plannedGpuHoursTotal = 0;
    double budget = 0;             // the scenario's budget; 0 = none
    SpendForecast forecast;
    int linesOutsidePlan = 0;      // lines dated before or after the timeline (left out)
    int gpuLinesWithoutGpuCount = 0; // GPU usage lines whose instance type the catalog does not know
    double paidByVouchers = 0;     // vouchers and promotional credits (positive): not in actual, a way of paying
    QStringList warnings;
    QStringList unconvertedCurrencies; // bill currencies with no rate to the display currency (lines left out)
    QStringList notes;

    bool hasActuals() const { return monthsWithActuals > 0; }
};

// strategyId empty = the cheapest strategy other than owning the hardware. gpusPerInstance maps
// a lowercase instance type to its GPU count (the catalog's instance types). spend is either
// every line or the lines summed per group by db::spendAggregates, in the same date order; both
// give the same result (to the rounding of summing in another order), the same error included.
Result<PlanActuals> comparePlanToActuals(const Timeline &timeline, const QList<SpendRecord> &spend,
                                         const FxTable &fx, const QString &currency, double budget,
                                         const QHash<QString, double> &gpusPerInstance, const QString &strategyId = {});

QJsonObject planActualsToJson(const PlanActuals &a, const QString &currency);
QString planActualsToTable(const PlanActuals &a, const QString &currency);
QString planActualsToCsv(const PlanActuals &a);

} // namespace gpuplanner::core
