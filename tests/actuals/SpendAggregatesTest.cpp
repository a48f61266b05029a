// The timeline over actuals reads the spend summed per group in the catalog (issue 43 item 4:
// ten million lines read as lines took 6.8 GB): on the billing fixtures of several providers,
// the comparison gives the same plan against actual on the groups as on the lines (every month,
// the forecast, the notes and warnings, the lines outside the plan, the error of a currency
// without a rate naming the same file and row), replaced lines stay out of both, and many lines
// in few groups come back as those few records, so what the timeline holds grows with the
// groups, not the lines (a count, not a timing).

#include "core/plan/PlanActuals.h"
#include "db/Database.h"
#include "db/Migrations.h"
#include "db/SpendStore.h"

#include <QBuffer>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace gpuplanner;
using namespace gpuplanner::core;

namespace {

// Sums taken in another order differ in the last bits only.
void expectClose(double lines, double sums, const std::string &what)
{
    const double scale = std::max({1.0, std::abs(lines), std::abs(sums)});
    EXPECT_LE(std::abs(lines - sums), 1e-9 * scale) << what << ": lines " << lines << ", groups " << sums;
}

void expectClose(const std::vector<double> &lines, const std::vector<double> &sums, const std::string &what)
{
    ASSERT_EQ(lines.size(), sums.size()) << what;
    for (std::size_t i = 0; i < lines.size(); ++i)
        expectClose(lines[i], sums[i], what + "[" + std::to_string(i) + "]");
}

void expectSame(const Result<PlanActuals> &byLine, const Result<PlanActuals> &byGroup, const std::string &what)
{
    ASSERT_EQ(byLine.ok(), byGroup.ok()) << what << ": " << byLine.errorMessage().toStdString() << " / "
                                         << byGroup.errorMessage().toStdString();
    if (!byLine.ok()) {
        EXPECT_EQ(byLine.errorMessage(), byGroup.errorMessage()) << what;
        return;
    }
    const PlanActuals &l = byLine.value();
    const PlanActuals &g = byGroup.value();
    EXPECT_EQ(l.months, g.months) << what;
    expectClose(l.planned, g.planned, what + " planned");
    expectClose(l.actual, g.actual, what + " actual");
    expectClose(l.tax, g.tax, what + " tax");
    expectClose(l.credits, g.credits, what + " credits");
    expectClose(l.commitment, g.commitment, what + " commitment");
    expectClose(l.gpuHours, g.gpuHours, what + " gpuHours");
    expectClose(l.plannedCumulative, g.plannedCumulative, what + " plannedCumulative");
    expectClose(l.actualCumulative, g.actualCumulative, what + " actualCumulative");
    EXPECT_EQ(l.monthsWithActuals, g.monthsWithActuals) << what;
    EXPECT_EQ(l.linesOutsidePlan, g.linesOutsidePlan) << what;
    EXPECT_EQ(l.gpuLinesWithoutGpuCount, g.gpuLinesWithoutGpuCount) << what;
    expectClose(l.paidByVouchers, g.paidByVouchers, what + " paidByVouchers");
    EXPECT_EQ(l.notes, g.notes) << what;
    EXPECT_EQ(l.warnings, g.warnings) << what;
    const SpendForecast &lf = l.forecast;
    const SpendForecast &gf = g.forecast;
    EXPECT_EQ(lf.available, gf.available) << what;
    EXPECT_EQ(lf.dataEnd, gf.dataEnd) << what;
    EXPECT_EQ(lf.windowDays, gf.windowDays) << what;
    expectClose(lf.burnPerDay, gf.burnPerDay, what + " burnPerDay");
    expectClose(lf.burnPerDayLow, gf.burnPerDayLow, what + " burnPerDayLow");
    expectClose(lf.burnPerDayHigh, gf.burnPerDayHigh, what + " burnPerDayHigh");
    expectClose(lf.toDate, gf.toDate, what + " toDate");
    expectClose(lf.expectedTotal, gf.expectedTotal, what + " expectedTotal");
    expectClose(lf.lowTotal, gf.lowTotal, what + " lowTotal");
    expectClose(lf.highTotal, gf.highTotal, what + " highTotal");
    expectClose(lf.gpuHoursToDate, gf.gpuHoursToDate, what + " gpuHoursToDate");
    expectClose(lf.gpuHoursExpected, gf.gpuHoursExpected, what + " gpuHoursExpected");
    expectClose(lf.cumulative, gf.cumulative, what + " cumulative");
    expectClose(lf.cumulativeLow, gf.cumulativeLow, what + " cumulativeLow");
    expectClose(lf.cumulativeHigh, gf.cumulativeHigh, what + " cumulativeHigh");
    expectClose(lf.monthly, gf.monthly, what + " monthly");
    expectClose(lf.monthlyLow, gf.monthlyLow, what + " monthlyLow");
    expectClose(lf.monthlyHigh, gf.monthlyHigh, what + " monthlyHigh");
}

// An all on-demand plan of `months` months from the first of start's month.
Timeline plan(int year, int month, int months)
{
    Timeline t;
    t.start = QDate(year, month, 1);
    for (int m = 0; m < months; ++m)
        t.months << t.start.addMonths(m).toString(QStringLiteral("yyyy-MM"));
    t.loadGpuHours.assign(std::size_t(months), 400.0);
    StrategySeries s;
    s.id = QStringLiteral("on_demand");
    s.name = QStringLiteral("All on-demand");
    s.monthly.assign(std::size_t(months), 9000.0);
    s.total = 9000.0 * months;
    t.strategies << s;
    return t;
}

FxTable rates(bool withEuro = true)
{
    FxTable fx;
    for (const auto &[code, perUsd] : {std::pair{"EUR", 0.92}, {"CNY", 7.23}, {"GBP", 0.79}, {"JPY", 156.0}, {"INR", 83.4}}) {
        if (withEuro || std::string(code) != "EUR")
            fx.set(FxRate{QString::fromLatin1(code), perUsd, QStringLiteral("2024-05-01"), QStringLiteral("test")});
    }
    return fx;
}

class SpendAggregates : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        const QString path = m_dir.filePath(QStringLiteral("catalog.sqlite"));
        ASSERT_TRUE(QFile::copy(QStringLiteral(GPUPLANNER_DEFAULT_CATALOG), path));
        QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        auto opened = db::Database::open(path, db::OpenMode::ReadWrite);
        ASSERT_TRUE(opened.ok()) << opened.errorMessage().toStdString();
        m_db = std::move(opened).value();
        ASSERT_TRUE(db::migrate(*m_db).ok());
        auto counts = db::gpusPerInstanceType(*m_db);
        ASSERT_TRUE(counts.ok()) << counts.errorMessage().toStdString();
        m_gpus = counts.value();
    }

    db::SpendImportOutcome import(const QByteArray &bytes, const QString &name, const QString &project)
    {
        QBuffer buffer;
        buffer.setData(bytes);
        buffer.open(QIODevice::ReadOnly);
        auto outcome = db::importSpend(*m_db, buffer, name, actuals::BillingFormat::Auto, project);
        EXPECT_TRUE(outcome.ok()) << name.toStdString() << ": " << outcome.errorMessage().toStdString();
        return outcome.ok() ? std::move(outcome).value() : db::SpendImportOutcome{};
    }

    db::SpendImportOutcome importFixture(const QString &name, const QString &project)
    {
        QFile f(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/billing/") + name);
        EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << name.toStdString();
        return import(f.readAll(), name, project);
    }

    QList<SpendRecord> lines(const QString &project)
    {
        auto read = db::spendLines(*m_db, project);
        EXPECT_TRUE(read.ok()) << read.errorMessage().toStdString();
        return read.ok() ? read.value() : QList<SpendRecord>{};
    }

    QList<SpendRecord> groups(const QString &project)
    {
        auto read = db::spendAggregates(*m_db, project);
        EXPECT_TRUE(read.ok()) << read.errorMessage().toStdString();
        return read.ok() ? read.value() : QList<SpendRecord>{};
    }

    static int lineCount(const QList<SpendRecord> &records)
    {
        int n = 0;
        for (const SpendRecord &r : records)
            n += r.lines;
        return n;
    }

    // The project's spend against each plan, read as lines and as groups; the by-line results.
    QList<PlanActuals> expectSameOnEveryPlan(const QString &project, const QList<Timeline> &plans, const FxTable &fx,
                                             double budget = 5000)
    {
        const QList<SpendRecord> byLine = lines(project);
        const QList<SpendRecord> byGroup = groups(project);
        EXPECT_EQ(lineCount(byGroup), byLine.size()) << project.toStdString();
        QList<PlanActuals> out;
        for (const Timeline &t : plans) {
            const std::string what = project.toStdString() + " from " + t.months.value(0).toStdString() + " for "
                                     + std::to_string(t.months.size()) + " months";
            const auto a = comparePlanToActuals(t, byLine, fx, QStringLiteral("USD"), budget, m_gpus);
            const auto b = comparePlanToActuals(t, byGroup, fx, QStringLiteral("USD"), budget, m_gpus);
            expectSame(a, b, what);
            if (a.ok())
                out << a.value();
        }
        return out;
    }

    QTemporaryDir m_dir;
    std::unique_ptr<db::Database> m_db;
    QHash<QString, double> m_gpus;
};

} // namespace

TEST_F(SpendAggregates, AwsCurOfDailyAndMonthLongLinesGivesTheSamePlanAgainstActual)
{
    importFixture(QStringLiteral("derived/aws_cur_legacy_gpu_daily_may2024.csv"), QStringLiteral("aws"));
    const QList<PlanActuals> results = expectSameOnEveryPlan(
        QStringLiteral("aws"), {plan(2024, 4, 3), plan(2024, 5, 1), plan(2024, 5, 2), plan(2024, 6, 2)}, rates());
    ASSERT_EQ(results.size(), 4);
    // Not vacuous: spend, GPU-hours and a forecast in May; month-long lines past a one-month plan.
    EXPECT_TRUE(results.at(0).forecast.available);
    EXPECT_GT(results.at(0).gpuHours[1], 0);
    EXPECT_GT(results.at(0).commitment[1], 0);
    EXPECT_GT(results.at(3).linesOutsidePlan, 0);
    EXPECT_LT(groups(QStringLiteral("aws")).size(), lines(QStringLiteral("aws")).size());
}

TEST_F(SpendAggregates, FocusFilesOfThreeProvidersGiveTheSamePlanAgainstActual)
{
    importFixture(QStringLiteral("finops_focus_1.0_sample.csv"), QStringLiteral("focus"));
    importFixture(QStringLiteral("derived/focus_1.2_aws_gpu_daily_may2024.csv"), QStringLiteral("focus-aws"));
    const QList<PlanActuals> sample =
        expectSameOnEveryPlan(QStringLiteral("focus"), {plan(2024, 8, 3), plan(2024, 9, 1), plan(2024, 10, 1)}, rates());
    ASSERT_EQ(sample.size(), 3);
    EXPECT_TRUE(sample.at(0).forecast.available);
    EXPECT_GT(sample.at(2).linesOutsidePlan, 900);
    expectSameOnEveryPlan(QStringLiteral("focus-aws"), {plan(2024, 5, 2), plan(2024, 4, 1)}, rates());
    EXPECT_LT(groups(QStringLiteral("focus")).size() * 2, lines(QStringLiteral("focus")).size());
}

TEST_F(SpendAggregates, AzureGcpAndTheChineseCloudsInTheirOwnOffsetsGiveTheSamePlanAgainstActual)
{
    importFixture(QStringLiteral("azure_ea_amortizedcost_2024-08-01_gpu.reconstructed.csv"), QStringLiteral("azure"));
    importFixture(QStringLiteral("gcp_bq_detailed_export_gpu.reconstructed.ndjson"), QStringLiteral("gcp"));
    importFixture(QStringLiteral("tencent_bill_detail_intl.reconstructed.csv"), QStringLiteral("cn"));
    importFixture(QStringLiteral("alibaba_bill_detail_zh.reconstructed.csv"), QStringLiteral("cn"));
    for (const QString &project : {QStringLiteral("azure"), QStringLiteral("gcp"), QStringLiteral("cn")}) {
        const QList<PlanActuals> results =
            expectSameOnEveryPlan(project, {plan(2024, 4, 3), plan(2024, 5, 1), plan(2024, 6, 1)}, rates());
        ASSERT_EQ(results.size(), 3) << project.toStdString();
        EXPECT_TRUE(results.at(0).hasActuals()) << project.toStdString();
    }
}

TEST_F(SpendAggregates, ACurrencyWithoutARateNamesTheSameFileAndRow)
{
    importFixture(QStringLiteral("generic_spend.csv"), QStringLiteral("eur"));
    expectSameOnEveryPlan(QStringLiteral("eur"), {plan(2024, 5, 1), plan(2024, 6, 1)}, rates(false));
    // The first line in date order, not in the file: row 4 and row 5 fall on one day (one group),
    // row 2 later, row 6 before a May plan.
    import("date,provider,amount,currency\n"
           "2024-05-03,aws,10,XAU\n"
           "2024-05-01,aws,10,USD\n"
           "2024-05-02,aws,10,XAU\n"
           "2024-05-02,aws,11,XAU\n"
           "2024-04-01,aws,5,XAU\n",
           QStringLiteral("odd.csv"), QStringLiteral("odd"));
    expectSameOnEveryPlan(QStringLiteral("odd"), {plan(2024, 5, 1), plan(2024, 4, 2), plan(2024, 6, 1)}, rates());
    // The lines without a rate are left out and named (issue 47 item 7); the rest is compared.
    const auto may = comparePlanToActuals(plan(2024, 5, 1), groups(QStringLiteral("odd")), rates(), QStringLiteral("USD"), 0, m_gpus);
    ASSERT_TRUE(may.ok()) << may.errorMessage().toStdString();
    EXPECT_TRUE(may->warnings.join(u'\n').contains(QStringLiteral("first: odd.csv row 4"))) << may->warnings.join(u'\n').toStdString();
    EXPECT_EQ(may->unconvertedCurrencies, QStringList{QStringLiteral("XAU")});
    EXPECT_NEAR(may->actual.at(0), 10.0, 1e-9) << "the USD line is still counted";
    const auto april = comparePlanToActuals(plan(2024, 4, 2), groups(QStringLiteral("odd")), rates(), QStringLiteral("USD"), 0, m_gpus);
    ASSERT_TRUE(april.ok()) << april.errorMessage().toStdString();
    EXPECT_TRUE(april->warnings.join(u'\n').contains(QStringLiteral("first: odd.csv row 6"))) << april->warnings.join(u'\n').toStdString();
}

TEST_F(SpendAggregates, ReplacedLinesStayOutAndEveryProjectsReadMatchesItsLines)
{
    QFile f(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/billing/derived/aws_cur_legacy_gpu_daily_may2024.csv"));
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray whole = f.readAll();
    import(whole, QStringLiteral("aws-cur-2024-05.csv"), QStringLiteral("demo"));
    // A one-line correction of the first row (as tests/db/SpendReplacementTest.cpp makes it).
    const QList<QByteArray> rows = whole.split('\n');
    QByteArray correction = rows.at(0) + '\n' + rows.at(1) + '\n';
    correction.replace("786.5424", "700.0000");
    const auto fixed = import(correction, QStringLiteral("aws-cur-2024-05-fix.csv"), QStringLiteral("demo"));
    ASSERT_EQ(fixed.replacedLines, 1);
    importFixture(QStringLiteral("generic_spend.csv"), QStringLiteral("other"));
    const QList<PlanActuals> demo = expectSameOnEveryPlan(QStringLiteral("demo"), {plan(2024, 5, 2)}, rates());
    ASSERT_EQ(demo.size(), 1);
    EXPECT_EQ(lineCount(groups(QStringLiteral("demo"))), 124);

    // Every project's at once, as the desktop reads them, split by project as PlanRunner does.
    auto allLines = db::allSpendLines(*m_db);
    auto allGroups = db::allSpendAggregates(*m_db);
    ASSERT_TRUE(allLines.ok() && allGroups.ok());
    EXPECT_EQ(lineCount(allGroups.value()), allLines.value().size());
    for (const QString &project : {QStringLiteral("demo"), QStringLiteral("other")}) {
        QList<SpendRecord> mineByLine, mineByGroup;
        for (const SpendRecord &r : allLines.value()) {
            if (r.line.project == project)
                mineByLine << r;
        }
        for (const SpendRecord &r : allGroups.value()) {
            if (r.line.project == project)
                mineByGroup << r;
        }
        ASSERT_FALSE(mineByGroup.isEmpty());
        expectSame(comparePlanToActuals(plan(2024, 5, 2), mineByLine, rates(), QStringLiteral("USD"), 5000, m_gpus),
                   comparePlanToActuals(plan(2024, 5, 2), mineByGroup, rates(), QStringLiteral("USD"), 5000, m_gpus),
                   "every project's, " + project.toStdString());
    }
}

// Each thing the comparison reads off a line, on lines that share a day and differ in it: the
// bill's offset, the case of an instance type, no hours beside hours on a type the catalog does
// not know, GPU-hours, a line over a day and a half, one ending a second past midnight, tax,
// vouchers, credits and an amortised commitment beside billed usage; each three times a day.
TEST_F(SpendAggregates, LinesThatDifferInWhatTheComparisonReadsStayApart)
{
    const QStringList templates = {
        QStringLiteral("2024-05-DDT10:00:00+08:00,2024-05-DDT11:00:00+08:00,alibaba,ecs.gn7i-c8g1.2xlarge,1,,5,CNY,usage,,"),
        QStringLiteral("2024-05-DDT00:30:00+08:00,2024-05-DDT01:30:00+08:00,alibaba,ecs.gn7i-c8g1.2xlarge,1,,5,CNY,usage,,"),
        QStringLiteral("2024-05-DDT01:00:00Z,2024-05-DDT02:00:00Z,aws,P5.48XLARGE,1,,98,USD,usage,,"),
        QStringLiteral("2024-05-DDT03:00:00Z,2024-05-DDT04:00:00Z,aws,p5.48xlarge,1,,98,USD,usage,,"),
        QStringLiteral("2024-05-DDT03:00:00Z,2024-05-DDT04:00:00Z,aws,p5.48xlarge,0,,3,USD,usage,,"),
        QStringLiteral("2024-05-DDT00:00:00Z,2024-05-EET12:00:00Z,lambda,gpu_8x_mystery,36,,700,USD,usage,,true"),
        QStringLiteral("2024-05-DDT00:00:00Z,2024-05-EET12:00:00Z,lambda,gpu_8x_mystery,0,,1,USD,usage,,true"),
        QStringLiteral("2024-05-DDT05:00:00Z,2024-05-DDT06:00:00Z,runpod,,,8,24,USD,usage,,"),
        QStringLiteral("2024-05-DDT22:00:00Z,2024-05-EET00:00:00Z,runpod,,,8,24,USD,usage,,"),
        QStringLiteral("2024-05-DDT22:00:00Z,2024-05-EET00:00:01Z,runpod,,,8,24,USD,usage,,"),
        QStringLiteral("2024-05-DDT00:00:00Z,2024-05-EET00:00:00Z,ovh,,,,4,EUR,tax,,"),
        QStringLiteral("2024-05-DDT00:00:00Z,2024-05-EET00:00:00Z,alibaba,,,,-2,CNY,payment,,"),
        QStringLiteral("2024-05-DDT00:00:00Z,2024-05-EET00:00:00Z,ovh,,,,-3,EUR,credit,,"),
        QStringLiteral("2024-05-01T00:00:00Z,2024-06-01T00:00:00Z,aws,,,,310,USD,commitment,amortized,"),
    };
    QByteArray csv = "usage_start,usage_end,provider,instance_type,hours,gpu_hours,amount,currency,kind,basis,gpu\n";
    int count = 0;
    for (int day = 1; day <= 10; ++day) {
        for (const QString &t : templates) {
            for (int copy = 0; copy < 3; ++copy) {
                QString line = t;
                line.replace(QStringLiteral("DD"), QStringLiteral("%1").arg(day, 2, 10, QLatin1Char('0')));
                line.replace(QStringLiteral("EE"), QStringLiteral("%1").arg(day + 1, 2, 10, QLatin1Char('0')));
                // Different amounts, so a line counted twice or left out shows.
                QStringList fields = line.split(u',');
                fields[6] += QStringLiteral(".%1").arg(copy + 1);
                csv += fields.join(u',').toUtf8() + '\n';
                ++count;
            }
        }
    }
    ASSERT_EQ(import(csv, QStringLiteral("mixed.csv"), QStringLiteral("mixed")).lines, count);
    // One GPU-hour line of three a reversal, as a provider's correction carries it (the simple CSV
    // refuses negative hours): its hours count none, not less than none.
    ASSERT_TRUE(m_db->exec(QStringLiteral("UPDATE spend_lines SET usage_hours = -usage_hours, amount_micros = -amount_micros "
                                          "WHERE provider = 'runpod' AND amount_micros = 24100000"))
                    .ok());
    const QList<PlanActuals> results =
        expectSameOnEveryPlan(QStringLiteral("mixed"), {plan(2024, 5, 2), plan(2024, 4, 2), plan(2024, 5, 1)}, rates(), 2000);
    ASSERT_EQ(results.size(), 3);
    const PlanActuals &may = results.at(0);
    EXPECT_TRUE(may.forecast.available);
    EXPECT_EQ(may.gpuLinesWithoutGpuCount, 30); // the 36-hour mystery lines, not those of no hours
    EXPECT_GT(may.paidByVouchers, 0);
    EXPECT_FALSE(may.warnings.isEmpty());
    EXPECT_EQ(may.notes.filter(QStringLiteral("mixes billed cost")).size(), 1) << may.notes.join(u'\n').toStdString();
    // Beijing's 00:30 on 1 May is 30 April in UTC: a plan from April counts it in May all the same.
    EXPECT_EQ(results.at(1).actual[0], 0);
    const QList<SpendRecord> byGroup = groups(QStringLiteral("mixed"));
    EXPECT_EQ(lineCount(byGroup), count);
    EXPECT_LT(byGroup.size(), count / 2);
}

TEST_F(SpendAggregates, ManyLinesInFewGroupsComeBackAsThoseGroups)
{
    // 24,000 hourly lines over three days on two instance types: per start day, lines that end
    // the same day and the 23:00 lines that end at midnight, per instance type = 12 groups.
    constexpr int kLines = 24000;
    QByteArray csv = "usage_start,usage_end,provider,instance_type,hours,amount,currency,kind\n";
    for (int i = 0; i < kLines; ++i) {
        const QDateTime start(QDate(2024, 5, 1 + i % 3), QTime((i / 3) % 24, 0), Qt::UTC);
        const char *type = (i / 72) % 2 ? "p4d.24xlarge" : "p5.48xlarge";
        csv += start.toString(Qt::ISODate).toLatin1() + ',' + start.addSecs(3600).toString(Qt::ISODate).toLatin1() + ",aws,"
               + type + ",1," + QByteArray::number(1 + (i % 97) / 100.0, 'f', 2) + ",USD,usage\n";
    }
    const auto imported = import(csv, QStringLiteral("hourly.csv"), QStringLiteral("big"));
    ASSERT_EQ(imported.lines, kLines);
    const QList<SpendRecord> byGroup = groups(QStringLiteral("big"));
    EXPECT_EQ(byGroup.size(), 12);
    EXPECT_EQ(lineCount(byGroup), kLines);
    const QList<PlanActuals> results = expectSameOnEveryPlan(QStringLiteral("big"), {plan(2024, 5, 1)}, rates());
    ASSERT_EQ(results.size(), 1);
    EXPECT_GT(results.at(0).gpuHours[0], kLines); // eight GPUs an instance-hour
}
