// The first run as a person meets it: the welcome page lists the examples with what each shows,
// Open starts from one (unsaved: Save asks where), "Show at start" is remembered, and Help has a
// built-in guide that explains the plan's words.

#include "PlanTestSupport.h"
#include "ScreenshotLook.h"


#include "ui/WelcomeDialog.h"
#include "ui/scenario/FieldBindings.h"
#include "ui/scenario/ScenarioDocument.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTimer>

#include <gtest/gtest.h>

using namespace gpuplanner;

TEST(Welcome, ListsTheExamplesAndOpensOneAsAStartingPoint)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    EXPECT_TRUE(ui::WelcomeDialog::wanted(settings)) << "shown on a first run";
    {
        ui::WelcomeDialog welcome(&settings, window.get());
        welcome.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&welcome));
        ASSERT_EQ(welcome.examples()->count(), ui::exampleScenarios().size());
        ASSERT_GE(welcome.examples()->count(), 6);
        QStringList names;
        for (int i = 0; i < welcome.examples()->count(); ++i)
            names << welcome.examples()->item(i)->text();
        EXPECT_TRUE(names.contains(QStringLiteral("Serve a 70B chat model"))) << names.join(u',').toStdString();
        // Each says what it shows.
        bool described = false;
        for (QLabel *l : welcome.findChildren<QLabel *>())
            described = described || l->text().contains(QStringLiteral("1.28M images"));
        welcome.examples()->setCurrentRow(int(names.indexOf(QStringLiteral("Train MobileNetV2 on one T4"))));
        for (QLabel *l : welcome.findChildren<QLabel *>())
            described = described || l->text().contains(QStringLiteral("1.28M images"));
        EXPECT_TRUE(described);
        QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots"));
        EXPECT_TRUE(welcome.grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/welcome.png")));
        welcome.showAtStart()->setChecked(false);
        QTest::mouseClick(welcome.openButton(), Qt::LeftButton);
        EXPECT_EQ(welcome.chosenPath(), QStringLiteral(":/scenarios/mobilenet-t4.json"));
    }
    EXPECT_FALSE(ui::WelcomeDialog::wanted(settings)) << "unticked: not shown at the next start";

    // Opened as a starting point: it plans, and Save would ask where to keep it.
    const quint64 generation = tests::planGeneration(*window);
    QString error;
    ASSERT_TRUE(window->document()->open(QStringLiteral(":/scenarios/mobilenet-t4.json"), &error));
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    EXPECT_TRUE(window->document()->filePath().isEmpty());
    EXPECT_EQ(window->document()->scenario()->name, QStringLiteral("Train MobileNetV2 on one T4"));
    // The T4 has no BF16: the example trains in FP16, and the Precision field says so (not blank).
    const ui::ChoiceField *precision = nullptr;
    for (const ui::ChoiceField *f : window->findChildren<ui::ChoiceField *>()) {
        if (f->path() == u"workload.precision")
            precision = f;
    }
    ASSERT_TRUE(precision);
    EXPECT_EQ(precision->combo()->currentText(), QStringLiteral("FP16 mixed precision"));
}

TEST(Welcome, HelpHasAGuideToThePlansWords)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    QAction *guide = nullptr;
    for (QAction *menu : window->menuBar()->actions()) {
        if (!menu->menu())
            continue;
        for (QAction *a : menu->menu()->actions()) {
            if (a->shortcut() == QKeySequence(QKeySequence::HelpContents))
                guide = a;
        }
    }
    ASSERT_TRUE(guide) << "Help ▸ Guide on F1";
    QString text;
    QTimer reader;
    QObject::connect(&reader, &QTimer::timeout, [&] {
        if (auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            dialog && dialog->objectName() == u"guideDialog") {
            text = dialog->findChild<QTextBrowser *>()->toPlainText();
            dialog->reject();
        }
    });
    reader.start(30);
    guide->trigger();
    for (const char *word : {"P50, P90", "Confidence", "Pareto front", "Spot", "Commitments", "Suspect price"})
        EXPECT_TRUE(text.contains(QLatin1String(word))) << word;
}

TEST(Welcome, TheExamplesAreNamedInTheInterfacesLanguage)
{
    // The example files hold English names; the menu and the dialog show them translated.
    const QList<ui::ExampleScenario> english = ui::exampleScenarios();
    ASSERT_EQ(english.size(), 7);
    tests::LookScope chinese(tests::Look::Chinese);
    const QList<ui::ExampleScenario> translated = ui::exampleScenarios();
    ASSERT_EQ(translated.size(), english.size());
    QStringList names;
    for (qsizetype i = 0; i < translated.size(); ++i) {
        names << translated.at(i).name;
        EXPECT_NE(translated.at(i).name, english.at(i).name) << english.at(i).name.toStdString();
        EXPECT_NE(translated.at(i).description, english.at(i).description) << english.at(i).name.toStdString();
    }
    EXPECT_TRUE(names.contains(QStringLiteral("微调 BERT-base"))) << names.join(u',').toStdString();
}
