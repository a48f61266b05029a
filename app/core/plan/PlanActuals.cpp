#include "core/plan/PlanActuals.h"

#include "core/io/TextTable.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <map>

namespace gpuplanner::core {

using namespace gpuplanner::core::actuals;

namespace {

// Read by people in the desktop app too: translated under this context.
class PlanActualsText
{
    Q_DECLARE_TR_FUNCTIONS(PlanActualsText)
};

// The recent burn rate reads at most this many days back from the last booked day.
constexpr int kBurnWindowDays = 30;
// Fewer booked days than this give no forecast: a week of spend says little about a month.
constexpr int kMinForecastDays = 7;

int monthOf(const QDate &start, const QDate &d)
{
    return (d.year() - start.year()) * 12 + d.month() - start.month();
}

const StrategySeries *pickStrategy(const Timeline &t, const QString &id)
{
    const StrategySeries *best = nullptr;
    for (const StrategySeries &s : t.strategies) {
        if (!id.isEmpty()) {
            if (s.id == id)
                return &s;
            continue;
        }
        if (s.id == u"own")
            continue;
        if (!best || s.total < best->total)
            best = &s;
    }
    return best;
}

double gpuHoursOf(const SpendLine &l, const QHash<QString, double> &gpusPerInstance, bool *unknown)
{
    if (l.kind != ChargeKind::Usage || !l.gpu || l.usageHours <= 0)
        return 0;
    if (l.usageIsGpuHours)
        return l.usageHours;
    const double per = gpusPerInstance.value(l.instanceType.toLower(), 0);
    if (per <= 0) {
        *unknown = true;
        return 0;
    }
    return l.usageHours * per;
}

} // namespace

Result<PlanActuals> comparePlanToActuals(const Timeline &t, const QList<SpendRecord> &spend, const FxTable &fx,
                                         const QString &currency, double budget,
                                         const QHash<QString, double> &gpusPerInstance, const QString &strategyId)
{
    const StrategySeries *plan = pickStrategy(t, strategyId);
    if (!plan) {
        QStringList ids;
        for (const StrategySeries &s : t.strategies)
            ids << s.id;
        return Error{QStringLiteral("--strategy: '%1' is not one of the timeline's strategies (%2)")
                         .arg(strategyId, ids.join(QStringLiteral(", ")))};
    }
    PlanActuals a;
    a.strategyId = plan->id;
    a.strategyName = plan->name;
    a.months = t.months;
    const int n = int(t.months.size());
    a.planned = plan->monthly;
    a.planned.resize(std::size_t(n), 0.0);
    a.actual.assign(std::size_t(n), 0.0);
    a.tax.assign(std::size_t(n), 0.0);
    a.credits.assign(std::size_t(n), 0.0);
    a.commitment.assign(std::size_t(n), 0.0);
    a.gpuHours.assign(std::size_t(n), 0.0);
    a.plannedGpuHours = t.loadGpuHours;
    a.plannedGpuHours.resize(std::size_t(n), 0.0);
    a.budget = budget;
    for (double v : a.planned)
        a.plannedTotal += v;
    for (double v : a.plannedGpuHours)
        a.plannedGpuHoursTotal += v;

    const QDate start(t.start.year(), t.start.month(), 1);
    const QDate planEnd = start.addMonths(n);
    // Pre-tax spend and GPU-hours per day, each line spread evenly over the days it covers (a
    // monthly fee or storage line is a thirtieth of itself a day, not a spike on the 1st).
    std::map<QDate, double> perDay;
    std::map<QDate, double> gpuHoursPerDay;
    QDate shortLinesEnd; // the data reach as far as the hourly and daily lines do ...
    QDate anyLineEnd;    // ... or, in a file of monthly lines only, as far as those
    QSet<QString> billedProviders, amortizedProviders;
    const auto later = [](QDate a, QDate b) { return a.isValid() ? std::max(a, b) : b; };
    bool unknownGpuCount = false;
    struct Unconverted
    {
        qint64 lines = 0;
        double amount = 0;
        QString firstFile;
        qint64 firstRow = 0;
    };
    std::map<QString, Unconverted> unconverted; // by currency
    for (const SpendRecord &r : spend) {
        const SpendLine &l = r.line;
        const QDate day = l.usageStart.date(); // the bill's own day (Beijing time for the Chinese clouds)
        const int m = monthOf(start, day);
        if (!day.isValid() || m < 0 || m >= n) {
            a.linesOutsidePlan += r.lines;
            continue;
        }
        // A record may be the sum of many lines (db::spendAggregates): the conversion is the
        // amount times a rate of its currency alone (FxTable::convert), so converting the sum
        // gives the sum of the converted lines, and every step below is a sum or a share by the
        // days a line covers, which all lines of a group share.
        const auto amount = fx.convert(double(l.amountMicros) / 1e6, l.currency, currency);
        if (!amount) {
            // A line in a currency without a rate is left out and named; the rest is still drawn.
            Unconverted &u = unconverted[l.currency];
            u.lines += r.lines;
            u.amount += double(l.amountMicros) / 1e6;
            if (u.firstFile.isEmpty()) {
                u.firstFile = r.sourceFile;
                u.firstRow = l.sourceRow;
            }
            continue;
        }
        if (l.kind == ChargeKind::Tax) {
            a.tax[std::size_t(m)] += *amount;
            continue;
        }
        if (l.kind == ChargeKind::Payment) { // paid part of the bill; the bill stays what it was
            a.paidByVouchers -= *amount;
            continue;
        }
        a.actual[std::size_t(m)] += *amount;
        if (l.kind == ChargeKind::Credit || l.kind == ChargeKind::Refund)
            a.credits[std::size_t(m)] += *amount;
        if (l.kind == ChargeKind::Commitment)
            a.commitment[std::size_t(m)] += *amount;
        bool unknown = false;
        const double gh = gpuHoursOf(l, gpusPerInstance, &unknown);
        if (unknown)
            a.gpuLinesWithoutGpuCount += r.lines;
        unknownGpuCount = unknownGpuCount || unknown;
        a.gpuHours[std::size_t(m)] += gh;
        a.monthsWithActuals = std::max(a.monthsWithActuals, m + 1);
        (l.basis == kBasisBilled ? billedProviders : amortizedProviders).insert(l.provider);
        // The days the line covers: to the day its (exclusive) end falls in, a partial day counting whole.
        QDate end = l.usageEnd.isValid() ? l.usageEnd.date() : day;
        if (l.usageEnd.isValid() && l.usageEnd.time() != QTime(0, 0))
            end = end.addDays(1);
        end = std::max(end, day.addDays(1));
        const qint64 span = day.daysTo(end);
        for (QDate d = day; d < end && d < planEnd; d = d.addDays(1)) {
            perDay[d] += *amount / double(span);
            gpuHoursPerDay[d] += gh / double(span);
        }
        const QDate reach = std::min(end, planEnd);
        anyLineEnd = later(anyLineEnd, reach);
        if (span <= 1)
            shortLinesEnd = later(shortLinesEnd, reach);
    }
    const QDate dataEnd = shortLinesEnd.isValid() ? shortLinesEnd : anyLineEnd;
    // What a longer line covers past the data's end is left to the burn rate, which holds its share.
    perDay.erase(perDay.lower_bound(dataEnd), perDay.end());
    gpuHoursPerDay.erase(gpuHoursPerDay.lower_bound(dataEnd), gpuHoursPerDay.end());
    if (!billedProviders.isEmpty() && !amortizedProviders.isEmpty()) {
        // One basis per plan (the billing README): a commitment bought up front counts as its purchase
        // in billed cost and spread over its term in amortised cost.
        QStringList billed = billedProviders.values(), amortized = amortizedProviders.values();
        billed.sort();
        amortized.sort();
        a.notes << PlanActualsText::tr("the spend mixes billed cost (%1) with amortised cost (%2): commitments count as bought in one and spread over their term in the other; import the amortised export of each provider where it has one")
                       .arg(billed.join(QStringLiteral(", ")), amortized.join(QStringLiteral(", ")));
    }
    if (a.paidByVouchers > 0.005 || a.paidByVouchers < -0.005)
        a.notes << PlanActualsText::tr("vouchers and promotional credits paid %1 of it: counted as spend, since they pay the bill rather than lower it")
                       .arg(formatMoney(a.paidByVouchers, currency));
    if (a.linesOutsidePlan > 0)
        a.notes << PlanActualsText::tr("%1 billed lines fall outside the plan's months (%2 to %3) and are left out")
                       .arg(a.linesOutsidePlan)
                       .arg(t.months.value(0), t.months.value(n - 1));
    if (unknownGpuCount)
        a.notes << PlanActualsText::tr("%1 GPU usage lines name an instance type the catalog does not know: their GPU-hours are not counted")
                       .arg(a.gpuLinesWithoutGpuCount);
    for (const auto &[code, u] : unconverted) {
        a.warnings << PlanActualsText::tr("%1 billing line(s) in %2 (%3 %2 in all, first: %4 row %5) have no exchange "
                                          "rate to %6 and are left out of the actual spend: add a rate for %2 under the "
                                          "scenario's assumptions.fx, or fetch the ECB's with `gpu-planner-cli refresh "
                                          "--provider ecb`")
                          .arg(u.lines)
                          .arg(code)
                          .arg(u.amount, 0, 'f', 2)
                          .arg(u.firstFile)
                          .arg(u.firstRow)
                          .arg(currency);
        a.unconvertedCurrencies << code;
    }
    a.plannedCumulative.assign(std::size_t(n), 0.0);
    a.actualCumulative.assign(std::size_t(n), -1.0);
    double planned = 0, actual = 0;
    for (int m = 0; m < n; ++m) {
        planned += a.planned[std::size_t(m)];
        a.plannedCumulative[std::size_t(m)] = planned;
        actual += a.actual[std::size_t(m)];
        if (m < a.monthsWithActuals)
            a.actualCumulative[std::size_t(m)] = actual;
    }
    if (!a.hasActuals() || perDay.empty())
        return a;

    SpendForecast &f = a.forecast;
    f.dataEnd = dataEnd;
    for (const auto &[day, v] : perDay)
        f.toDate += v;
    for (const auto &[day, v] : gpuHoursPerDay)
        f.gpuHoursToDate += v;
    const QDate firstDay = perDay.begin()->first;
    const int booked = int(firstDay.daysTo(dataEnd));
    f.windowDays = std::min(kBurnWindowDays, booked);
    if (f.windowDays < kMinForecastDays) {
        a.notes << PlanActualsText::tr("no forecast yet: %1 days of spend are booked, the forecast needs %2").arg(booked).arg(kMinForecastDays);
        return a;
    }
    const QDate windowStart = dataEnd.addDays(-f.windowDays);
    const int third = std::max(1, f.windowDays / 3);
    double windowSum = 0, windowGpuHours = 0;
    double thirds[3] = {0, 0, 0};
    for (const auto &[day, v] : perDay) {
        if (day < windowStart)
            continue;
        windowSum += v;
        thirds[std::min(2, int(windowStart.daysTo(day)) / third)] += v;
    }
    for (const auto &[day, v] : gpuHoursPerDay) {
        if (day >= windowStart)
            windowGpuHours += v;
    }
    const int lastThirdDays = f.windowDays - 2 * third;
    const double rates[3] = {thirds[0] / third, thirds[1] / third, thirds[2] / std::max(1, lastThirdDays)};
    f.available = true;
    f.burnPerDay = windowSum / f.windowDays;
    f.burnPerDayLow = *std::min_element(rates, rates + 3);
    f.burnPerDayHigh = *std::max_element(rates, rates + 3);
    const double remainingDays = std::max<qint64>(0, dataEnd.daysTo(planEnd));
    f.expectedTotal = f.toDate + f.burnPerDay * remainingDays;
    f.lowTotal = f.toDate + f.burnPerDayLow * remainingDays;
    f.highTotal = f.toDate + f.burnPerDayHigh * remainingDays;
    f.gpuHoursExpected = f.gpuHoursToDate + windowGpuHours / f.windowDays * remainingDays;
    f.monthly.assign(std::size_t(n), -1.0);
    f.monthlyLow.assign(std::size_t(n), -1.0);
    f.monthlyHigh.assign(std::size_t(n), -1.0);
    for (int m = 0; m < n; ++m) {
        const QDate monthStart = start.addMonths(m);
        const QDate monthEnd = start.addMonths(m + 1);
        const double left = double(std::max(dataEnd, monthStart).daysTo(monthEnd));
        if (left <= 0)
            continue;
        double booked = 0; // the month's spend up to the data's end
        for (auto it = perDay.lower_bound(monthStart); it != perDay.end() && it->first < monthEnd; ++it)
            booked += it->second;
        f.monthly[std::size_t(m)] = booked + f.burnPerDay * left;
        f.monthlyLow[std::size_t(m)] = booked + f.burnPerDayLow * left;
        f.monthlyHigh[std::size_t(m)] = booked + f.burnPerDayHigh * left;
    }
    f.cumulative.assign(std::size_t(n), -1.0);
    f.cumulativeLow.assign(std::size_t(n), -1.0);
    f.cumulativeHigh.assign(std::size_t(n), -1.0);
    for (int m = std::max(0, monthOf(start, dataEnd.addDays(-1))); m < n; ++m) {
        const double days = std::max<qint64>(0, dataEnd.daysTo(start.addMonths(m + 1)));
        f.cumulative[std::size_t(m)] = f.toDate + f.burnPerDay * days;
        f.cumulativeLow[std::size_t(m)] = f.toDate + f.burnPerDayLow * days;
        f.cumulativeHigh[std::size_t(m)] = f.toDate + f.burnPerDayHigh * days;
    }

    const QLocale locale;
    if (budget > 0 && f.expectedTotal > budget) {
        a.warnings << PlanActualsText::tr("the forecast of %1 (range %2 to %3) passes the budget of %4")
                          .arg(formatMoney(f.expectedTotal, currency), formatMoney(f.lowTotal, currency),
                               formatMoney(f.highTotal, currency), formatMoney(budget, currency));
    } else if (budget > 0 && f.highTotal > budget) {
        a.warnings << PlanActualsText::tr("at the fastest recent burn rate the spend reaches %1, past the budget of %2")
                          .arg(formatMoney(f.highTotal, currency), formatMoney(budget, currency));
    }
    if (a.plannedGpuHoursTotal > 0 && f.gpuHoursExpected > a.plannedGpuHoursTotal * 1.0001) {
        a.warnings << PlanActualsText::tr("the forecast of %1 GPU-hours passes the %2 GPU-hours of the plan")
                          .arg(locale.toString(f.gpuHoursExpected, 'f', 0), locale.toString(a.plannedGpuHoursTotal, 'f', 0));
    }
    if (a.plannedTotal > 0 && f.expectedTotal > a.plannedTotal * 1.1)
        a.warnings << PlanActualsText::tr("the forecast of %1 is %2% above the plan's %3")
                          .arg(formatMoney(f.expectedTotal, currency))
                          .arg(locale.toString((f.expectedTotal / a.plannedTotal - 1) * 100, 'f', 0))
                          .arg(formatMoney(a.plannedTotal, currency));
    return a;
}

QJsonObject planActualsToJson(const PlanActuals &a, const QString &currency)
{
    QJsonArray months;
    for (int m = 0; m < int(a.months.size()); ++m) {
        const std::size_t i = std::size_t(m);
        QJsonObject o{{QStringLiteral("month"), a.months.at(m)},
                      {QStringLiteral("planned"), a.planned[i]},
                      {QStringLiteral("planned_gpu_hours"), a.plannedGpuHours[i]}};
        if (m < a.monthsWithActuals) {
            o.insert(QStringLiteral("actual"), a.actual[i]);
            o.insert(QStringLiteral("variance"), a.actual[i] - a.planned[i]);
            o.insert(QStringLiteral("tax"), a.tax[i]);
            o.insert(QStringLiteral("credits_and_refunds"), a.credits[i]);
            o.insert(QStringLiteral("commitment"), a.commitment[i]);
            o.insert(QStringLiteral("gpu_hours"), a.gpuHours[i]);
        }
        months.append(o);
    }
    QJsonObject root{{QStringLiteral("currency"), currency},
                     {QStringLiteral("plan_strategy"), a.strategyId},
                     {QStringLiteral("planned_total"), a.plannedTotal},
                     {QStringLiteral("planned_gpu_hours"), a.plannedGpuHoursTotal},
                     {QStringLiteral("months"), months},
                     {QStringLiteral("warnings"), QJsonArray::fromStringList(a.warnings)},
                     {QStringLiteral("notes"), QJsonArray::fromStringList(a.notes)}};
    if (a.budget > 0)
        root.insert(QStringLiteral("budget"), a.budget);
    root.insert(QStringLiteral("paid_by_vouchers"), a.paidByVouchers);
    const SpendForecast &f = a.forecast;
    if (f.available) {
        root.insert(QStringLiteral("forecast"),
                    QJsonObject{{QStringLiteral("data_end"), f.dataEnd.toString(Qt::ISODate)},
                                {QStringLiteral("window_days"), f.windowDays},
                                {QStringLiteral("burn_per_day"), f.burnPerDay},
                                {QStringLiteral("burn_per_day_low"), f.burnPerDayLow},
                                {QStringLiteral("burn_per_day_high"), f.burnPerDayHigh},
                                {QStringLiteral("to_date"), f.toDate},
                                {QStringLiteral("expected_total"), f.expectedTotal},
                                {QStringLiteral("low_total"), f.lowTotal},
                                {QStringLiteral("high_total"), f.highTotal},
                                {QStringLiteral("gpu_hours_to_date"), f.gpuHoursToDate},
                                {QStringLiteral("gpu_hours_expected"), f.gpuHoursExpected}});
    }
    return root;
}

QString planActualsToTable(const PlanActuals &a, const QString &currency)
{
    QString out = PlanActualsText::tr("Plan against actual (%1, %2; amounts before tax)\n").arg(a.strategyName, currency);
    TextTable table({PlanActualsText::tr("Month"), PlanActualsText::tr("Planned"), PlanActualsText::tr("Actual"), PlanActualsText::tr("Variance"), PlanActualsText::tr("Tax"), PlanActualsText::tr("GPU-h planned"), PlanActualsText::tr("GPU-h actual")},
                    {false, true, true, true, true, true, true});
    const QLocale c = QLocale::c();
    for (int m = 0; m < int(a.months.size()); ++m) {
        const std::size_t i = std::size_t(m);
        const bool booked = m < a.monthsWithActuals;
        table.addRow({a.months.at(m), c.toString(a.planned[i], 'f', 2), booked ? c.toString(a.actual[i], 'f', 2) : QString(),
                      booked ? c.toString(a.actual[i] - a.planned[i], 'f', 2) : QString(),
                      booked ? c.toString(a.tax[i], 'f', 2) : QString(), c.toString(a.plannedGpuHours[i], 'f', 0),
                      booked ? c.toString(a.gpuHours[i], 'f', 0) : QString()});
    }
    out += table.render();
    const SpendForecast &f = a.forecast;
    if (f.available) {
        out += PlanActualsText::tr("Forecast to the end of the plan: %1 (range %2 to %3) from %4 per day over the last %5 days to %6; "
                  "planned %7\n")
                   .arg(formatMoney(f.expectedTotal, currency), formatMoney(f.lowTotal, currency),
                        formatMoney(f.highTotal, currency), formatMoney(f.burnPerDay, currency))
                   .arg(f.windowDays)
                   .arg(f.dataEnd.toString(Qt::ISODate), formatMoney(a.plannedTotal, currency));
    }
    for (const QString &w : a.warnings)
        out += PlanActualsText::tr("Warning: %1\n").arg(w);
    for (const QString &n : a.notes)
        out += PlanActualsText::tr("Note: %1\n").arg(n);
    return out;
}

QString planActualsToCsv(const PlanActuals &a)
{
    QString out = QStringLiteral("month,planned,actual,variance,tax,credits_and_refunds,commitment,planned_gpu_hours,gpu_hours\n");
    for (int m = 0; m < int(a.months.size()); ++m) {
        const std::size_t i = std::size_t(m);
        const bool booked = m < a.monthsWithActuals;
        auto cell = [&](double v) { return booked ? QString::number(v, 'f', 2) : QString(); };
        out += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9\n")
                   .arg(a.months.at(m), QString::number(a.planned[i], 'f', 2), cell(a.actual[i]),
                        cell(a.actual[i] - a.planned[i]), cell(a.tax[i]), cell(a.credits[i]), cell(a.commitment[i]),
                        QString::number(a.plannedGpuHours[i], 'f', 1), booked ? QString::number(a.gpuHours[i], 'f', 1) : QString());
    }
    return out;
}

} // namespace gpuplanner::core
