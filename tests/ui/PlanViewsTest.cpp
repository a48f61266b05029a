// The plan view with real input events: editing a field re-plans the table and both charts,
// selection is shared between the table and the charts, invalid input is named and kept,
// undo/redo, and the item models under QAbstractItemModelTester.

#include "PlanTestSupport.h"

#include "core/plan/PlanExplain.h"
#include "ui/charts/CostBarsChart.h"
#include "ui/charts/CostTimeChart.h"
#include "ui/compare/ComparisonModel.h"
#include "ui/compare/ComparisonPanel.h"
#include "ui/compare/ComparisonProxy.h"
#include "ui/scenario/ConstraintsEditor.h"
#include "ui/scenario/FieldBindings.h"
#include "ui/scenario/ScenarioDocument.h"
#include "ui/scenario/ScenarioEditor.h"
#include "ui/scenario/WorkloadEditor.h"
#include "ui/scenario/JsonPath.h"
#include "ui/timeline/PhasesModel.h"
#include "ui/timeline/TimelinePanel.h"

#include "TestWaits.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QSet>
#include <QCategoryAxis>
#include <QGraphicsSimpleTextItem>
#include <QLineSeries>
#include <QChart>
#include <QFontMetricsF>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMenu>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QToolButton>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace gpuplanner;
using gpuplanner::tests::kSlowWaitMs;
using tests::retype;

namespace {

double recommendedCost(ui::MainWindow &w)
{
    const auto &s = w.planRunner()->latest();
    return s && s->result.recommended >= 0 ? s->result.options[size_t(s->result.recommended)].cost : -1;
}

} // namespace

TEST(PlanView, EditingTheDatasetSizeReplansTheTableAndBothCharts)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::ComparisonPanel *panel = window->comparison();
    ASSERT_GT(panel->proxy()->rowCount(), 0);
    EXPECT_GT(panel->scatter()->pointCount(), 0);
    EXPECT_GT(panel->bars()->barCount(), 0);
    const double before = recommendedCost(*window);
    ASSERT_GT(before, 0);
    const quint64 generation = tests::planGeneration(*window);

    QLineEdit *tokens = window->editor()->workload()->tokensField()->edit();
    retype(tokens, QStringLiteral("10B"));
    EXPECT_EQ(window->document()->value(QStringLiteral("workload.tokens")).toString(), QStringLiteral("10B"));
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    const double after = recommendedCost(*window);
    EXPECT_GT(after, before * 3) << "ten times the tokens should cost several times more";
    // The table, the scatter and the bars all show the new plan.
    const QModelIndex top = panel->proxy()->index(0, ui::ComparisonModel::Cost);
    EXPECT_FALSE(top.data().toString().isEmpty());
    EXPECT_EQ(panel->model()->snapshot(), window->planRunner()->latest());
    EXPECT_GT(panel->scatter()->pointCount(), 0);
    EXPECT_EQ(panel->bars()->barCount(), ui::ComparisonPanel::kBars);
    EXPECT_TRUE(panel->summary()->text().contains(QStringLiteral("usable")));
}

TEST(PlanView, EveryExampleScenarioShowsTheRecommendationFirstInTheTableAndTheBars)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::ComparisonPanel *panel = window->comparison();
    const QStringList examples = QDir(QStringLiteral(":/scenarios")).entryList({QStringLiteral("*.json")}, QDir::Files);
    ASSERT_GE(examples.size(), 6);
    for (const QString &name : examples) {
        const quint64 generation = tests::planGeneration(*window);
        QString error;
        ASSERT_TRUE(window->document()->open(QStringLiteral(":/scenarios/") + name, &error)) << error.toStdString();
        ASSERT_TRUE(tests::waitForPlan(*window, generation)) << name.toStdString();
        const auto &s = window->planRunner()->latest();
        ASSERT_TRUE(s && s->error.isEmpty()) << name.toStdString() << ": " << (s ? s->error.toStdString() : "");
        ASSERT_GE(s->result.recommended, 0) << name.toStdString();
        // What a person sees: the first row is bold, ranked 1 and is the option the headline names.
        const QModelIndex first = panel->proxy()->index(0, ui::ComparisonModel::Rank);
        EXPECT_TRUE(first.data(ui::ComparisonModel::RecommendedRole).toBool()) << name.toStdString();
        EXPECT_EQ(first.data().toString(), QStringLiteral("1")) << name.toStdString();
        EXPECT_EQ(panel->proxy()->index(1, ui::ComparisonModel::Rank).data().toString(), QStringLiteral("2"))
            << name.toStdString();
        const QString recommendedId = first.data(ui::ComparisonModel::OptionIdRole).toString();
        ASSERT_GT(panel->bars()->barCount(), 0);
        EXPECT_EQ(panel->bars()->bars().constFirst().id, recommendedId) << name.toStdString();
        EXPECT_TRUE(panel->bars()->bars().constFirst().label.startsWith(QStringLiteral("1. "))) << name.toStdString();
        // The bars read apart: each names its instance type right after its number.
        for (const ui::CostBar &bar : panel->bars()->bars()) {
            const ui::PlanSnapshot &snap = *window->planRunner()->latest();
            const int row = snap.rowOfId(bar.id);
            ASSERT_GE(row, 0);
            const QString instance = snap.offer(snap.result.options[std::size_t(row)]).instanceType;
            EXPECT_TRUE(bar.label.section(QStringLiteral(". "), 1).startsWith(instance.left(20)))
                << bar.label.toStdString() << " for " << instance.toStdString();
        }
        // The recommendation is selected and the details pane shows its layout and network.
        EXPECT_EQ(panel->selectedId(), recommendedId) << name.toStdString();
        const QString details = panel->details()->toPlainText();
        for (const char *part : {"Recommended", "Layout", "Instances", "Between GPUs", "Between instances", "Price", "Source",
                                 "Price observed"})
            EXPECT_TRUE(details.contains(QLatin1String(part))) << name.toStdString() << ": " << part;
        // Issue 44: T4 spot in Azure's US regions is a 2024 price; T4 spot in Europe was read in 2026.
        if (name == u"mobilenet-t4.json") {
            EXPECT_TRUE(details.contains(QStringLiteral("over 6 months ago"))) << details.toStdString();
            EXPECT_TRUE(details.contains(QStringLiteral("A comparable offer has a fresher price:"))) << details.toStdString();
            QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots"));
            panel->details()->grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/plan-details-old-price.png"));
        }
        if (name != u"measured-throughput.json" && name != u"llama-70b-serving.json" && name != u"mobilenet-t4.json") {
            EXPECT_TRUE(details.contains(QStringLiteral("Parallelism"))) << name.toStdString();
        }
        // Training: the expected GPU-hours with their P10-P90 and the tuned best case, in the
        // details and on the recommendation's row (issue 26).
        if (name != u"llama-70b-serving.json") {
            EXPECT_TRUE(details.contains(QStringLiteral("Best case"))) << name.toStdString();
            const QModelIndex hours = panel->proxy()->index(0, ui::ComparisonModel::GpuHours);
            EXPECT_TRUE(hours.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Best case"))) << name.toStdString();
            if (name != u"measured-throughput.json") {
                EXPECT_TRUE(details.contains(QStringLiteral("the figure to budget (P10"))) << name.toStdString();
                EXPECT_TRUE(hours.data().toString().contains(QStringLiteral("–"))) << name.toStdString() << ": "
                                                                                  << hours.data().toString().toStdString();
            }
        }
    }
}

TEST(PlanView, BothChartsKeepTheLastLabelOfTheirBottomAxisWhole)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    window->resize(1366, 768);
    tests::settleEvents();
    ui::ComparisonPanel *panel = window->comparison();
    // The last label is centred on the plot's right edge; its second half must be inside the chart.
    for (QChart *chart : {panel->scatter()->chart(), panel->bars()->chart()}) {
        const auto bottom = chart->axes(Qt::Horizontal);
        ASSERT_FALSE(bottom.isEmpty());
        auto *axis = qobject_cast<QCategoryAxis *>(bottom.constFirst());
        ASSERT_NE(axis, nullptr);
        ASSERT_FALSE(axis->categoriesLabels().isEmpty());
        const QString last = axis->categoriesLabels().constLast();
        const qreal half = QFontMetricsF(axis->labelsFont()).horizontalAdvance(last) / 2;
        EXPECT_LE(chart->plotArea().right() + half, chart->size().width())
            << qPrintable(chart->title()) << ": \"" << qPrintable(last) << "\" is cut";
    }
    // The cost bars' value labels each have room between their ticks: none is elided ("12…").
    QChart *bars = panel->bars()->chart();
    auto *values = qobject_cast<QCategoryAxis *>(bars->axes(Qt::Horizontal).constFirst());
    const QStringList labels = values->categoriesLabels();
    ASSERT_GE(labels.size(), 2);
    qreal widest = 0;
    for (const QString &label : labels)
        widest = std::max(widest, QFontMetricsF(values->labelsFont()).horizontalAdvance(label));
    EXPECT_LE(widest * double(labels.size() - 1), bars->plotArea().width()) << labels.join(u' ').toStdString();
}

TEST(PlanView, AnyOptionShowsItsDetailsNotOnlyTheTopOnes)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::ComparisonPanel *panel = window->comparison();
    QTableView *view = panel->view();
    ASSERT_GT(panel->proxy()->rowCount(), 120);
    const QModelIndex far = panel->proxy()->index(119, ui::ComparisonModel::Instance);
    view->scrollTo(far);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(far).center());
    ASSERT_EQ(panel->selectedId(), far.data(ui::ComparisonModel::OptionIdRole).toString());
    const QString details = panel->details()->toPlainText();
    EXPECT_FALSE(details.contains(QStringLiteral("top 40")));
    for (const char *part : {"finish in", "Parallelism", "Memory per GPU", "Throughput", "Time and cost", "Cost split",
                             "Per instance-hour", "Source"})
        EXPECT_TRUE(details.contains(QLatin1String(part))) << part << "\n" << details.toStdString();
    // For people to look at: the whole pane, as it reads when scrolled through.
    QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots"));
    window->resize(1366, 1400); // tall enough to show the whole pane at once
    tests::settleEvents();
    EXPECT_TRUE(panel->details()->grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/plan-details.png")));
}

TEST(PlanView, AnOpenedScenarioStartsFromACleanViewInTheRankOrder)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::ComparisonPanel *panel = window->comparison();
    // A person narrows the view: a text filter, all options, a sort on Cost descending.
    QTest::mouseClick(panel->usableOnly(), Qt::LeftButton);
    panel->textFilter()->setFocus();
    QTest::keyClicks(panel->textFilter(), QStringLiteral("nebius"));
    panel->view()->sortByColumn(ui::ComparisonModel::Cost, Qt::DescendingOrder);
    ASSERT_FALSE(panel->usableOnly()->isChecked());

    const quint64 generation = tests::planGeneration(*window);
    QString error;
    ASSERT_TRUE(window->document()->open(QStringLiteral(":/scenarios/bert-base-finetune.json"), &error));
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    EXPECT_TRUE(panel->textFilter()->text().isEmpty());
    EXPECT_TRUE(panel->usableOnly()->isChecked());
    EXPECT_EQ(panel->view()->horizontalHeader()->sortIndicatorSection(), ui::ComparisonModel::Rank);
    EXPECT_EQ(panel->view()->horizontalHeader()->sortIndicatorOrder(), Qt::AscendingOrder);
    EXPECT_TRUE(panel->proxy()->index(0, 0).data(ui::ComparisonModel::RecommendedRole).toBool());
}

TEST(PlanView, SelectingARowHighlightsItsPointsAndClickingAPointSelectsTheRow)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    window->tabs()->setCurrentIndex(0);
    ui::ComparisonPanel *panel = window->comparison();
    QTableView *view = panel->view();
    ASSERT_GT(panel->proxy()->rowCount(), 3);

    // Starts on the recommendation, highlighted in the table.
    const QString recommended = panel->selectedId();
    EXPECT_FALSE(recommended.isEmpty());
    EXPECT_EQ(panel->scatter()->selectedId(), recommended);

    const QModelIndex third = panel->proxy()->index(2, ui::ComparisonModel::Instance);
    view->scrollTo(third);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(third).center());
    const QString id = third.data(ui::ComparisonModel::OptionIdRole).toString();
    EXPECT_EQ(panel->selectedId(), id);
    EXPECT_EQ(panel->scatter()->selectedId(), id);
    EXPECT_EQ(panel->bars()->selectedBar(), 2) << "bars show the top options in plan order";
    EXPECT_FALSE(panel->details()->toPlainText().isEmpty());

    // And back: clicking the recommended point in the scatter selects its row.
    const auto pos = panel->scatter()->pointPosition(recommended);
    ASSERT_TRUE(pos.has_value());
    QTest::mouseClick(panel->scatter()->view(), Qt::LeftButton, {}, *pos);
    EXPECT_EQ(panel->selectedId(), recommended);
    const QModelIndexList rows = view->selectionModel()->selectedRows();
    ASSERT_EQ(rows.size(), 1);
    EXPECT_EQ(rows.constFirst().data(ui::ComparisonModel::OptionIdRole).toString(), recommended);
    EXPECT_TRUE(rows.constFirst().data(ui::ComparisonModel::RecommendedRole).toBool());
    EXPECT_TRUE(panel->details()->toPlainText().contains(QStringLiteral("Recommended")));

    // The arrow keys move the highlight in both charts too.
    view->setFocus();
    view->setCurrentIndex(panel->proxy()->index(0, ui::ComparisonModel::Instance));
    for (int row = 1; row <= 2; ++row) {
        QTest::keyClick(view, Qt::Key_Down);
        const QString next = panel->proxy()->index(row, 0).data(ui::ComparisonModel::OptionIdRole).toString();
        EXPECT_EQ(panel->selectedId(), next) << "row " << row;
        EXPECT_EQ(panel->scatter()->selectedId(), next) << "row " << row;
        EXPECT_EQ(panel->bars()->selectedBar(), row);
    }
    QTest::keyClick(view, Qt::Key_Up);
    EXPECT_EQ(panel->bars()->selectedBar(), 1);
}

TEST(PlanView, TabMovesDownTheWorkloadFormInTheOrderItReads)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::WorkloadEditor *workload = window->editor()->workload();
    QWidget *kind = workload->kindField()->focusProxy();
    ASSERT_NE(kind, nullptr);
    kind->setFocus();
    ASSERT_TRUE(QTest::qWaitFor([&] { return kind->hasFocus(); }, kSlowWaitMs));
    // Tab through the visible rows: each next field sits lower in the form than the last.
    int lastY = kind->mapTo(workload, QPoint(0, 0)).y();
    int fields = 1;
    for (;;) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QWidget *focus = QApplication::focusWidget();
        ASSERT_NE(focus, nullptr);
        if (!workload->isAncestorOf(focus))
            break; // left the form
        const int y = focus->mapTo(workload, QPoint(0, 0)).y();
        EXPECT_GT(y, lastY) << focus->accessibleName().toStdString() << " comes before a field above it";
        lastY = y;
        ASSERT_LT(++fields, 40);
    }
    EXPECT_GE(fields, 6) << "kind, model, sequence length, tokens, epochs, precision, optimizer";
}

TEST(PlanView, TabLeavesTheComparisonTable)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    QTableView *view = window->comparison()->view();
    view->setFocus();
    ASSERT_TRUE(QTest::qWaitFor([&] { return view->hasFocus(); }, kSlowWaitMs));
    const QModelIndex before = view->currentIndex();
    QTest::keyClick(view, Qt::Key_Tab);
    EXPECT_FALSE(view->hasFocus()) << "Tab moves on to the next control, not to the next cell";
    EXPECT_EQ(view->currentIndex(), before);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab);
    EXPECT_TRUE(view->hasFocus());
}

TEST(PlanView, InvalidInputIsNamedAndKeptUntilFixed)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::LineField *field = window->editor()->workload()->tokensField();
    retype(field->edit(), QStringLiteral("2X"));
    // "2" on the way to "2X" is valid and may have been planned; wait for it to settle.
    ASSERT_TRUE(QTest::qWaitFor([&] { return !window->planRunner()->isBusy(); }, 30000));
    EXPECT_EQ(field->edit()->text(), QStringLiteral("2X"));
    EXPECT_EQ(window->document()->value(QStringLiteral("workload.tokens")).toString(), QStringLiteral("2X"));
    EXPECT_FALSE(window->document()->scenario().has_value());
    EXPECT_TRUE(field->errorLabel()->isVisible());
    EXPECT_TRUE(field->errorLabel()->text().contains(QStringLiteral("\"2X\""))) << field->errorLabel()->text().toStdString();
    EXPECT_TRUE(window->editor()->banner()->isVisible());
    // In words, below the forms and of one height, so it never moves the field under the next click.
    QLabel *banner = window->editor()->banner();
    EXPECT_TRUE(banner->text().startsWith(QStringLiteral("Dataset tokens: \"2X\""))) << banner->text().toStdString();
    EXPECT_GT(banner->y(), window->editor()->tabs()->y());
    const int height = banner->height();
    QTest::keyClicks(field->edit(), QStringLiteral(" and a much longer text that says nothing a count could be"));
    EXPECT_EQ(banner->height(), height);
    field->edit()->selectAll();
    QTest::keyClicks(field->edit(), QStringLiteral("2X"));
    // The last valid plan stays on screen: whatever is planned now comes from a valid scenario.
    ASSERT_TRUE(QTest::qWaitFor([&] { return !window->planRunner()->isBusy(); }, kSlowWaitMs));
    ASSERT_TRUE(window->planRunner()->latest());
    EXPECT_TRUE(window->planRunner()->latest()->error.isEmpty());
    // The field's own line sits under it (for people to look at).
    const QRect fieldBox = field->edit()->geometry();
    EXPECT_GE(field->errorLabel()->geometry().top(), fieldBox.bottom());
    QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots"));
    EXPECT_TRUE(window->grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/plan-invalid-input.png")));
    EXPECT_GT(window->comparison()->proxy()->rowCount(), 0);

    // Fixing it by typing clears the message and re-plans.
    QTest::keyClick(field->edit(), Qt::Key_Backspace);
    QTest::keyClicks(field->edit(), QStringLiteral("B"));
    EXPECT_TRUE(window->document()->scenario().has_value());
    EXPECT_FALSE(field->errorLabel()->isVisible());
    EXPECT_TRUE(QTest::qWaitFor(
        [&] {
            const ui::PlanSnapshotPtr &latest = window->planRunner()->latest();
            return !window->planRunner()->isBusy() && latest && latest->scenario.workload.training.tokens == 2e9;
        },
        60000));
}

TEST(PlanView, UndoAndRedoRestoreFieldsAndPlans)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::ScenarioDocument *doc = window->document();
    QLineEdit *budget = window->editor()->constraints()->budgetField()->edit();
    const QString original = budget->text();
    retype(budget, QStringLiteral("123"));
    EXPECT_EQ(doc->value(QStringLiteral("constraints.budget")).toDouble(), 123.0);
    EXPECT_TRUE(doc->isModified());
    EXPECT_TRUE(window->isWindowModified());
    // Typing "123" is one undo step, and Ctrl+Z undoes it while the field still has the focus,
    // as the Edit menu names it.
    ASSERT_TRUE(budget->hasFocus());
    EXPECT_EQ(doc->undoStack()->undoText(), QStringLiteral("Budget change"));
    QTest::keyClick(budget, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(budget->text(), original);
    EXPECT_FALSE(doc->isModified());
    QTest::keyClick(budget, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(budget->text(), QStringLiteral("123"));

    // Choosing a preset is undoable too.
    QComboBox *model = window->editor()->workload()->modelField()->combo();
    const int index = model->findData(QStringLiteral("llama-2-13b"));
    ASSERT_GE(index, 0);
    model->setFocus();
    model->setCurrentIndex(index);
    Q_EMIT model->activated(index);
    EXPECT_EQ(doc->value(QStringLiteral("workload.model")).toString(), QStringLiteral("llama-2-13b"));
    doc->undoStack()->undo();
    EXPECT_EQ(model->currentData().toString(), QStringLiteral("llama-3.1-8b"));
}

TEST(PlanView, AmountsAreTypedAsPeopleWriteThem)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::ScenarioDocument *doc = window->document();
    QLineEdit *budget = window->editor()->constraints()->budgetField()->edit();
    for (const auto &[typed, value] : {std::pair{QStringLiteral("$5,000"), 5000.0}, std::pair{QStringLiteral("12k"), 12000.0},
                                       std::pair{QStringLiteral("1.5M"), 1.5e6}}) {
        retype(budget, typed);
        ASSERT_TRUE(doc->scenario().has_value()) << typed.toStdString() << ": " << doc->error().toStdString();
        EXPECT_DOUBLE_EQ(doc->scenario()->constraints.budget, value) << typed.toStdString();
        EXPECT_FALSE(window->editor()->constraints()->budgetField()->hasError()) << typed.toStdString();
    }
    // Another currency's sign is named, not converted. (The euro key sends its text as a
    // keyboard does; QTest types ASCII only.)
    retype(budget, QString());
    QKeyEvent euro(QEvent::KeyPress, 0, Qt::NoModifier, QStringLiteral("\u20ac"));
    QApplication::sendEvent(budget, &euro);
    QTest::keyClicks(budget, QStringLiteral("5k"));
    ASSERT_EQ(budget->text(), QStringLiteral("\u20ac5k"));
    EXPECT_FALSE(doc->scenario().has_value());
    EXPECT_TRUE(window->editor()->banner()->text().contains(QStringLiteral("is in EUR but amounts here are in USD")))
        << window->editor()->banner()->text().toStdString();
}

TEST(PlanView, GpuNamesResolveAsPeopleWriteThemAndCompleteInTheList)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    QLineEdit *gpus = window->editor()->constraints()->gpusField()->edit();
    const quint64 generation = tests::planGeneration(*window);
    retype(gpus, QStringLiteral("A100"));
    QTest::keyClick(gpus, Qt::Key_Return); // a list is planned once its typing ends
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    const auto &s = window->planRunner()->latest();
    ASSERT_TRUE(s && s->error.isEmpty()) << (s ? s->error.toStdString() : "");
    ASSERT_GT(s->result.usable, 0) << "\"A100\" is every A100 variant, as `offers --gpu A100` reads it";
    QSet<QString> variants;
    for (const core::PlanOption &o : s->result.options) {
        EXPECT_TRUE(s->offer(o).gpu.startsWith(u"A100-")) << s->offer(o).gpu.toStdString();
        variants.insert(s->offer(o).gpu);
    }
    EXPECT_TRUE(variants.contains(QStringLiteral("A100-SXM4-40GB")) && variants.contains(QStringLiteral("A100-SXM4-80GB")))
        << "the 40 GB and the 80 GB A100s both";

    // The last entry of the list completes from the catalog's ids.
    retype(gpus, QStringLiteral("A100, h100-s"));
    QCompleter *completer = gpus->completer();
    ASSERT_TRUE(completer);
    EXPECT_GT(completer->completionCount(), 0);
    completer->setCurrentRow(0);
    // Only the last entry is completed; the ones before stay as typed.
    const QString completed = completer->currentCompletion();
    EXPECT_TRUE(completed.startsWith(QStringLiteral("A100, H100-S"))) << completed.toStdString();
    Q_EMIT completer->activated(completed);
    EXPECT_EQ(window->document()->value(QStringLiteral("constraints.gpus")).toArray(),
              (QJsonArray{QStringLiteral("A100"), completed.section(u',', 1).trimmed()}));
}

TEST(PlanView, TheModelListFollowsTheKindOfWork)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::WorkloadEditor *workload = window->editor()->workload();
    QComboBox *kind = workload->kindField()->combo();
    QComboBox *model = workload->modelField()->combo();
    auto *list = qobject_cast<QListView *>(model->view());
    ASSERT_TRUE(list);
    auto offered = [&] {
        QStringList ids;
        for (int i = 0; i < model->count(); ++i) {
            if (!list->isRowHidden(i))
                ids << model->itemData(i).toString();
        }
        return ids;
    };
    EXPECT_TRUE(offered().contains(QStringLiteral("llama-3.1-8b")));
    EXPECT_FALSE(offered().contains(QStringLiteral("resnet-50")));
    // Vision: vision networks only; the Llama model left from fine-tuning is named, not estimated.
    const int vision = kind->findData(QStringLiteral("vision"));
    ASSERT_GE(vision, 0);
    kind->setCurrentIndex(vision);
    Q_EMIT kind->activated(vision);
    EXPECT_TRUE(offered().contains(QStringLiteral("resnet-50"))) << offered().join(u',').toStdString();
    EXPECT_FALSE(offered().contains(QStringLiteral("llama-3.1-8b")));
    EXPECT_FALSE(window->document()->scenario().has_value());
    EXPECT_TRUE(window->editor()->banner()->text().contains(QStringLiteral("vision training needs a vision network")))
        << window->editor()->banner()->text().toStdString();
    const int resnet = model->findData(QStringLiteral("resnet-50"));
    model->setCurrentIndex(resnet);
    Q_EMIT model->activated(resnet);
    // What is left to say is the vision run's own input, no longer the model.
    EXPECT_FALSE(window->document()->error().contains(QStringLiteral("workload.model")))
        << window->document()->error().toStdString();
}

TEST(PlanView, SpotToleranceLeavesOutSpotRunsThatExpectTooManyInterruptions)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::ScenarioDocument *doc = window->document();
    auto usableSpotRows = [&window] {
        const ui::ComparisonModel *model = window->comparison()->model();
        int n = 0;
        for (int r = 0; r < model->rowCount(); ++r) {
            const QModelIndex i = model->index(r, 0);
            n += i.data(ui::ComparisonModel::UsableRole).toBool()
                && i.data(ui::ComparisonModel::BillingRole).toInt() == int(core::Billing::Spot);
        }
        return n;
    };
    ASSERT_GT(usableSpotRows(), 0);

    // Keyboard: focus the combo and press End for the last choice ("None: leave spot out").
    window->editor()->tabs()->setCurrentIndex(1);
    QComboBox *tolerance = window->editor()->constraints()->spotToleranceField()->combo();
    tolerance->setFocus();
    const quint64 generation = tests::planGeneration(*window);
    QTest::keyClick(tolerance, Qt::Key_End);
    EXPECT_EQ(tolerance->currentData().toString(), QStringLiteral("0"));
    EXPECT_EQ(doc->value(QStringLiteral("constraints.spot_max_interruptions")), QJsonValue(0.0));
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    EXPECT_EQ(usableSpotRows(), 0);
    const ui::ComparisonModel *model = window->comparison()->model();
    int refused = 0;
    for (int r = 0; r < model->rowCount(); ++r)
        refused += model->index(r, ui::ComparisonModel::Fits).data().toString() == u"no: more interruptions than tolerated";
    EXPECT_GT(refused, 0);

    const quint64 undone = tests::planGeneration(*window);
    doc->undoStack()->undo();
    EXPECT_TRUE(doc->value(QStringLiteral("constraints.spot_max_interruptions")).isUndefined());
    EXPECT_EQ(tolerance->currentIndex(), 0);
    ASSERT_TRUE(tests::waitForPlan(*window, undone));
    EXPECT_GT(usableSpotRows(), 0);
}

TEST(PlanView, ClosingTheWindowWhileACellIsBeingEditedIsSafe)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    window->tabs()->setCurrentIndex(1);
    QTableView *phases = window->timeline()->phasesView();
    ASSERT_GT(phases->model()->rowCount(), 0);
    const QModelIndex name = phases->model()->index(0, ui::PhasesModel::Name);
    phases->setCurrentIndex(name);
    phases->edit(name);
    auto *editor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
    ASSERT_NE(editor, nullptr);
    ASSERT_TRUE(phases->viewport()->isAncestorOf(editor)); // the cell's editor, still open
    QTest::keyClick(editor, Qt::Key_End);
    QTest::keyClicks(editor, QStringLiteral(" (renamed)"));
    EXPECT_TRUE(editor->text().endsWith(QStringLiteral(" (renamed)")));
    // The editor commits while the window goes away; the document must still be there for it.
    window.reset();
}

TEST(PlanView, ColumnChooserAndFiltersWork)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::ComparisonPanel *panel = window->comparison();
    QAction *region = panel->columnsMenu()->actions().at(ui::ComparisonModel::Region);
    region->trigger();
    EXPECT_TRUE(panel->view()->isColumnHidden(ui::ComparisonModel::Region));
    region->trigger();
    EXPECT_FALSE(panel->view()->isColumnHidden(ui::ComparisonModel::Region));

    const int usable = panel->proxy()->rowCount();
    QTest::mouseClick(panel->usableOnly(), Qt::LeftButton, {}, QPoint(4, panel->usableOnly()->height() / 2));
    EXPECT_FALSE(panel->usableOnly()->isChecked());
    EXPECT_GT(panel->proxy()->rowCount(), usable);
    QTest::keyClicks(panel->textFilter(), QStringLiteral("lambda"));
    for (int r = 0; r < panel->proxy()->rowCount(); ++r) {
        const QString provider = panel->proxy()->index(r, ui::ComparisonModel::Provider).data().toString();
        const QString instance = panel->proxy()->index(r, ui::ComparisonModel::Instance).data().toString();
        EXPECT_TRUE((provider + instance).contains(QStringLiteral("lambda"), Qt::CaseInsensitive));
    }
    // Sorting by cost is numeric.
    panel->view()->sortByColumn(ui::ComparisonModel::Cost, Qt::AscendingOrder);
    double previous = -1;
    for (int r = 0; r < panel->proxy()->rowCount(); ++r) {
        const double v = panel->proxy()->index(r, ui::ComparisonModel::Cost).data(ui::ComparisonModel::SortRole).toDouble();
        EXPECT_LE(previous, v);
        previous = v;
    }
}

TEST(PlanView, ColumnsFitWhatTheyShowAndKeepTheWidthsTheUserDragged)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::ComparisonPanel *panel = window->comparison();
    QTableView *view = panel->view();
    QHeaderView *header = view->horizontalHeader();

    // Drag the right edge of the Region header 40 px to the left, as a person does.
    const int region = ui::ComparisonModel::Region;
    const int regionWidth = header->sectionSize(region);
    const int edge = header->sectionViewportPosition(region) + regionWidth - 1;
    const int y = header->height() / 2;
    QTest::mousePress(header->viewport(), Qt::LeftButton, {}, QPoint(edge, y));
    QTest::mouseMove(header->viewport(), QPoint(edge - 20, y));
    QTest::mouseMove(header->viewport(), QPoint(edge - 40, y));
    QTest::mouseRelease(header->viewport(), Qt::LeftButton, {}, QPoint(edge - 40, y));
    const int dragged = header->sectionSize(region);
    ASSERT_LT(dragged, regionWidth - 20);

    // A much bigger job makes every time longer: the Time column grows to fit, Region stays.
    const quint64 generation = tests::planGeneration(*window);
    retype(window->editor()->workload()->tokensField()->edit(), QStringLiteral("5T"));
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    // Each cell on screen fits its column, measured in the font the cell is drawn in.
    const auto widestText = [&](int column) {
        int widest = 0;
        for (int row = 0; row < panel->proxy()->rowCount(); ++row) {
            const QModelIndex index = panel->proxy()->index(row, column);
            if (!view->visualRect(index).intersects(view->viewport()->rect()))
                continue;
            const QVariant font = index.data(Qt::FontRole);
            const QFontMetrics metrics(font.isValid() ? font.value<QFont>() : view->font());
            widest = std::max(widest, metrics.horizontalAdvance(index.data().toString()));
        }
        return widest;
    };
    for (const int column : {int(ui::ComparisonModel::Time), int(ui::ComparisonModel::Cost), int(ui::ComparisonModel::GpuHours)}) {
        // Scrolled to, as a person does for a column past the right edge.
        view->scrollTo(panel->proxy()->index(0, column));
        QCoreApplication::processEvents();
        const int widest = widestText(column);
        EXPECT_GT(widest, 0) << "column " << column;
        EXPECT_GE(header->sectionSize(column), widest + 4) << "column " << column << " is cut";
    }
    EXPECT_EQ(header->sectionSize(region), dragged);
}

TEST(PlanModels, ComparisonModelAndProxyPassTheTesterThroughReplans)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    // A smaller plan keeps the tester's full walks quick.
    quint64 generation = tests::planGeneration(*window);
    window->document()->setValue(QStringLiteral("constraints.providers"),
                                 QJsonArray{QStringLiteral("lambda"), QStringLiteral("runpod")});
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    ui::ComparisonModel model;
    ui::ComparisonProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setSnapshot(window->planRunner()->latest());
    EXPECT_GT(model.rowCount(), 10);
    EXPECT_EQ(model.columnCount(), int(ui::ComparisonModel::ColumnCount));
    proxy.sort(ui::ComparisonModel::Cost);
    proxy.setUsableOnly(false);
    proxy.setParetoOnly(true);
    EXPECT_GT(proxy.rowCount(), 0);
    for (int r = 0; r < proxy.rowCount(); ++r)
        EXPECT_TRUE(proxy.index(r, 0).data(ui::ComparisonModel::ParetoRole).toBool());
    proxy.setParetoOnly(false);
    proxy.setBilling(core::Billing::Spot);
    for (int r = 0; r < proxy.rowCount(); ++r)
    {
        // Each spot row says how often it is interrupted, and where that figure comes from.
        const QModelIndex billing = proxy.index(r, ui::ComparisonModel::Billing);
        EXPECT_TRUE(billing.data().toString().startsWith(QStringLiteral("Spot "))) << billing.data().toString().toStdString();
        EXPECT_TRUE(billing.data().toString().endsWith(u'%')) << billing.data().toString().toStdString();
        EXPECT_TRUE(billing.data(Qt::ToolTipRole).toString().contains(QStringLiteral("a month")));
    }
    proxy.setBilling(std::nullopt);

    generation = tests::planGeneration(*window);
    window->document()->setValue(QStringLiteral("workload.tokens"), QStringLiteral("3B"));
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    model.setSnapshot(window->planRunner()->latest());
    EXPECT_GE(model.recommendedRow(), 0);
    EXPECT_TRUE(model.index(model.recommendedRow(), 0).data(ui::ComparisonModel::RecommendedRole).toBool());
    model.setSnapshot(nullptr);
    EXPECT_EQ(proxy.rowCount(), 0);
}

TEST(PlanModels, CommitmentColumnShowsTheWholeTermWithItsSource)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    quint64 generation = tests::planGeneration(*window);
    window->document()->setValue(QStringLiteral("constraints.providers"), QJsonArray{QStringLiteral("aws")});
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    ui::ComparisonModel model;
    model.setSnapshot(window->planRunner()->latest());
    int reserved = 0;
    for (int r = 0; r < model.rowCount(); ++r) {
        const QString billing = model.index(r, ui::ComparisonModel::Billing).data().toString();
        const QString commitment = model.index(r, ui::ComparisonModel::Commitment).data().toString();
        const bool usable = model.index(r, 0).data(ui::ComparisonModel::UsableRole).toBool();
        if (billing.startsWith(u"Reserved") && usable) {
            ++reserved;
            EXPECT_TRUE(commitment.startsWith(u"$")) << commitment.toStdString();
            EXPECT_TRUE(model.index(r, ui::ComparisonModel::Commitment).data(Qt::ToolTipRole).toString().contains(u"Price:"));
        } else if (billing == u"On-demand" || billing.startsWith(u"Spot")) {
            EXPECT_TRUE(commitment.isEmpty());
        }
    }
    EXPECT_GT(reserved, 0) << "AWS sells reserved instances: the plan has them";
}

TEST(PlanModels, APriceOverSixMonthsOldSaysSoInItsRow)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    quint64 generation = tests::planGeneration(*window);
    // Azure's embedded prices are 2026 readings for most sizes and 2024-08 ones for the rest (US
    // regions of the older snapshot); Lambda's are recent.
    window->document()->setValue(QStringLiteral("constraints.providers"),
                                 QJsonArray{QStringLiteral("azure"), QStringLiteral("lambda")});
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    ui::ComparisonModel model;
    model.setSnapshot(window->planRunner()->latest());
    int azureOld = 0, azureNew = 0, lambda = 0;
    for (int r = 0; r < model.rowCount(); ++r) {
        if (r == model.recommendedRow())
            continue; // its tooltip is the recommendation, which says it too
        const QString provider = model.index(r, ui::ComparisonModel::Provider).data().toString();
        const QModelIndex price = model.index(r, ui::ComparisonModel::PricePerHour);
        if (provider == u"Microsoft Azure") {
            const bool marked = price.data().toString().startsWith(QStringLiteral("\u25f7 "));
            EXPECT_EQ(marked, price.data(Qt::ToolTipRole).toString().contains(u"over 6 months ago"))
                << price.data().toString().toStdString();
            ++(marked ? azureOld : azureNew);
        } else if (provider == u"Lambda") {
            ++lambda;
            EXPECT_TRUE(price.data().toString().startsWith(u'$')) << price.data().toString().toStdString();
            EXPECT_TRUE(price.data(Qt::ToolTipRole).toString().isEmpty());
        }
    }
    EXPECT_GT(azureOld, 0);
    EXPECT_GT(azureNew, 0);
    EXPECT_GT(lambda, 0);
}

TEST(PlanModels, PhasesModelPassesTheTesterAndEditsTheDocument)
{
    auto presets = core::loadModelPresets();
    ASSERT_TRUE(presets);
    ui::ScenarioDocument doc(presets.value());
    ui::PhasesModel model(&doc);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    const int rows = model.rowCount();
    ASSERT_GT(rows, 0);
    model.addPhase();
    EXPECT_EQ(model.rowCount(), rows + 1);
    EXPECT_TRUE(doc.scenario().has_value()) << doc.error().toStdString();
    EXPECT_TRUE(model.setData(model.index(rows, ui::PhasesModel::Amount), QStringLiteral("250")));
    EXPECT_EQ(doc.scenario()->phases.at(rows).gpuHoursPerMonth, 250.0);
    EXPECT_TRUE(model.setData(model.index(rows, ui::PhasesModel::Load), QStringLiteral("gpus")));
    EXPECT_EQ(doc.scenario()->phases.at(rows).load, core::PhaseLoad::Gpus);
    EXPECT_TRUE(model.setData(model.index(rows, ui::PhasesModel::Spot), Qt::Checked, Qt::CheckStateRole));
    EXPECT_TRUE(doc.scenario()->phases.at(rows).spotAllowed);
    EXPECT_TRUE(model.setData(model.index(rows, ui::PhasesModel::Start), QStringLiteral("soon")));
    EXPECT_FALSE(doc.scenario().has_value());
    EXPECT_TRUE(doc.errorPath().startsWith(QStringLiteral("phases[%1]").arg(rows)));
    EXPECT_EQ(model.index(rows, ui::PhasesModel::Start).data().toString(), QStringLiteral("soon"));
    // The problem is shown on the cell it was typed in, in the loader's words, and named in words
    // (not as phases[N].start) where the plan says why it cannot plan.
    const QModelIndex start = model.index(rows, ui::PhasesModel::Start);
    EXPECT_TRUE(start.data(Qt::BackgroundRole).isValid());
    EXPECT_FALSE(start.data(Qt::ToolTipRole).toString().isEmpty());
    EXPECT_EQ(start.data(Qt::ToolTipRole).toString(), ui::errorReasonOf(doc.error()));
    EXPECT_FALSE(model.index(rows, ui::PhasesModel::Months).data(Qt::BackgroundRole).isValid());
    const QString inWords = doc.errorInWords(doc.error());
    EXPECT_TRUE(inWords.startsWith(QStringLiteral("Project phases (row %1, start)").arg(rows + 1))) << inWords.toStdString();
    // A whole number of months is what the loader takes: "six" is marked on the Months cell.
    doc.undoStack()->undo();
    EXPECT_FALSE(start.data(Qt::BackgroundRole).isValid()) << "fixed by the undo";
    EXPECT_TRUE(model.setData(model.index(rows, ui::PhasesModel::Months), QStringLiteral("six")));
    EXPECT_EQ(model.errorColumn(rows), int(ui::PhasesModel::Months));
    EXPECT_TRUE(model.index(rows, ui::PhasesModel::Months).data(Qt::BackgroundRole).isValid());
    EXPECT_FALSE(model.index(rows, ui::PhasesModel::Start).data(Qt::BackgroundRole).isValid());
    doc.undoStack()->undo();
    model.removePhase(rows);
    EXPECT_EQ(model.rowCount(), rows);
    doc.undoStack()->undo();
    EXPECT_EQ(model.rowCount(), rows + 1);
}

TEST(PlanView, FiltersSayWhatTheyHideAndTheRankingComesBackInOneClick)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::ComparisonPanel *panel = window->comparison();
    EXPECT_FALSE(panel->hiddenLabel()->isVisible()) << "no filter of the user's: nothing said";
    EXPECT_FALSE(panel->clearFiltersButton()->isVisible());
    EXPECT_FALSE(panel->rankOrderButton()->isVisible());

    panel->textFilter()->setFocus();
    QTest::keyClicks(panel->textFilter(), QStringLiteral("nebius"));
    const int usable = window->planRunner()->latest()->result.usable;
    ASSERT_GT(usable, panel->proxy()->rowCount());
    EXPECT_TRUE(panel->hiddenLabel()->isVisible());
    EXPECT_TRUE(panel->hiddenLabel()->text().startsWith(QString::number(usable - panel->proxy()->rowCount())))
        << panel->hiddenLabel()->text().toStdString();
    EXPECT_TRUE(panel->clearFiltersButton()->isVisible());
    QTest::mouseClick(panel->clearFiltersButton(), Qt::LeftButton);
    EXPECT_TRUE(panel->textFilter()->text().isEmpty());
    EXPECT_EQ(panel->proxy()->rowCount(), usable);
    EXPECT_FALSE(panel->clearFiltersButton()->isVisible());

    // A sort on another column offers the way back to the plan's order.
    panel->view()->sortByColumn(ui::ComparisonModel::Time, Qt::AscendingOrder);
    EXPECT_TRUE(panel->rankOrderButton()->isVisible());
    QTest::mouseClick(panel->rankOrderButton(), Qt::LeftButton);
    EXPECT_EQ(panel->view()->horizontalHeader()->sortIndicatorSection(), ui::ComparisonModel::Rank);
    EXPECT_TRUE(panel->proxy()->index(0, 0).data(ui::ComparisonModel::RecommendedRole).toBool());
    EXPECT_FALSE(panel->rankOrderButton()->isVisible());

    // After an edit re-plans, the new recommendation is the one selected.
    const QModelIndex third = panel->proxy()->index(2, ui::ComparisonModel::Instance);
    QTest::mouseClick(panel->view()->viewport(), Qt::LeftButton, {}, panel->view()->visualRect(third).center());
    const quint64 generation = tests::planGeneration(*window);
    window->document()->setValue(QStringLiteral("workload.tokens"), QStringLiteral("60M"));
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    const auto &s = window->planRunner()->latest();
    EXPECT_EQ(panel->selectedId(), ui::optionId(*s, s->result.options[size_t(s->result.recommended)]));
}

TEST(PlanView, OptionalColumnsShowInstancesLinksP90TimeAndTheDeadlinesChance)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::ComparisonPanel *panel = window->comparison();
    QTableView *view = panel->view();
    for (int c : {int(ui::ComparisonModel::Instances), int(ui::ComparisonModel::Interconnect),
                  int(ui::ComparisonModel::TimeP90), int(ui::ComparisonModel::MeetsDeadline)}) {
        EXPECT_TRUE(view->isColumnHidden(c)) << "hidden until chosen: " << c;
        const QModelIndex first = panel->proxy()->index(0, c);
        EXPECT_FALSE(first.data().toString().isEmpty()) << c;
    }
    const QModelIndex recommended = panel->proxy()->index(0, 0);
    ASSERT_TRUE(recommended.data(ui::ComparisonModel::RecommendedRole).toBool());
    const auto &s = window->planRunner()->latest();
    const core::PlanOption &best = s->result.options[size_t(s->result.recommended)];
    EXPECT_EQ(panel->proxy()->index(0, ui::ComparisonModel::Instances).data().toInt(), best.instances);
    EXPECT_EQ(panel->proxy()->index(0, ui::ComparisonModel::MeetsDeadline).data().toString(),
              core::percentText(best.pMeetDeadline));
}

TEST(PlanView, AnOpenedScenarioThatCannotBePlannedShowsWhyNotTheLastPlan)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::ComparisonPanel *panel = window->comparison();
    ASSERT_GT(panel->proxy()->rowCount(), 0);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.json"));
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "gpu-planner-scenario", "version": 1,
                    "workload": {"task": "pretrain", "model": "llama-2-7b", "tokens": "lots"}})");
    }
    QString error;
    ASSERT_TRUE(window->document()->open(path, &error)) << error.toStdString();
    EXPECT_FALSE(window->document()->scenario().has_value());
    EXPECT_EQ(panel->proxy()->rowCount(), 0) << "the previous document's options are not shown";
    EXPECT_TRUE(panel->summary()->text().contains(QStringLiteral("Dataset tokens"))) << panel->summary()->text().toStdString();
}

TEST(PlanView, TheCostBarsShowP50P90AsErrorBarsAndNameTheSelectionInTheLegend)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    const quint64 generation = tests::planGeneration(*window);
    // The spot example on AWS spot only: multi-instance GPU fleets at Spot Advisor rates, so bars
    // have P50-P90 ranges.
    QFile example(QStringLiteral(":/scenarios/spot-distributed-training.json"));
    ASSERT_TRUE(example.open(QIODevice::ReadOnly));
    QJsonObject scenario = QJsonDocument::fromJson(example.readAll()).object();
    QJsonObject constraints = scenario.value(QStringLiteral("constraints")).toObject();
    constraints.insert(QStringLiteral("billing"), QJsonArray{QStringLiteral("spot")});
    constraints.insert(QStringLiteral("providers"), QJsonArray{QStringLiteral("aws")});
    scenario.insert(QStringLiteral("constraints"), constraints);
    // Every P instance in the >20% Spot Advisor bucket, not only p5.
    QJsonObject assumptions = scenario.value(QStringLiteral("assumptions")).toObject();
    QJsonObject interruption = assumptions.value(QStringLiteral("interruption")).toObject();
    QJsonArray rules = interruption.value(QStringLiteral("rules")).toArray();
    QJsonObject rule = rules.at(0).toObject();
    rule.insert(QStringLiteral("instance_type"), QStringLiteral("p*"));
    rules.replace(0, rule);
    interruption.insert(QStringLiteral("rules"), rules);
    assumptions.insert(QStringLiteral("interruption"), interruption);
    // Checkpoints twice a day: an interruption redoes hours of work, a range a person can see.
    assumptions.insert(QStringLiteral("checkpoint_interval"), QStringLiteral("12h"));
    scenario.insert(QStringLiteral("assumptions"), assumptions);
    QTemporaryDir dir;
    QFile spotOnly(dir.filePath(QStringLiteral("spot-only.json")));
    ASSERT_TRUE(spotOnly.open(QIODevice::WriteOnly));
    spotOnly.write(QJsonDocument(scenario).toJson());
    spotOnly.close();
    QString error;
    ASSERT_TRUE(window->document()->open(spotOnly.fileName(), &error)) << error.toStdString();
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    ui::CostBarsChart *bars = window->comparison()->bars();
    bars->resize(520, 320);
    bars->show();
    QCoreApplication::processEvents();
    ASSERT_GT(bars->barCount(), 2);
    // The legend: the bars' P50, the selected option's colour, the P50-P90 whiskers.
    EXPECT_EQ(bars->legendNames(),
              (QStringList{QStringLiteral("P50 cost"), QStringLiteral("Selected"), QStringLiteral("P50–P90")}));
    // A spot option with a P90 above its P50 has a whisker from the P50 end of its bar to the right.
    int whiskers = 0;
    for (int i = 0; i < bars->barCount(); ++i) {
        const ui::CostBar &b = bars->bars().at(i);
        const QLineF w = bars->whiskerAt(i);
        if (b.p90 > b.p50 * 1.001) {
            whiskers += w.length() > 5 ? 1 : 0; // a range a person can see
            EXPECT_GT(w.p2().x(), w.p1().x()) << i;
            EXPECT_NEAR(w.p1().y(), w.p2().y(), 0.5) << "horizontal";
            EXPECT_TRUE(QRectF(QPointF(0, 0), QSizeF(bars->size())).contains(w.p2())) << "inside the chart";
        } else {
            EXPECT_TRUE(w.isNull()) << "no whisker without a range";
        }
    }
    EXPECT_GT(whiskers, 0) << "a spot plan has P50-P90 ranges";
    QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots"));
    EXPECT_TRUE(bars->grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/cost-bars-error-bars.png")));
}

TEST(PlanView, AServingPlanShowsItsCostPerMillionTokensInTheTableAndTheDetails)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::ComparisonPanel *panel = window->comparison();
    const quint64 generation = tests::planGeneration(*window);
    QString error;
    ASSERT_TRUE(window->document()->open(QStringLiteral(":/scenarios/llama-70b-serving.json"), &error))
        << error.toStdString();
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    QTableView *view = panel->view();
    EXPECT_FALSE(view->isColumnHidden(ui::ComparisonModel::CostPerMillionTokens)) << "shown for serving plans";
    const QModelIndex first = panel->proxy()->index(0, ui::ComparisonModel::CostPerMillionTokens);
    EXPECT_FALSE(first.data().toString().isEmpty());
    EXPECT_EQ(panel->proxy()->headerData(ui::ComparisonModel::CostPerMillionTokens, Qt::Horizontal).toString(),
              QStringLiteral("Per M output tokens"));
    const QString details = panel->details()->toPlainText();
    EXPECT_TRUE(details.contains(QStringLiteral("Per million tokens"))) << details.toStdString();
    // Every serving option runs the same months: the chart puts each one's latency across instead.
    QChart *scatter = panel->scatter()->chart();
    EXPECT_EQ(scatter->title(), QStringLiteral("Cost against latency"));
    auto *across = qobject_cast<QCategoryAxis *>(scatter->axes(Qt::Horizontal).constFirst());
    ASSERT_NE(across, nullptr);
    EXPECT_TRUE(across->titleText().startsWith(QStringLiteral("Time per output token")));
    EXPECT_TRUE(across->categoriesLabels().join(u' ').contains(QStringLiteral("ms"))) << across->categoriesLabels().join(u' ').toStdString();
    const ui::PlanSnapshot &served = *window->planRunner()->latest();
    QSet<float> latencies;
    for (int i = 0; i < served.result.usable; ++i)
        latencies.insert(served.result.options[std::size_t(i)].tpotSeconds);
    EXPECT_GT(latencies.size(), 3) << "options differ in latency, not in time";
    EXPECT_FALSE(latencies.contains(0.0f));
    // The scenario's 50 ms per output token target is drawn across the plot, named in the legend.
    ui::CostTimeChart *costLatency = panel->scatter();
    EXPECT_DOUBLE_EQ(costLatency->limit(), 0.05);
    const QList<QPointF> slo = costLatency->limitSeries()->points();
    ASSERT_EQ(slo.size(), 2);
    EXPECT_NEAR(slo.at(0).x(), std::log10(0.05), 1e-9);
    EXPECT_NEAR(slo.at(1).x(), std::log10(0.05), 1e-9);
    const QRectF plot = scatter->plotArea();
    const QPointF top = scatter->mapToPosition(slo.at(1), costLatency->limitSeries());
    const QPointF bottom = scatter->mapToPosition(slo.at(0), costLatency->limitSeries());
    EXPECT_TRUE(plot.adjusted(-1, -1, 1, 1).contains(top) && plot.adjusted(-1, -1, 1, 1).contains(bottom))
        << "the SLO line lies inside the plot";
    EXPECT_GT(bottom.y() - top.y(), plot.height() * 0.9) << "it spans the plot's height";
    QGraphicsSimpleTextItem *sloLabel = costLatency->limitLabel();
    EXPECT_TRUE(sloLabel->isVisible());
    EXPECT_EQ(sloLabel->text(), QStringLiteral("SLO 50 ms"));
    const QRectF labelBox = sloLabel->mapRectToParent(sloLabel->boundingRect());
    EXPECT_TRUE(plot.contains(labelBox)) << "the label is whole, inside the plot";
    EXPECT_LT(std::abs(labelBox.center().x() - top.x()), labelBox.width()) << "beside its line";
    // One place for how long the model is served: the serving phase sets it, and the Assumptions
    // field shows the phase's months, disabled, saying where they are set.
    ui::LineField *months = window->editor()->assumptions()->servingMonthsField();
    EXPECT_FALSE(months->isEnabled());
    EXPECT_EQ(months->edit()->text(), QStringLiteral("12"));
    EXPECT_TRUE(months->edit()->toolTip().contains(QStringLiteral("Timeline"))) << months->edit()->toolTip().toStdString();
    // For people to look at: the serving plan at a laptop's size.
    window->resize(1366, 768);
    tests::settleEvents();
    QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots"));
    EXPECT_TRUE(window->grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/serving-plan-1366x768.png")));
    // A training plan hides the column again.
    const quint64 next = tests::planGeneration(*window);
    ASSERT_TRUE(window->document()->open(QStringLiteral(":/scenarios/llama-7b-pretrain.json"), &error));
    ASSERT_TRUE(tests::waitForPlan(*window, next));
    EXPECT_TRUE(view->isColumnHidden(ui::ComparisonModel::CostPerMillionTokens));
    EXPECT_EQ(scatter->title(), QStringLiteral("Cost against time")) << "a training plan has its time across again";
    EXPECT_TRUE(costLatency->limitSeries()->points().isEmpty()) << "no SLO on a training plan";
    EXPECT_FALSE(costLatency->limitLabel()->isVisible());
}

TEST(PlanModels, ThePlannedJobsSpotCellShowsTheConstraintsBillingAndCannotBeSetThere)
{
    auto presets = core::loadModelPresets();
    ASSERT_TRUE(presets);
    ui::ScenarioDocument doc(presets.value());
    ui::PhasesModel model(&doc);
    int main = -1;
    for (int r = 0; r < model.rowCount(); ++r) {
        if (model.index(r, ui::PhasesModel::Amount).data().toString() == QStringLiteral("from the plan"))
            main = r;
    }
    ASSERT_GE(main, 0) << "the new scenario has a planned-job phase";
    const QModelIndex spot = model.index(main, ui::PhasesModel::Spot);
    // No billing models named: every one allowed, spot included.
    EXPECT_EQ(spot.data(Qt::CheckStateRole).toInt(), Qt::Checked);
    EXPECT_FALSE(model.flags(spot) & Qt::ItemIsUserCheckable);
    EXPECT_FALSE(model.flags(spot) & Qt::ItemIsEnabled);
    EXPECT_TRUE(spot.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Constraints")));
    ASSERT_TRUE(doc.scenario().has_value());
    EXPECT_TRUE(doc.scenario()->phases.at(main).spotAllowed);

    doc.setValue(QStringLiteral("constraints.billing"), QJsonArray{QStringLiteral("on_demand")});
    EXPECT_EQ(model.index(main, ui::PhasesModel::Spot).data(Qt::CheckStateRole).toInt(), Qt::Unchecked);
    ASSERT_TRUE(doc.scenario().has_value()) << doc.error().toStdString();
    EXPECT_FALSE(doc.scenario()->phases.at(main).spotAllowed);
    // Other phases keep a box of their own.
    const int other = main == 0 ? 1 : 0;
    EXPECT_TRUE(model.flags(model.index(other, ui::PhasesModel::Spot)) & Qt::ItemIsUserCheckable);
}

// Issue 47 (5): a GPU list typed key by key is one undo step, and no half-typed list is ever
// planned: the document holds nothing of "H100, A" until the typing ends (Enter or leaving).
TEST(PlanView, AGpuListTypedKeyByKeyIsOneStepAndNeverPlannedHalfTyped)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::ScenarioDocument *doc = window->document();
    QLineEdit *gpus = window->editor()->constraints()->gpusField()->edit();
    const QJsonValue before = doc->value(QStringLiteral("constraints.gpus"));
    const int steps = doc->undoStack()->count();
    QSignalSpy changed(doc, &ui::ScenarioDocument::changed);
    gpus->setFocus();
    QTest::mouseClick(gpus, Qt::LeftButton);
    QTest::keyClick(gpus, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(gpus, Qt::Key_Backspace);
    QTest::keyClicks(gpus, QStringLiteral("H100, A100"));
    EXPECT_EQ(changed.count(), 0) << "nothing typed so far reached the document, so nothing was planned";
    EXPECT_EQ(doc->value(QStringLiteral("constraints.gpus")), before);
    QTest::keyClick(gpus, Qt::Key_Return);
    EXPECT_EQ(doc->value(QStringLiteral("constraints.gpus")),
              QJsonValue(QJsonArray{QStringLiteral("H100"), QStringLiteral("A100")}));
    EXPECT_EQ(doc->undoStack()->count(), steps + 1) << "one step for the whole list";
    // More typing in the same stay of the keyboard joins that step; Ctrl+Z takes all of it back.
    QTest::keyClicks(gpus, QStringLiteral(", L4"));
    QTest::keyClick(gpus, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(doc->value(QStringLiteral("constraints.gpus")), before);
    EXPECT_EQ(doc->undoStack()->index(), steps);
    // Saving while a list is still being typed saves it as typed.
    QTest::keyClicks(gpus, QStringLiteral(", T4"));
    QTemporaryDir dir;
    QString error;
    ASSERT_TRUE(doc->save(dir.filePath(QStringLiteral("s.gpuplan")), &error)) << error.toStdString();
    EXPECT_TRUE(doc->value(QStringLiteral("constraints.gpus")).toArray().contains(QStringLiteral("T4")))
        << QJsonDocument(doc->value(QStringLiteral("constraints.gpus")).toArray()).toJson().toStdString();
}
