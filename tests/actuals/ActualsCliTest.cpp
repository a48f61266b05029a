// Actual spend end to end with the real binary: billing exports imported into a catalog copy
// (`actuals import`), held against a scenario's plan by `timeline` with the variance and a
// forecast, the same file twice counted once, a restated or corrected bill replacing the earlier
// lines it carries again (line for line, said per import, put back by `actuals remove`), and bad
// files refused with the file, row and column, nothing half-imported.
//
// The multi-day fixtures in tests/data/billing/derived/ come from the one-day samples by
// scripts/derive-billing-fixtures.py (see SOURCE.md there).

#include "CliProcess.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace {

using gpuplanner::tests::CliRun;

constexpr double kCent = 0.005;

class ActualsCli : public gpuplanner::tests::CatalogCopyCli
{
protected:
    QString data(const QString &name) const { return QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/billing/") + name; }

    // A three-month fine-tuning plan from May 2024 on the project's spend.
    QString scenario(const QString &project, double budget)
    {
        QFile base(QStringLiteral(GPUPLANNER_SOURCE_DIR "/resources/scenarios/llama-7b-pretrain.json"));
        EXPECT_TRUE(base.open(QIODevice::ReadOnly));
        QJsonObject s = QJsonDocument::fromJson(base.readAll()).object();
        s[QStringLiteral("project")] = project;
        s[QStringLiteral("phases")] = QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("Experiments")},
                                                             {QStringLiteral("start"), QStringLiteral("2024-05")},
                                                             {QStringLiteral("months"), 3},
                                                             {QStringLiteral("gpu_hours_per_month"), 8000}}};
        QJsonObject c = s.value(u"constraints").toObject();
        c[QStringLiteral("budget")] = budget;
        c.remove(QStringLiteral("deadline"));
        s[QStringLiteral("constraints")] = c;
        return write(project + QStringLiteral(".json"), QJsonDocument(s).toJson());
    }

    QJsonObject planAgainstActual(const QString &scenarioPath)
    {
        const CliRun r = run({QStringLiteral("timeline"), scenarioPath, QStringLiteral("--format"), QStringLiteral("json")});
        EXPECT_EQ(r.code, 0) << r.err.toStdString();
        return QJsonDocument::fromJson(r.out.toUtf8()).object().value(u"plan_against_actual").toObject();
    }

    int importedLines()
    {
        const CliRun r = run({QStringLiteral("actuals"), QStringLiteral("list"), QStringLiteral("--format"), QStringLiteral("json")});
        EXPECT_EQ(r.code, 0) << r.err.toStdString();
        int lines = 0;
        for (const QJsonValue &v : QJsonDocument::fromJson(r.out.toUtf8()).array())
            lines += v.toObject().value(u"lines").toInt();
        return lines;
    }

};

} // namespace

TEST_F(ActualsCli, AwsCurShowsOnTheTimelineAgainstThePlanWithAForecast)
{
    const CliRun imported = run({QStringLiteral("actuals"), QStringLiteral("import"),
                                 data(QStringLiteral("derived/aws_cur_legacy_gpu_daily_may2024.csv")),
                                 QStringLiteral("--project"), QStringLiteral("demo")});
    ASSERT_EQ(imported.code, 0) << imported.err.toStdString();
    EXPECT_TRUE(imported.out.contains(QStringLiteral("124 lines"))) << imported.out.toStdString();
    // Per kind, to the cent: 20 daily rows of each hourly sample row (x24), the monthly rows once.
    EXPECT_TRUE(imported.out.contains(QStringLiteral("usage USD 70003.30")));
    EXPECT_TRUE(imported.out.contains(QStringLiteral("commitment USD 2843.52")));
    EXPECT_TRUE(imported.out.contains(QStringLiteral("tax USD 1250.32")));

    const QJsonObject a = planAgainstActual(scenario(QStringLiteral("demo"), 150000));
    ASSERT_FALSE(a.isEmpty());
    EXPECT_EQ(a.value(u"currency").toString(), QStringLiteral("USD"));
    const QJsonArray months = a.value(u"months").toArray();
    ASSERT_EQ(months.size(), 3);
    const QJsonObject may = months.at(0).toObject();
    EXPECT_EQ(may.value(u"month").toString(), QStringLiteral("2024-05"));
    // Before tax: usage + commitment + credit + refund.
    EXPECT_NEAR(may.value(u"actual").toDouble(), 70003.30 + 2843.52 - 500.00 - 98.32, kCent);
    EXPECT_NEAR(may.value(u"tax").toDouble(), 1250.32, kCent);
    EXPECT_NEAR(may.value(u"variance").toDouble(), may.value(u"actual").toDouble() - may.value(u"planned").toDouble(), kCent);
    // 4 GPU usage rows a day on 8-GPU instances, 24 h, 20 days.
    EXPECT_NEAR(may.value(u"gpu_hours").toDouble(), 4 * 8 * 24 * 20, 0.01);
    EXPECT_FALSE(months.at(1).toObject().contains(u"actual")); // no spend booked in June yet

    const QJsonObject f = a.value(u"forecast").toObject();
    EXPECT_EQ(f.value(u"data_end").toString(), QStringLiteral("2024-05-21"));
    EXPECT_EQ(f.value(u"window_days").toInt(), 20);
    // The month's credit (-500.00) and refund (-98.32) cover all of May: spread over its 31 days,
    // 20 of them are booked by 21 May, the other 11 are left to the burn rate.
    EXPECT_NEAR(f.value(u"to_date").toDouble(), may.value(u"actual").toDouble() + (500.00 + 98.32) * 11.0 / 31.0, kCent);
    EXPECT_LE(f.value(u"low_total").toDouble(), f.value(u"expected_total").toDouble() + kCent);
    EXPECT_GE(f.value(u"high_total").toDouble() + kCent, f.value(u"expected_total").toDouble());
    // To the end of July at the recent daily rate: 21 May to 1 August is 72 days.
    const double perDay = f.value(u"burn_per_day").toDouble();
    EXPECT_NEAR(f.value(u"expected_total").toDouble(), f.value(u"to_date").toDouble() + perDay * 72, 0.01);
    const QJsonArray warnings = a.value(u"warnings").toArray();
    ASSERT_FALSE(warnings.isEmpty());
    EXPECT_TRUE(warnings.at(0).toString().contains(QStringLiteral("passes the budget of $150,000.00")))
        << warnings.at(0).toString().toStdString();

    const CliRun table = run({QStringLiteral("timeline"), scenario(QStringLiteral("demo"), 150000)});
    EXPECT_TRUE(table.out.contains(QStringLiteral("Plan against actual"))) << table.out.toStdString();
    EXPECT_TRUE(table.out.contains(QStringLiteral("Forecast to the end of the plan")));
    // --no-actuals leaves them out.
    const CliRun without = run({QStringLiteral("timeline"), scenario(QStringLiteral("demo"), 150000), QStringLiteral("--no-actuals")});
    EXPECT_FALSE(without.out.contains(QStringLiteral("Plan against actual")));
}

TEST_F(ActualsCli, AMonthlyLineNeitherStopsNorInflatesTheBurnRate)
{
    // 20 days of 1,000.00 a day, a storage line for all of May (3,100.00) and a monthly
    // commitment fee booked on the 1st for the month (6,200.00): 1,300.00 a day in all.
    QByteArray csv = "usage_start,usage_end,provider,amount,currency,kind\n";
    for (int d = 1; d <= 20; ++d)
        csv += QStringLiteral("2024-05-%1T00:00:00Z,2024-05-%2T00:00:00Z,aws,1000.00,USD,usage\n")
                   .arg(d, 2, 10, QLatin1Char('0'))
                   .arg(d + 1, 2, 10, QLatin1Char('0'))
                   .toUtf8();
    csv += "2024-05-01T00:00:00Z,2024-06-01T00:00:00Z,aws,3100.00,USD,usage\n";
    csv += "2024-05-01T00:00:00Z,2024-06-01T00:00:00Z,aws,6200.00,USD,commitment\n";
    ASSERT_EQ(run({QStringLiteral("actuals"), QStringLiteral("import"), write(QStringLiteral("may.csv"), csv),
                   QStringLiteral("--project"), QStringLiteral("monthly")}).code, 0);
    const QJsonObject f = planAgainstActual(scenario(QStringLiteral("monthly"), 1e7)).value(u"forecast").toObject();
    EXPECT_EQ(f.value(u"data_end").toString(), QStringLiteral("2024-05-21")) << "the daily lines' reach, not June 1";
    EXPECT_NEAR(f.value(u"burn_per_day").toDouble(), 1300.0, kCent);
    EXPECT_NEAR(f.value(u"to_date").toDouble(), 20 * 1300.0, kCent);
    // To the end of July: 21 May to 1 August is 72 days more at 1,300.00.
    EXPECT_NEAR(f.value(u"expected_total").toDouble(), (20 + 72) * 1300.0, kCent);
}

TEST_F(ActualsCli, SpendOfBilledAndAmortisedCostTogetherIsNamed)
{
    // AWS's CUR is read as amortised cost, Tencent's bill as billed cost: the comparison says so.
    for (const QString &file : {QStringLiteral("derived/aws_cur_legacy_gpu_daily_may2024.csv"),
                                QStringLiteral("tencent_bill_detail_intl.reconstructed.csv")})
        ASSERT_EQ(run({QStringLiteral("actuals"), QStringLiteral("import"), data(file), QStringLiteral("--project"), QStringLiteral("mixed")}).code, 0);
    const QJsonObject a = planAgainstActual(scenario(QStringLiteral("mixed"), 1e7));
    const QString notes = a.value(u"notes").toVariant().toStringList().join(u'\n');
    EXPECT_TRUE(notes.contains(QStringLiteral("the spend mixes billed cost (tencent) with amortised cost (aws)"))) << notes.toStdString();
}

TEST_F(ActualsCli, FocusFileShowsOnTheTimelineWithItsOwnProject)
{
    const CliRun imported = run({QStringLiteral("actuals"), QStringLiteral("import"),
                                 data(QStringLiteral("derived/focus_1.2_aws_gpu_daily_may2024.csv")),
                                 QStringLiteral("--project"), QStringLiteral("focus-demo")});
    ASSERT_EQ(imported.code, 0) << imported.err.toStdString();
    EXPECT_TRUE(imported.out.contains(QStringLiteral("(focus)")));
    const QJsonObject a = planAgainstActual(scenario(QStringLiteral("focus-demo"), 1e7));
    const QJsonObject may = a.value(u"months").toArray().at(0).toObject();
    EXPECT_NEAR(may.value(u"actual").toDouble(), 60564.77 + 2843.52 - 500.00, kCent);
    EXPECT_NEAR(may.value(u"tax").toDouble(), 1250.32, kCent);
    EXPECT_TRUE(a.value(u"forecast").toObject().value(u"expected_total").toDouble() > may.value(u"actual").toDouble());
    // Another project's scenario sees none of it.
    EXPECT_TRUE(planAgainstActual(scenario(QStringLiteral("other"), 1e7)).isEmpty());
}

TEST_F(ActualsCli, SameFileTwiceCountsOnceAndARestatedBillReplacesTheLinesItCarriesAgain)
{
    const QString file = data(QStringLiteral("derived/aws_cur_legacy_gpu_daily_may2024.csv"));
    ASSERT_EQ(run({QStringLiteral("actuals"), QStringLiteral("import"), file, QStringLiteral("--project"), QStringLiteral("demo")}).code, 0);
    const CliRun again = run({QStringLiteral("actuals"), QStringLiteral("import"), file, QStringLiteral("--project"), QStringLiteral("demo")});
    EXPECT_EQ(again.code, 0);
    EXPECT_TRUE(again.out.contains(QStringLiteral("already imported (import 1); counted once"))) << again.out.toStdString();
    EXPECT_EQ(importedLines(), 124);

    // AWS rewrites May: the same rows with the refund gone. Its 123 lines replace their earlier
    // copies; the refund it no longer carries stays until the earlier import is removed.
    QFile original(file);
    ASSERT_TRUE(original.open(QIODevice::ReadOnly));
    QList<QByteArray> rows = original.readAll().split('\n');
    QByteArray restated;
    for (const QByteArray &row : rows) {
        if (!row.contains(",Refund,") && !row.isEmpty())
            restated += row + '\n';
    }
    const CliRun replaced = run({QStringLiteral("actuals"), QStringLiteral("import"), write(QStringLiteral("may-restated.csv"), restated),
                                 QStringLiteral("--project"), QStringLiteral("demo")});
    ASSERT_EQ(replaced.code, 0) << replaced.err.toStdString();
    EXPECT_TRUE(replaced.out.contains(QStringLiteral(
        "replaced 123 lines of import 1 (aws_cur_legacy_gpu_daily_may2024.csv) in 2024-05; "
        "`gpu-planner-cli actuals remove 2` puts them back")))
        << replaced.out.toStdString();
    EXPECT_EQ(importedLines(), 124);
    QJsonObject may = planAgainstActual(scenario(QStringLiteral("demo"), 0)).value(u"months").toArray().at(0).toObject();
    EXPECT_NEAR(may.value(u"actual").toDouble(), 70003.30 + 2843.52 - 500.00 - 98.32, kCent);

    ASSERT_EQ(run({QStringLiteral("actuals"), QStringLiteral("remove"), QStringLiteral("1")}).code, 0);
    EXPECT_EQ(importedLines(), 123);
    may = planAgainstActual(scenario(QStringLiteral("demo"), 0)).value(u"months").toArray().at(0).toObject();
    EXPECT_NEAR(may.value(u"actual").toDouble(), 70003.30 + 2843.52 - 500.00, kCent);
}

TEST_F(ActualsCli, AOneLineCorrectionReplacesThatLineAndRemovingItPutsTheLineBack)
{
    // Issue 43: a one-line correction file used to take the whole period of the earlier import
    // with it. The correction: the CUR's first row (p4d.24xlarge on demand, 1 May) at 700.00.
    const QString file = data(QStringLiteral("derived/aws_cur_legacy_gpu_daily_may2024.csv"));
    ASSERT_EQ(run({QStringLiteral("actuals"), QStringLiteral("import"), file, QStringLiteral("--project"), QStringLiteral("demo")}).code, 0);
    QFile original(file);
    ASSERT_TRUE(original.open(QIODevice::ReadOnly));
    const QList<QByteArray> rows = original.readAll().split('\n');
    QByteArray correction = rows.at(0) + '\n' + rows.at(1) + '\n';
    correction.replace("786.5424", "700.0000");
    const CliRun fixed = run({QStringLiteral("actuals"), QStringLiteral("import"), write(QStringLiteral("may-fix.csv"), correction),
                              QStringLiteral("--project"), QStringLiteral("demo")});
    ASSERT_EQ(fixed.code, 0) << fixed.err.toStdString();
    EXPECT_TRUE(fixed.out.contains(QStringLiteral(
        "replaced 1 line of import 1 (aws_cur_legacy_gpu_daily_may2024.csv) in 2024-05; "
        "`gpu-planner-cli actuals remove 2` puts it back")))
        << fixed.out.toStdString();
    EXPECT_EQ(importedLines(), 124);
    const double whole = 70003.30 + 2843.52 - 500.00 - 98.32;
    QJsonObject may = planAgainstActual(scenario(QStringLiteral("demo"), 0)).value(u"months").toArray().at(0).toObject();
    EXPECT_NEAR(may.value(u"actual").toDouble(), whole - 786.5424 + 700.00, kCent);

    const CliRun removed = run({QStringLiteral("actuals"), QStringLiteral("remove"), QStringLiteral("2")});
    ASSERT_EQ(removed.code, 0) << removed.err.toStdString();
    EXPECT_EQ(importedLines(), 124);
    may = planAgainstActual(scenario(QStringLiteral("demo"), 0)).value(u"months").toArray().at(0).toObject();
    EXPECT_NEAR(may.value(u"actual").toDouble(), whole, kCent);
}

TEST_F(ActualsCli, TheTwoPartsOfASplitExportAddUpToTheWholeFile)
{
    // Issue 43: part 2 of a split export shared one line with part 1 and took all of part 1's
    // May with it. Cut after data row 89, part 2 starting with row 89 again (not between rows
    // 21-40 and 41-60, whose Savings Plan covered usage and negation share an identity).
    const QString file = data(QStringLiteral("derived/aws_cur_legacy_gpu_daily_may2024.csv"));
    QFile original(file);
    ASSERT_TRUE(original.open(QIODevice::ReadOnly));
    QList<QByteArray> rows = original.readAll().split('\n');
    rows.removeAll(QByteArray());
    ASSERT_EQ(rows.size(), 125);
    QByteArray first = rows.at(0) + '\n';
    QByteArray second = first;
    for (qsizetype i = 1; i <= 89; ++i)
        first += rows.at(i) + '\n';
    for (qsizetype i = 89; i < rows.size(); ++i)
        second += rows.at(i) + '\n';
    ASSERT_EQ(run({QStringLiteral("actuals"), QStringLiteral("import"), write(QStringLiteral("may-1.csv"), first),
                   QStringLiteral("--project"), QStringLiteral("demo")}).code, 0);
    const CliRun part = run({QStringLiteral("actuals"), QStringLiteral("import"), write(QStringLiteral("may-2.csv"), second),
                             QStringLiteral("--project"), QStringLiteral("demo")});
    ASSERT_EQ(part.code, 0) << part.err.toStdString();
    EXPECT_TRUE(part.out.contains(QStringLiteral("replaced 1 line of import 1 (may-1.csv) in 2024-05"))) << part.out.toStdString();
    EXPECT_EQ(importedLines(), 124);
    const QJsonObject may = planAgainstActual(scenario(QStringLiteral("demo"), 0)).value(u"months").toArray().at(0).toObject();
    EXPECT_NEAR(may.value(u"actual").toDouble(), 70003.30 + 2843.52 - 500.00 - 98.32, kCent);
    EXPECT_NEAR(may.value(u"tax").toDouble(), 1250.32, kCent);
}

TEST_F(ActualsCli, ARestatementReplacesOnlyTheSameBillsLines)
{
    // Without --project, as the desktop allows: every line under its own tag (none here).
    const QString file = data(QStringLiteral("derived/aws_cur_legacy_gpu_daily_may2024.csv"));
    ASSERT_EQ(run({QStringLiteral("actuals"), QStringLiteral("import"), file}).code, 0);
    QFile original(file);
    ASSERT_TRUE(original.open(QIODevice::ReadOnly));
    const QByteArray bytes = original.readAll();

    // The same bill restated (the refund withdrawn) replaces the lines it carries again: counted
    // once, not twice; the withdrawn refund stays with its import.
    QByteArray restated;
    for (const QByteArray &row : bytes.split('\n')) {
        if (!row.contains(",Refund,") && !row.isEmpty())
            restated += row + '\n';
    }
    const CliRun replaced = run({QStringLiteral("actuals"), QStringLiteral("import"), write(QStringLiteral("restated.csv"), restated)});
    ASSERT_EQ(replaced.code, 0) << replaced.err.toStdString();
    EXPECT_TRUE(replaced.out.contains(QStringLiteral("replaced 123 lines"))) << replaced.out.toStdString();
    EXPECT_EQ(importedLines(), 124);

    // Another account's part of a split export has none of these lines: it adds, it replaces nothing.
    QByteArray otherAccount = restated;
    otherAccount.replace("111122223333", "444455556666");
    const CliRun part = run({QStringLiteral("actuals"), QStringLiteral("import"), write(QStringLiteral("part-2.csv"), otherAccount)});
    ASSERT_EQ(part.code, 0) << part.err.toStdString();
    EXPECT_FALSE(part.out.contains(QStringLiteral("replaced"))) << part.out.toStdString();
    EXPECT_EQ(importedLines(), 247);

    // A hand-typed line for the same provider and month (generic CSV) is not a restatement either.
    const CliRun typed = run({QStringLiteral("actuals"), QStringLiteral("import"), data(QStringLiteral("generic_spend.csv"))});
    ASSERT_EQ(typed.code, 0) << typed.err.toStdString();
    EXPECT_FALSE(typed.out.contains(QStringLiteral("replaced"))) << typed.out.toStdString();
    EXPECT_EQ(importedLines(), 247 + 7);
}

TEST_F(ActualsCli, BeijingTimeBillsCountInTheirOwnMonthAndVouchersDoNotLowerTheSpend)
{
    // Tencent's rows are the hour from 2024-05-01 00:00 Beijing time (April 30, 16:00 UTC): May's
    // spend in a plan that starts in May. Row 2 was paid by a 5.196 voucher, which pays the bill
    // and does not lower it (the billing README: compare the plan to the payable amount).
    const CliRun imported = run({QStringLiteral("actuals"), QStringLiteral("import"),
                                 data(QStringLiteral("tencent_bill_detail_intl.reconstructed.csv")),
                                 QStringLiteral("--project"), QStringLiteral("cn")});
    ASSERT_EQ(imported.code, 0) << imported.err.toStdString();
    const QJsonObject a = planAgainstActual(scenario(QStringLiteral("cn"), 1e7));
    const QJsonObject may = a.value(u"months").toArray().at(0).toObject();
    EXPECT_EQ(may.value(u"month").toString(), QStringLiteral("2024-05"));
    EXPECT_NEAR(may.value(u"actual").toDouble(), 25.98 + 5.196, kCent) << QJsonDocument(a).toJson().toStdString();
    EXPECT_NEAR(a.value(u"paid_by_vouchers").toDouble(), 5.196, kCent);
    const QString notes = a.value(u"notes").toVariant().toStringList().join(u'\n');
    EXPECT_TRUE(notes.contains(QStringLiteral("vouchers and promotional credits paid $5.20"))) << notes.toStdString();
    EXPECT_FALSE(notes.contains(QStringLiteral("outside the plan"))) << notes.toStdString();
}

TEST_F(ActualsCli, BadFilesAreRefusedWithFileRowAndColumnAndNothingIsImported)
{
    CliRun r = run({QStringLiteral("actuals"), QStringLiteral("import"),
                    write(QStringLiteral("unknown.csv"), "when,what,how much\n2024-05-01,gpu,12\n")});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(QStringLiteral("unknown.csv"))) << r.err.toStdString();

    r = run({QStringLiteral("actuals"), QStringLiteral("import"),
             write(QStringLiteral("badnumber.csv"), "date,provider,amount,currency\n2024-05-01,aws,12.5,USD\n2024-05-02,aws,twelve,USD\n"),
             QStringLiteral("--format"), QStringLiteral("csv")});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(QStringLiteral("badnumber.csv:3")) && r.err.contains(QStringLiteral("amount")))
        << r.err.toStdString();
    EXPECT_EQ(importedLines(), 0);

    // Dates outside the plan, when the import names the scenario.
    const QString plan = scenario(QStringLiteral("demo"), 0);
    r = run({QStringLiteral("actuals"), QStringLiteral("import"),
             write(QStringLiteral("late.csv"), "date,provider,amount,currency\n2024-05-01,aws,10,USD\n2025-02-01,aws,10,USD\n"),
             QStringLiteral("--scenario"), plan, QStringLiteral("--project"), QStringLiteral("demo")});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(QStringLiteral("late.csv row 3, usage start: 2025-02-01 is outside the plan"))) << r.err.toStdString();
    EXPECT_EQ(importedLines(), 0);

    // A currency the plan has no rate for (issue 47 item 7): that line is left out and named with
    // its file, row and the fix; the rest of the spend is still compared.
    ASSERT_EQ(run({QStringLiteral("actuals"), QStringLiteral("import"),
                   write(QStringLiteral("odd.csv"), "date,provider,amount,currency\n2024-05-01,aws,10,USD\n2024-05-02,aws,10,XAU\n"),
                   QStringLiteral("--project"), QStringLiteral("demo")})
                  .code,
              0);
    r = run({QStringLiteral("timeline"), plan});
    EXPECT_EQ(r.code, 0) << r.err.toStdString();
    const QString said = (r.out + r.err).simplified();
    EXPECT_TRUE(said.contains(QStringLiteral("1 billing line(s) in XAU (10.00 XAU in all, first: odd.csv row 3) have no "
                                             "exchange rate to USD and are left out")))
        << said.toStdString();
    EXPECT_TRUE(said.contains(QStringLiteral("assumptions.fx"))) << said.toStdString();

    EXPECT_EQ(run({QStringLiteral("actuals"), QStringLiteral("import"), data(QStringLiteral("generic_spend.csv")),
                   QStringLiteral("--format"), QStringLiteral("nope")})
                  .code,
              1);
    EXPECT_EQ(run({QStringLiteral("actuals"), QStringLiteral("remove"), QStringLiteral("99")}).code, 2);
}
