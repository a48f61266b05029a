// Screen readers: every input, table and chart of the main window has a name (its own
// accessible name or the text of the label it is the buddy of).

#include "PlanTestSupport.h"
#include "ScreenshotLook.h"

#include "ui/catalog/CustomOffersDialog.h"
#include "ui/refresh/CatalogTools.h"
#include "ui/scenario/FieldBindings.h"
#include "ui/scenario/ScenarioEditor.h"
#include "ui/scenario/WorkloadEditor.h"
#include "ui/settings/SecretStore.h"
#include "ui/settings/SettingsDialog.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QGroupBox>
#include <QMenuBar>
#include <QTabBar>
#include <QTabWidget>
#include <QAbstractSpinBox>
#include <QChartView>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QApplication>
#include <QImage>
#include <QTest>
#include <QMap>
#include <QSettings>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace gpuplanner;

namespace {

// Widgets a person tabs to or reads: inputs, item views and charts, but not the parts Qt builds
// inside them (a combo box's list and line edit, a spin box's line edit, headers, popups).
bool needsName(QWidget *w)
{
    for (QWidget *p = w->parentWidget(); p; p = p->parentWidget()) {
        if (qobject_cast<QComboBox *>(p) || qobject_cast<QAbstractSpinBox *>(p) || p->windowType() == Qt::Popup)
            return false;
    }
    if (qobject_cast<QHeaderView *>(w) || w->windowType() == Qt::Popup)
        return false;
    if (qobject_cast<QAbstractItemView *>(w))
        return !w->parentWidget() || !w->parentWidget()->inherits("QComboBoxPrivateContainer");
    return qobject_cast<QComboBox *>(w) || qobject_cast<QLineEdit *>(w) || qobject_cast<QAbstractSpinBox *>(w)
           || qobject_cast<QChartView *>(w);
}

QString describe(QWidget *w)
{
    QStringList path;
    for (QObject *o = w; o; o = o->parent())
        path.prepend(QString::fromLatin1(o->metaObject()->className()) + (o->objectName().isEmpty() ? QString() : u'#' + o->objectName()));
    return path.join(QStringLiteral(" > "));
}

// Widgets under `root` a screen reader could not name: no accessible name and no label that
// is their buddy.
QStringList unnamedWidgets(QWidget *root, int *checked)
{
    const QList<QLabel *> labels = root->findChildren<QLabel *>();
    QStringList unnamed;
    for (QWidget *w : root->findChildren<QWidget *>()) {
        if (!needsName(w))
            continue;
        ++*checked;
        QString name = w->accessibleName();
        for (const QLabel *label : labels) {
            if (name.isEmpty() && label->buddy() == w)
                name = label->text();
        }
        if (name.trimmed().isEmpty())
            unnamed << describe(w);
    }
    return unnamed;
}

} // namespace

TEST(Accessibility, EveryInputTableAndChartOfTheMainWindowHasAName)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    int checked = 0;
    const QStringList unnamed = unnamedWidgets(window.get(), &checked);
    EXPECT_GT(checked, 30);
    EXPECT_TRUE(unnamed.isEmpty()) << unnamed.size() << " unnamed:\n" << unnamed.join(u'\n').toStdString();
    // A form's editor is named after its label, without the mnemonic and the colon.
    EXPECT_EQ(window->editor()->workload()->tokensField()->edit()->accessibleName(), QStringLiteral("Dataset tokens"));
    EXPECT_EQ(ui::accessibleLabelText(QStringLiteral("数据集 token 数(&D)：")), QStringLiteral("数据集 token 数"));
}

TEST(Accessibility, TheSettingsAndCustomOffersDialogsNameTheirInputs)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    ui::MemorySecretStore secrets;
    ui::SettingsDialog settingsDialog(settings, secrets);
    int checked = 0;
    QStringList unnamed = unnamedWidgets(&settingsDialog, &checked);
    ui::CustomOffersDialog custom({}, {});
    unnamed += unnamedWidgets(&custom, &checked);
    EXPECT_GT(checked, 8);
    EXPECT_TRUE(unnamed.isEmpty()) << unnamed.size() << " unnamed:\n" << unnamed.join(u'\n').toStdString();
}

namespace {

// The Alt+letter of a text ("&Budget" -> 'b'; "预算(&B)" -> 'b'); 0 when it has none.
QChar mnemonicOf(const QString &text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text.at(i) == u'&') {
            if (text.at(i + 1) == u'&') {
                ++i;
                continue;
            }
            return text.at(i + 1).toLower();
        }
    }
    return {};
}

// Every Alt+letter a person can press in the window as it is shown now: the menu bar, the tab
// bars, and the visible labels (with a buddy), buttons, check boxes and group boxes.
QMultiHash<QChar, QString> visibleMnemonics(QWidget *window)
{
    QMultiHash<QChar, QString> found;
    auto add = [&](const QString &text, const QString &where) {
        if (const QChar c = mnemonicOf(text); !c.isNull())
            found.insert(c, QStringLiteral("%1 \"%2\"").arg(where, text));
    };
    for (QMenuBar *bar : window->findChildren<QMenuBar *>()) {
        for (QAction *a : bar->actions())
            add(a->text(), QStringLiteral("menu"));
    }
    for (QTabBar *tabs : window->findChildren<QTabBar *>()) {
        if (!tabs->isVisible())
            continue;
        for (int i = 0; i < tabs->count(); ++i)
            add(tabs->tabText(i), QStringLiteral("tab"));
    }
    for (QWidget *w : window->findChildren<QWidget *>()) {
        if (!w->isVisible())
            continue;
        if (auto *label = qobject_cast<QLabel *>(w); label && label->buddy() && label->buddy()->isEnabled())
            add(label->text(), QStringLiteral("label"));
        else if (auto *button = qobject_cast<QAbstractButton *>(w); button && button->isEnabled())
            add(button->text(), QStringLiteral("button"));
        else if (auto *group = qobject_cast<QGroupBox *>(w))
            add(group->title(), QStringLiteral("group"));
    }
    return found;
}

QStringList clashes(QWidget *window, const QString &context)
{
    const QMultiHash<QChar, QString> found = visibleMnemonics(window);
    QStringList out;
    for (const QChar c : found.uniqueKeys()) {
        const QStringList users = found.values(c);
        if (users.size() > 1)
            out << QStringLiteral("%1: Alt+%2 = %3").arg(context, QString(c.toUpper()), users.join(QStringLiteral(", ")));
    }
    return out;
}

} // namespace

namespace {

void expectOneMeaningPerAltLetter(bool chinese)
{
    // Every place a person can be: each main tab; on the Plan tab each editor tab, and on the
    // Workload tab each kind of work (each shows its own fields).
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    // The app's Tools and Catalog menus (installed by the desktop's main) take Alt+T and Alt+C.
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    ui::MemorySecretStore secrets;
    ui::CatalogToolsDeps deps;
    deps.settings = &settings;
    deps.secrets = &secrets;
    deps.repositories = tests::seedFactory();
    ui::installCatalogTools(*window, deps);
    QStringList menus;
    for (QAction *menu : window->menuBar()->actions())
        menus << menu->text().remove(u'&');
    ASSERT_GE(menus.size(), 6) << menus.join(u',').toStdString();
    QStringList all;
    auto check = [&](const QString &where) {
        QCoreApplication::processEvents();
        all += clashes(window.get(), where);
        if (qEnvironmentVariableIsSet("GPUPLANNER_LIST_MNEMONICS")) {
            const auto found = visibleMnemonics(window.get());
            QStringList texts;
            for (auto it = found.cbegin(); it != found.cend(); ++it)
                texts << it.value();
            texts.sort();
            qInfo().noquote() << "CONTEXT" << where << "||" << texts.join(QStringLiteral("||"));
        }
    };
    QTabWidget *main = window->tabs();
    if (chinese) { // the window really speaks Chinese: 规划(&P)
        EXPECT_TRUE(main->tabText(0).contains(QStringLiteral("(&P)")) && main->tabText(0).at(0).unicode() > 0x2e80)
            << main->tabText(0).toStdString();
    }
    QTabWidget *editor = window->editor()->tabs();
    QComboBox *kind = window->editor()->workload()->kindField()->combo();
    for (int t = 0; t < main->count(); ++t) {
        main->setCurrentIndex(t);
        if (t != 0) {
            check(main->tabText(t).remove(u'&'));
            continue;
        }
        for (int e = 0; e < editor->count(); ++e) {
            editor->setCurrentIndex(e);
            if (e != 0) {
                check(editor->tabText(e).remove(u'&'));
                continue;
            }
            for (int k = 0; k < kind->count(); ++k) {
                kind->setCurrentIndex(k);
                Q_EMIT kind->activated(k); // as a person's choice does: the form shows that kind's fields
                check(QStringLiteral("Workload (%1)").arg(kind->itemText(k)));
            }
        }
    }
    all.removeDuplicates();
    EXPECT_TRUE(all.isEmpty()) << all.size() << " clashes:\n" << all.join(u'\n').toStdString();
}

} // namespace

TEST(Accessibility, EveryAltLetterHasOneMeaningWhereverThePersonIs)
{
    expectOneMeaningPerAltLetter(false);
}

TEST(Accessibility, EveryAltLetterHasOneMeaningInChineseToo)
{
    // The Chinese labels carry the same letters, "(&M)" after the text.
    tests::LookScope chinese(tests::Look::Chinese);
    expectOneMeaningPerAltLetter(true);
}

namespace {

// Issue 47 (5): on every form the window shows, each label's underlined letter, pressed as a
// person does (Alt+letter), puts the keyboard in that label's field.
void expectEveryAltLetterToFocusItsField()
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    window->activateWindow();
    QApplication::setActiveWindow(window.get());
    QStringList dead;
    int pressed = 0;
    auto pressAll = [&](const QString &where) {
        QCoreApplication::processEvents();
        for (QLabel *label : window->findChildren<QLabel *>()) {
            QWidget *buddy = label->buddy();
            const QChar letter = mnemonicOf(label->text());
            if (!label->isVisible() || !buddy || !buddy->isEnabled() || !buddy->isVisible() || letter.isNull())
                continue;
            // Somewhere else first, so the press has to move the focus.
            window->tabs()->tabBar()->setFocus(Qt::OtherFocusReason);
            QTest::keyClick(window.get(), letter.toLatin1(), Qt::AltModifier);
            QCoreApplication::processEvents();
            QWidget *focus = QApplication::focusWidget();
            ++pressed;
            if (!focus || (focus != buddy && !buddy->isAncestorOf(focus)))
                dead << QStringLiteral("%1: Alt+%2 (%3) went to %4")
                            .arg(where, QString(letter.toUpper()), label->text(),
                                 focus ? describe(focus) : QStringLiteral("nothing"));
        }
    };
    QTabWidget *main = window->tabs();
    QTabWidget *editor = window->editor()->tabs();
    QComboBox *kind = window->editor()->workload()->kindField()->combo();
    for (int t = 0; t < main->count(); ++t) {
        main->setCurrentIndex(t);
        if (t != 0) {
            pressAll(main->tabText(t).remove(u'&'));
            continue;
        }
        for (int e = 0; e < editor->count(); ++e) {
            editor->setCurrentIndex(e);
            if (e != 0) {
                pressAll(editor->tabText(e).remove(u'&'));
                continue;
            }
            for (int k = 0; k < kind->count(); ++k) {
                kind->setCurrentIndex(k);
                Q_EMIT kind->activated(k);
                pressAll(QStringLiteral("Workload (%1)").arg(kind->itemText(k)));
            }
        }
        main->setCurrentIndex(0);
    }
    EXPECT_GT(pressed, 20);
    EXPECT_TRUE(dead.isEmpty()) << dead.size() << " letters that do not reach their field:\n"
                                << dead.join(u'\n').toStdString();
}

} // namespace

TEST(Accessibility, EveryUnderlinedLetterFocusesItsField)
{
    expectEveryAltLetterToFocusItsField();
}

TEST(Accessibility, EveryUnderlinedLetterFocusesItsFieldInChinese)
{
    tests::LookScope chinese(tests::Look::Chinese);
    expectEveryAltLetterToFocusItsField();
}

TEST(Accessibility, TheFocusedWidgetLooksFocused)
{
    // Keyboard users see where they are: each kind of widget Tab reaches draws differently
    // while it has the focus (its frame, a focus rectangle, the current cell). Real Tab presses:
    // Qt draws focus cues once the keyboard has moved the focus.
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    window->activateWindow();
    QApplication::setActiveWindow(window.get());
    window->editor()->workload()->kindField()->combo()->setFocus(Qt::TabFocusReason);
    QMap<QString, QStringList> seen; // kind -> "visible" / "invisible" per widget reached
    QWidget *previous = nullptr;
    QImage previousFocused;
    for (int step = 0; step < 60; ++step) {
        QWidget *w = QApplication::focusWidget();
        if (!w)
            break;
        QCoreApplication::processEvents();
        const QImage focused = w->grab().toImage();
        if (previous && previous != w && step > 1) { // the first was focused by code, not by Tab
            const QImage unfocused = previous->grab().toImage();
            seen[QString::fromLatin1(previous->metaObject()->className())]
                << (unfocused == previousFocused ? QStringLiteral("invisible") : QStringLiteral("visible"));
            if (unfocused == previousFocused && qEnvironmentVariableIsSet("GPUPLANNER_LIST_MNEMONICS"))
                qInfo().noquote() << "INVISIBLE" << describe(previous) << previous->accessibleName();
        }
        previous = w;
        previousFocused = focused;
        QTest::keyClick(w, Qt::Key_Tab);
    }
    EXPECT_GE(seen.size(), 3) << seen.keys().join(u',').toStdString();
    QStringList invisible;
    for (auto it = seen.cbegin(); it != seen.cend(); ++it) {
        if (it.value().contains(QStringLiteral("invisible")))
            invisible << QStringLiteral("%1 (%2 of %3)").arg(it.key()).arg(it.value().count(QStringLiteral("invisible"))).arg(it.value().size());
    }
    EXPECT_TRUE(invisible.isEmpty()) << "no visible focus: " << invisible.join(QStringLiteral(", ")).toStdString()
                                     << "; reached: " << seen.keys().join(u',').toStdString();
}

// Issue 47 (5): Ctrl+E (Export report) pressed in a text field runs the window's action instead of
// moving the cursor, and the keys after it type nothing into that field.
TEST(Accessibility, ApplicationShortcutsWorkFromInsideTextFields)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    window->activateWindow();
    QApplication::setActiveWindow(window.get());
    QAction *exportReport = nullptr;
    for (QAction *a : window->findChildren<QAction *>()) {
        if (a->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_E))
            exportReport = a;
    }
    ASSERT_TRUE(exportReport);
    QObject::disconnect(exportReport, &QAction::triggered, nullptr, nullptr); // no file dialog in a test
    QSignalSpy exported(exportReport, &QAction::triggered);
    QLineEdit *edit = nullptr;
    for (QLineEdit *e : window->editor()->findChildren<QLineEdit *>()) {
        if (e->isVisible() && e->isEnabled() && !e->isReadOnly()) {
            edit = e;
            break;
        }
    }
    ASSERT_TRUE(edit);
    // Desktops whose key bindings move to the end of the line with Ctrl+E (GNOME's, Emacs style)
    // make a line edit claim that key; the offscreen platform has none, so the claim is made here
    // as such a desktop makes it.
    struct ClaimsCtrlE : QObject
    {
        bool eventFilter(QObject *, QEvent *e) override
        {
            if (e->type() == QEvent::ShortcutOverride
                && static_cast<QKeyEvent *>(e)->keyCombination() == QKeyCombination(Qt::ControlModifier, Qt::Key_E)) {
                e->accept();
                return true;
            }
            return false;
        }
    } claims;
    edit->installEventFilter(&claims);
    edit->setFocus(Qt::TabFocusReason);
    const QString before = edit->text();
    edit->setCursorPosition(0);
    QTest::keyClick(edit, Qt::Key_E, Qt::ControlModifier);
    EXPECT_EQ(exported.count(), 1) << "Ctrl+E reached Export report";
    EXPECT_EQ(edit->cursorPosition(), 0) << "the field did not take Ctrl+E";
    EXPECT_EQ(edit->text(), before);
    // Text editing keys stay the field's: Ctrl+A selects its text.
    QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
    EXPECT_EQ(edit->selectedText(), edit->text());
    edit->removeEventFilter(&claims);
}
