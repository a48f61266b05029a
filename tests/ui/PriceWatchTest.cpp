// Issue 30 #4, price watch: a watched saved plan is planned again on a new catalog and held
// against its record; one that moved past its threshold or reached its target is an alert, told
// through the freedesktop notification service (a private D-Bus session bus started by the test,
// with a stand-in service that records what it is sent).

#include "PlanTestSupport.h"

#include "ui/refresh/DesktopNotifier.h"
#include "ui/refresh/PriceWatcher.h"
#include "ui/scenario/ScenarioDocument.h"
#include "ui/scenario/ScenarioFiles.h"
#include "ui/settings/WatchList.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSettings>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace gpuplanner;

namespace {

// The record file's costs scaled by `factor`, as if saved on other prices.
void scaleRecordedCost(const QString &path, double factor)
{
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    f.close();
    QJsonObject record = root.value(QStringLiteral("priced_on")).toObject();
    ASSERT_FALSE(record.isEmpty());
    record.insert(QStringLiteral("main_run_cost"), record.value(QStringLiteral("main_run_cost")).toDouble() * factor);
    root.insert(QStringLiteral("priced_on"), record);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(QJsonDocument(root).toJson());
}

// A stand-in for the desktop's notification daemon: it answers Notify and keeps what it got.
class FakeNotifications : public QObject
{
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.Notifications")

public:
    QStringList summaries;
    QStringList bodies;
    QString appName;

public Q_SLOTS:
    uint Notify(const QString &app, uint, const QString &, const QString &summary, const QString &body, const QStringList &,
                const QVariantMap &, int)
    {
        appName = app;
        summaries << summary;
        bodies << body;
        return uint(summaries.size());
    }
};

// A private session bus for the test's lifetime (dbus-daemon from Debian's dbus-daemon package).
class PrivateBus
{
public:
    PrivateBus()
    {
        m_daemon.start(QStringLiteral("dbus-daemon"), {QStringLiteral("--session"), QStringLiteral("--nofork"),
                                                       QStringLiteral("--print-address=1")});
        if (m_daemon.waitForReadyRead(tests::kSlowWaitMs))
            m_address = QString::fromUtf8(m_daemon.readLine()).trimmed();
    }
    ~PrivateBus()
    {
        m_daemon.kill();
        m_daemon.waitForFinished(tests::kSlowWaitMs);
    }
    const QString &address() const { return m_address; }

private:
    QProcess m_daemon;
    QString m_address;
};

} // namespace

TEST(PriceWatch, TheWatchListKeepsEachFileOnceWithItsRule)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    const QString plan = dir.filePath(QStringLiteral("plan.gpuplan"));
    QFile(plan).open(QIODevice::WriteOnly);
    EXPECT_FALSE(ui::watchedPlan(settings, plan));
    ui::setWatched(settings, plan, core::WatchRule{0.1, 50000.0});
    ui::setWatched(settings, dir.filePath(QStringLiteral("./plan.gpuplan")), core::WatchRule{0.02, std::nullopt}); // the same file
    const QList<ui::WatchedPlan> list = ui::readWatchList(settings);
    ASSERT_EQ(list.size(), 1);
    EXPECT_DOUBLE_EQ(list.first().rule.threshold, 0.02);
    EXPECT_FALSE(list.first().rule.target);
    ui::setWatched(settings, plan, std::nullopt);
    EXPECT_TRUE(ui::readWatchList(settings).isEmpty());
}

TEST(PriceWatch, AWatchedPlanThatMovedIsAnAlertAndOneWithoutARecordIsSaidSo)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    QTemporaryDir dir;
    const QString dearer = dir.filePath(QStringLiteral("dearer.gpuplan"));
    const QString target = dir.filePath(QStringLiteral("target.gpuplan"));
    const QString steady = dir.filePath(QStringLiteral("steady.gpuplan"));
    const QString bare = dir.filePath(QStringLiteral("bare.json"));
    quint64 generation = tests::planGeneration(*window);
    ASSERT_TRUE(window->files()->openFile(QStringLiteral(":/scenarios/bert-base-finetune.json")));
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    for (const QString &path : {dearer, target, steady})
        ASSERT_TRUE(window->files()->saveTo(path));
    const double now = window->planRunner()->latest()->totals.recommended->cost;
    scaleRecordedCost(dearer, 0.5); // saved at half today's cost: 100 % dearer now
    scaleRecordedCost(target, 2.0); // saved at twice today's cost: it came down to the target
    ASSERT_TRUE(QFile::copy(QStringLiteral(GPUPLANNER_SOURCE_DIR "/resources/scenarios/mobilenet-t4.json"), bare));

    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    ui::setWatched(settings, dearer, core::WatchRule{0.05, std::nullopt});
    ui::setWatched(settings, target, core::WatchRule{0.9, now * 1.01});
    ui::setWatched(settings, steady, core::WatchRule{0.05, std::nullopt});
    ui::setWatched(settings, bare, core::WatchRule{0.05, std::nullopt});

    ui::CatalogSnapshot catalog;
    QObject::connect(window->loader(), &ui::CatalogLoader::finished, window.get(),
                     [&](const ui::CatalogSnapshot &s) { catalog = s; });
    window->reloadCatalog();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !catalog.offers.isEmpty(); }, 60000));

    ui::PriceWatcher watcher(&settings, window->document()->presets());
    QList<ui::PriceAlert> alerts;
    QStringList problems;
    bool done = false;
    QObject::connect(&watcher, &ui::PriceWatcher::checked, &watcher, [&](const QList<ui::PriceAlert> &a, const QStringList &p) {
        alerts = a;
        problems = p;
        done = true;
    });
    watcher.check(catalog);
    ASSERT_TRUE(QTest::qWaitFor([&] { return done; }, 120000));

    ASSERT_EQ(alerts.size(), 2) << problems.join(u'\n').toStdString();
    QHash<QString, core::WatchAlert> byFile;
    for (const ui::PriceAlert &a : alerts)
        byFile.insert(QFileInfo(a.path).fileName(), a.alert);
    ASSERT_TRUE(byFile.contains(QStringLiteral("dearer.gpuplan")));
    EXPECT_EQ(byFile.value(QStringLiteral("dearer.gpuplan")).kind, core::WatchAlert::Kind::Dearer);
    EXPECT_NEAR(byFile.value(QStringLiteral("dearer.gpuplan")).now, now, 0.005);
    EXPECT_TRUE(byFile.value(QStringLiteral("dearer.gpuplan")).text.contains(QStringLiteral("100.0% dearer")))
        << byFile.value(QStringLiteral("dearer.gpuplan")).text.toStdString();
    ASSERT_TRUE(byFile.contains(QStringLiteral("target.gpuplan")));
    EXPECT_EQ(byFile.value(QStringLiteral("target.gpuplan")).kind, core::WatchAlert::Kind::Target);
    EXPECT_TRUE(byFile.value(QStringLiteral("target.gpuplan")).text.contains(QStringLiteral("reached your target")));
    ASSERT_EQ(problems.size(), 1);
    EXPECT_TRUE(problems.first().contains(QStringLiteral("bare.json")) && problems.first().contains(QStringLiteral("no record")))
        << problems.first().toStdString();
}

TEST(PriceWatch, AlertsGoToTheFreedesktopNotificationServiceWhereThereIsOne)
{
    PrivateBus bus;
    ASSERT_FALSE(bus.address().isEmpty()) << "dbus-daemon did not start";
    QDBusConnection client = QDBusConnection::connectToBus(bus.address(), QStringLiteral("watch-client"));
    ASSERT_TRUE(client.isConnected()) << client.lastError().message().toStdString();

    // No notification service on the bus: the notifier says so, and the caller uses the window.
    ui::DesktopNotifier notifier(client);
    EXPECT_FALSE(notifier.notify(QStringLiteral("s"), QStringLiteral("b")));

    QDBusConnection service = QDBusConnection::connectToBus(bus.address(), QStringLiteral("watch-service"));
    FakeNotifications fake;
    ASSERT_TRUE(service.registerObject(QStringLiteral("/org/freedesktop/Notifications"), &fake, QDBusConnection::ExportAllSlots));
    ASSERT_TRUE(service.registerService(QStringLiteral("org.freedesktop.Notifications")));

    core::WatchAlert alert;
    alert.kind = core::WatchAlert::Kind::Cheaper;
    alert.text = QStringLiteral("“Fine-tune BERT-base” is 12.0% cheaper: $0.15 now, $0.17 when saved on 2026-12-05.");
    const auto [summary, body] = ui::alertNotification({{QStringLiteral("/tmp/bert.gpuplan"), alert}});
    EXPECT_TRUE(notifier.notify(summary, body));
    ASSERT_EQ(fake.summaries.size(), 1);
    EXPECT_EQ(fake.appName, QStringLiteral("GPU Planner"));
    EXPECT_EQ(fake.summaries.first(), QStringLiteral("1 watched plan(s) moved with the new prices"));
    EXPECT_EQ(fake.bodies.first(), alert.text);

    // The fault probe (issue 43): a scenario named with markup went raw into the body, which
    // notification daemons render as markup. It arrives as text.
    EXPECT_TRUE(notifier.notify(summary, QStringLiteral("“<a href=\"http://x\">Fine</a> & <b>BERT</b>” is cheaper")));
    ASSERT_EQ(fake.bodies.size(), 2);
    EXPECT_EQ(fake.bodies.last(),
              QStringLiteral("“&lt;a href=&quot;http://x&quot;&gt;Fine&lt;/a&gt; &amp; &lt;b&gt;BERT&lt;/b&gt;” is cheaper"));
    QDBusConnection::disconnectFromBus(QStringLiteral("watch-client"));
    QDBusConnection::disconnectFromBus(QStringLiteral("watch-service"));
}

#include "PriceWatchTest.moc"
