// The workload editor's measured-throughput kind with real input events: choosing it shows its
// own fields and hides the others, typing a measured rate plans every fitting offer, and a
// reference GPU the catalog does not know is named by its field while the typed text stays.
// The pre-training form's measured MFU (issue 46): chosen and typed from the keyboard, written as
// "mfu=0.42", one undo step, bad text named and not written, shown again from a scenario file.
// Screenshots of the planned jobs go to GPUPLANNER_ARTIFACT_DIR/screenshots.

#include "PlanTestSupport.h"
#include "ScreenshotLook.h"

#include "ui/compare/ComparisonPanel.h"
#include "ui/compare/ComparisonProxy.h"
#include "ui/scenario/FieldBindings.h"
#include "ui/scenario/ScenarioDocument.h"
#include "ui/scenario/ScenarioEditor.h"
#include "ui/scenario/StackField.h"
#include "ui/scenario/WorkloadEditor.h"

#include "TestWaits.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QCompleter>
#include <QDir>
#include <QFile>
#include <QFormLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QUndoStack>

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

namespace {

const QString kStack = QStringLiteral("workload.stack");

// The main window on the 7B pre-training example, planned and in front (Tab moves the keyboard).
std::unique_ptr<ui::MainWindow> preTrainingWindow(const QString &path = QStringLiteral(":/scenarios/llama-7b-pretrain.json"))
{
    auto window = tests::plannedWindow();
    if (!window)
        return nullptr;
    QString error;
    const quint64 generation = tests::planGeneration(*window);
    if (!window->document()->open(path, &error) || !tests::waitForPlan(*window, generation))
        return nullptr;
    window->activateWindow();
    QApplication::setActiveWindow(window.get());
    return window;
}

// Chooses "Measured MFU" (the last stack) on the focused combo box and Tabs to its value, as a
// person does with the keyboard.
void chooseMeasuredMfu(ui::StackField *stack)
{
    QComboBox *combo = stack->combo();
    combo->setFocus(Qt::TabFocusReason);
    QTest::keyClick(combo, Qt::Key_End);
    QTest::keyClick(combo, Qt::Key_Tab);
}

// Waits until the published plan ran the pre-training campaign at this measured MFU.
bool waitForPlanAtMfu(ui::MainWindow &window, double mfu)
{
    ui::PlanRunner *runner = window.planRunner();
    return QTest::qWaitFor(
        [&] {
            const ui::PlanSnapshotPtr &latest = runner->latest();
            if (runner->isBusy() || !latest || window.comparison()->planPending())
                return false;
            const core::CampaignTerms &t = latest->request.workload.training.campaign;
            return t.stack == core::StackMaturity::Measured && qFuzzyCompare(t.measuredMfu, mfu);
        },
        kSlowWaitMs);
}

} // namespace

TEST(MeasuredMfu, TypedOnThePreTrainingFormItIsPlannedAtAndUndoneInOneStep)
{
    auto window = preTrainingWindow();
    ASSERT_TRUE(window);
    ui::ScenarioDocument *doc = window->document();
    ui::StackField *stack = window->editor()->workload()->stackField();
    ui::MeasuredMfuField *mfu = stack->mfuField();
    EXPECT_TRUE(stack->isVisible());
    EXPECT_FALSE(mfu->isVisible()) << "its row shows once the measured MFU is chosen";
    EXPECT_EQ(mfu->edit()->accessibleName(), QStringLiteral("Measured MFU"));

    // A stated stack first, so that undo has one to go back to.
    stack->combo()->setFocus(Qt::TabFocusReason);
    QTest::keyClick(stack->combo(), Qt::Key_Down);
    ASSERT_EQ(doc->value(kStack).toString(), QStringLiteral("tuned"));
    const int steps = doc->undoStack()->index();

    chooseMeasuredMfu(stack);
    EXPECT_EQ(stack->combo()->currentText(), QStringLiteral("Measured MFU"));
    EXPECT_TRUE(mfu->isVisible());
    EXPECT_EQ(QApplication::focusWidget(), mfu->edit()) << "Tab goes from the choice to its value";
    EXPECT_EQ(doc->value(kStack).toString(), QStringLiteral("tuned")) << "nothing to write before a value";
    QTest::keyClicks(mfu->edit(), QStringLiteral("42 %"));
    QTest::keyClick(mfu->edit(), Qt::Key_Return);
    EXPECT_EQ(doc->value(kStack).toString(), QStringLiteral("mfu=0.42"));
    EXPECT_EQ(mfu->edit()->text(), QStringLiteral("42 %"));
    EXPECT_FALSE(mfu->errorLabel()->isVisible());
    ASSERT_TRUE(doc->scenario().has_value()) << doc->error().toStdString();
    EXPECT_EQ(doc->scenario()->workload.training.campaign.stack, core::StackMaturity::Measured);
    EXPECT_DOUBLE_EQ(doc->scenario()->workload.training.campaign.measuredMfu, 0.42);
    ASSERT_TRUE(waitForPlanAtMfu(*window, 0.42)) << "the plan runs the campaign at the measured MFU";

    // Choosing and typing were one step: undo gives the tuned stack back, redo the 42 %.
    EXPECT_EQ(doc->undoStack()->index(), steps + 1);
    doc->undoStack()->undo();
    EXPECT_EQ(doc->value(kStack).toString(), QStringLiteral("tuned"));
    EXPECT_EQ(stack->combo()->currentText(), QStringLiteral("Tuned at this scale"));
    EXPECT_FALSE(mfu->isVisible());
    EXPECT_TRUE(mfu->edit()->text().isEmpty());
    doc->undoStack()->redo();
    EXPECT_EQ(doc->value(kStack).toString(), QStringLiteral("mfu=0.42"));
    EXPECT_EQ(stack->combo()->currentText(), QStringLiteral("Measured MFU"));
    EXPECT_TRUE(mfu->isVisible());
    EXPECT_EQ(mfu->edit()->text(), QStringLiteral("42 %"));

    // What is not an MFU is named under the field and kept there to fix; the document keeps 42 %.
    const std::pair<QString, QString> bads[] = {{QStringLiteral("150 %"), QStringLiteral("Measured MFU: over 100 %")},
                                                {QStringLiteral("abc"), QStringLiteral("Measured MFU: not a number")},
                                                {QStringLiteral("0"), QStringLiteral("Measured MFU: must be above 0 %")}};
    for (const auto &[bad, message] : bads) {
        retype(mfu->edit(), bad);
        QTest::keyClick(mfu->edit(), Qt::Key_Return);
        EXPECT_EQ(doc->value(kStack).toString(), QStringLiteral("mfu=0.42")) << bad.toStdString();
        EXPECT_TRUE(mfu->errorLabel()->isVisible()) << bad.toStdString();
        EXPECT_EQ(mfu->errorLabel()->text(), message);
        EXPECT_EQ(mfu->edit()->text(), bad);
        EXPECT_EQ(mfu->edit()->accessibleDescription(), mfu->errorLabel()->text());
    }
    // Another edit elsewhere leaves the typed text and its problem alone.
    doc->setValue(QStringLiteral("workload.epochs"), 2);
    EXPECT_EQ(mfu->edit()->text(), QStringLiteral("0"));
    EXPECT_TRUE(mfu->errorLabel()->isVisible());

    // Percentages and fractions as people type them.
    const std::pair<QString, QString> typed[] = {{QStringLiteral("35%"), QStringLiteral("mfu=0.35")},
                                                 {QStringLiteral("0.4"), QStringLiteral("mfu=0.4")},
                                                 {QStringLiteral("37"), QStringLiteral("mfu=0.37")},
                                                 {QStringLiteral("100 %"), QStringLiteral("mfu=1")},
                                                 {QStringLiteral("42 %"), QStringLiteral("mfu=0.42")}};
    for (const auto &[text, stored] : typed) {
        retype(mfu->edit(), text);
        QTest::keyClick(mfu->edit(), Qt::Key_Return);
        EXPECT_EQ(doc->value(kStack).toString(), stored) << text.toStdString();
        EXPECT_FALSE(mfu->errorLabel()->isVisible()) << text.toStdString();
    }
    EXPECT_EQ(mfu->edit()->text(), QStringLiteral("42 %"));
}

TEST(MeasuredMfu, AScenarioFilesMeasuredMfuShowsAndAnotherStackClearsIt)
{
    QFile example(QStringLiteral(":/scenarios/llama-7b-pretrain.json"));
    ASSERT_TRUE(example.open(QIODevice::ReadOnly));
    QJsonObject json = QJsonDocument::fromJson(example.readAll()).object();
    QJsonObject workload = json.value(QStringLiteral("workload")).toObject();
    workload.insert(QStringLiteral("stack"), QStringLiteral("mfu=0.35"));
    json.insert(QStringLiteral("workload"), workload);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("measured-mfu.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(json).toJson());
    file.close();

    auto window = preTrainingWindow(path);
    ASSERT_TRUE(window);
    ui::ScenarioDocument *doc = window->document();
    ui::StackField *stack = window->editor()->workload()->stackField();
    ui::MeasuredMfuField *mfu = stack->mfuField();
    EXPECT_EQ(stack->combo()->currentText(), QStringLiteral("Measured MFU"));
    EXPECT_TRUE(mfu->isVisible());
    EXPECT_EQ(mfu->edit()->text(), QStringLiteral("35 %"));
    EXPECT_TRUE(waitForPlanAtMfu(*window, 0.35));

    // Generic (one up from Measured MFU): the measured value goes, in one step.
    const int steps = doc->undoStack()->index();
    stack->combo()->setFocus(Qt::TabFocusReason);
    QTest::keyClick(stack->combo(), Qt::Key_Up);
    EXPECT_EQ(doc->value(kStack).toString(), QStringLiteral("generic"));
    EXPECT_EQ(doc->undoStack()->index(), steps + 1);
    EXPECT_FALSE(mfu->isVisible());
    EXPECT_TRUE(mfu->edit()->text().isEmpty());
    // Measured MFU again: an empty value to type, nothing written until it is.
    QTest::keyClick(stack->combo(), Qt::Key_Down);
    EXPECT_TRUE(mfu->isVisible());
    EXPECT_TRUE(mfu->edit()->text().isEmpty());
    EXPECT_EQ(doc->value(kStack).toString(), QStringLiteral("generic"));
    // An edit elsewhere keeps the choice; the default stack hides the row again.
    doc->setValue(QStringLiteral("workload.epochs"), 2);
    EXPECT_EQ(stack->combo()->currentText(), QStringLiteral("Measured MFU"));
    EXPECT_TRUE(mfu->isVisible());
    QTest::keyClick(stack->combo(), Qt::Key_Home);
    EXPECT_TRUE(doc->value(kStack).isUndefined());
    EXPECT_EQ(stack->combo()->currentText(), QStringLiteral("Generic (default)"));
    EXPECT_FALSE(mfu->isVisible());
    doc->undoStack()->undo();
    EXPECT_EQ(doc->value(kStack).toString(), QStringLiteral("generic"));
}

TEST(MeasuredMfu, ParsesPercentagesAndFractions)
{
    QString reason;
    EXPECT_DOUBLE_EQ(ui::MeasuredMfuField::parse(QStringLiteral("42 %"), &reason).value_or(0), 0.42);
    EXPECT_DOUBLE_EQ(ui::MeasuredMfuField::parse(QStringLiteral("42%"), &reason).value_or(0), 0.42);
    EXPECT_DOUBLE_EQ(ui::MeasuredMfuField::parse(QStringLiteral("42"), &reason).value_or(0), 0.42);
    EXPECT_DOUBLE_EQ(ui::MeasuredMfuField::parse(QStringLiteral("0.42"), &reason).value_or(0), 0.42);
    EXPECT_DOUBLE_EQ(ui::MeasuredMfuField::parse(QStringLiteral("mfu=0.42"), &reason).value_or(0), 0.42);
    EXPECT_DOUBLE_EQ(ui::MeasuredMfuField::parse(QStringLiteral("0.5 %"), &reason).value_or(0), 0.005);
    EXPECT_DOUBLE_EQ(ui::MeasuredMfuField::parse(QStringLiteral("100"), &reason).value_or(0), 1.0);
    for (const QString &bad : {QStringLiteral(""), QStringLiteral("0"), QStringLiteral("-5"), QStringLiteral("100.5"),
                               QStringLiteral("150 %"), QStringLiteral("abc"), QStringLiteral("inf")}) {
        reason.clear();
        EXPECT_FALSE(ui::MeasuredMfuField::parse(bad, &reason).has_value()) << bad.toStdString();
        EXPECT_TRUE(reason.startsWith(QStringLiteral("Measured MFU: "))) << reason.toStdString();
    }
}

namespace {

// The pre-training form with a measured MFU of 42 % typed, on a laptop's 1366 x 768 window.
void shootMeasuredMfu(tests::Look look)
{
    const tests::LookScope scope(look);
    auto window = preTrainingWindow();
    ASSERT_TRUE(window);
    const QSize size(1366, 768);
    window->resize(size);
    tests::settleEvents();
    EXPECT_TRUE(QTest::qWaitFor([&] { return window->size() == size; }, kSlowWaitMs)) << window->width();
    ui::StackField *stack = window->editor()->workload()->stackField();
    ui::MeasuredMfuField *mfu = stack->mfuField();
    chooseMeasuredMfu(stack);
    QTest::keyClicks(mfu->edit(), QStringLiteral("42"));
    QTest::keyClick(mfu->edit(), Qt::Key_Return);
    ASSERT_TRUE(waitForPlanAtMfu(*window, 0.42));
    EXPECT_EQ(mfu->edit()->text(), ui::MeasuredMfuField::percentText(0.42));
    if (look == tests::Look::Chinese) {
        EXPECT_EQ(stack->combo()->currentText(), QStringLiteral("实测 MFU"));
        EXPECT_EQ(mfu->edit()->text(), QStringLiteral("42%"));
        auto *form = qobject_cast<QFormLayout *>(window->editor()->workload()->layout());
        ASSERT_TRUE(form);
        auto *label = qobject_cast<QLabel *>(form->labelForField(mfu));
        ASSERT_TRUE(label);
        EXPECT_EQ(label->text(), QStringLiteral("实测 MFU："));
    }
    tests::settleEvents();
    tests::expectWorkloadFieldsInsideTheirPane(*window, 10);
    const QString dir = QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots");
    QDir().mkpath(dir);
    const QString suffix = tests::lookSuffix(look);
    EXPECT_TRUE(window->grab().save(QStringLiteral("%1/plan-measured-mfu-%2-1366x768.png").arg(dir, suffix)));

    // What a mistyped value looks like.
    retype(mfu->edit(), QStringLiteral("150 %"));
    QTest::keyClick(mfu->edit(), Qt::Key_Return);
    tests::settleEvents();
    EXPECT_TRUE(mfu->errorLabel()->isVisible());
    EXPECT_LE(mfu->errorLabel()->fontMetrics().horizontalAdvance(mfu->errorLabel()->text()),
              mfu->errorLabel()->contentsRect().width())
        << "the reason is read whole, not cut";
    tests::expectWorkloadFieldsInsideTheirPane(*window, 10);
    EXPECT_TRUE(window->grab().save(QStringLiteral("%1/plan-measured-mfu-invalid-%2-1366x768.png").arg(dir, suffix)));
}

} // namespace

TEST(MeasuredMfu, ScreenshotOfThePreTrainingForm) { shootMeasuredMfu(tests::Look::Light); }
TEST(MeasuredMfu, ScreenshotOfThePreTrainingFormInChinese) { shootMeasuredMfu(tests::Look::Chinese); }
