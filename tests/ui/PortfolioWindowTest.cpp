// Issue 30 #1 in the desktop: Tools > Plan a portfolio… opens a portfolio file, solves it off the
// GUI thread on the catalog shown, and shows what `gpu-planner-cli portfolio plan` prints: the
// same expected cost, purchases, spend and cost of being wrong.

#include "CliProcess.h"
#include "PlanTestSupport.h"
#include "TestWaits.h"
#include "portfolio/PortfolioFixtures.h"

#include "core/cost/Money.h"
#include "ui/portfolio/PortfolioWindow.h"
#include "ui/refresh/CatalogTools.h"
#include "ui/settings/SecretStore.h"

#include <QChart>
#include <QChartView>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QSettings>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextDocument>

#include <gtest/gtest.h>

using namespace gpuplanner;

TEST(PortfolioWindow, SolvesTheExamplePortfolioAndShowsWhatTheCliPrints)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    ui::MemorySecretStore secrets;
    ui::CatalogToolsDeps deps;
    deps.settings = &settings;
    deps.secrets = &secrets;
    deps.repositories = tests::seedFactory();
    ui::CatalogTools *tools = ui::installCatalogTools(*window, deps);
    QSignalSpy loaded(window.get(), &ui::MainWindow::catalogLoaded);
    window->reloadCatalog();
    ASSERT_TRUE(loaded.wait(60000));

    ui::PortfolioWindow *portfolio = tools->showPortfolioWindow();
    ASSERT_NE(portfolio, nullptr);
    QSignalSpy solved(portfolio, &ui::PortfolioWindow::solved);
    const QString file = QStringLiteral(GPUPLANNER_SOURCE_DIR "/resources/portfolios/team-year.json");
    portfolio->open(file);
    EXPECT_TRUE(portfolio->isSolving()) << "solved off the GUI thread";
    ASSERT_TRUE(solved.wait(120000));
    ASSERT_TRUE(portfolio->outcome().error.isEmpty()) << portfolio->outcome().error.toStdString();

    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    const tests::CliRun cli = tests::runCli({QStringLiteral("portfolio"), QStringLiteral("plan"), file, QStringLiteral("--format"),
                                            QStringLiteral("json"), QStringLiteral("--catalog"), tests::seedCatalogPath()},
                                           env);
    ASSERT_EQ(cli.code, 0) << cli.err.toStdString();
    const QJsonObject expected = QJsonDocument::fromJson(cli.out.toUtf8()).object();
    const QString cur = expected.value(QStringLiteral("currency")).toString();
    auto money = [&](const char *key) { return core::formatMoney(expected.value(QLatin1String(key)).toDouble(), cur); };

    const QString headline = portfolio->headline()->text();
    for (const char *key : {"expected_cost", "worst_case_cost", "all_on_demand_cost", "saving_vs_all_on_demand", "commitment_cost"})
        EXPECT_TRUE(headline.contains(money(key))) << key << " " << money(key).toStdString() << " in " << headline.toStdString();
    EXPECT_EQ(portfolio->purchases()->rowCount(), expected.value(QStringLiteral("purchases")).toArray().size());
    ASSERT_GT(portfolio->purchases()->rowCount(), 0);
    const QJsonObject first = expected.value(QStringLiteral("purchases")).toArray().first().toObject();
    EXPECT_EQ(portfolio->purchases()->item(0, 1)->text(), first.value(QStringLiteral("month")).toString());
    EXPECT_EQ(portfolio->purchases()->item(0, 9)->text(),
              core::formatMoney(first.value(QStringLiteral("whole_term")).toDouble(), cur));
    EXPECT_EQ(portfolio->sensitivity()->rowCount(), expected.value(QStringLiteral("cost_of_being_wrong")).toArray().size());
    // The spend table's grand total is the expected cost.
    QTableWidget *spend = portfolio->spend();
    EXPECT_EQ(spend->item(spend->rowCount() - 1, spend->columnCount() - 1)->text(), money("expected_cost"));
    // One utilisation line per commitment bought.
    EXPECT_EQ(portfolio->utilization()->chart()->series().size(), expected.value(QStringLiteral("utilization")).toArray().size());

    portfolio->resize(1366, 700);
    tests::settleEvents();
    QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots"));
    EXPECT_TRUE(portfolio->grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/portfolio-window.png")));

    // A portfolio naming a scenario that is not there: the error names the field, nothing is shown.
    const QString broken = dir.filePath(QStringLiteral("broken.json"));
    QFile f(broken);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "gpu-planner-portfolio", "version": 1, "name": "x", "start": "2027-01", "months": 12,
               "workloads": [{"name": "gone", "scenario": "missing.json"}]})");
    f.close();
    portfolio->open(broken);
    if (portfolio->isSolving()) {
        ASSERT_TRUE(solved.wait(60000));
    }
    EXPECT_TRUE(portfolio->headline()->text().contains(QStringLiteral("workloads[0].scenario"))) << portfolio->headline()->text().toStdString();
    EXPECT_EQ(portfolio->purchases()->rowCount(), 0);
}

namespace {

// What a label shows, without its markup.
QString shownText(const QLabel *label)
{
    QTextDocument doc;
    doc.setHtml(label->text());
    return doc.toPlainText();
}

// The portfolio opened in a window on a catalog; its banner's text once solved.
QString sinceShown(const QString &path, const QList<core::Offer> &catalog)
{
    auto presets = core::loadModelPresets();
    EXPECT_TRUE(presets.ok());
    ui::PortfolioWindow window(test::portfolioCatalog(catalog), presets.value());
    window.show();
    QSignalSpy solved(&window, &ui::PortfolioWindow::solved);
    window.open(path);
    EXPECT_TRUE(!solved.isEmpty() || solved.wait(tests::kSlowWaitMs));
    EXPECT_TRUE(window.outcome().error.isEmpty()) << window.outcome().error.toStdString();
    QLabel *banner = window.sinceBanner();
    EXPECT_TRUE(banner->isVisible());
    // Above the results.
    EXPECT_LE(banner->geometry().bottom(), window.headline()->geometry().top());
    return shownText(banner);
}

} // namespace

// Issue 30 #3 in the desktop: a portfolio that recorded what it was priced on, opened on a catalog
// that changed since (a's reservation dearer on a newer price list, b's withdrawn), says what
// moved above its results, each price with its source and date; on the same catalog, that nothing
// did.
TEST(PortfolioWindow, BannerSaysWhatMovedSinceThePortfolioWasPriced)
{
    const core::Portfolio portfolio = test::servingPortfolio();
    const auto then = test::planOn(portfolio, test::twoProviderCatalog());
    ASSERT_TRUE(then);
    QJsonObject file = test::servingPortfolioJson();
    file.insert(QStringLiteral("priced_on"), core::portfolioRecordToJson(core::recordPortfolio(then->facts())));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("serving.json"));
    QFile out(path);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(file).toJson());
    out.close();

    QList<core::Offer> changed = {test::h100Offer(QStringLiteral("a"), core::Billing::OnDemand, 40),
                                  test::h100Offer(QStringLiteral("a"), core::Billing::Reserved, 34, 12),
                                  test::h100Offer(QStringLiteral("b"), core::Billing::OnDemand, 44)};
    changed[1].effectiveDate = QStringLiteral("2026-11-01");
    const QString moved = sinceShown(path, changed);
    EXPECT_TRUE(moved.startsWith(QStringLiteral("Since this portfolio was priced on "))) << moved.toStdString();
    EXPECT_TRUE(moved.contains(QStringLiteral("a h100x8 in r1: 12-month")) && moved.contains(QStringLiteral(
                    "$24.00/h then (a price list, 2026-08-01), $34.00/h now (a price list, 2026-11-01)")))
        << moved.toStdString();
    EXPECT_TRUE(moved.contains(QStringLiteral("withdrawn, no longer in the catalog (was $30.00/h, b price list, 2026-08-01)")))
        << moved.toStdString();
    EXPECT_TRUE(moved.contains(QStringLiteral("Expected cost: "))) << moved.toStdString();

    const QString same = sinceShown(path, test::twoProviderCatalog());
    EXPECT_TRUE(same.startsWith(QStringLiteral("Since this portfolio was priced on "))) << same.toStdString();
    EXPECT_TRUE(same.endsWith(QStringLiteral("nothing changed."))) << same.toStdString();
}
