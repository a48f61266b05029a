// What an edit does to the window besides the new plan (issue 25: nothing on the GUI thread longer
// than a frame): a quick plan flashes no progress bar, a slow one shows it; the hidden Timeline
// shows the latest plan when it is opened, as it would have shown it open; the main tab widget
// answers a page's layout request that changes no size without laying itself out again, and
// passes on one that does.

#include "PlanTestSupport.h"

#include "ui/SteadyTabWidget.h"
#include "ui/timeline/TimelinePanel.h"
#include "ui/scenario/ScenarioDocument.h"

#include <QLabel>
#include <QPaintEvent>
#include <QProgressBar>
#include <QSemaphore>
#include <QStatusBar>
#include <QThreadPool>
#include <QVBoxLayout>

#include <gtest/gtest.h>

#include <memory>

namespace {

using namespace gpuplanner;
using tests::kSlowWaitMs;

// Counts the events of one type an object receives (and, for paints, what they cover).
class EventCounter : public QObject
{
public:
    EventCounter(QObject *watched, QEvent::Type type) : m_type(type) { watched->installEventFilter(this); }
    int count = 0;
    QRect painted;

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        count += event->type() == m_type;
        if (event->type() == QEvent::Paint)
            painted |= static_cast<QPaintEvent *>(event)->rect();
        return false;
    }

private:
    QEvent::Type m_type;
};

QProgressBar *busyBar(ui::MainWindow &window)
{
    return window.statusBar()->findChild<QProgressBar *>();
}

TEST(QuietEdits, AQuickPlanFlashesNoProgressBar)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    QProgressBar *bar = busyBar(*window);
    ASSERT_NE(bar, nullptr);
    ASSERT_FALSE(bar->isVisible());
    // The quick case held by its definition, a plan that ends before the delay: a delay of a day,
    // which no plan reaches however loaded the machine (at the real 300 ms a busy CI machine did).
    window->setBusyDelay(24 * 3600 * 1000);
    EventCounter shows(bar, QEvent::Show);
    const quint64 before = tests::planGeneration(*window);
    window->document()->setValue(QStringLiteral("workload.tokens"), QStringLiteral("2B"));
    ASSERT_TRUE(tests::waitForPlan(*window, before));
    EXPECT_EQ(shows.count, 0);
    EXPECT_FALSE(bar->isVisible());
}

TEST(QuietEdits, APlanStillRunningAfterTheDelayShowsTheProgressBar)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    QProgressBar *bar = busyBar(*window);
    ASSERT_NE(bar, nullptr);
    // The plans' thread held, so the next plan waits for it.
    QThreadPool *pool = window->planRunner()->threadPool();
    QSemaphore release;
    QSemaphore started;
    const int threads = pool->maxThreadCount();
    // Let go however the test ends: a held thread would hang the window's closing.
    const std::shared_ptr<void> unblock(nullptr, [&](void *) { release.release(threads); });
    for (int i = 0; i < threads; ++i) {
        pool->start([&] {
            started.release();
            release.acquire();
        });
    }
    ASSERT_TRUE(tests::pollUntil([&] { return started.available() == threads; }));
    const quint64 before = tests::planGeneration(*window);
    window->document()->setValue(QStringLiteral("workload.tokens"), QStringLiteral("2B"));
    EXPECT_FALSE(bar->isVisible()) << "shown before the delay";
    EXPECT_TRUE(QTest::qWaitFor([&] { return bar->isVisible(); }, kSlowWaitMs)) << "a waiting plan shows nothing";
    release.release(threads);
    ASSERT_TRUE(tests::waitForPlan(*window, before));
    EXPECT_FALSE(bar->isVisible());
}

TEST(QuietEdits, TheHiddenTimelineShowsTheLatestPlanWhenOpened)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::TimelinePanel *timeline = window->timeline();
    ASSERT_FALSE(timeline->isVisible()); // the Plan tab is in front
    const auto edit = [&](const QString &tokens) {
        const quint64 before = tests::planGeneration(*window);
        window->document()->setValue(QStringLiteral("workload.tokens"), tokens);
        return tests::waitForPlan(*window, before);
    };
    ASSERT_TRUE(edit(QStringLiteral("2B")));
    window->tabs()->setCurrentWidget(timeline);
    tests::settleEvents();
    const QString openedLater = timeline->notes()->text();
    // The same plan shown while the Timeline is open.
    ASSERT_TRUE(edit(QStringLiteral("1B")));
    const QString other = timeline->notes()->text();
    ASSERT_TRUE(edit(QStringLiteral("2B")));
    const QString shownOpen = timeline->notes()->text();
    EXPECT_EQ(openedLater, shownOpen);
    EXPECT_NE(openedLater, other) << "the token count should change the timeline's totals";
}

struct TabsWithAPage
{
    QWidget window;
    ui::SteadyTabWidget *tabs = new ui::SteadyTabWidget;
    QLabel *label = new QLabel(QStringLiteral("Planned in 12 ms"));

    TabsWithAPage()
    {
        auto *page = new QWidget;
        auto *pageLayout = new QVBoxLayout(page);
        pageLayout->addWidget(label);
        pageLayout->addStretch();
        tabs->addTab(page, QStringLiteral("Plan"));
        auto *layout = new QVBoxLayout(&window);
        layout->addWidget(tabs);
        window.resize(400, 300);
        window.show();
        tests::settleEvents();
    }
};

TEST(SteadyTabWidget, APageThatKeepsItsSizeIsNotLaidOutAgain)
{
    TabsWithAPage t;
    EventCounter tabPaints(t.tabs, QEvent::Paint);
    EventCounter windowLayouts(&t.window, QEvent::LayoutRequest);
    t.label->setText(QStringLiteral("Planned in 13 ms"));
    tests::settleEvents();
    // Only what lies under the label is painted again (the tab frame behind it included).
    const QRect label(t.label->mapTo(t.tabs, QPoint(0, 0)), t.label->size());
    EXPECT_TRUE(label.contains(tabPaints.painted)) << "the tab widget repainted beyond the label";
    EXPECT_EQ(windowLayouts.count, 0) << "the window laid out again for a label's new text";
    EXPECT_EQ(t.label->text(), QStringLiteral("Planned in 13 ms"));
}

TEST(SteadyTabWidget, APageThatGrowsIsLaidOutAgain)
{
    TabsWithAPage t;
    const QSize before = t.tabs->minimumSizeHint();
    EventCounter windowLayouts(&t.window, QEvent::LayoutRequest);
    t.label->setText(QStringList(12, QStringLiteral("A much longer line than before")).join(u'\n'));
    tests::settleEvents();
    EXPECT_GT(t.tabs->minimumSizeHint().height(), before.height());
    EXPECT_GE(windowLayouts.count, 1) << "the window never heard that its tab widget grew";
    EXPECT_GE(t.window.minimumSizeHint().height(), t.tabs->minimumSizeHint().height());
}

} // namespace
