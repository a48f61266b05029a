// The desktop Timeline with imported actual spend: a billing export of the scenario's project
// shows as actual bars against the planned line with the forecast range, the summary says the
// variance, the forecast and the budget warning; a screenshot for people to look at.

#include "PlanTestSupport.h"

#include "db/SqliteRealityStore.h"
#include "ui/charts/TimelineCharts.h"
#include "ui/scenario/ScenarioFiles.h"
#include "ui/timeline/TimelinePanel.h"

#include <QAbstractSeries>
#include <QChart>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QTabWidget>
#include <QTemporaryDir>

#include <QGraphicsSimpleTextItem>

#include <gtest/gtest.h>

namespace {

using namespace gpuplanner;

core::CatalogRepositoryFactory factoryFor(const QString &path)
{
    return [path]() -> core::Result<std::unique_ptr<core::CatalogRepository>> {
        auto repo = db::SqliteCatalogRepository::openExisting(path);
        if (!repo)
            return repo.error();
        return std::unique_ptr<core::CatalogRepository>(std::move(repo).value());
    };
}

} // namespace

TEST(ActualsTimeline, ShowsActualBarsAgainstThePlanWithTheForecastRange)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString catalog = dir.filePath(QStringLiteral("catalog.sqlite"));
    ASSERT_TRUE(QFile::copy(tests::seedCatalogPath(), catalog));
    QFile::setPermissions(catalog, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    auto imported = db::SqliteRealityStore(catalog).importSpendFile(
        QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/billing/derived/aws_cur_legacy_gpu_daily_may2024.csv"),
        QStringLiteral("may.csv"), core::actuals::BillingFormat::Auto, QStringLiteral("demo"));
    ASSERT_TRUE(imported.ok()) << imported.errorMessage().toStdString();

    QFile base(QStringLiteral(GPUPLANNER_SOURCE_DIR "/resources/scenarios/llama-7b-pretrain.json"));
    ASSERT_TRUE(base.open(QIODevice::ReadOnly));
    QJsonObject s = QJsonDocument::fromJson(base.readAll()).object();
    s[QStringLiteral("project")] = QStringLiteral("demo");
    s[QStringLiteral("phases")] = QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("Experiments")},
                                                         {QStringLiteral("start"), QStringLiteral("2024-05")},
                                                         {QStringLiteral("months"), 4},
                                                         {QStringLiteral("gpu_hours_per_month"), 8000}}};
    QJsonObject c = s.value(u"constraints").toObject();
    c[QStringLiteral("budget")] = 150000;
    c.remove(QStringLiteral("deadline"));
    s[QStringLiteral("constraints")] = c;
    const QString scenario = dir.filePath(QStringLiteral("demo.gpuplan"));
    {
        QFile f(scenario);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(s).toJson());
    }

    ui::MainWindow window(factoryFor(catalog));
    window.resize(1366, 768);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QSignalSpy loaded(&window, &ui::MainWindow::catalogLoaded);
    window.reloadCatalog();
    ASSERT_TRUE(loaded.wait(60000));
    ASSERT_TRUE(tests::waitForPlan(window));
    const quint64 before = tests::planGeneration(window);
    window.files()->openFile(scenario);
    ASSERT_TRUE(tests::waitForPlan(window, before));

    ui::TimelinePanel *timeline = window.timeline();
    window.tabs()->setCurrentWidget(timeline);
    tests::settleEvents();
    EXPECT_TRUE(timeline->actuals()->isVisible());
    EXPECT_EQ(timeline->actuals()->actualBars(), 1); // May booked, June to August planned only
    const QString summary = timeline->actualsSummary()->text();
    EXPECT_TRUE(summary.contains(QStringLiteral("$72,248.50 to 2024-05"))) << summary.toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("Forecast to the end of the plan"))) << summary.toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("passes the budget of $150,000.00"))) << summary.toStdString();
    // The spend to date is written above its bar, whole and inside the plot, whatever the scale.
    QGraphicsSimpleTextItem *spent = timeline->actuals()->spentLabel();
    EXPECT_TRUE(spent->isVisible());
    EXPECT_EQ(spent->text(), QStringLiteral("$72,248.50"));
    const QRectF plot = timeline->actuals()->chart()->plotArea();
    EXPECT_TRUE(plot.adjusted(-1, -1, 1, 1).contains(spent->mapRectToParent(spent->boundingRect())))
        << "label outside the plot";
    // Legend entries a person reads next to the chart.
    QStringList names;
    for (QAbstractSeries *series : timeline->actuals()->chart()->series())
        names << series->name();
    EXPECT_TRUE(names.contains(QStringLiteral("Range"))) << names.join(u',').toStdString();
    EXPECT_TRUE(names.contains(QStringLiteral("Forecast")));
    EXPECT_TRUE(names.contains(QStringLiteral("Plan")));
    EXPECT_TRUE(names.contains(QStringLiteral("Budget")));

#ifdef GPUPLANNER_ARTIFACT_DIR
    const QString shots = QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots");
    QDir().mkpath(shots);
    EXPECT_TRUE(window.grab().save(shots + QStringLiteral("/timeline-actuals.png")));
#endif
}
