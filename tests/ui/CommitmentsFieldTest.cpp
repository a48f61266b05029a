// The negotiated-terms table of the Assumptions tab with real input events: a term is typed with
// the keyboard, each problem names its row and column while the text stays as typed, a provider
// outside the catalog is refused, every edit is one undo step, and in the planned window a term
// becomes a commitment option whose source is the user's quote.

#include "PlanTestSupport.h"
#include "TableEditing.h"

#include "ui/compare/ComparisonModel.h"
#include "ui/compare/ComparisonPanel.h"
#include "ui/compare/ComparisonProxy.h"
#include "ui/scenario/CommitmentsField.h"
#include "ui/scenario/CommitmentsModel.h"
#include "ui/scenario/ConstraintsEditor.h"
#include "ui/scenario/ScenarioDocument.h"
#include "ui/scenario/ScenarioEditor.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QScrollArea>
#include <QDate>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include <gtest/gtest.h>

using namespace gpuplanner;
using tests::retypeCell;
using tests::typeInCell;
using Col = ui::CommitmentsModel::Column;

namespace {

QString problem(const ui::CommitmentsField *field, int row, int column)
{
    return field->model()->cellProblem(row, column);
}

} // namespace

TEST(CommitmentsField, ATermIsTypedCellByCellAndEveryProblemNamesItsCell)
{
    auto presets = core::loadModelPresets();
    ASSERT_TRUE(presets.ok()) << presets.errorMessage().toStdString();
    ui::ScenarioDocument doc(presets.value());
    QWidget host;
    auto *layout = new QVBoxLayout(&host);
    auto *field = new ui::CommitmentsField(&doc, &host);
    field->setProviders({QStringLiteral("aws"), QStringLiteral("lambda")});
    layout->addWidget(field);
    QAbstractItemModelTester tester(field->model(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    host.resize(1100, 300);
    host.show();
    host.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&host));
    EXPECT_EQ(field->model()->rowCount(), 0);
    EXPECT_FALSE(field->removeButton()->isEnabled());
    EXPECT_TRUE(field->noteLabel()->text().contains(QStringLiteral("reserved, savings-plan and capacity-block")));

    // Add opens the provider cell; a provider the catalog lacks is named, the text kept.
    QTest::mouseClick(field->addButton(), Qt::LeftButton);
    ASSERT_EQ(field->model()->rowCount(), 1);
    typeInCell(QStringLiteral("vast"), Qt::Key_Return);
    EXPECT_EQ(field->model()->index(0, Col::Provider).data().toString(), QStringLiteral("vast"));
    EXPECT_EQ(problem(field, 0, Col::Provider), QStringLiteral("\"vast\" is not a provider in the catalog"));
    EXPECT_TRUE(field->errorLabel()->text().startsWith(QStringLiteral("Row 1, Provider: \"vast\" is not a provider")))
        << field->errorLabel()->text().toStdString();
    retypeCell(field->view(), 0, Col::Provider, QStringLiteral("lambda"));
    EXPECT_TRUE(problem(field, 0, Col::Provider).isEmpty());

    // Neither a discount nor a price yet, and no source: both named.
    EXPECT_TRUE(problem(field, 0, Col::Discount).startsWith(QStringLiteral("missing")));
    EXPECT_TRUE(problem(field, 0, Col::Source).startsWith(QStringLiteral("missing")));
    retypeCell(field->view(), 0, Col::Discount, QStringLiteral("1.5"));
    EXPECT_EQ(problem(field, 0, Col::Discount), QStringLiteral("1.5 is outside 0 to 0.95 (0.3 = 30 % off)"));
    retypeCell(field->view(), 0, Col::Discount, QStringLiteral("0.3"));
    retypeCell(field->view(), 0, Col::PricePerHour, QStringLiteral("17.5"));
    EXPECT_EQ(problem(field, 0, Col::Discount), QStringLiteral("give a discount or a quoted price per hour, not both"));
    EXPECT_EQ(problem(field, 0, Col::Currency), QStringLiteral("missing; the quoted price's currency (USD, EUR, CNY, ...)"));
    retypeCell(field->view(), 0, Col::Currency, QStringLiteral("XYZ"));
    EXPECT_TRUE(problem(field, 0, Col::Currency).contains(QStringLiteral("not a currency GPU Planner knows")));
    retypeCell(field->view(), 0, Col::Currency, QStringLiteral("USD"));
    retypeCell(field->view(), 0, Col::Upfront, QStringLiteral("some"));
    EXPECT_EQ(problem(field, 0, Col::Upfront), QStringLiteral("\"some\" is not none, partial or all"));
    retypeCell(field->view(), 0, Col::Upfront, QStringLiteral("partial"));
    retypeCell(field->view(), 0, Col::UpfrontFee, QStringLiteral("100000"));
    retypeCell(field->view(), 0, Col::TermMonths, QStringLiteral("36"));
    retypeCell(field->view(), 0, Col::InstanceType, QStringLiteral("gpu_8x_h100*"));
    retypeCell(field->view(), 0, Col::Source, QStringLiteral("Lambda sales quote Q-118"));
    // Clearing the discount leaves a complete quoted term.
    retypeCell(field->view(), 0, Col::Discount, QString());
    EXPECT_TRUE(field->model()->firstProblem().isEmpty()) << field->model()->firstProblem().toStdString();
    EXPECT_FALSE(field->errorLabel()->isVisible()) << field->errorLabel()->text().toStdString();
    ASSERT_TRUE(doc.scenario().has_value()) << doc.error().toStdString();
    const QJsonObject term = doc.value(QStringLiteral("assumptions.commitments")).toArray().at(0).toObject();
    EXPECT_EQ(term, (QJsonObject{{QStringLiteral("provider"), QStringLiteral("lambda")},
                                 {QStringLiteral("instance_type"), QStringLiteral("gpu_8x_h100*")},
                                 {QStringLiteral("term_months"), 36},
                                 {QStringLiteral("upfront"), QStringLiteral("partial")},
                                 {QStringLiteral("price_per_hour"), 17.5},
                                 {QStringLiteral("upfront_fee"), 100000},
                                 {QStringLiteral("currency"), QStringLiteral("USD")},
                                 {QStringLiteral("source"), QStringLiteral("Lambda sales quote Q-118")}}));
    EXPECT_EQ(doc.scenario()->assumptions.commitments.size(), 1);

    // Each edit is one undo step: undoing the last brings the discount back.
    doc.undoStack()->undo();
    EXPECT_EQ(field->model()->index(0, Col::Discount).data().toString(), QStringLiteral("0.3"));
    doc.undoStack()->redo();
    EXPECT_TRUE(field->model()->index(0, Col::Discount).data().toString().isEmpty());

    // The quote's own date: a date is kept, anything else is named on its cell.
    retypeCell(field->view(), 0, Col::QuotedOn, QStringLiteral("last week"));
    EXPECT_EQ(problem(field, 0, Col::QuotedOn), QStringLiteral("\"last week\" is not a date; type the day of the quote as 2026-11-02"));
    retypeCell(field->view(), 0, Col::QuotedOn, QStringLiteral("2026-11-02"));
    EXPECT_TRUE(field->model()->firstProblem().isEmpty()) << field->model()->firstProblem().toStdString();
    ASSERT_TRUE(doc.scenario().has_value()) << doc.error().toStdString();
    EXPECT_EQ(doc.scenario()->assumptions.commitments.at(0).quotedOn, QDate(2026, 11, 2));

    // Delete removes the row; an empty table leaves the key out of the file.
    QTest::mouseClick(field->view()->viewport(), Qt::LeftButton, {},
                      field->view()->visualRect(field->model()->index(0, Col::TermMonths)).center());
    QTest::keyClick(field->view(), Qt::Key_Delete);
    EXPECT_EQ(field->model()->rowCount(), 0);
    EXPECT_TRUE(doc.value(QStringLiteral("assumptions.commitments")).isUndefined());
}

TEST(CommitmentsInThePlan, ATermBecomesACommitmentOptionWithItsSourceAndCtrlZTakesItBack)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    window->activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(window.get()));
    ui::ScenarioDocument *doc = window->document();
    QTabWidget *tabs = window->editor()->tabs();
    QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, {}, tabs->tabBar()->tabRect(2).center());
    auto *field = window->editor()->assumptions()->commitmentsField();
    ASSERT_TRUE(field);
    EXPECT_TRUE(field->model()->providers().contains(QStringLiteral("lambda"))) << "the catalog's providers";

    QTest::mouseClick(field->addButton(), Qt::LeftButton);
    typeInCell(QStringLiteral("lambda"), Qt::Key_Return);
    retypeCell(field->view(), 0, Col::Discount, QStringLiteral("0.25"));
    retypeCell(field->view(), 0, Col::Source, QStringLiteral("Lambda quote Q-7"));
    ASSERT_TRUE(doc->scenario().has_value()) << doc->error().toStdString();

    ui::ComparisonPanel *panel = window->comparison();
    auto quotedRows = [&] {
        int rows = 0;
        for (int r = 0; r < panel->proxy()->rowCount(); ++r) {
            const QModelIndex cell = panel->proxy()->index(r, ui::ComparisonModel::Commitment);
            if (cell.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Lambda quote Q-7")))
                ++rows;
        }
        return rows;
    };
    ASSERT_TRUE(QTest::qWaitFor([&] { return !window->planRunner()->isBusy() && quotedRows() > 0; }, 60000))
        << "a Lambda commitment option priced from the quote";
    // For people to look at: the terms table in the Assumptions tab beside the plan.
    for (QWidget *w = field->parentWidget(); w; w = w->parentWidget()) {
        if (auto *area = qobject_cast<QScrollArea *>(w)) {
            area->ensureWidgetVisible(field);
            break;
        }
    }
    QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots"));
    tests::settleEvents();
    EXPECT_TRUE(window->grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/plan-assumptions-terms.png")));

    // Ctrl+Z in the table takes the edit back, and the plan follows.
    field->view()->setFocus();
    while (doc->undoStack()->canUndo() && doc->value(QStringLiteral("assumptions.commitments")).isArray())
        QTest::keyClick(field->view(), Qt::Key_Z, Qt::ControlModifier);
    EXPECT_TRUE(doc->value(QStringLiteral("assumptions.commitments")).isUndefined());
    EXPECT_TRUE(QTest::qWaitFor([&] { return !window->planRunner()->isBusy() && quotedRows() == 0; }, 60000));
}
