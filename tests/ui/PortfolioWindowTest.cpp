// Issue 30 #1 in the desktop: Tools > Plan a portfolio… opens a portfolio file, solves it off the
// GUI thread on the catalog shown, and shows what `gpu-planner-cli portfolio plan` prints: the
// same expected cost, purchases, spend and cost of being wrong.

#include "CliProcess.h"
#include "PlanTestSupport.h"

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
