// gpu-planner-cli report portfolio end to end: the example portfolio's PDF in English and Chinese,
// read back with poppler-utils and held against `portfolio plan --format json` on the same
// catalog copy: the cover's headline, every purchase, the spend totals and the cost of being wrong.

#include "report/ReportTestSupport.h"

#include "core/cost/Money.h"
#include "ui/report/ReportWriter.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <gtest/gtest.h>

#include "CliProcess.h"

using namespace gpuplanner;
using gpuplanner::tests::CliRun;
using gpuplanner::tests::runTool;

namespace {

class PortfolioReport : public tests::CatalogCopyCli
{
protected:
    static QString example() { return QStringLiteral(GPUPLANNER_SOURCE_DIR "/resources/portfolios/team-year.json"); }

    QJsonObject planJson()
    {
        const CliRun r = run({QStringLiteral("portfolio"), QStringLiteral("plan"), example(), QStringLiteral("--format"),
                              QStringLiteral("json")});
        EXPECT_EQ(r.code, 0) << r.err.toStdString();
        return QJsonDocument::fromJson(r.out.toUtf8()).object();
    }

    // Writes the PDF (and its pages as PNGs next to it, for people to look at); returns its path.
    QString report(const QString &file, const QStringList &extra = {})
    {
        const QString pdf = QDir(tests::artifactDir()).filePath(file);
        QFile::remove(pdf);
        const CliRun r = run(QStringList{QStringLiteral("report"), QStringLiteral("portfolio"), example(),
                                         QStringLiteral("-o"), pdf} + extra);
        EXPECT_EQ(r.code, 0) << r.err.toStdString();
        EXPECT_TRUE(r.out.contains(QStringLiteral("Wrote "))) << r.out.toStdString();
        EXPECT_TRUE(QFile::exists(pdf));
        QString prefix = pdf;
        prefix.chop(4);
        const tests::ToolRun png = runTool(QStringLiteral("pdftoppm"), {QStringLiteral("-png"), QStringLiteral("-r"),
                                                                        QStringLiteral("60"), pdf, prefix});
        EXPECT_EQ(png.code, 0) << png.err.toStdString();
        return pdf;
    }

    // The text of pages first..last (0: to the end).
    static QString text(const QString &pdf, int first = 1, int last = 0)
    {
        QStringList args{QStringLiteral("-f"), QString::number(first)};
        if (last > 0)
            args << QStringLiteral("-l") << QString::number(last);
        args << pdf << QStringLiteral("-");
        const tests::ToolRun r = runTool(QStringLiteral("pdftotext"), args);
        EXPECT_EQ(r.code, 0) << r.err.toStdString();
        return tests::plainText(r.out);
    }

    // Wrapped text compared whole: line breaks, spaces and the hyphens pdftotext drops at a
    // line's end are left out of both sides.
    static QString squeezed(QString s)
    {
        static const QRegularExpression gaps(QStringLiteral("[\\s\\-]+"));
        return s.remove(gaps);
    }

    static QString money(const QJsonValue &v, const QJsonObject &plan)
    {
        return core::formatMoney(v.toDouble(), plan.value(u"currency").toString());
    }

    // The figures both languages print the same way (amounts, months, sources, instance types).
    static void expectFigures(const QString &all, const QString &cover, const QJsonObject &plan)
    {
        // The cover's headline is the CLI's.
        for (const char *key : {"expected_cost", "saving_vs_all_on_demand", "all_on_demand_cost", "worst_case_cost"})
            EXPECT_TRUE(cover.contains(money(plan.value(QLatin1String(key)), plan))) << key;
        const QJsonObject single = plan.value(u"best_single_provider").toObject();
        ASSERT_FALSE(single.isEmpty());
        EXPECT_TRUE(cover.contains(money(single.value(u"saving"), plan)));
        EXPECT_TRUE(cover.contains(money(single.value(u"cost"), plan)));
        EXPECT_TRUE(cover.contains(QStringLiteral("ML team, one year")));

        const QJsonArray purchases = plan.value(u"purchases").toArray();
        ASSERT_FALSE(purchases.isEmpty());
        const QString whole = squeezed(all);
        for (const QJsonValue &v : purchases) {
            const QJsonObject b = v.toObject();
            for (const char *key : {"month", "instance_type", "region"})
                EXPECT_TRUE(all.contains(b.value(QLatin1String(key)).toString())) << key;
            for (const char *key : {"upfront_total", "per_month", "whole_term"})
                EXPECT_TRUE(all.contains(money(b.value(QLatin1String(key)), plan))) << key;
            EXPECT_TRUE(all.contains(QStringLiteral("%1%").arg(b.value(u"break_even_utilization").toDouble() * 100, 0, 'f', 0)));
            // The price source in full: not clipped, not elided. Its closing "as of DATE" is worded in
            // the report's language; the date itself is checked on its own.
            const QString source = b.value(u"source").toString();
            ASSERT_FALSE(source.isEmpty());
            static const QRegularExpression asOf(QStringLiteral(", as of (\\S+)$"));
            const QRegularExpressionMatch date = asOf.match(source);
            ASSERT_TRUE(date.hasMatch()) << source.toStdString();
            EXPECT_TRUE(whole.contains(squeezed(source.left(date.capturedStart())))) << source.toStdString();
            EXPECT_TRUE(all.contains(date.captured(1)));
        }
        // Every month's utilisation of every commitment held that month.
        for (const QJsonValue &v : plan.value(u"utilization").toArray()) {
            const QJsonArray shares = v[u"utilization"].toArray();
            const QJsonArray capacity = v[u"capacity"].toArray();
            for (qsizetype m = 0; m < shares.size(); ++m) {
                if (capacity.at(m).toDouble() > 0) {
                    EXPECT_TRUE(all.contains(QStringLiteral("%1%").arg(shares.at(m).toDouble() * 100, 0, 'f', 0)));
                }
            }
        }
        // Spend: every provider's and month's figure, and the totals the CLI's table prints.
        const QJsonObject spend = plan.value(u"spend_by_provider").toObject();
        ASSERT_FALSE(spend.isEmpty());
        for (const QString &p : spend.keys()) {
            for (const QJsonValue &x : spend.value(p).toArray())
                EXPECT_TRUE(all.contains(money(x, plan))) << p.toStdString();
        }
        EXPECT_TRUE(all.contains(money(plan.value(u"spend_total"), plan)));
        for (const QJsonValue &x : plan.value(u"spend_total_by_month").toArray())
            EXPECT_TRUE(all.contains(money(x, plan)));
        const QJsonObject perProvider = plan.value(u"spend_total_by_provider").toObject();
        ASSERT_EQ(perProvider.size(), spend.size());
        for (const QJsonValue &x : perProvider)
            EXPECT_TRUE(all.contains(money(x, plan)));
        // The cost of being wrong, each case's four figures.
        const QJsonArray wrong = plan.value(u"cost_of_being_wrong").toArray();
        ASSERT_GE(wrong.size(), 2); // demand lower, and at least one provider's prices cut
        for (const QJsonValue &v : wrong) {
            for (const char *key : {"plan_cost", "reoptimised_cost", "cost_of_being_wrong", "all_on_demand_cost"})
                EXPECT_TRUE(all.contains(money(v[QLatin1String(key)], plan))) << key;
        }
        for (const QJsonValue &v : plan.value(u"demand_cases").toArray())
            EXPECT_TRUE(all.contains(money(v[u"cost"], plan)));
    }

    // Every page carries the header (the report's title and the portfolio) and "page N of M".
    // identity: the footer's data identity, its 12 hex digits as a capture group.
    static void expectHeaderAndFooterOnEveryPage(const QString &pdf, const QString &title, const QString &pageOf,
                                                 const QRegularExpression &identity)
    {
        QString hash;
        const int pages = tests::pdfPages(pdf);
        ASSERT_GE(pages, 3);
        for (int page = 1; page <= pages; ++page) {
            const QString t = text(pdf, page, page);
            EXPECT_TRUE(t.contains(title + QStringLiteral(" \u2014 ML team, one year"))) << page;
            // pdftotext's text is NFKC-normalised (plainText): so is what it is held against.
            EXPECT_TRUE(t.contains(pageOf.arg(page).arg(pages).normalized(QString::NormalizationForm_KC))) << page;
            EXPECT_TRUE(t.contains(QStringLiteral("GPU Planner"))) << page;
            // The same data identity on every page.
            const QRegularExpressionMatch m = identity.match(t);
            ASSERT_TRUE(m.hasMatch()) << page;
            if (hash.isEmpty())
                hash = m.captured(1);
            EXPECT_EQ(m.captured(1), hash) << page;
        }
    }
};

} // namespace

TEST_F(PortfolioReport, EnglishPdfHasEverySectionWithThePlansFigures)
{
    const QJsonObject plan = planJson();
    ASSERT_FALSE(plan.isEmpty());
    const QString pdf = report(QStringLiteral("portfolio-team-year-en.pdf"), {QStringLiteral("--author"), QStringLiteral("Ada Lovelace")});
    const QString all = text(pdf);
    for (const char *section : {"Commitment portfolio plan", "Ada Lovelace", "12 months, 2026-09 to 2027-08",
                                "Chat serving, 7B pre-train, BERT fine-tunes", "Purchase plan", "Price sources",
                                "Expected utilisation of each commitment", "Expected spend per provider and month",
                                "The cost of being wrong", "Demand 30% lower", "Microsoft Azure prices 20% lower",
                                "Disclaimer", "Solved with GLPK"})
        EXPECT_TRUE(all.contains(QLatin1String(section))) << section;
    const QString cover = text(pdf, 1, 1);
    EXPECT_TRUE(cover.contains(QStringLiteral("Saving against all on-demand")));
    // The best single provider the plan names (it follows the estimates: AWS once the 7B pre-train's
    // unstated campaign terms took their defaults), by its full name, as the CLI's JSON has it.
    const QString single = plan.value(u"best_single_provider").toObject().value(u"provider").toString();
    const QHash<QString, QString> names = {{QStringLiteral("aws"), QStringLiteral("Amazon Web Services")},
                                           {QStringLiteral("azure"), QStringLiteral("Microsoft Azure")},
                                           {QStringLiteral("gcp"), QStringLiteral("Google Cloud")}};
    ASSERT_TRUE(names.contains(single)) << single.toStdString();
    EXPECT_TRUE(cover.contains(QStringLiteral("on %1 alone").arg(names.value(single)))) << cover.toStdString();
    expectFigures(all, cover, plan);
    // In English each price source reads exactly as the CLI prints it, in full.
    for (const QJsonValue &v : plan.value(u"purchases").toArray())
        EXPECT_TRUE(squeezed(all).contains(squeezed(v[u"source"].toString()))) << v[u"source"].toString().toStdString();
    expectHeaderAndFooterOnEveryPage(pdf, QStringLiteral("Commitment portfolio plan"), QStringLiteral("Page %1 of %2"),
                                     QRegularExpression(QStringLiteral("data: catalog ([0-9a-f]{12}), prices \\d{4}-\\d{2}")));
    // The description is on the cover in full (wrapped, never cut).
    EXPECT_TRUE(squeezed(cover).contains(squeezed(QStringLiteral(
        "A team's year: a 70B chat model served all year, a 7B pre-training project (experiments, a one-month main run, "
        "then serving), and monthly BERT fine-tuning sweeps on spot."))));
}

TEST_F(PortfolioReport, ChinesePdfHasChineseHeadingsAndTheSameFigures)
{
    const QJsonObject plan = planJson();
    ASSERT_FALSE(plan.isEmpty());
    const QString pdf = report(QStringLiteral("portfolio-team-year-zh_CN.pdf"), {QStringLiteral("--lang"), QStringLiteral("zh_CN")});
    const QString all = text(pdf);
    for (const QString &heading : {QStringLiteral("承诺采购组合方案"), QStringLiteral("采购计划"), QStringLiteral("价格来源"),
                                   QStringLiteral("各项承诺的预期利用率"), QStringLiteral("按云服务商和月份的预期支出"),
                                   QStringLiteral("成本"), QStringLiteral("判断失误的代价"), QStringLiteral("免责声明"),
                                   QStringLiteral("相对全部按需的节省"), QStringLiteral("需求降低 30%")})
        EXPECT_TRUE(all.contains(heading)) << heading.toStdString();
    // No heading, table header or label left in English.
    for (const char *english : {"Commitment portfolio plan", "Purchase plan", "Price sources", "Expected utilisation",
                                "Expected spend", "The cost of being wrong", "Disclaimer", "Saving against", "Whole term",
                                "Break-", "With this plan", "Demand 30% lower", "prices 20% lower", "Worst case", "Page "})
        EXPECT_FALSE(all.contains(QLatin1String(english))) << english;
    const QString cover = text(pdf, 1, 1);
    expectFigures(all, cover, plan);
    expectHeaderAndFooterOnEveryPage(pdf, QStringLiteral("承诺采购组合方案"), QStringLiteral("第 %1 页，共 %2 页"),
                                     QRegularExpression(QStringLiteral("数据:目录 ([0-9a-f]{12}),价格日期")));
}

TEST_F(PortfolioReport, ErrorsNameTheArgumentOrTheFile)
{
    const QString pdf = QDir(tests::artifactDir()).filePath(QStringLiteral("portfolio-error.pdf"));
    CliRun r = run({QStringLiteral("report"), QStringLiteral("portfolio"), QStringLiteral("-o"), pdf});
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(r.err.contains(QStringLiteral("missing PORTFOLIO.json"))) << r.err.toStdString();
    r = run({QStringLiteral("report"), QStringLiteral("portfolio"), example(), QStringLiteral("extra.json"),
             QStringLiteral("-o"), pdf});
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(r.err.contains(QStringLiteral("unexpected argument 'extra.json'"))) << r.err.toStdString();
    const QString missing = QDir(tests::artifactDir()).filePath(QStringLiteral("no-such-portfolio.json"));
    r = run({QStringLiteral("report"), QStringLiteral("portfolio"), missing, QStringLiteral("-o"), pdf});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(missing)) << r.err.toStdString();
    EXPECT_FALSE(QFile::exists(pdf));
}

// A plan with nothing to buy, no single provider that runs every workload and no sensitivity
// case: each section says so rather than showing an empty table or a made-up figure.
TEST(PortfolioReportWriter, SaysWhereTheOptimizerHasNoFigure)
{
    const QJsonObject plan = QJsonDocument::fromJson(R"({
        "name": "Bursty team", "currency": "USD", "months": ["2026-09", "2026-10", "2026-11"],
        "demand_shortfall": 0.3,
        "demand_cases": [{"id": "low", "weight": 0.3, "cost": 420.5}, {"id": "expected", "weight": 0.4, "cost": 600.25},
                         {"id": "high", "weight": 0.3, "cost": 777.75}],
        "purchases": [], "utilization": [],
        "spend_by_provider": {"gcp": [100.1, 200.2, 299.95, 0]},
        "spend_total_by_month": [100.1, 200.2, 299.95, 0], "spend_total_by_provider": {"gcp": 600.25},
        "spend_total": 600.25,
        "expected_cost": 600.25, "worst_case_cost": 777.75, "commitment_cost": 0,
        "all_on_demand_cost": 600.25, "saving_vs_all_on_demand": 0,
        "cost_of_being_wrong": [],
        "solver": {"name": "GLPK 5.0", "solves": 2, "seconds": 0.01, "proven_best": true}
    })").object();
    ASSERT_FALSE(plan.isEmpty());
    ui::ReportInput input;
    input.scenario.name = QStringLiteral("Bursty team");
    input.request.displayCurrency = QStringLiteral("USD");
    ui::PortfolioReport report;
    report.plan = plan;
    report.workloads = {QStringLiteral("Sweeps"), QStringLiteral("Ablations")};
    report.demandDrop = 0.3;
    report.priceCut = 0.2;
    report.providerNames.insert(QStringLiteral("gcp"), QStringLiteral("Google Cloud"));
    input.portfolio = report;
    ui::ReportWriter writer(input, ui::ReportOptions{});
    const QString pdf = QDir(tests::artifactDir()).filePath(QStringLiteral("portfolio-nothing-to-buy.pdf"));
    ASSERT_TRUE(writer.writePdf(pdf).ok());
    const tests::ToolRun r = runTool(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    const QString t = tests::plainText(r.out);
    for (const char *said : {"No commitment pays off: everything runs on on-demand or spot.",
                             "No commitment is bought, so there is no utilisation to show.",
                             "no single provider runs every workload", "none to compare",
                             "The optimizer computed no case of being wrong for this portfolio.",
                             "2: Sweeps, Ablations", "3 months, 2026-09 to 2026-11", "Google Cloud", "$600.25", "$777.75",
                             "$420.50", "$299.95", "Disclaimer"})
        EXPECT_TRUE(t.contains(QLatin1String(said))) << said;
    // No purchase table, and no saving against a single provider that was never computed.
    EXPECT_FALSE(t.contains(QStringLiteral("Whole term")));
    EXPECT_FALSE(t.contains(QStringLiteral("alone; the plan saves")));
}
