// Project timelines: monthly and cumulative series per strategy, the reserved base the
// search picks, spot where phases allow it, owning the hardware, and break-even months,
// on a small project computed by hand.

#include "core/plan/Timeline.h"

#include <gtest/gtest.h>

using namespace gpuplanner::core;

namespace {

// Experiments at 100 GPU-hours a month for 2 months from 2026-01, then 2 GPUs serving for
// 12 months from 2026-03; on-demand at 2 per GPU-hour.
Scenario project()
{
    Scenario s;
    Phase experiments;
    experiments.name = QStringLiteral("Experiments");
    experiments.start = QDate(2026, 1, 1);
    experiments.months = 2;
    experiments.gpuHoursPerMonth = 100;
    experiments.spotAllowed = true;
    Phase serving;
    serving.name = QStringLiteral("Serving");
    serving.start = QDate(2026, 3, 1);
    serving.months = 12;
    serving.load = PhaseLoad::Gpus;
    serving.gpus = 2;
    s.phases = {experiments, serving};
    return s;
}

TimelineRates rates()
{
    TimelineRates r;
    r.onDemandPerGpuHour = 2.0;
    r.mainRunGpus = 8;
    r.mainRunHours = 100;
    return r;
}

} // namespace

TEST(Timeline, AllOnDemandSeries)
{
    auto t = buildTimeline(project(), rates(), FxTable());
    ASSERT_TRUE(t.ok()) << t.errorMessage().toStdString();
    ASSERT_EQ(t->months.size(), 14);
    EXPECT_EQ(t->months.first(), QStringLiteral("2026-01"));
    EXPECT_EQ(t->months.last(), QStringLiteral("2027-02"));
    const StrategySeries &od = t->strategies.first();
    EXPECT_EQ(od.id, QStringLiteral("on_demand"));
    EXPECT_DOUBLE_EQ(od.monthly[0], 200.0);             // 100 GPU-h x 2
    EXPECT_DOUBLE_EQ(od.monthly[2], 2 * 730.0 * 2.0);   // 2 GPUs all month
    EXPECT_DOUBLE_EQ(od.total, 400.0 + 12 * 2920.0);
    EXPECT_DOUBLE_EQ(od.cumulative.back(), od.total);
    EXPECT_EQ(t->strategies.size(), 1) << "no commitment terms, no spot rate, no ownership";
    EXPECT_FALSE(t->notes.isEmpty());
}

TEST(Timeline, ReservedBaseCoversTheSteadyLoad)
{
    TimelineRates r = rates();
    // 12 months at 50% off with nothing upfront: 1 per GPU-hour.
    r.commitments = {{QStringLiteral("reserved_12"), QStringLiteral("12-month term"), QStringLiteral("a quote"),
                      commitmentFromDiscount(2.0, 0.5, 12, Upfront::None)}};
    auto t = buildTimeline(project(), r, FxTable());
    ASSERT_TRUE(t.ok());
    ASSERT_EQ(t->strategies.size(), 2);
    const StrategySeries &reserved = t->strategies.at(1);
    // Best: both serving GPUs committed from 2026-03 for one term: 2 x 730 x 1 a month.
    EXPECT_DOUBLE_EQ(reserved.monthly[0], 200.0);
    EXPECT_DOUBLE_EQ(reserved.monthly[2], 1460.0);
    EXPECT_DOUBLE_EQ(reserved.total, 400.0 + 12 * 1460.0);
    EXPECT_EQ(reserved.breakEvenMonth, 0) << "never above all on-demand";
    EXPECT_TRUE(reserved.note.contains(QStringLiteral("2026-03")));
    EXPECT_TRUE(reserved.note.contains(QStringLiteral("a quote"))) << "the note says where the price came from";
    EXPECT_EQ(reserved.id, QStringLiteral("reserved_12"));

    // All upfront: the whole term is paid in its first month, so it breaks even later.
    r.commitments[0].perGpu = commitmentFromDiscount(2.0, 0.5, 12, Upfront::All);
    auto upfront = buildTimeline(project(), r, FxTable());
    const StrategySeries &paid = upfront->strategies.at(1);
    EXPECT_DOUBLE_EQ(paid.monthly[2], 2 * 730.0 * 12);
    EXPECT_DOUBLE_EQ(paid.total, 400.0 + 12 * 1460.0);
    // Cumulative: 400 + 17,520 = 17,920 vs on-demand 400 + 2,920 m; equal after 6 serving
    // months (2026-08), below from then on.
    EXPECT_EQ(upfront->months.at(paid.breakEvenMonth), QStringLiteral("2026-08"));
}

TEST(Timeline, SpotOnlyWherePhasesAllowIt)
{
    TimelineRates r = rates();
    r.spotPerGpuHour = 0.5;
    r.spotTimeFactor = 1.2;
    auto t = buildTimeline(project(), r, FxTable());
    ASSERT_TRUE(t.ok());
    const StrategySeries &spot = t->strategies.last();
    EXPECT_EQ(spot.id, QStringLiteral("spot"));
    EXPECT_DOUBLE_EQ(spot.monthly[0], 100 * 1.2 * 0.5); // experiments on spot, 20% more hours
    EXPECT_DOUBLE_EQ(spot.monthly[2], 2920.0);          // serving stays on-demand
}

TEST(Timeline, OwningTheHardware)
{
    Scenario s = project();
    s.ownership.enabled = true;
    s.ownership.gpus = 2;
    s.ownership.purchasePrice = 10000;
    s.ownership.depreciationYears = 1;
    s.ownership.tdpW = 700;
    s.ownership.pue = 1.5;
    s.ownership.electricityPerKwh = 0.1;
    s.ownership.hostingPerMonth = 100;
    s.ownership.utilization = 0.5;
    auto t = buildTimeline(s, rates(), FxTable());
    ASSERT_TRUE(t.ok()) << t.errorMessage().toStdString();
    ASSERT_TRUE(t->ownership.has_value());
    // Power: 0.7 kW x 1.5 x 0.1 = 0.105 per GPU-hour. Fixed: 10,000 / 12 + 100 = 933.33 a month.
    EXPECT_NEAR(t->ownership->powerPerGpuHour, 0.105, 1e-12);
    EXPECT_NEAR(t->ownership->fixedPerMonth, 10000.0 / 12 + 100, 1e-9);
    // At 50% use of 1,460 GPU-hours: 933.33 / 730 + 0.105 = 1.3836 per GPU-hour.
    EXPECT_NEAR(t->ownership->costPerGpuHour, (10000.0 / 12 + 100) / 730.0 + 0.105, 1e-9);
    // Break-even utilization against 2/GPU-hour: 933.33 / (1,460 x 1.895) = 33.7%.
    EXPECT_NEAR(t->ownership->breakEvenUtilization, (10000.0 / 12 + 100) / (1460.0 * 1.895), 1e-9);
    const StrategySeries &own = t->strategies.last();
    EXPECT_EQ(own.id, QStringLiteral("own"));
    EXPECT_NEAR(own.monthly[0], 10000 + 100 + 100 * 0.105, 1e-9);
    // Serving months cost 100 + 1,460 x 0.105 = 253.3 against 2,920 on-demand: owning pays
    // for itself after a few serving months and stays ahead.
    ASSERT_GE(own.breakEvenMonth, 0);
    EXPECT_LE(own.cumulative.back(), t->strategies.first().cumulative.back());
    EXPECT_GT(own.cumulative[std::size_t(own.breakEvenMonth) - 1], t->strategies.first().cumulative[std::size_t(own.breakEvenMonth) - 1]);
    // Ownership in a currency without a rate is an error naming the field.
    s.ownership.currency = QStringLiteral("EUR");
    EXPECT_TRUE(buildTimeline(s, rates(), FxTable()).errorMessage().startsWith(QStringLiteral("ownership.currency")));
}

TEST(Timeline, NeedsPhases)
{
    EXPECT_TRUE(buildTimeline(Scenario(), rates(), FxTable()).errorMessage().startsWith(QStringLiteral("phases")));
}

TEST(Timeline, TheMainRunPaysItsStorageAndEgressAsThePlanDoes)
{
    // A main run of 8 GPUs for 1,095 h (1.5 months of 730 h) with 300 of extras on-demand, and a
    // spot run of 8 GPUs for 1,000 h with 10 % extra time and 280 of extras.
    Scenario s;
    Phase run;
    run.name = QStringLiteral("Main run");
    run.start = QDate(2026, 1, 1);
    run.months = 1;
    run.load = PhaseLoad::MainRun;
    s.phases = {run};
    TimelineRates r = rates();
    r.mainRunHours = 1095;
    r.mainRunExtras = 300;
    r.spotPerGpuHour = 1.0;
    r.spotTimeFactor = 1.1;
    r.spotMainRunGpus = 8;
    r.spotMainRunHours = 1000;
    r.spotMainRunExtras = 280;

    auto t = buildTimeline(s, r, FxTable());
    ASSERT_TRUE(t.ok()) << t.errorMessage().toStdString();
    const StrategySeries &od = t->strategies.first();
    // 8 x 1,095 GPU-h at 2 plus the extras: the option's cost. Month 1 holds 730 of 1,095 h.
    EXPECT_DOUBLE_EQ(od.total, 8 * 1095 * 2.0 + 300);
    EXPECT_NEAR(od.monthly[0], 8 * 730 * 2.0 + 300 * 730.0 / 1095.0, 1e-9);
    // The main run may not use spot: the spot strategy prices it on-demand, with its extras.
    ASSERT_EQ(t->strategies.last().id, QStringLiteral("spot"));
    EXPECT_DOUBLE_EQ(t->strategies.last().total, od.total);

    s.phases[0].spotAllowed = true;
    auto onSpot = buildTimeline(s, r, FxTable());
    ASSERT_TRUE(onSpot.ok());
    EXPECT_NEAR(onSpot->strategies.last().total, 8 * 1000 * 1.1 * 1.0 + 280, 1e-9);
}
