// The workload editor's measured-throughput kind with real input events: choosing it shows its
// own fields and hides the others, typing a measured rate plans every fitting offer, and a
// reference GPU the catalog does not know is named by its field while the typed text stays.
// A screenshot of the planned job goes to GPUPLANNER_ARTIFACT_DIR/screenshots.

#include "PlanTestSupport.h"

#include "ui/compare/ComparisonPanel.h"
#include "ui/compare/ComparisonProxy.h"
#include "ui/scenario/FieldBindings.h"
#include "ui/scenario/ScenarioDocument.h"
#include "ui/scenario/ScenarioEditor.h"
#include "ui/scenario/WorkloadEditor.h"

#include "TestWaits.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QCompleter>
#include <QDir>
#include <QLabel>
#include <QLineEdit>

#include <gtest/gtest.h>

using namespace gpuplanner;
using gpuplanner::tests::kSlowWaitMs;
using tests::retype;

namespace {

// Picks the kind with the keyboard, as a person would on the focused combo box.
void chooseMeasuredKind(ui::WorkloadEditor *editor)
{
    QComboBox *kind = editor->kindField()->combo();
    kind->setFocus();
    QTest::keyClick(kind, Qt::Key_End); // "Measured throughput" is the last kind
}

// Waits until the published plan is of the measured job as last typed (every key re-plans).
bool waitForMeasuredPlan(ui::MainWindow &window, const QString &referenceGpu)
{
    ui::PlanRunner *runner = window.planRunner();
    return QTest::qWaitFor(
        [&] {
            const ui::PlanSnapshotPtr &latest = runner->latest();
            return !runner->isBusy() && latest && latest->scenario.workload.kind == core::WorkloadKind::Measured
                && latest->scenario.workload.measured.referenceGpuName == referenceGpu;
        },
        60000);
}

} // namespace

TEST(MeasuredWorkload, TypingAMeasuredRatePlansEveryFittingOffer)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::WorkloadEditor *editor = window->editor()->workload();
    chooseMeasuredKind(editor);
    EXPECT_EQ(window->document()->value(QStringLiteral("workload.task")).toString(), QStringLiteral("measured"));
    EXPECT_EQ(editor->kindField()->combo()->currentData().toString(), QStringLiteral("measured"));
    // Only the measured fields (and precision) remain; nothing typed before is cleared.
    EXPECT_TRUE(editor->measuredRateField()->isVisible());
    EXPECT_TRUE(editor->referenceGpuField()->isVisible());
    EXPECT_TRUE(editor->itemsField()->isVisible());
    EXPECT_FALSE(editor->tokensField()->isVisible());
    EXPECT_FALSE(editor->modelField()->isVisible());
    EXPECT_EQ(window->document()->value(QStringLiteral("workload.tokens")).toString(), QStringLiteral("1B"));
    // Until the rate is given, the banner says which field is missing.
    EXPECT_TRUE(window->editor()->banner()->isVisible());
    // In words, as the form labels the field, not as a JSON path.
    EXPECT_TRUE(window->editor()->banner()->text().contains(QStringLiteral("Measured rate: missing")))
        << window->editor()->banner()->text().toStdString();

    retype(editor->measuredRateField()->edit(), QStringLiteral("3100"));
    retype(editor->referenceGpuField()->edit(), QStringLiteral("A100-80GB"));
    retype(editor->itemsField()->edit(), QStringLiteral("2B"));
    ASSERT_TRUE(window->document()->scenario().has_value()) << window->document()->error().toStdString();
    EXPECT_FALSE(window->editor()->banner()->isVisible());
    ASSERT_TRUE(waitForMeasuredPlan(*window, QStringLiteral("A100-80GB")));

    const ui::PlanSnapshotPtr &plan = window->planRunner()->latest();
    ASSERT_TRUE(plan->error.isEmpty()) << plan->error.toStdString();
    EXPECT_EQ(plan->request.workload.kind, core::WorkloadKind::Measured);
    EXPECT_GT(plan->request.workload.measured.referenceGpu.bf16Tflops, 0) << "resolved against the catalog";
    ASSERT_GT(plan->result.usable, 0);
    ui::ComparisonPanel *panel = window->comparison();
    EXPECT_GT(panel->proxy()->rowCount(), 0);
    EXPECT_TRUE(plan->result.options.front().usable());
    EXPECT_TRUE(panel->summary()->text().contains(QStringLiteral("usable")));

    const QString dir = QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots");
    QDir().mkpath(dir);
    EXPECT_TRUE(window->grab().save(dir + QStringLiteral("/plan-measured-throughput.png")));
}

TEST(MeasuredWorkload, TheReferenceGpuIsPickedFromTheCatalogsSuggestions)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::WorkloadEditor *editor = window->editor()->workload();
    chooseMeasuredKind(editor);
    QLineEdit *gpu = editor->referenceGpuField()->edit();
    QCompleter *completer = gpu->completer();
    ASSERT_NE(completer, nullptr);
    EXPECT_GT(completer->model()->rowCount(), 50); // every GPU model of the catalog

    // Typing part of a name offers the matching models; Down and Return pick the first.
    retype(gpu, QStringLiteral("h100-sx"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return completer->popup()->isVisible(); }, kSlowWaitMs));
    const QString first = completer->completionModel()->index(0, 0).data().toString();
    EXPECT_TRUE(first.startsWith(QStringLiteral("H100-SXM"))) << first.toStdString();
    QTest::keyClick(completer->popup(), Qt::Key_Down);
    QTest::keyClick(completer->popup(), Qt::Key_Return);
    EXPECT_EQ(gpu->text(), first);
    EXPECT_EQ(window->document()->value(QStringLiteral("workload.measured_gpu")).toString(), first);
}

TEST(MeasuredWorkload, AnUnknownReferenceGpuIsNamedAndTheTypedTextKept)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::WorkloadEditor *editor = window->editor()->workload();
    chooseMeasuredKind(editor);
    retype(editor->measuredRateField()->edit(), QStringLiteral("3100"));
    retype(editor->itemsField()->edit(), QStringLiteral("2B"));
    retype(editor->referenceGpuField()->edit(), QStringLiteral("XYZ-9000"));
    ASSERT_TRUE(window->document()->scenario().has_value()) << "a GPU name is checked against the catalog when planning";
    ASSERT_TRUE(waitForMeasuredPlan(*window, QStringLiteral("XYZ-9000")));

    const QString expected = QStringLiteral("workload.measured_gpu: \"XYZ-9000\" is not a GPU in the catalog");
    EXPECT_EQ(window->planRunner()->latest()->error, expected);
    const QString summary = window->comparison()->summary()->text();
    EXPECT_TRUE(summary.contains(expected.toHtmlEscaped())) << summary.toStdString();
    // The editor's banner names it too, next to the form where it gets fixed.
    EXPECT_TRUE(window->editor()->banner()->isVisible());
    EXPECT_TRUE(window->editor()->banner()->text().contains(
        QStringLiteral("Reference GPU: \"XYZ-9000\" is not a GPU in the catalog")))
        << window->editor()->banner()->text().toStdString();
    EXPECT_EQ(editor->referenceGpuField()->edit()->text(), QStringLiteral("XYZ-9000"));
    EXPECT_EQ(window->document()->value(QStringLiteral("workload.measured_gpu")).toString(), QStringLiteral("XYZ-9000"));

    const quint64 generation = tests::planGeneration(*window);
    retype(editor->referenceGpuField()->edit(), QStringLiteral("A100-80GB"));
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    EXPECT_TRUE(window->planRunner()->latest()->error.isEmpty());
    EXPECT_FALSE(window->editor()->banner()->isVisible());
}
