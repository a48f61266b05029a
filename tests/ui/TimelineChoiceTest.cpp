// Issues 45 and 47: the Timeline compares pay-as-you-go with the subscriptions the catalog has,
// on the instance the user chooses (the recommendation by default), and "All on-demand" is the
// cheapest on-demand plan. Tencent GN7 (one T4) in Guangzhou for three years, in CNY: Tencent's
// published list price of 2,500 CNY a month gives 2,500 x 36 = 90,000 on 1-month terms,
// 2,500 x 12 x 0.83 x 3 = 74,700 on 12-month terms and 2,500 x 36 x 0.5 = 45,000 on one 36-month
// term, each computed here by hand.

#include "PlanTestSupport.h"

#include "core/cost/Money.h"
#include "ui/scenario/ScenarioDocument.h"
#include "ui/timeline/TimelinePanel.h"

#include <QComboBox>
#include <QLabel>
#include <QTextDocument>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace gpuplanner;

namespace {

const core::StrategySeries *strategy(const core::Timeline &t, const QString &id)
{
    for (const core::StrategySeries &s : t.strategies) {
        if (s.id == id)
            return &s;
    }
    return nullptr;
}

QString readable(const QString &html)
{
    QTextDocument doc;
    doc.setHtml(html);
    return doc.toPlainText().simplified();
}

} // namespace

TEST(TimelineChoice, TencentGn7SubscriptionsAgainstPayAsYouGoOnTheChosenInstance)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    window->resize(1366, 768);
    quint64 before = tests::planGeneration(*window);
    QString error;
    ASSERT_TRUE(window->document()->open(QStringLiteral(":/scenarios/tencent-gn7-subscription.json"), &error))
        << error.toStdString();
    ASSERT_TRUE(tests::waitForPlan(*window, before));
    const ui::PlanSnapshotPtr s = window->planRunner()->latest();
    ASSERT_TRUE(s->timeline) << s->timelineError.toStdString();
    const core::Timeline &t = *s->timeline;

    // The recommendation is GN7.2XLARGE32 in ap-guangzhou on-demand: its subscriptions are drawn.
    ASSERT_TRUE(s->rates);
    EXPECT_EQ(s->rates->chosen.label, QStringLiteral("Tencent Cloud GN7.2XLARGE32 in ap-guangzhou"));
    const core::StrategySeries *od = strategy(t, QStringLiteral("on_demand"));
    const core::StrategySeries *month = strategy(t, QStringLiteral("reserved_1"));
    const core::StrategySeries *year = strategy(t, QStringLiteral("reserved_12"));
    const core::StrategySeries *threeYears = strategy(t, QStringLiteral("reserved_36"));
    ASSERT_TRUE(od && month && year && threeYears);
    EXPECT_NEAR(month->total, 2500.0 * 36, 0.005);
    EXPECT_NEAR(year->total, 2500.0 * 12 * 0.83 * 3, 0.005);
    EXPECT_NEAR(threeYears->total, 2500.0 * 36 * 0.5, 0.005);
    EXPECT_EQ(year->name, QStringLiteral("12-month subscription, prepaid base + on-demand"));
    // All on-demand: the hourly price of the same instance for 36 x 730 hours.
    double hourly = 0;
    for (const core::PlanOption &o : s->result.options) {
        const core::Offer &offer = s->offer(o);
        if (o.billing == core::Billing::OnDemand && offer.instanceType == u"GN7.2XLARGE32" && offer.region == u"ap-guangzhou")
            hourly = o.pricePerHour;
    }
    ASSERT_GT(hourly, 0);
    EXPECT_NEAR(od->total, hourly * 730 * 36, 0.01);
    EXPECT_TRUE(od->note.startsWith(QStringLiteral("cheapest on-demand plan: Tencent Cloud GN7.2XLARGE32 in ap-guangzhou")))
        << od->note.toStdString();

    // As a person reads it on the Timeline tab: every strategy with its total and both sources.
    window->tabs()->setCurrentWidget(window->timeline());
    tests::settleEvents();
    auto *notes = window->findChild<QLabel *>(QStringLiteral("timelineNotes"));
    ASSERT_TRUE(notes);
    const QString text = readable(notes->text());
    for (const double total : {90000.0, 74700.0, 45000.0})
        EXPECT_TRUE(text.contains(core::formatMoney(total, QStringLiteral("CNY")))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("@6668870d, 2021-05-25"))) << "the list price's source and date";
    EXPECT_TRUE(text.contains(QStringLiteral("@f17ba5e2, 2020-03-11"))) << "the discount's source and date";
#ifdef GPUPLANNER_ARTIFACT_DIR
    QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots"));
    EXPECT_TRUE(window->grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/timeline-tencent-gn7.png")));
#endif

    // Another instance, chosen with the keyboard: its own subscriptions, the cheapest plan's
    // on-demand line kept, and one undo step back to the recommendation.
    QComboBox *pricedOn = window->timeline()->pricedOn();
    ASSERT_GT(pricedOn->count(), 2);
    EXPECT_EQ(pricedOn->currentIndex(), 0);
    EXPECT_EQ(pricedOn->itemText(0), QStringLiteral("The recommended instance"));
    int other = -1;
    for (int i = 1; i < pricedOn->count() && other < 0; ++i) {
        if (pricedOn->itemText(i).startsWith(QStringLiteral("Tencent Cloud GN7.5XLARGE80 in ap-guangzhou (3 commitment")))
            other = i;
    }
    ASSERT_GT(other, 0);
    before = tests::planGeneration(*window);
    pricedOn->setFocus();
    for (int i = 0; i < other; ++i)
        QTest::keyClick(pricedOn, Qt::Key_Down);
    ASSERT_TRUE(tests::waitForPlan(*window, before));
    const ui::PlanSnapshotPtr chosen = window->planRunner()->latest();
    EXPECT_EQ(chosen->scenario.timelineInstance.instanceType, QStringLiteral("GN7.5XLARGE80"));
    ASSERT_TRUE(chosen->timeline && chosen->rates);
    EXPECT_FALSE(chosen->rates->chosen.isRecommendation);
    const core::StrategySeries *chosenOd = strategy(*chosen->timeline, QStringLiteral("on_demand_chosen"));
    ASSERT_TRUE(chosenOd);
    EXPECT_EQ(chosenOd->name, QStringLiteral("Chosen instance on-demand"));
    EXPECT_NEAR(strategy(*chosen->timeline, QStringLiteral("on_demand"))->total, od->total, 0.005);
    const core::StrategySeries *chosenYear = strategy(*chosen->timeline, QStringLiteral("reserved_12"));
    ASSERT_TRUE(chosenYear);
    EXPECT_TRUE(chosenYear->note.contains(QStringLiteral("GN7.5XLARGE80"))) << chosenYear->note.toStdString();

    before = tests::planGeneration(*window);
    window->document()->undoStack()->undo();
    ASSERT_TRUE(tests::waitForPlan(*window, before));
    EXPECT_FALSE(window->planRunner()->latest()->scenario.timelineInstance.isSet());
    tests::settleEvents();
    EXPECT_EQ(pricedOn->currentIndex(), 0);
}
