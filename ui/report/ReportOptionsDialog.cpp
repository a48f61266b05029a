#include "ui/report/ReportOptionsDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

#include <algorithm>

namespace gpuplanner::ui {

ReportOptionsDialog::ReportOptionsDialog(const ReportOptions &defaults, int usable, const QString &action,
                                         QWidget *parent)
    : QDialog(parent), m_defaults(defaults), m_language(new QComboBox(this)), m_paper(new QComboBox(this)),
      m_top(new QSpinBox(this)), m_author(new QLineEdit(this))
{
    setWindowTitle(tr("Report"));
    // Each language by its own name, so a reader of either finds it.
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_language->addItem(QStringLiteral("简体中文"), QStringLiteral("zh_CN"));
    m_language->setCurrentIndex(std::max(0, m_language->findData(defaults.language)));
    m_paper->addItem(tr("A4"), int(QPageSize::A4));
    m_paper->addItem(tr("US Letter"), int(QPageSize::Letter));
    m_paper->setCurrentIndex(std::max(0, m_paper->findData(int(defaults.pageSize))));
    m_top->setRange(1, std::max(1, std::min(50, usable)));
    m_top->setValue(std::min(defaults.top, m_top->maximum()));
    m_top->setToolTip(tr("How many of the plan's options the comparison table lists (the plan has %1 usable).").arg(usable));
    m_author->setText(defaults.author);
    m_author->setPlaceholderText(tr("left off the cover"));

    auto *form = new QFormLayout(this);
    form->addRow(tr("&Language:"), m_language);
    form->addRow(tr("&Paper:"), m_paper);
    form->addRow(tr("&Options compared:"), m_top);
    form->addRow(tr("&Author:"), m_author);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(action);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

ReportOptions ReportOptionsDialog::options() const
{
    ReportOptions o = m_defaults;
    o.language = m_language->currentData().toString();
    o.pageSize = QPageSize::PageSizeId(m_paper->currentData().toInt());
    o.top = m_top->value();
    o.author = m_author->text().trimmed();
    return o;
}

} // namespace gpuplanner::ui
