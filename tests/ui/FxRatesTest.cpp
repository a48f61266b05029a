// The exchange-rate table of the Assumptions tab with real input events: rows are added and
// edited with the keyboard, problems name their row and column and keep what was typed, the
// catalog's rates are listed, and a rate plus a display currency rescale the comparison.
// A screenshot of the Assumptions tab goes to GPUPLANNER_ARTIFACT_DIR/screenshots.

#include "PlanTestSupport.h"
#include "TableEditing.h"

#include "ui/compare/ComparisonModel.h"
#include "ui/compare/ComparisonPanel.h"
#include "ui/compare/ComparisonProxy.h"
#include "ui/scenario/FieldBindings.h"
#include "ui/scenario/FxRatesField.h"
#include "ui/scenario/FxRatesModel.h"
#include "ui/scenario/ScenarioDocument.h"
#include "ui/scenario/ScenarioEditor.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QTabWidget>
#include <QTableView>
#include <QUndoStack>
#include <QVBoxLayout>

#include <QSet>

#include <gtest/gtest.h>

using namespace gpuplanner;

namespace {

using tests::retypeCell;
using tests::typeInCell;

QJsonObject firstRate(const ui::ScenarioDocument &doc)
{
    return doc.value(QStringLiteral("assumptions.fx")).toArray().at(0).toObject();
}

QString cellText(const ui::FxRatesField *field, int row, int column)
{
    return field->model()->index(row, column).data().toString();
}

} // namespace

TEST(FxRatesField, RowsAreTypedWithTheKeyboardAndProblemsNameTheirCell)
{
    auto presets = core::loadModelPresets();
    ASSERT_TRUE(presets.ok()) << presets.errorMessage().toStdString();
    ui::ScenarioDocument doc(presets.value());
    ASSERT_TRUE(doc.scenario().has_value()) << doc.error().toStdString();
    QWidget host;
    auto *layout = new QVBoxLayout(&host);
    auto *field = new ui::FxRatesField(&doc, &host);
    layout->addWidget(field);
    QAbstractItemModelTester tester(field->model(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    host.show();
    host.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&host));
    EXPECT_EQ(field->model()->rowCount(), 0);
    EXPECT_FALSE(field->removeButton()->isEnabled());
    EXPECT_TRUE(field->catalogLabel()->text().contains(QStringLiteral("catalog"))) << "says where other rates come from";

    // Add opens the new row's currency; Tab moves on to its rate.
    QTest::mouseClick(field->addButton(), Qt::LeftButton);
    ASSERT_EQ(field->model()->rowCount(), 1);
    typeInCell(QStringLiteral("EUR"), Qt::Key_Tab);
    EXPECT_EQ(firstRate(doc).value(QStringLiteral("currency")).toString(), QStringLiteral("EUR"));
    EXPECT_FALSE(doc.scenario().has_value()) << "the rate is still missing";
    EXPECT_TRUE(field->errorLabel()->text().contains(QStringLiteral("Row 1, Units per USD")))
        << field->errorLabel()->text().toStdString();
    typeInCell(QStringLiteral("abc"), Qt::Key_Return);

    // Not a number: kept as typed, named by row and column, and the loader's error says where.
    EXPECT_EQ(cellText(field, 0, ui::FxRatesModel::PerUsd), QStringLiteral("abc"));
    EXPECT_EQ(firstRate(doc).value(QStringLiteral("per_usd")).toString(), QStringLiteral("abc"));
    EXPECT_EQ(doc.errorPath(), QStringLiteral("assumptions.fx[0].per_usd"));
    EXPECT_TRUE(field->errorLabel()->isVisible());
    EXPECT_TRUE(field->errorLabel()->text().contains(QStringLiteral("Row 1, Units per USD: \"abc\"")))
        << field->errorLabel()->text().toStdString();

    retypeCell(field->view(), 0, ui::FxRatesModel::PerUsd, QStringLiteral("-2"));
    EXPECT_EQ(cellText(field, 0, ui::FxRatesModel::PerUsd), QStringLiteral("-2"));
    EXPECT_FALSE(doc.scenario().has_value());
    EXPECT_TRUE(field->errorLabel()->text().contains(QStringLiteral("Row 1, Units per USD: -2 is not above zero")))
        << field->errorLabel()->text().toStdString();

    retypeCell(field->view(), 0, ui::FxRatesModel::PerUsd, QStringLiteral("0.5"));
    ASSERT_TRUE(doc.scenario().has_value()) << doc.error().toStdString();
    EXPECT_FALSE(field->errorLabel()->isVisible());
    EXPECT_DOUBLE_EQ(doc.scenario()->assumptions.fx.find(u"EUR")->ratePerUsd, 0.5);
    EXPECT_FALSE(firstRate(doc).value(QStringLiteral("source")).toString().isEmpty());
    EXPECT_FALSE(firstRate(doc).value(QStringLiteral("date")).toString().isEmpty());

    // A code that is not ISO 4217 could never match a display currency: named, and kept.
    retypeCell(field->view(), 0, ui::FxRatesModel::Currency, QStringLiteral("eu1"));
    EXPECT_EQ(cellText(field, 0, ui::FxRatesModel::Currency), QStringLiteral("eu1"));
    EXPECT_TRUE(field->errorLabel()->isVisible());
    EXPECT_TRUE(field->errorLabel()->text().contains(QStringLiteral("Row 1, Currency: \"eu1\"")))
        << field->errorLabel()->text().toStdString();
    EXPECT_FALSE(field->model()->index(0, ui::FxRatesModel::Currency).data(Qt::BackgroundRole).isNull());
    retypeCell(field->view(), 0, ui::FxRatesModel::Currency, QStringLiteral("EUR"));
    EXPECT_FALSE(field->errorLabel()->isVisible());

    // The catalog's rates are listed, the overridden one marked.
    field->setCatalogRates({{QStringLiteral("USD"), 1, QStringLiteral("2026-01-01"), QStringLiteral("identity")},
                            {QStringLiteral("CNY"), 7.1, QStringLiteral("2026-11-27"), QStringLiteral("ECB")},
                            {QStringLiteral("EUR"), 0.92, QStringLiteral("2026-11-27"), QStringLiteral("ECB")}});
    const QString listed = field->catalogLabel()->text();
    EXPECT_TRUE(listed.contains(QStringLiteral("CNY"))) << listed.toStdString();
    EXPECT_TRUE(listed.contains(QStringLiteral("2026-11-27, overridden above"))) << listed.toStdString();
    EXPECT_FALSE(listed.contains(QStringLiteral("USD"))) << listed.toStdString();

    // Delete in the table removes the row as one undo step; the key leaves the file.
    QTest::mouseClick(field->view()->viewport(), Qt::LeftButton, {},
                      field->view()->visualRect(field->model()->index(0, ui::FxRatesModel::Date)).center());
    EXPECT_TRUE(field->removeButton()->isEnabled());
    QTest::keyClick(field->view(), Qt::Key_Delete);
    EXPECT_EQ(field->model()->rowCount(), 0);
    EXPECT_TRUE(doc.value(QStringLiteral("assumptions.fx")).isUndefined());
    doc.undoStack()->undo();
    ASSERT_EQ(field->model()->rowCount(), 1);
    EXPECT_EQ(cellText(field, 0, ui::FxRatesModel::Currency), QStringLiteral("EUR"));
}

TEST(FxRatesInThePlan, ARateAndTheDisplayCurrencyRescaleTheCostColumnAndCtrlZUndoes)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    window->activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(window.get()));
    ui::ScenarioDocument *doc = window->document();
    ui::ComparisonPanel *panel = window->comparison();
    auto costColumn = [&] {
        QHash<QString, double> costs; // option id -> cost, for options that fit
        for (int r = 0; r < panel->proxy()->rowCount(); ++r) {
            const QModelIndex cost = panel->proxy()->index(r, ui::ComparisonModel::Cost);
            if (!cost.data().toString().isEmpty())
                costs.insert(cost.data(ui::ComparisonModel::OptionIdRole).toString(),
                             cost.data(ui::ComparisonModel::SortRole).toDouble());
        }
        return costs;
    };
    auto plannedIn = [&](const char *currency) {
        return QTest::qWaitFor(
            [&] {
                const auto &latest = window->planRunner()->latest();
                return !window->planRunner()->isBusy() && latest && latest->error.isEmpty()
                       && latest->request.displayCurrency == QLatin1String(currency);
            },
            60000);
    };
    const QHash<QString, double> inUsd = costColumn();
    ASSERT_FALSE(inUsd.isEmpty());

    QTabWidget *tabs = window->editor()->tabs();
    QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, {}, tabs->tabBar()->tabRect(2).center());
    ASSERT_EQ(tabs->currentIndex(), 2);
    auto *fx = window->findChild<ui::FxRatesField *>();
    ASSERT_TRUE(fx);
    EXPECT_TRUE(fx->catalogLabel()->text().contains(QStringLiteral("CNY"))) << "the seed catalog's stored rate";

    QTest::mouseClick(fx->addButton(), Qt::LeftButton);
    typeInCell(QStringLiteral("EUR"), Qt::Key_Tab);
    typeInCell(QStringLiteral("0.5"), Qt::Key_Return);
    ASSERT_TRUE(doc->scenario().has_value()) << doc->error().toStdString();

    ui::LineField *currency = nullptr;
    for (ui::LineField *f : window->editor()->findChildren<ui::LineField *>()) {
        if (f->path() == u"display_currency")
            currency = f;
    }
    ASSERT_TRUE(currency);
    QLineEdit *currencyEdit = currency->edit();
    currencyEdit->setFocus();
    QTest::mouseClick(currencyEdit, Qt::LeftButton);
    QTest::keyClick(currencyEdit, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(currencyEdit, QStringLiteral("EUR"));
    ASSERT_TRUE(plannedIn("EUR"));

    const QHash<QString, double> inEur = costColumn();
    // Offers priced in dollars scale by the rate typed; those priced in euros (Scaleway, OVHcloud)
    // need no conversion at all.
    QSet<QString> dollarOffers;
    for (const core::Offer &o : window->planRunner()->latest()->offers) {
        if (o.currency == u"USD")
            dollarOffers.insert(QString::number(o.id));
    }
    int compared = 0;
    for (auto it = inEur.begin(); it != inEur.end(); ++it) {
        if (!inUsd.contains(it.key()) || !dollarOffers.contains(it.key().section(u':', 0, 0)))
            continue;
        EXPECT_NEAR(it.value(), inUsd.value(it.key()) * 0.5, 1e-9 * inUsd.value(it.key())) << it.key().toStdString();
        ++compared;
    }
    EXPECT_GE(compared, 3);
    EXPECT_TRUE(panel->proxy()->index(0, ui::ComparisonModel::Cost).data().toString().contains(u'€'));
    // For people to look at: the table, the catalog's rates beneath it and the costs in euros.
    for (QWidget *w = fx->parentWidget(); w; w = w->parentWidget()) {
        if (auto *area = qobject_cast<QScrollArea *>(w)) {
            area->ensureWidgetVisible(fx);
            break;
        }
    }
    QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots"));
    tests::settleEvents(); // the charts lay out their new axis titles
    EXPECT_TRUE(window->grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/plan-assumptions-fx.png")));

    // An invalid rate: the banner names it, the cell keeps it, the last plan stays.
    const quint64 generation = tests::planGeneration(*window);
    retypeCell(fx->view(), 0, ui::FxRatesModel::PerUsd, QStringLiteral("-1"));
    EXPECT_EQ(cellText(fx, 0, ui::FxRatesModel::PerUsd), QStringLiteral("-1"));
    EXPECT_TRUE(window->editor()->banner()->isVisible());
    EXPECT_TRUE(window->editor()->banner()->text().contains(QStringLiteral("Exchange rates (row 1, per_usd)")))
        << window->editor()->banner()->text().toStdString();
    EXPECT_TRUE(fx->errorLabel()->text().contains(QStringLiteral("Row 1, Units per USD")));
    // No plan was asked for: none is pending (a request starts a plan or the debounce at once) and the
    // plan on screen is still the last valid one.
    EXPECT_FALSE(window->planRunner()->isBusy());
    EXPECT_EQ(tests::planGeneration(*window), generation);

    // Ctrl+Z in the table: first the invalid rate, then the display currency.
    QTest::keyClick(fx->view(), Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(cellText(fx, 0, ui::FxRatesModel::PerUsd), QStringLiteral("0.5"));
    EXPECT_FALSE(window->editor()->banner()->isVisible());
    QTest::keyClick(fx->view(), Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(doc->value(QStringLiteral("display_currency")).toString(), QStringLiteral("USD"));
    EXPECT_EQ(currencyEdit->text(), QStringLiteral("USD"));
    ASSERT_TRUE(plannedIn("USD"));
    const QHash<QString, double> back = costColumn();
    for (auto it = back.begin(); it != back.end(); ++it) {
        // Euro-priced offers still take the typed EUR rate, which is still in the table.
        if (inUsd.contains(it.key()) && dollarOffers.contains(it.key().section(u':', 0, 0))) {
            EXPECT_DOUBLE_EQ(it.value(), inUsd.value(it.key())) << it.key().toStdString();
        }
    }
    // And on back to before the row was added.
    for (int i = 0; i < 3; ++i)
        QTest::keyClick(fx->view(), Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(fx->model()->rowCount(), 0);
    EXPECT_TRUE(doc->value(QStringLiteral("assumptions.fx")).isUndefined());
    EXPECT_FALSE(doc->isModified());
}
