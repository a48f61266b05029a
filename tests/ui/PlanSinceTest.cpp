// Issue 30 #3 in the desktop: a saved scenario records what its plan was priced on; reopened on
// a catalog that moved, the Plan tab says what changed since, line by line, and offers to keep
// the recorded plan or use today's prices (an undoable edit).

#include "PlanTestSupport.h"

#include "ui/compare/PlanSinceBanner.h"
#include "ui/scenario/ScenarioDocument.h"
#include "ui/scenario/ScenarioFiles.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QTemporaryDir>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace gpuplanner;

namespace {

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path.toStdString();
    return QJsonDocument::fromJson(f.readAll()).object();
}

void writeJson(const QString &path, const QJsonObject &json)
{
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(QJsonDocument(json).toJson());
}

// The record as if made when the recommended option cost half: its price, its cost and the
// main run's, in the recommendation and in the options list alike.
QJsonObject halvedRecord(QJsonObject record)
{
    QJsonObject recommended = record.value(QStringLiteral("recommended")).toObject();
    recommended.insert(QStringLiteral("price_per_hour"), recommended.value(QStringLiteral("price_per_hour")).toDouble() / 2);
    recommended.insert(QStringLiteral("date"), QStringLiteral("2025-01"));
    record.insert(QStringLiteral("recommended"), recommended);
    QJsonArray options = record.value(QStringLiteral("options")).toArray();
    for (qsizetype i = 0; i < options.size(); ++i) {
        if (options.at(i).toObject().value(QStringLiteral("key")) == recommended.value(QStringLiteral("key")))
            options.replace(i, recommended);
    }
    record.insert(QStringLiteral("options"), options);
    record.insert(QStringLiteral("main_run_cost"), record.value(QStringLiteral("main_run_cost")).toDouble() / 2);
    return record;
}

} // namespace

TEST(PlanSince, ASavedPlanReopenedOnMovedPricesSaysWhatChangedAndOffersBothChoices)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    auto *banner = window->findChild<ui::PlanSinceBanner *>();
    ASSERT_NE(banner, nullptr);
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("bert.gpuplan"));

    // Saving writes the record of the plan shown.
    quint64 generation = tests::planGeneration(*window);
    ASSERT_TRUE(window->files()->openFile(QStringLiteral(":/scenarios/bert-base-finetune.json")));
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    EXPECT_FALSE(banner->isVisible()) << "an example has no record";
    ASSERT_TRUE(window->files()->saveTo(path));
    const QJsonObject saved = readJson(path);
    const QJsonObject record = saved.value(QStringLiteral("priced_on")).toObject();
    ASSERT_EQ(record.value(QStringLiteral("catalog_hash")).toString().size(), 64) << "no record saved";
    const double costNow = window->planRunner()->latest()->totals.recommended->cost;
    EXPECT_NEAR(record.value(QStringLiteral("main_run_cost")).toDouble(), costNow, 0.005);

    // Reopened unchanged: nothing moved, and the banner says only that.
    generation = tests::planGeneration(*window);
    ASSERT_TRUE(window->files()->openFile(path));
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    tests::settleEvents();
    ASSERT_TRUE(banner->since().has_value());
    EXPECT_TRUE(banner->since()->unchanged());
    EXPECT_TRUE(banner->text()->text().startsWith(QStringLiteral("Nothing has changed since this plan was made on")))
        << banner->text()->text().toStdString();
    EXPECT_FALSE(banner->keepButton()->isVisible());
    // Issue 47 (7): edited, the scenario is no longer the plan that "has not changed": the banner goes.
    ASSERT_TRUE(banner->isVisible());
    window->document()->setValue(QStringLiteral("constraints.budget"), 123.0);
    tests::settleEvents();
    EXPECT_FALSE(banner->isVisible()) << banner->text()->text().toStdString();
    window->document()->undoStack()->undo(); // clean again: opening the next file asks nothing
    ASSERT_FALSE(window->document()->isModified());

    // A record made when the recommendation cost half: the lines say then and now.
    QJsonObject older = saved;
    older.insert(QStringLiteral("priced_on"), halvedRecord(record));
    writeJson(path, older);
    generation = tests::planGeneration(*window);
    ASSERT_TRUE(window->files()->openFile(path));
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    tests::settleEvents();
    ASSERT_TRUE(banner->isVisible());
    const QString text = banner->text()->text();
    EXPECT_TRUE(text.contains(QStringLiteral("Since this plan was made on"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Main run: "))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("/h then (")) && text.contains(QStringLiteral("2025-01)"))) << text.toStdString();
    EXPECT_TRUE(banner->keepButton()->isVisible() && banner->replanButton()->isVisible());
    // For people to look at: the banner above the plan at a laptop's size.
    window->resize(1366, 768);
    tests::settleEvents();
    QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots"));
    EXPECT_TRUE(window->grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/plan-since-1366x768.png")));

    // Keep: the file keeps the record as it was made, even when saved again.
    QTest::mouseClick(banner->keepButton(), Qt::LeftButton);
    EXPECT_FALSE(banner->isVisible());
    ASSERT_TRUE(window->files()->saveTo(path));
    EXPECT_NEAR(readJson(path).value(QStringLiteral("priced_on")).toObject().value(QStringLiteral("main_run_cost")).toDouble(),
                costNow / 2, 0.005);

    // Use today's prices: the record is replaced by an edit that Undo takes back.
    generation = tests::planGeneration(*window);
    ASSERT_TRUE(window->files()->openFile(path));
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    tests::settleEvents();
    ASSERT_TRUE(banner->replanButton()->isVisible());
    QTest::mouseClick(banner->replanButton(), Qt::LeftButton);
    EXPECT_TRUE(window->document()->isModified());
    EXPECT_NEAR(window->document()->json().value(QStringLiteral("priced_on")).toObject().value(QStringLiteral("main_run_cost")).toDouble(),
                costNow, 0.005);
    window->document()->undoStack()->undo();
    EXPECT_NEAR(window->document()->json().value(QStringLiteral("priced_on")).toObject().value(QStringLiteral("main_run_cost")).toDouble(),
                costNow / 2, 0.005);
    window->document()->undoStack()->redo();
    ASSERT_TRUE(tests::waitForPlan(*window, tests::planGeneration(*window) - 1));
    ASSERT_TRUE(window->files()->saveTo(path));
    EXPECT_NEAR(readJson(path).value(QStringLiteral("priced_on")).toObject().value(QStringLiteral("main_run_cost")).toDouble(),
                costNow, 0.005);

    // A damaged record is said so, and the scenario still plans.
    QJsonObject damaged = saved;
    QJsonObject bad = record;
    bad.remove(QStringLiteral("catalog_hash"));
    damaged.insert(QStringLiteral("priced_on"), bad);
    writeJson(path, damaged);
    generation = tests::planGeneration(*window);
    ASSERT_TRUE(window->files()->openFile(path));
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    EXPECT_TRUE(banner->isVisible());
    EXPECT_TRUE(banner->text()->text().contains(QStringLiteral("priced_on.catalog_hash"))) << banner->text()->text().toStdString();
    EXPECT_TRUE(window->planRunner()->latest()->error.isEmpty());
}
