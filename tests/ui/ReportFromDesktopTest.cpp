// A report exported from the desktop as a person does it: Report ▸ Export report… opens the
// sheet (in the interface's language by default), then the file dialog, then "saved" with Open
// and Show in folder; the PDF is in the language, with the options and author, chosen.

#include "PlanTestSupport.h"
#include "ScreenshotLook.h"
#include "report/ReportTestSupport.h"

#include "ui/report/ReportOptionsDialog.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTimer>

#include <gtest/gtest.h>

using namespace gpuplanner;

TEST(ReportFromTheDesktop, AChineseInterfaceExportsAChineseReportWithTheChosenOptions)
{
    const tests::LookScope scope(tests::Look::Chinese);
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    auto *exportAction = window->findChild<QAction *>(QStringLiteral("exportReportAction"));
    ASSERT_TRUE(exportAction);
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("plan.pdf"));

    QString defaultLanguage, saved;
    int sheets = 0, fileDialogs = 0, savedBoxes = 0;
    QTimer person;
    QObject::connect(&person, &QTimer::timeout, [&] {
        QWidget *modal = QApplication::activeModalWidget();
        if (auto *sheet = qobject_cast<ui::ReportOptionsDialog *>(modal)) {
            ++sheets;
            defaultLanguage = sheet->languageBox()->currentData().toString();
            sheet->topBox()->setValue(3);
            sheet->authorEdit()->setText(QStringLiteral("Ada Lovelace"));
            sheet->accept();
        } else if (auto *files = qobject_cast<QFileDialog *>(modal)) {
            ++fileDialogs;
            // Types the name where a person would and presses Enter.
            auto *name = files->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
            ASSERT_TRUE(name);
            name->setText(pdf);
            QTest::keyClick(name, Qt::Key_Return);
        } else if (auto *box = qobject_cast<QMessageBox *>(modal); box && box->objectName() == u"reportSavedBox") {
            ++savedBoxes;
            saved = box->text();
            EXPECT_EQ(box->buttons().size(), 3) << "Open, Show in folder, Close";
            box->button(QMessageBox::Close)->click();
        }
    });
    person.start(50);
    exportAction->trigger();
    person.stop();

    EXPECT_EQ(sheets, 1);
    EXPECT_EQ(fileDialogs, 1);
    EXPECT_EQ(savedBoxes, 1);
    EXPECT_EQ(defaultLanguage, QStringLiteral("zh_CN")) << "the interface's language";
    EXPECT_TRUE(saved.contains(QFileInfo(pdf).fileName())) << saved.toStdString();
    ASSERT_TRUE(QFileInfo::exists(pdf));
    const tests::ToolRun text = tests::runTool(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
    const QString t = tests::plainText(text.out);
    EXPECT_TRUE(t.contains(QStringLiteral("GPU 租用方案"))) << t.left(400).toStdString();
    EXPECT_TRUE(t.contains(QStringLiteral("前 3 个选项对比")));
    EXPECT_TRUE(t.contains(QStringLiteral("Ada Lovelace")));
}
