#include "ui/scenario/FxRatesField.h"

#include "ui/scenario/FxRatesModel.h"
#include "ui/scenario/JsonPath.h"
#include "ui/scenario/ScenarioDocument.h"

#include <QAction>
#include <QDate>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace gpuplanner::ui {

FxRatesField::FxRatesField(ScenarioDocument *doc, QWidget *parent)
    : Field(doc, QStringLiteral("assumptions.fx"), parent), m_model(new FxRatesModel(this)),
      m_view(new QTableView(this)), m_add(new QPushButton(tr("Add currenc&y"), this)),
      m_remove(new QPushButton(tr("Re&move rate"), this)), m_catalog(new QLabel(this))
{
    m_view->setModel(m_model);
    m_view->setAccessibleName(tr("Exchange rates"));
    m_view->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                            | QAbstractItemView::AnyKeyPressed | QAbstractItemView::SelectedClicked);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setStretchLastSection(true);
    // Room for a few currencies; the form around it scrolls, so the table should not grow.
    constexpr int kVisibleRows = 4;
    m_view->setFixedHeight(m_view->horizontalHeader()->sizeHint().height()
                           + kVisibleRows * m_view->verticalHeader()->defaultSectionSize() + 2 * m_view->frameWidth());
    m_view->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);

    auto *insert = new QAction(tr("Add currency"), m_view);
    insert->setShortcut(QKeySequence(Qt::Key_Insert));
    insert->setShortcutContext(Qt::WidgetShortcut);
    m_view->addAction(insert);
    auto *remove = new QAction(tr("Remove rate"), m_view);
    remove->setShortcut(QKeySequence::Delete);
    remove->setShortcutContext(Qt::WidgetShortcut);
    m_view->addAction(remove);
    m_add->setToolTip(tr("Add a row for one currency's rate (Insert in the table)."));
    m_remove->setToolTip(tr("Remove the rows of the selected cells (Delete in the table)."));

    m_catalog->setWordWrap(true);
    m_catalog->setForegroundRole(QPalette::PlaceholderText); // information, not an input
    m_catalog->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *editor = new QWidget(this);
    auto *column = new QVBoxLayout(editor);
    column->setContentsMargins(0, 0, 0, 0);
    column->addWidget(m_view);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addStretch();
    column->addLayout(buttons);
    column->addWidget(m_catalog);
    setEditor(editor);
    setFocusProxy(m_view);
    // A problem names its row and column and can be long: wrap it (the assumptions form
    // hides no rows, so a height-for-width field is safe there).
    m_error->setWordWrap(true);
    m_error->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);

    connect(m_model, &FxRatesModel::edited, this, &FxRatesField::write);
    connect(m_add, &QPushButton::clicked, this, &FxRatesField::addRate);
    connect(insert, &QAction::triggered, this, &FxRatesField::addRate);
    connect(m_remove, &QPushButton::clicked, this, &FxRatesField::removeSelectedRates);
    connect(remove, &QAction::triggered, this, &FxRatesField::removeSelectedRates);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &FxRatesField::updateButtons);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, &FxRatesField::updateButtons);
    refresh();
}

void FxRatesField::setCatalogRates(QList<core::FxRate> rates)
{
    m_catalogRates = std::move(rates);
    updateCatalogLabel();
}

void FxRatesField::addRate()
{
    const int row = m_model->appendRate(QJsonObject{{QStringLiteral("date"), QDate::currentDate().toString(Qt::ISODate)},
                                                    {QStringLiteral("source"), tr("entered by hand")}});
    const QModelIndex currency = m_model->index(row, FxRatesModel::Currency);
    m_view->setFocus();
    m_view->setCurrentIndex(currency);
    m_view->edit(currency);
}

void FxRatesField::removeSelectedRates()
{
    QList<int> rows;
    for (const QModelIndex &index : m_view->selectionModel()->selectedIndexes())
        rows.append(index.row());
    if (rows.isEmpty() && m_view->currentIndex().isValid())
        rows.append(m_view->currentIndex().row());
    m_model->removeRates(rows);
}

void FxRatesField::write(const QJsonArray &rates)
{
    // No rows is no override at all: keep the key out of the file.
    m_doc->setValue(m_path, rates.isEmpty() ? QJsonValue(QJsonValue::Undefined) : QJsonValue(rates));
}

void FxRatesField::showValue(const QJsonValue &value)
{
    m_model->setRates(value.toArray()); // its own edit echoed back changes nothing, so an open editor stays
    updateButtons();
    updateCatalogLabel();
}

void FxRatesField::showInvalid(bool invalid)
{
    const QString problem = problemText(invalid);
    showErrorText(problem);
    m_view->setAccessibleDescription(problem);
}

QString FxRatesField::problemText(bool loaderError) const
{
    if (!loaderError)
        return m_model->firstProblem();
    static const QRegularExpression rowPath(QStringLiteral("^assumptions\\.fx\\[(\\d+)\\](?:\\.(\\w+))?$"));
    const QRegularExpressionMatch m = rowPath.match(m_doc->errorPath());
    const QString reason = errorReasonOf(m_doc->error());
    const int row = m.hasMatch() ? m.captured(1).toInt() : -1;
    if (row < 0 || row >= m_model->rowCount())
        return reason; // about the array itself ("is not an array")
    const QString key = m.captured(2);
    int column = FxRatesModel::columnOfKey(key);
    for (int c = 0; key.isEmpty() && c < FxRatesModel::ColumnCount && column < 0; ++c) {
        if (!m_model->cellProblem(row, c).isEmpty())
            column = c; // "needs currency, per_usd and source": point at the cell that lacks it
    }
    if (column < 0)
        return tr("%1: %2").arg(FxRatesModel::cellName(row, -1), key.isEmpty() ? reason : key + QStringLiteral(": ") + reason);
    const QString own = m_model->cellProblem(row, column);
    return tr("%1: %2").arg(FxRatesModel::cellName(row, column), own.isEmpty() ? reason : own);
}

void FxRatesField::updateCatalogLabel()
{
    QStringList inUse;
    QStringList sources;
    const QLocale locale;
    for (const core::FxRate &r : std::as_const(m_catalogRates)) {
        if (r.currency == u"USD")
            continue;
        const bool overridden = std::any_of(m_model->rates().begin(), m_model->rates().end(), [&](const QJsonValue &v) {
            return v.toObject().value(QStringLiteral("currency")).toString() == r.currency;
        });
        const QString rate = locale.toString(r.ratePerUsd, 'g', 6);
        inUse.append(overridden ? tr("%1 %2 (%3, overridden above)").arg(r.currency, rate, r.date)
                                : tr("%1 %2 (%3)").arg(r.currency, rate, r.date));
        sources.append(tr("%1: %2 per USD on %3, from %4").arg(r.currency, rate, r.date, r.source));
    }
    if (!inUse.isEmpty()) {
        m_catalog->setText(tr("Currencies without a row here use the catalog's rates: %1.")
                               .arg(inUse.join(QStringLiteral(", "))));
        m_catalog->setToolTip(sources.join(u'\n'));
        return;
    }
    m_catalog->setText(tr("Currencies without a row here use the catalog's stored rates (the ECB's reference "
                          "rates once fetched with Tools ▸ Refresh prices…)."));
    m_catalog->setToolTip(QString());
}

void FxRatesField::updateButtons()
{
    m_remove->setEnabled(m_model->rowCount() > 0 && m_view->currentIndex().isValid());
}

} // namespace gpuplanner::ui
