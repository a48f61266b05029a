#pragma once
// ReportOptionsDialog: the sheet shown before a report is exported or previewed: its language
// (the interface's by default), paper size, how many options the comparison lists and the
// author on the cover. The author is remembered for the next report.

#include "ui/report/ReportTypes.h"

#include <QDialog>

class QComboBox;
class QLineEdit;
class QSettings;
class QSpinBox;

namespace gpuplanner::ui {

class ReportOptionsDialog : public QDialog
{
    Q_OBJECT

public:
    // usable: how many usable options the plan has (the most the table can list).
    ReportOptionsDialog(const ReportOptions &defaults, int usable, const QString &action, QWidget *parent = nullptr);

    ReportOptions options() const;

    QComboBox *languageBox() const { return m_language; }
    QComboBox *paperBox() const { return m_paper; }
    QSpinBox *topBox() const { return m_top; }
    QLineEdit *authorEdit() const { return m_author; }

private:
    ReportOptions m_defaults;
    QComboBox *m_language;
    QComboBox *m_paper;
    QSpinBox *m_top;
    QLineEdit *m_author;
};

} // namespace gpuplanner::ui
