// Issue 30 #1 in the desktop: Tools > Plan a portfolio… opens a portfolio file, solves it off the
// GUI thread on the catalog shown, and shows what `gpu-planner-cli portfolio plan` prints: the
// same expected cost, purchases, spend and cost of being wrong.

#include "CliProcess.h"
#include "PlanTestSupport.h"
#include "ScreenshotLook.h"
#include "TestWaits.h"
#include "portfolio/PortfolioFixtures.h"

#include "core/cost/BillingCost.h"
#include "core/cost/Money.h"
#include "core/plan/PricedOnFile.h"
#include "ui/catalog/CatalogLoader.h"
#include "ui/portfolio/PortfolioSinceBanner.h"
#include "ui/portfolio/PortfolioWindow.h"
#include "ui/refresh/CatalogTools.h"
#include "ui/settings/SecretStore.h"

#include <QChart>
#include <QChartView>
#include <QDir>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>

#include <algorithm>
#include <memory>

#include <gtest/gtest.h>

#include <optional>

#include <unistd.h>

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
    ui::PortfolioSinceBanner *banner = window.sinceBanner();
    EXPECT_TRUE(banner->isVisible());
    // Above the results.
    EXPECT_LE(banner->geometry().bottom(), window.headline()->geometry().top());
    return shownText(banner->text());
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

namespace {

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path.toStdString();
    return f.readAll();
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly)) << path.toStdString();
    f.write(bytes);
}

// The serving portfolio's file in dir, with what its plan on catalog was priced on when given.
QString servingFile(const QTemporaryDir &dir, const std::optional<QList<core::Offer>> &recordedOn)
{
    QJsonObject file = test::servingPortfolioJson();
    if (recordedOn) {
        const auto then = test::planOn(test::servingPortfolio(), *recordedOn);
        EXPECT_TRUE(then);
        if (then)
            file.insert(QStringLiteral("priced_on"), core::portfolioRecordToJson(core::recordPortfolio(then->facts())));
    }
    const QString path = dir.filePath(QStringLiteral("serving.json"));
    writeFile(path, QJsonDocument(file).toJson());
    return path;
}

// The window's plan of path, solved.
bool openAndSolve(ui::PortfolioWindow &window, const QString &path)
{
    QSignalSpy solved(&window, &ui::PortfolioWindow::solved);
    window.open(path);
    const bool done = !solved.isEmpty() || solved.wait(tests::kSlowWaitMs);
    EXPECT_TRUE(window.outcome().error.isEmpty()) << window.outcome().error.toStdString();
    return done;
}

core::PortfolioRecord recordInFile(const QString &path)
{
    const QJsonObject json = QJsonDocument::fromJson(fileBytes(path)).object().value(QStringLiteral("priced_on")).toObject();
    auto record = core::portfolioRecordFromJson(json);
    EXPECT_TRUE(record.ok()) << record.errorMessage().toStdString();
    return record ? record.value() : core::PortfolioRecord{};
}

// a's reservation dearer on a newer price list, b's withdrawn.
QList<core::Offer> changedCatalog()
{
    QList<core::Offer> changed = {test::h100Offer(QStringLiteral("a"), core::Billing::OnDemand, 40),
                                  test::h100Offer(QStringLiteral("a"), core::Billing::Reserved, 34, 12),
                                  test::h100Offer(QStringLiteral("b"), core::Billing::OnDemand, 44)};
    changed[1].effectiveDate = QStringLiteral("2026-11-01");
    return changed;
}

} // namespace

// "Record these prices in the portfolio file" writes what the plan on screen was priced on into
// the file it came from, keeping the rest of the file; a file changed on disk or gone since it was
// opened is left alone, and the window says so, naming it.
TEST(PortfolioWindow, RecordsThePlanOnScreenInTheFile)
{
    QTemporaryDir dir;
    const QString path = servingFile(dir, std::nullopt);
    const QJsonObject original = QJsonDocument::fromJson(fileBytes(path)).object();
    auto presets = core::loadModelPresets();
    ASSERT_TRUE(presets.ok());
    ui::PortfolioWindow window(test::portfolioCatalog(test::twoProviderCatalog()), presets.value());
    window.show();
    ASSERT_TRUE(openAndSolve(window, path));
    EXPECT_FALSE(window.sinceBanner()->isVisible()) << "nothing recorded yet";
    QPushButton *record = window.recordButton();
    EXPECT_TRUE(record->text().contains(QStringLiteral("&Record"))) << "reached by Alt+R";
    ASSERT_TRUE(record->isEnabled());
    record->click();

    const QJsonObject root = QJsonDocument::fromJson(fileBytes(path)).object();
    for (const QString &key : original.keys())
        EXPECT_EQ(root.value(key), original.value(key)) << key.toStdString();
    const core::PortfolioRecord written = recordInFile(path);
    const QString cur = written.displayCurrency;
    const QString headline = shownText(window.headline());
    for (double total : {written.expectedCost, written.allOnDemandCost, written.saving})
        EXPECT_TRUE(headline.contains(core::formatMoney(total, cur))) << core::formatMoney(total, cur).toStdString() << " in "
                                                                     << headline.toStdString();
    QTableWidget *purchases = window.purchases();
    ASSERT_GT(written.purchases.size(), 0);
    ASSERT_EQ(purchases->rowCount(), written.purchases.size());
    for (int r = 0; r < purchases->rowCount(); ++r) {
        EXPECT_EQ(purchases->item(r, 1)->text(), written.purchases.at(r).month) << r;
        EXPECT_EQ(purchases->item(r, 2)->text(), written.purchases.at(r).provider) << r;
    }
    EXPECT_TRUE(window.recordStatus()->isVisible());
    EXPECT_TRUE(shownText(window.recordStatus()).contains(QDir::toNativeSeparators(path))) << shownText(window.recordStatus()).toStdString();

    // Someone edits the file after it was opened: nothing is written over their edit.
    QJsonObject edited = root;
    edited.insert(QStringLiteral("name"), QStringLiteral("edited elsewhere"));
    const QByteArray editedBytes = QJsonDocument(edited).toJson();
    writeFile(path, editedBytes);
    record->click();
    QString status = shownText(window.recordStatus());
    EXPECT_TRUE(status.contains(path + QStringLiteral(": changed on disk since it was opened"))) << status.toStdString();
    EXPECT_EQ(fileBytes(path), editedBytes);
    EXPECT_GT(window.purchases()->rowCount(), 0) << "the plan stays on screen";

    // A file that cannot be written (root writes any file, so only for others): left as it is.
    if (::geteuid() != 0) {
        ASSERT_TRUE(openAndSolve(window, path));
        ASSERT_TRUE(QFile::setPermissions(path, QFileDevice::ReadOwner));
        record->click();
        status = shownText(window.recordStatus());
        EXPECT_TRUE(status.startsWith(QStringLiteral("The prices were not recorded: ") + path)) << status.toStdString();
        EXPECT_EQ(fileBytes(path), editedBytes);
        ASSERT_TRUE(QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    }

    // The file is gone: nothing is written in its place.
    ASSERT_TRUE(QFile::remove(path));
    record->click();
    status = shownText(window.recordStatus());
    EXPECT_TRUE(status.contains(path)) << status.toStdString();
    EXPECT_FALSE(QFile::exists(path));
}

namespace {

// A window on a catalog that changed since the portfolio at path was recorded, the portfolio
// opened and planned; null (with a test failure) when it cannot be.
std::unique_ptr<ui::PortfolioWindow> windowOnChangedCatalog(const QString &path)
{
    auto presets = core::loadModelPresets();
    EXPECT_TRUE(presets.ok());
    if (!presets)
        return nullptr;
    auto window = std::make_unique<ui::PortfolioWindow>(test::portfolioCatalog(changedCatalog()), presets.value());
    window->resize(1366, 800);
    window->show();
    window->activateWindow();
    if (!QTest::qWaitForWindowActive(window.get()) || !openAndSolve(*window, path)) {
        ADD_FAILURE() << "the portfolio window did not open and plan " << path.toStdString();
        return nullptr;
    }
    return window;
}

} // namespace

// Issue 30 #3: reopening a recorded portfolio on a catalog that changed offers to keep the recorded
// plan (its purchases and totals as recorded, labelled with their day and catalog) or to use
// today's prices (today's plan, recorded in the file), from the keyboard.
TEST(PortfolioWindow, KeepsTheRecordedPlanOrRecordsTodaysPrices)
{
    QTemporaryDir dir;
    const QString path = servingFile(dir, test::twoProviderCatalog());
    const core::PortfolioRecord then = recordInFile(path);
    std::unique_ptr<ui::PortfolioWindow> shown = windowOnChangedCatalog(path);
    ASSERT_TRUE(shown);
    ui::PortfolioWindow &window = *shown;

    ui::PortfolioSinceBanner *banner = window.sinceBanner();
    ASSERT_TRUE(banner->isVisible());
    ASSERT_TRUE(banner->keepButton()->isVisible() && banner->todayButton()->isVisible());
    const QString cur = then.displayCurrency;
    const QString costThen = core::formatMoney(then.expectedCost, cur);
    const QString costNow = core::formatMoney(window.outcome().plan.value(QStringLiteral("expected_cost")).toDouble(), cur);
    ASSERT_NE(costThen, costNow) << "the catalog's change moves the expected cost";
    EXPECT_TRUE(shownText(window.headline()).contains(costNow));

    const QByteArray recorded = fileBytes(path);
    // Alt+K: the recorded plan, said to be the recorded one of its day and catalog.
    // A mnemonic presses its button as a click animates (clicked comes a moment later).
    QTest::keyClick(&window, Qt::Key_K, Qt::AltModifier);
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.showsRecordedPlan(); }, tests::kSlowWaitMs));
    const QString kept = shownText(window.headline());
    const QString label = QStringLiteral("Recorded plan of %1 (%2), not today's prices")
                              .arg(then.plannedAt.toString(QStringLiteral("yyyy-MM-dd")), then.identity());
    EXPECT_TRUE(kept.startsWith(label)) << kept.toStdString();
    EXPECT_TRUE(kept.contains(QStringLiteral("expected cost ") + costThen)) << kept.toStdString();
    EXPECT_TRUE(kept.contains(core::formatMoney(then.allOnDemandCost, cur))) << kept.toStdString();
    EXPECT_FALSE(kept.contains(costNow)) << kept.toStdString();
    ASSERT_EQ(window.purchases()->rowCount(), then.purchases.size());
    for (int r = 0; r < then.purchases.size(); ++r) {
        EXPECT_EQ(window.purchases()->item(r, 1)->text(), then.purchases.at(r).month) << r;
        EXPECT_EQ(window.purchases()->item(r, 3)->text(), then.purchases.at(r).commitment) << r;
    }
    EXPECT_FALSE(window.recordButton()->isEnabled()) << "the recorded plan is already recorded";
    EXPECT_FALSE(banner->keepButton()->isEnabled());
    EXPECT_TRUE(banner->todayButton()->isEnabled());
    EXPECT_EQ(fileBytes(path), recorded) << "keeping leaves the file alone";
    tests::settleEvents();
    QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots"));
    EXPECT_TRUE(window.grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/portfolio-window-since-kept.png")));

    // Alt+T: today's plan, and the file records it.
    QTest::keyClick(&window, Qt::Key_T, Qt::AltModifier);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !window.showsRecordedPlan(); }, tests::kSlowWaitMs));
    EXPECT_TRUE(shownText(window.headline()).contains(costNow));
    const core::PortfolioRecord now = recordInFile(path);
    ASSERT_TRUE(window.outcome().record.has_value());
    EXPECT_EQ(now.catalogHash, window.outcome().record->catalogHash);
    EXPECT_NE(now.catalogHash, then.catalogHash);
    EXPECT_EQ(core::formatMoney(now.expectedCost, cur), costNow);
    EXPECT_EQ(now.purchases.size(), window.purchases()->rowCount());
    EXPECT_FALSE(banner->isVisible()) << "the file now records the plan on screen";
    EXPECT_TRUE(shownText(window.recordStatus()).startsWith(QStringLiteral("Recorded in "))) << shownText(window.recordStatus()).toStdString();

    // Reopened on the same catalog: nothing moved since.
    ASSERT_TRUE(openAndSolve(window, path));
    EXPECT_TRUE(shownText(banner->text()).endsWith(QStringLiteral("nothing changed."))) << shownText(banner->text()).toStdString();
    EXPECT_FALSE(banner->keepButton()->isVisible());
}

// Recording today's prices over an earlier record can be undone: the earlier record goes back
// into the file and the banner says again what moved since it.
TEST(PortfolioWindow, PutsBackTheRecordTodaysPricesReplaced)
{
    QTemporaryDir dir;
    const QString path = servingFile(dir, test::twoProviderCatalog());
    const core::PortfolioRecord then = recordInFile(path);
    std::unique_ptr<ui::PortfolioWindow> shown = windowOnChangedCatalog(path);
    ASSERT_TRUE(shown);
    ui::PortfolioWindow &window = *shown;
    EXPECT_FALSE(window.undoRecordButton()->isVisible()) << "nothing recorded yet";

    QTest::keyClick(&window, Qt::Key_T, Qt::AltModifier);
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.undoRecordButton()->isVisible(); }, tests::kSlowWaitMs));
    ASSERT_NE(recordInFile(path).catalogHash, then.catalogHash);
    EXPECT_FALSE(window.sinceBanner()->isVisible());

    // Alt+B puts the earlier record back, and the window plans against it again.
    QTest::keyClick(&window, Qt::Key_B, Qt::AltModifier);
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.isSolving() || window.sinceBanner()->isVisible(); }, tests::kSlowWaitMs));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !window.isSolving() && window.sinceBanner()->isVisible(); }, tests::kSlowWaitMs));
    const core::PortfolioRecord back = recordInFile(path);
    EXPECT_EQ(back.catalogHash, then.catalogHash);
    EXPECT_EQ(back.expectedCost, then.expectedCost);
    EXPECT_EQ(back.purchases.size(), then.purchases.size());
    EXPECT_FALSE(window.undoRecordButton()->isVisible());
    EXPECT_TRUE(window.sinceBanner()->keepButton()->isVisible());
}

// The same in Chinese, for people to look at: the banner's choices and the record button are
// shown whole next to the recorded plan.
TEST(PortfolioWindow, RecordedPlanInChineseShowsItsChoicesWhole)
{
    const tests::LookScope scope(tests::Look::Chinese);
    ASSERT_EQ(scope.language(), QStringLiteral("zh_CN"));
    QTemporaryDir dir;
    const QString path = servingFile(dir, test::twoProviderCatalog());
    auto presets = core::loadModelPresets();
    ASSERT_TRUE(presets.ok());
    ui::PortfolioWindow window(test::portfolioCatalog(changedCatalog()), presets.value());
    window.resize(1366, 800);
    window.show();
    ASSERT_TRUE(openAndSolve(window, path));
    ui::PortfolioSinceBanner *banner = window.sinceBanner();
    ASSERT_TRUE(banner->isVisible());
    EXPECT_EQ(banner->keepButton()->text(), QStringLiteral("保留记录的方案(&K)"));
    banner->keepButton()->click();
    ASSERT_TRUE(window.showsRecordedPlan());
    tests::settleEvents();
    for (QPushButton *button : {banner->keepButton(), banner->todayButton(), window.recordButton()})
        EXPECT_GE(button->width(), button->sizeHint().width()) << button->text().toStdString();
    QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots"));
    EXPECT_TRUE(window.grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/portfolio-window-since-kept-zh_CN.png")));
}

// Issue 47: the portfolio window on a laptop's 1366 x 768 screen, in English and in Chinese, as a
// person sees it: the window fits, and its headline, the since banner, the buttons, the tabs and
// the purchase plan's columns and cells are shown whole (a label cut short, a button narrower than
// its text, a column narrower than its header or cut off with no scroll bar to reach it, a cell cut
// mid-word or showing half a line, a last column short of the table's edge, or a banner that
// leaves the results no room is a defect), in the language chosen. Screenshots in the artifacts:
// screenshots/portfolio-window-1366x768-{en,zh_CN}.png, portfolio-window-since-1366x768-{en,zh_CN}.png.
namespace {

constexpr QSize kLaptop(1366, 768);

// The catalog shown in the app: the seed catalog, as the main window loads it.
std::optional<core::PortfolioCatalog> seedPortfolioCatalog()
{
    ui::CatalogLoader loader(tests::seedFactory());
    std::optional<ui::CatalogSnapshot> loaded;
    QObject::connect(&loader, &ui::CatalogLoader::finished, &loader, [&](const ui::CatalogSnapshot &s) { loaded = s; });
    loader.load();
    if (!QTest::qWaitFor([&] { return loaded.has_value(); }, tests::kSlowWaitMs) || !loaded->error.isEmpty()) {
        ADD_FAILURE() << "the seed catalog did not load: " << (loaded ? loaded->error.toStdString() : std::string("timed out"));
        return std::nullopt;
    }
    auto rules = core::loadBillingRules();
    EXPECT_TRUE(rules.ok());
    return core::PortfolioCatalog{loaded->offers,  loaded->gpus, loaded->info.providers, loaded->fxRates,
                                  rules ? rules.value() : core::BillingRules(), loaded->gpuResolver, loaded->calibrations};
}

bool hasHan(const QString &text)
{
    return std::any_of(text.begin(), text.end(), [](QChar c) { return c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff; });
}

QRect inWindow(const QWidget *widget, const QWidget *window)
{
    return QRect(widget->mapTo(window, QPoint(0, 0)), widget->size());
}

// What a person sees of the window at kLaptop; chinese: every word of the window's own is Chinese.
void expectShownWhole(ui::PortfolioWindow &window, bool chinese)
{
    EXPECT_EQ(window.size(), kLaptop);
    const QSize least = window.minimumSizeHint();
    EXPECT_LE(least.width(), kLaptop.width()) << "the window fits a laptop's screen";
    EXPECT_LE(least.height(), kLaptop.height()) << "the window fits a laptop's screen";
    const QRect inside = window.rect();

    // The headline, the banner and the record's status wrap: each gets the height its text needs.
    ui::PortfolioSinceBanner *banner = window.sinceBanner();
    for (QLabel *label : {window.headline(), banner->text(), window.recordStatus()}) {
        if (!label->isVisibleTo(&window))
            continue;
        EXPECT_TRUE(inside.contains(inWindow(label, &window))) << shownText(label).toStdString();
        EXPECT_GE(label->height(), label->heightForWidth(label->width())) << "cut short: " << shownText(label).toStdString();
        if (chinese) {
            EXPECT_TRUE(hasHan(shownText(label))) << shownText(label).toStdString();
        }
    }
    if (banner->isVisibleTo(&window)) {
        EXPECT_TRUE(inside.contains(inWindow(banner, &window)));
    }
    // The labels that do not wrap (the file's name) are shown whole.
    for (QLabel *label : window.findChildren<QLabel *>()) {
        if (label->isVisibleTo(&window) && !label->wordWrap()) {
            EXPECT_GE(label->width(), label->sizeHint().width()) << "cut off: " << label->text().toStdString();
        }
    }
    // Every button shown is as wide as its text and inside the window.
    int buttons = 0;
    for (QPushButton *button : window.findChildren<QPushButton *>()) {
        if (!button->isVisibleTo(&window))
            continue;
        ++buttons;
        EXPECT_GE(button->width(), button->sizeHint().width()) << button->text().toStdString();
        EXPECT_GE(button->height(), button->sizeHint().height()) << button->text().toStdString();
        EXPECT_TRUE(inside.contains(inWindow(button, &window))) << button->text().toStdString();
        if (chinese) {
            EXPECT_TRUE(hasHan(button->text())) << "untranslated: " << button->text().toStdString();
        }
    }
    EXPECT_GE(buttons, 2) << "record and open";

    // The tabs: every tab's name in view, no scroll buttons to find one.
    auto *tabs = window.findChild<QTabWidget *>();
    ASSERT_TRUE(tabs);
    EXPECT_TRUE(inside.contains(inWindow(tabs, &window)));
    QTabBar *bar = tabs->tabBar();
    EXPECT_GE(bar->width(), bar->sizeHint().width()) << "a tab's name is cut or behind a scroll button";
    for (int i = 0; i < tabs->count(); ++i) {
        EXPECT_TRUE(bar->rect().contains(bar->tabRect(i))) << tabs->tabText(i).toStdString();
        if (chinese) {
            EXPECT_TRUE(hasHan(tabs->tabText(i))) << "untranslated: " << tabs->tabText(i).toStdString();
        }
    }
    // The results keep the room: the banner and the headline leave the tabs at least a third of the
    // window, and every purchase is in view without scrolling.
    EXPECT_GE(tabs->height(), kLaptop.height() / 3) << "the results are squeezed";
    QTableWidget *purchases = window.purchases();
    ASSERT_TRUE(purchases->isVisible());
    ASSERT_GT(purchases->rowCount(), 0);
    EXPECT_LE(purchases->verticalHeader()->length(), purchases->viewport()->height()) << "a purchase is out of view";
    // Each column is as wide as its header and its cells (the price source and the recorded plan's
    // "what and for whom" are capped, their whole text in the tooltip); a column past the table's
    // right edge is reached by the horizontal scroll bar.
    QHeaderView *header = purchases->horizontalHeader();
    const QAbstractItemView *view = purchases;
    const int viewport = purchases->viewport()->width();
    EXPECT_GE(header->length(), viewport) << "the last column stops short of the table's edge";
    for (int c = 0; c < purchases->columnCount(); ++c) {
        const QString name = purchases->horizontalHeaderItem(c)->text();
        EXPECT_GE(header->sectionSize(c), header->sectionSizeHint(c)) << "header cut: " << name.toStdString();
        const bool capped = c == purchases->columnCount() - 1 || (window.showsRecordedPlan() && c == 4);
        if (!capped) {
            EXPECT_GE(header->sectionSize(c), view->sizeHintForColumn(c)) << "cells cut: " << name.toStdString();
        }
        if (header->sectionViewportPosition(c) + header->sectionSize(c) > viewport) {
            EXPECT_TRUE(purchases->horizontalScrollBar()->isVisible() && purchases->horizontalScrollBar()->maximum() > 0)
                << name.toStdString() << " is past the table's edge with no scroll bar";
        }
        if (chinese && name != QStringLiteral("#")) {
            EXPECT_TRUE(hasHan(name)) << "untranslated: " << name.toStdString();
        }
    }
    // Every cell is shown whole or, one line long, ends in an ellipsis with its whole text in the
    // tooltip: no text cut mid-word, no half line under a row's edge.
    for (int r = 0; r < purchases->rowCount(); ++r) {
        EXPECT_GE(purchases->rowHeight(r), view->sizeHintForRow(r)) << "row " << r << " cut at its bottom";
        for (int c = 0; c < purchases->columnCount(); ++c) {
            const QTableWidgetItem *item = purchases->item(r, c);
            ASSERT_TRUE(item) << r << "," << c;
            if (view->sizeHintForIndex(purchases->model()->index(r, c)).width() <= header->sectionSize(c))
                continue;
            EXPECT_FALSE(purchases->wordWrap()) << "wrapped and cut: " << item->text().toStdString();
            EXPECT_EQ(purchases->textElideMode(), Qt::ElideRight) << item->text().toStdString();
            EXPECT_EQ(item->toolTip(), item->text()) << "cut with no tooltip: " << item->text().toStdString();
        }
    }
    if (chinese) {
        EXPECT_TRUE(hasHan(window.windowTitle())) << window.windowTitle().toStdString();
    }
}

void saveLaptopShot(ui::PortfolioWindow &window, const QString &name)
{
    QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots"));
    EXPECT_TRUE(window.grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/") + name));
}

// The example portfolio planned on the seed catalog, then the serving portfolio reopened on a
// catalog that moved since it was recorded (the since banner above the results), each looked at.
void lookAtLaptopSize(tests::Look look)
{
    const tests::LookScope scope(look);
    const bool chinese = look == tests::Look::Chinese;
    if (chinese) {
        ASSERT_EQ(scope.language(), QStringLiteral("zh_CN"));
    }
    const QString suffix = chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
    auto presets = core::loadModelPresets();
    ASSERT_TRUE(presets.ok());
    {
        std::optional<core::PortfolioCatalog> catalog = seedPortfolioCatalog();
        ASSERT_TRUE(catalog);
        ui::PortfolioWindow window(*catalog, presets.value());
        window.resize(kLaptop);
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        ASSERT_TRUE(openAndSolve(window, QStringLiteral(GPUPLANNER_SOURCE_DIR "/resources/portfolios/team-year.json")));
        tests::settleEvents();
        EXPECT_FALSE(window.sinceBanner()->isVisible());
        {
            SCOPED_TRACE("the example portfolio");
            expectShownWhole(window, chinese);
        }
        saveLaptopShot(window, QStringLiteral("portfolio-window-1366x768-%1.png").arg(suffix));
    }
    QTemporaryDir dir;
    const QString path = servingFile(dir, test::twoProviderCatalog());
    ui::PortfolioWindow window(test::portfolioCatalog(changedCatalog()), presets.value());
    window.resize(kLaptop);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(openAndSolve(window, path));
    tests::settleEvents();
    ASSERT_TRUE(window.sinceBanner()->isVisible());
    {
        SCOPED_TRACE("the since banner over today's plan");
        expectShownWhole(window, chinese);
    }
    saveLaptopShot(window, QStringLiteral("portfolio-window-since-1366x768-%1.png").arg(suffix));
    window.sinceBanner()->keepButton()->click();
    ASSERT_TRUE(window.showsRecordedPlan());
    tests::settleEvents();
    SCOPED_TRACE("the since banner over the recorded plan");
    expectShownWhole(window, chinese);
}

} // namespace

TEST(PortfolioWindow, ShownWholeOnALaptopScreenInEnglish)
{
    lookAtLaptopSize(tests::Look::Light);
}

TEST(PortfolioWindow, ShownWholeOnALaptopScreenInChinese)
{
    lookAtLaptopSize(tests::Look::Chinese);
}
