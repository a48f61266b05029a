// Scenario files: save and reopen gives the same scenario, every example opens, a damaged file
// is refused with its name, the title shows the file and the modified marker, recent files and
// dropping a file on the window.

#include "PlanTestSupport.h"

#include "ui/scenario/ScenarioDocument.h"
#include "ui/scenario/ScenarioFiles.h"
#include "ui/WelcomeDialog.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QDropEvent>
#include <QFileInfo>
#include <QJsonArray>
#include <QFile>
#include <QJsonDocument>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QMenu>
#include <QMimeData>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>
#include <QUrl>

#include <gtest/gtest.h>

using namespace gpuplanner;

namespace {

QList<core::ModelPreset> presets()
{
    auto p = core::loadModelPresets();
    return p ? p.value() : QList<core::ModelPreset>();
}

// Answers the next modal dialog with the button whose text contains `button`.
void answerNextDialog(QObject *context, const QString &button, QString *seenText = nullptr)
{
    auto *timer = new QTimer(context);
    QObject::connect(timer, &QTimer::timeout, context, [timer, button, seenText] {
        QWidget *modal = QApplication::activeModalWidget();
        if (!modal)
            return;
        if (seenText) {
            for (QLabel *l : modal->findChildren<QLabel *>())
                *seenText += l->text() + u'\n';
        }
        for (QAbstractButton *b : modal->findChildren<QAbstractButton *>()) {
            if (b->text().remove(u'&').contains(button, Qt::CaseInsensitive)) {
                timer->stop(); // before the click: the next dialog must not see this answer
                timer->deleteLater();
                b->click();
                return;
            }
        }
    });
    timer->start(20);
}

} // namespace

TEST(ScenarioFiles, SaveAndReopenGivesTheSameScenario)
{
    QTemporaryDir dir;
    ui::ScenarioDocument doc(presets());
    doc.setValue(QStringLiteral("workload.tokens"), QStringLiteral("2.5B"));
    doc.setValue(QStringLiteral("constraints.providers"), QJsonArray{QStringLiteral("aws"), QStringLiteral("lambda")});
    doc.setValue(QStringLiteral("name"), QStringLiteral("Round trip 中文"));
    ASSERT_TRUE(doc.scenario().has_value()) << doc.error().toStdString();
    const QString path = dir.filePath(QStringLiteral("round-trip.json"));
    QString error;
    ASSERT_TRUE(doc.save(path, &error)) << error.toStdString();
    EXPECT_FALSE(doc.isModified());
    EXPECT_EQ(doc.filePath(), path);

    ui::ScenarioDocument reopened(presets());
    ASSERT_TRUE(reopened.open(path, &error)) << error.toStdString();
    EXPECT_EQ(reopened.json(), doc.json());
    ASSERT_TRUE(reopened.scenario().has_value());
    EXPECT_EQ(core::scenarioToJson(*reopened.scenario()), core::scenarioToJson(*doc.scenario()));
    EXPECT_EQ(reopened.scenario()->name, QStringLiteral("Round trip 中文"));
    // The core loader reads what the GUI wrote.
    auto loaded = core::loadScenario(path, presets());
    ASSERT_TRUE(loaded) << loaded.errorMessage().toStdString();
    EXPECT_EQ(loaded.value().workload.training.tokens, 2.5e9);
}

TEST(ScenarioFiles, EveryExampleScenarioOpensValid)
{
    const QStringList examples = QDir(QStringLiteral(":/scenarios")).entryList({QStringLiteral("*.json")});
    ASSERT_GE(examples.size(), 3);
    for (const QString &name : examples) {
        ui::ScenarioDocument doc(presets());
        QString error;
        ASSERT_TRUE(doc.open(QStringLiteral(":/scenarios/") + name, &error)) << error.toStdString();
        EXPECT_TRUE(doc.scenario().has_value()) << name.toStdString() << ": " << doc.error().toStdString();
    }
}

TEST(ScenarioFiles, InvalidFieldsStillOpenAndNameTheProblem)
{
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("bad.json"));
    QFile f(bad);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(R"({"format":"gpu-planner-scenario","version":1,"workload":{"task":"pretrain","model":"llama-2-7b","tokens":"lots"}})");
    f.close();
    ui::ScenarioDocument doc(presets());
    QString error;
    ASSERT_TRUE(doc.open(bad, &error));
    EXPECT_EQ(doc.errorPath(), QStringLiteral("workload.tokens"));
    EXPECT_EQ(doc.value(QStringLiteral("workload.tokens")).toString(), QStringLiteral("lots"));

    const QString broken = dir.filePath(QStringLiteral("broken.json"));
    QFile g(broken);
    ASSERT_TRUE(g.open(QIODevice::WriteOnly));
    g.write("{ not json");
    g.close();
    EXPECT_FALSE(doc.open(broken, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("broken.json")));
    EXPECT_EQ(doc.filePath(), bad) << "a refused file leaves the open one alone";
}

TEST(ScenarioFiles, TitleRecentFilesDropAndUnsavedPrompt)
{
    QTemporaryDir dir;
    ui::MainWindow window(tests::seedFactory());
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    EXPECT_TRUE(window.windowTitle().startsWith(QStringLiteral("Untitled")));
    window.document()->setValue(QStringLiteral("constraints.budget"), 42);
    EXPECT_TRUE(window.isWindowModified());

    const QString path = dir.filePath(QStringLiteral("first.json"));
    ASSERT_TRUE(window.files()->saveTo(path));
    EXPECT_FALSE(window.isWindowModified());
    EXPECT_TRUE(window.windowTitle().startsWith(QStringLiteral("first.json")));
    EXPECT_EQ(window.files()->recentFiles().value(0), QFileInfo(path).absoluteFilePath());
    EXPECT_EQ(window.files()->recentMenu()->actions().size(), 1);

    // Dropping a scenario file with unsaved edits asks first; Discard opens the dropped file.
    window.document()->setValue(QStringLiteral("constraints.budget"), 43);
    QFile::copy(QStringLiteral(":/scenarios/bert-base-finetune.json"), dir.filePath(QStringLiteral("bert.json")));
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(dir.filePath(QStringLiteral("bert.json")))});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, {});
    QCoreApplication::sendEvent(&window, &enter);
    EXPECT_TRUE(enter.isAccepted());
    QString prompt;
    answerNextDialog(&window, QStringLiteral("Discard"), &prompt);
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, {});
    QCoreApplication::sendEvent(&window, &drop);
    EXPECT_TRUE(prompt.contains(QStringLiteral("first.json")));
    EXPECT_EQ(window.document()->value(QStringLiteral("name")).toString(), QStringLiteral("Fine-tune BERT-base"));
    EXPECT_TRUE(window.windowTitle().startsWith(QStringLiteral("bert.json")));
    EXPECT_EQ(window.files()->recentFiles().size(), 2);

    // Cancel keeps the edits and the window open.
    window.document()->setValue(QStringLiteral("constraints.budget"), 44);
    answerNextDialog(&window, QStringLiteral("Cancel"));
    EXPECT_FALSE(window.close());
    EXPECT_TRUE(window.isVisible());
    window.document()->undoStack()->setClean();
}

// Issue 47: a recent file that fails to open is named in the error, leaves Open Recent, and is
// not offered again, neither in this window nor in the next session's menu.
TEST(ScenarioFiles, ARecentFileThatFailsToOpenLeavesOpenRecent)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    QWidget window;
    ui::ScenarioDocument doc(presets());
    auto *files = new ui::ScenarioFiles(&doc, &window, &settings);
    const QString kept = dir.filePath(QStringLiteral("kept.gpuplan"));
    const QString broken = dir.filePath(QStringLiteral("damaged.gpuplan"));
    ASSERT_TRUE(QFile::copy(QStringLiteral(":/scenarios/bert-base-finetune.json"), kept));
    ASSERT_TRUE(QFile::copy(QStringLiteral(":/scenarios/bert-base-finetune.json"), broken));
    ASSERT_TRUE(files->openFile(kept));
    ASSERT_TRUE(files->openFile(broken));
    auto menuTexts = [](const QMenu *menu) {
        QStringList texts;
        for (const QAction *a : menu->actions())
            texts << a->text();
        return texts.join(u'\n');
    };
    ASSERT_TRUE(menuTexts(files->recentMenu()).contains(QStringLiteral("damaged.gpuplan")));

    QFile damage(broken);
    ASSERT_TRUE(damage.open(QIODevice::WriteOnly | QIODevice::Truncate));
    damage.write("{ not json");
    damage.close();
    QAction *entry = nullptr;
    for (QAction *a : files->recentMenu()->actions())
        if (a->text().contains(QStringLiteral("damaged.gpuplan")))
            entry = a;
    ASSERT_NE(entry, nullptr);
    QString message;
    answerNextDialog(&window, QStringLiteral("OK"), &message);
    entry->trigger(); // File > Open Recent > damaged.gpuplan, as a person picks it

    EXPECT_TRUE(message.contains(QStringLiteral("damaged.gpuplan"))) << message.toStdString();
    EXPECT_TRUE(message.contains(QStringLiteral("removed from Open Recent"))) << message.toStdString();
    EXPECT_FALSE(menuTexts(files->recentMenu()).contains(QStringLiteral("damaged.gpuplan")))
        << menuTexts(files->recentMenu()).toStdString();
    EXPECT_TRUE(menuTexts(files->recentMenu()).contains(QStringLiteral("kept.gpuplan")));
    EXPECT_EQ(files->recentFiles(), QStringList{QFileInfo(kept).absoluteFilePath()});
    EXPECT_EQ(doc.filePath(), broken) << "the document that was open stays open";

    // The next session reads the same settings: the damaged file is not offered again.
    settings.sync();
    QSettings reread(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    QWidget nextWindow;
    ui::ScenarioDocument nextDoc(presets());
    ui::ScenarioFiles next(&nextDoc, &nextWindow, &reread);
    EXPECT_FALSE(menuTexts(next.recentMenu()).contains(QStringLiteral("damaged.gpuplan")))
        << menuTexts(next.recentMenu()).toStdString();
    EXPECT_TRUE(menuTexts(next.recentMenu()).contains(QStringLiteral("kept.gpuplan")));
}

// File > Open example and Help > Welcome replace the document too: with unsaved edits both ask
// first, Cancel keeps the edits, Discard opens the example.
TEST(ScenarioFiles, OpeningAnExampleOrAWelcomeChoiceAsksBeforeReplacingUnsavedEdits)
{
    ui::MainWindow window(tests::seedFactory());
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QAction *example = nullptr;
    for (QAction *menu : window.menuBar()->actions()) {
        for (QAction *item : menu->menu() ? menu->menu()->actions() : QList<QAction *>()) {
            if (item->menu() && item->text().remove(u'&') == QStringLiteral("Open example"))
                example = item->menu()->actions().value(0);
        }
    }
    ASSERT_TRUE(example) << "File > Open example lists the examples";

    window.document()->setValue(QStringLiteral("constraints.budget"), 4242);
    QString prompt;
    answerNextDialog(&window, QStringLiteral("Cancel"), &prompt);
    example->trigger();
    EXPECT_TRUE(prompt.contains(QStringLiteral("not saved"))) << prompt.toStdString();
    EXPECT_EQ(window.document()->value(QStringLiteral("constraints.budget")).toDouble(), 4242) << "Cancel keeps the edits";
    EXPECT_TRUE(window.isWindowModified());

    answerNextDialog(&window, QStringLiteral("Discard"));
    example->trigger();
    EXPECT_NE(window.document()->value(QStringLiteral("constraints.budget")).toDouble(), 4242);
    EXPECT_FALSE(window.isWindowModified()) << "the example replaced the edited document";

    // Help > Welcome: an example chosen there asks the same way.
    window.document()->setValue(QStringLiteral("constraints.budget"), 4343);
    QString welcomePrompt;
    auto *chooser = new QTimer(&window);
    QObject::connect(chooser, &QTimer::timeout, &window, [&window, chooser, &welcomePrompt] {
        auto *welcome = qobject_cast<ui::WelcomeDialog *>(QApplication::activeModalWidget());
        if (!welcome)
            return;
        chooser->stop();
        chooser->deleteLater();
        welcome->examples()->setCurrentRow(0);
        answerNextDialog(&window, QStringLiteral("Cancel"), &welcomePrompt); // the prompt that follows
        welcome->openButton()->click();
    });
    chooser->start(20);
    window.showWelcome();
    EXPECT_TRUE(welcomePrompt.contains(QStringLiteral("not saved"))) << welcomePrompt.toStdString();
    EXPECT_EQ(window.document()->value(QStringLiteral("constraints.budget")).toDouble(), 4343);
    window.document()->undoStack()->setClean();
}
