// gpu-planner-cli report end to end: the real binary with no display and a private XDG data
// directory; the PDF is read back with poppler-utils and compared with `plan --format json`.

#include "report/ReportTestSupport.h"

#include "core/cost/Money.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "CliProcess.h"

using namespace gpuplanner;
using gpuplanner::tests::runTool;

namespace {

using gpuplanner::tests::CliRun;

class ReportCli : public ::testing::Test
{
protected:
    CliRun run(const QStringList &args)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path());
        // No display at all, and a platform that would need one: the CLI must not care.
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
        return gpuplanner::tests::runCli(args, env, 180000);
    }

    QString example(const QString &name)
    {
        const QString path = m_home.filePath(name + QStringLiteral(".json"));
        QFile::remove(path);
        QFile in(QStringLiteral(":/scenarios/%1.json").arg(name));
        EXPECT_TRUE(in.open(QIODevice::ReadOnly));
        QFile out(path);
        EXPECT_TRUE(out.open(QIODevice::WriteOnly));
        out.write(in.readAll());
        return path;
    }

    // Writes the report, checks it succeeded and returns the PDF path.
    QString report(const QString &scenario, const QString &file, const QStringList &extra)
    {
        const QString pdf = QDir(tests::artifactDir()).filePath(file);
        QFile::remove(pdf);
        const CliRun r = run(QStringList{QStringLiteral("report"), scenario, QStringLiteral("-o"), pdf} + extra);
        EXPECT_EQ(r.code, 0) << r.err.toStdString();
        EXPECT_TRUE(QFile::exists(pdf));
        return pdf;
    }

    // Every page as a PNG next to the PDF, for people to look at.
    void render(const QString &pdf)
    {
        QString prefix = pdf;
        prefix.chop(4);
        const tests::ToolRun r = runTool(QStringLiteral("pdftoppm"), {QStringLiteral("-png"), QStringLiteral("-r"),
                                                                      QStringLiteral("70"), pdf, prefix});
        EXPECT_EQ(r.code, 0) << r.err.toStdString();
        const QString first = prefix + QStringLiteral("-1.png");
        const QString firstPadded = prefix + QStringLiteral("-01.png");
        EXPECT_TRUE(QFile::exists(first) || QFile::exists(firstPadded)) << first.toStdString();
    }

    QString text(const QString &pdf)
    {
        const tests::ToolRun r = runTool(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
        EXPECT_EQ(r.code, 0) << r.err.toStdString();
        return tests::plainText(r.out);
    }

    QJsonObject planJson(const QString &scenario, int top)
    {
        const CliRun r = run({QStringLiteral("plan"), scenario, QStringLiteral("--top"), QString::number(top),
                              QStringLiteral("--format"), QStringLiteral("json")});
        EXPECT_EQ(r.code, 0) << r.err.toStdString();
        return QJsonDocument::fromJson(r.out.toUtf8()).object();
    }

    // The plan's figures as the report prints them.
    void expectPlanFigures(const QString &text, const QJsonObject &plan)
    {
        const QString currency = plan.value(QStringLiteral("currency")).toString();
        auto money = [&](const QJsonValue &v) { return core::formatMoney(v.toDouble(), currency); };
        auto percent = [](const QJsonValue &v) { return QStringLiteral("%1%").arg(v.toDouble() * 100.0, 0, 'f', 0); };
        const QJsonArray options = plan.value(QStringLiteral("options")).toArray();
        ASSERT_FALSE(options.isEmpty());
        for (const QJsonValue &v : options) {
            const QJsonObject o = v.toObject();
            for (const char *key : {"provider_name", "instance_type", "region"})
                EXPECT_TRUE(text.contains(o.value(QLatin1String(key)).toString())) << key;
            EXPECT_TRUE(text.contains(money(o.value(QStringLiteral("cost_p50"))))) << money(o.value(QStringLiteral("cost_p50"))).toStdString();
            EXPECT_TRUE(text.contains(money(o.value(QStringLiteral("cost_p90"))))) << money(o.value(QStringLiteral("cost_p90"))).toStdString();
        }
        const QJsonObject rec = plan.value(QStringLiteral("recommendation")).toObject();
        EXPECT_TRUE(text.contains(money(rec.value(QStringLiteral("cost"))))) << money(rec.value(QStringLiteral("cost"))).toStdString();
        const int rank = rec.value(QStringLiteral("rank")).toInt();
        ASSERT_GE(rank, 1);
        const QJsonObject best = options.at(rank - 1).toObject();
        EXPECT_TRUE(text.contains(money(best.value(QStringLiteral("cost_p90")))));
        // A scenario without a deadline or budget says so instead of a probability.
        if (!text.contains(QStringLiteral("no deadline"))) {
            EXPECT_TRUE(text.contains(percent(best.value(QStringLiteral("p_meet_deadline")))));
        }
        if (!text.contains(QStringLiteral("no budget"))) {
            EXPECT_TRUE(text.contains(percent(best.value(QStringLiteral("p_meet_budget")))));
        }
    }

    QTemporaryDir m_home;
};

} // namespace

TEST_F(ReportCli, EnglishA4ShowsEverySectionWithThePlansFigures)
{
    const QString scenario = example(QStringLiteral("llama-7b-pretrain"));
    const QString pdf = report(scenario, QStringLiteral("llama-7b-en-a4.pdf"),
                               {QStringLiteral("--top"), QStringLiteral("5"), QStringLiteral("--author"), QStringLiteral("Ada Lovelace")});
    const QString t = text(pdf);
    for (const char *section : {"GPU rental plan", "Pre-train a 7B model", "Ada Lovelace", "Executive summary",
                                "Workload and constraints", "Assumptions", "Comparison of the top 5 options",
                                "Cost against time", "Cost with risk ranges", "Cost over the project's timeline",
                                "Catalog freshness and price sources", "Disclaimer",
                                // The workload's ids in words, the provider by its name.
                                "Pre-training", "BF16 mixed precision", "Google Cloud"})
        EXPECT_TRUE(t.contains(QLatin1String(section))) << section;
    EXPECT_TRUE(t.contains(QRegularExpression(QStringLiteral("Page 2 of \\d+"))));
    expectPlanFigures(t, planJson(scenario, 5));
    // Every provider of the catalog with its data date.
    EXPECT_TRUE(t.contains(QStringLiteral("skypilot-catalog")));
    EXPECT_TRUE(t.contains(QStringLiteral("2024-08"))); // azure's data date
    const tests::ToolRun info = runTool(QStringLiteral("pdfinfo"), {pdf});
    EXPECT_TRUE(info.out.contains(QStringLiteral("(A4)"))) << info.out.toStdString();
    render(pdf);
}

TEST_F(ReportCli, EveryExchangeRateNamesItsSource)
{
    const QString scenario = example(QStringLiteral("llama-7b-pretrain"));
    QFile f(scenario);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
    f.close();
    doc.insert(QStringLiteral("display_currency"), QStringLiteral("EUR"));
    QJsonObject assumptions = doc.value(QStringLiteral("assumptions")).toObject();
    assumptions.insert(QStringLiteral("fx"), QJsonArray{QJsonObject{{QStringLiteral("currency"), QStringLiteral("EUR")},
                                                                     {QStringLiteral("per_usd"), 0.92},
                                                                     {QStringLiteral("date"), QStringLiteral("2026-11-27")},
                                                                     {QStringLiteral("source"), QStringLiteral("treasury desk quote")}}});
    doc.insert(QStringLiteral("assumptions"), assumptions);
    QJsonObject constraints = doc.value(QStringLiteral("constraints")).toObject();
    constraints.insert(QStringLiteral("billing"), QJsonArray{QStringLiteral("on_demand"), QStringLiteral("reserved")});
    doc.insert(QStringLiteral("constraints"), constraints);
    const QString eur = m_home.filePath(QStringLiteral("eur.json"));
    QFile out(eur);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(doc).toJson());
    out.close();
    const QString t = text(report(eur, QStringLiteral("llama-7b-eur.pdf"), {}));
    // The display currency's own rate, and the catalog's CNY rate with the snapshot it came from.
    EXPECT_TRUE(t.contains(QStringLiteral("Amounts are shown in EUR at 0.92 EUR per US dollar"))) << t.toStdString();
    EXPECT_TRUE(t.contains(QStringLiteral("treasury desk quote")));
    // Every compared option is priced in US dollars: no other currency's rate is named (issue 28).
    EXPECT_FALSE(t.contains(QStringLiteral("CNY is converted"))) << t.toStdString();
    // The billing models in words, not as ids.
    EXPECT_TRUE(t.contains(QStringLiteral("on-demand, reserved"))) << t.toStdString();
    EXPECT_FALSE(t.contains(QStringLiteral("on_demand"))) << t.toStdString();

    // Options priced in yuan name the catalog's CNY rate with the snapshot it came from.
    doc.insert(QStringLiteral("constraints"), QJsonObject{{QStringLiteral("providers"), QJsonArray{QStringLiteral("alicloud")}},
                                                         {QStringLiteral("rdma_for_multi_node"), false}});
    const QString ali = m_home.filePath(QStringLiteral("alicloud.json"));
    QFile aliOut(ali);
    ASSERT_TRUE(aliOut.open(QIODevice::WriteOnly));
    aliOut.write(QJsonDocument(doc).toJson());
    aliOut.close();
    const QString yuan = text(report(ali, QStringLiteral("llama-7b-alicloud-eur.pdf"), {}));
    // The ECB's rate of 2026-10-09: 7.4992 CNY and 1.1206 USD per euro.
    EXPECT_TRUE(yuan.contains(QStringLiteral("CNY is converted at 6.69213 per US dollar"))) << yuan.toStdString();
    EXPECT_TRUE(yuan.simplified().contains(QStringLiteral("ECB euro foreign exchange reference rates of 2026-10-09")))
        << yuan.toStdString();
}

TEST_F(ReportCli, FontsAreEmbedded)
{
    const QString scenario = example(QStringLiteral("llama-7b-pretrain"));
    for (const QString &lang : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        const QString pdf = report(scenario, QStringLiteral("fonts-%1.pdf").arg(lang), {QStringLiteral("--lang"), lang});
        const tests::ToolRun fonts = runTool(QStringLiteral("pdffonts"), {pdf});
        ASSERT_EQ(fonts.code, 0) << fonts.err.toStdString();
        const QStringList lines = fonts.out.split(u'\n', Qt::SkipEmptyParts).mid(2); // after the two header lines
        ASSERT_FALSE(lines.isEmpty()) << fonts.out.toStdString();
        for (const QString &line : lines) {
            // Columns: name type encoding emb sub uni object ID; "emb" must be yes for every font.
            const QStringList cells = line.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
            ASSERT_GE(cells.size(), 7) << line.toStdString();
            EXPECT_EQ(cells.at(cells.size() - 5), QStringLiteral("yes")) << line.toStdString();
        }
        const QString expected = lang == u"zh_CN" ? QStringLiteral("NotoSansCJK") : QStringLiteral("DejaVuSans");
        EXPECT_TRUE(fonts.out.contains(expected)) << fonts.out.toStdString();
    }
}

TEST_F(ReportCli, ChineseLetterShowsEverySectionWithThePlansFigures)
{
    const QString scenario = example(QStringLiteral("llama-7b-pretrain"));
    const QString pdf = report(scenario, QStringLiteral("llama-7b-zh_CN-letter.pdf"),
                               {QStringLiteral("--top"), QStringLiteral("5"), QStringLiteral("--lang"),
                                QStringLiteral("zh_CN"), QStringLiteral("--page-size"), QStringLiteral("Letter")});
    const QString t = text(pdf);
    for (const QString &section : {QStringLiteral("GPU 租用方案"), QStringLiteral("执行摘要"), QStringLiteral("工作负载与约束"),
                                   QStringLiteral("假设"), QStringLiteral("前 5 个选项对比"), QStringLiteral("成本与用时"),
                                   QStringLiteral("成本及风险区间"), QStringLiteral("项目周期内的成本"),
                                   QStringLiteral("目录时效与价格来源"), QStringLiteral("免责声明"),
                                   QStringLiteral("预训练"), QStringLiteral("BF16 混合精度")})
        EXPECT_TRUE(t.contains(section)) << section.toStdString();
    expectPlanFigures(t, planJson(scenario, 5));
    const tests::ToolRun info = runTool(QStringLiteral("pdfinfo"), {pdf});
    EXPECT_TRUE(info.out.contains(QStringLiteral("612 x 792 pts (letter)"))) << info.out.toStdString();
    render(pdf);
}

TEST_F(ReportCli, PageCountGrowsSensiblyFrom3To50Options)
{
    const QString scenario = example(QStringLiteral("llama-7b-pretrain"));
    const QString small = report(scenario, QStringLiteral("top3.pdf"), {QStringLiteral("--top"), QStringLiteral("3")});
    const QString large = report(scenario, QStringLiteral("top50.pdf"), {QStringLiteral("--top"), QStringLiteral("50")});
    const int smallPages = tests::pdfPages(small);
    const int largePages = tests::pdfPages(large);
    EXPECT_GE(smallPages, 4);
    EXPECT_LE(smallPages, 8);
    // 50 rows take about two more pages of table, not one page each.
    EXPECT_GT(largePages, smallPages);
    EXPECT_LE(largePages, smallPages + 4);
    // The table's header is repeated on each page the table spans.
    const QString t = text(large);
    EXPECT_GE(t.count(QStringLiteral("Instance type")), 2);
    EXPECT_TRUE(t.contains(QRegularExpression(QStringLiteral("\\b50\\b"))));
    render(large);
}

TEST_F(ReportCli, ServingScenarioWithoutDeadlineOrBudget)
{
    const QString scenario = example(QStringLiteral("llama-70b-serving"));
    const QString pdf = report(scenario, QStringLiteral("llama-70b-serving-en.pdf"), {});
    const QString t = text(pdf);
    EXPECT_TRUE(t.contains(QStringLiteral("no deadline")));
    expectPlanFigures(t, planJson(scenario, 10));
    // The recommended commitment and the timeline's 1- and 3-year terms name where their prices came from.
    const QString flat = QString(t).replace(u'\n', u' ');
    EXPECT_TRUE(flat.contains(QStringLiteral("Price source:"))) << "the recommendation is a commitment";
    EXPECT_TRUE(flat.contains(QStringLiteral("12-month reserved"))) << flat.toStdString();
    EXPECT_TRUE(flat.contains(QStringLiteral("36-month reserved")));
    EXPECT_TRUE(flat.contains(QStringLiteral("cloud-gpus.com"))) << "an aggregate ratio says so";
    EXPECT_FALSE(flat.contains(QStringLiteral("placeholder")));
    render(pdf);
}

TEST_F(ReportCli, UsageErrorsNameTheFlag)
{
    const QString scenario = example(QStringLiteral("mobilenet-t4"));
    const QString out = m_home.filePath(QStringLiteral("r.pdf"));
    struct Case
    {
        QStringList args;
        const char *mention;
    };
    const QList<Case> cases{
        {{QStringLiteral("report"), scenario}, "-o/--output"},
        {{QStringLiteral("report"), QStringLiteral("-o"), out}, "SCENARIO.json"},
        {{QStringLiteral("report"), scenario, QStringLiteral("-o"), out, QStringLiteral("--lang"), QStringLiteral("fr")}, "--lang: 'fr'"},
        {{QStringLiteral("report"), scenario, QStringLiteral("-o"), out, QStringLiteral("--page-size"), QStringLiteral("A5")},
         "--page-size: 'A5'"},
        {{QStringLiteral("report"), scenario, QStringLiteral("-o"), out, QStringLiteral("--top"), QStringLiteral("0")}, "--top: '0'"},
        {{QStringLiteral("report"), scenario, QStringLiteral("-o"), out, QStringLiteral("--colour")}, "colour"},
    };
    for (const Case &c : cases) {
        const CliRun r = run(c.args);
        EXPECT_EQ(r.code, 1) << c.mention;
        EXPECT_TRUE(r.err.contains(QLatin1String(c.mention))) << r.err.toStdString();
    }
    EXPECT_FALSE(QFile::exists(out));
}

TEST_F(ReportCli, DataErrorsNameTheFile)
{
    const QString missing = m_home.filePath(QStringLiteral("missing.json"));
    CliRun r = run({QStringLiteral("report"), missing, QStringLiteral("-o"), m_home.filePath(QStringLiteral("r.pdf"))});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(missing)) << r.err.toStdString();

    const QString unwritable = m_home.filePath(QStringLiteral("no/such/dir/r.pdf"));
    r = run({QStringLiteral("report"), example(QStringLiteral("mobilenet-t4")), QStringLiteral("-o"), unwritable});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(unwritable)) << r.err.toStdString();
}

// The fault probe (issue 43): the report helper was waited on with no limit. A helper that never
// finishes (here `sleep`) is stopped at GPUPLANNER_REPORT_TIMEOUT and the CLI says so.
TEST_F(ReportCli, AHelperThatRunsOnIsStoppedAtItsLimit)
{
    const QString helper = m_home.filePath(QStringLiteral("stuck-helper.sh"));
    QFile script(helper);
    ASSERT_TRUE(script.open(QIODevice::WriteOnly));
    script.write("#!/bin/sh\nexec sleep 100000\n");
    script.close();
    script.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path());
    env.insert(QStringLiteral("GPUPLANNER_REPORT_HELPER"), helper);
    env.insert(QStringLiteral("GPUPLANNER_REPORT_TIMEOUT"), QStringLiteral("1"));
    const CliRun r = gpuplanner::tests::runCli({QStringLiteral("report"), example(QStringLiteral("mobilenet-t4")),
                                                QStringLiteral("-o"), m_home.filePath(QStringLiteral("r.pdf"))},
                                               env, 180000);
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(QStringLiteral("was still running after 1 s and was stopped"))) << r.err.toStdString();
}

TEST_F(ReportCli, HelpListsTheCommandAndItsOptions)
{
    CliRun r = run({QStringLiteral("--help")});
    EXPECT_TRUE(r.out.contains(QStringLiteral("report FILE")));
    r = run({QStringLiteral("report"), QStringLiteral("--help")});
    EXPECT_EQ(r.code, 0);
    for (const char *option : {"--output", "--top", "--lang", "--page-size", "--author"})
        EXPECT_TRUE(r.out.contains(QLatin1String(option))) << option;
}
