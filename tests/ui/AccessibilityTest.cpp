// Screen readers: every input, table and chart of the main window has a name (its own
// accessible name or the text of the label it is the buddy of).

#include "PlanTestSupport.h"

#include "ui/catalog/CustomOffersDialog.h"
#include "ui/scenario/FieldBindings.h"
#include "ui/scenario/ScenarioEditor.h"
#include "ui/scenario/WorkloadEditor.h"
#include "ui/settings/SecretStore.h"
#include "ui/settings/SettingsDialog.h"

#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QChartView>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
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
