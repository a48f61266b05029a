#include "ui/catalog/CustomOffersDialog.h"

#include "core/io/BoundedFile.h"
#include "core/import/CustomOffersCsv.h"
#include "core/import/SeedMetadata.h"
#include "core/io/CsvReader.h"
#include "ui/ThemeColors.h"
#include "ui/catalog/BillingNames.h"
#include "ui/catalog/ChoiceDelegate.h"
#include "ui/catalog/CompletingDelegate.h"
#include "ui/catalog/CustomOffersModel.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableView>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace gpuplanner::ui {

namespace {

// The GPU alias resolver comes from the embedded reference data, loaded once, off the GUI thread.
const core::Result<core::SeedMetadata> &reference()
{
    static const core::Result<core::SeedMetadata> metadata = core::loadSeedMetadata(QStringLiteral(":/reference"));
    return metadata;
}

struct ImportOutcome
{
    QList<CustomOffersModel::Row> rows;
    QString error; // names the file, line and column
};

ImportOutcome readCustomCsv(const QString &path)
{
    ImportOutcome out;
    auto read = core::readBoundedFile(path, core::kMaxImportBytes);
    if (!read) {
        out.error = read.errorMessage();
        return out;
    }
    const QByteArray bytes = read.value();
    if (!reference()) {
        out.error = reference().errorMessage();
        return out;
    }
    const QString name = QFileInfo(path).fileName();
    auto parsed = core::parseCustomOffersCsv(bytes, name, reference().value().resolver());
    if (!parsed) {
        out.error = parsed.errorMessage();
        return out;
    }
    auto table = core::parseCsv(QString::fromUtf8(bytes), name);
    if (!table) {
        out.error = table.errorMessage();
        return out;
    }
    for (const core::CsvRecord &r : table.value().records()) {
        CustomOffersModel::Row row = CustomOffersModel::emptyRow();
        for (int c = 0; c < CustomOffersModel::ColumnCount; ++c)
            row[c] = table.value().field(r, CustomOffersModel::csvName(c)).trimmed();
        out.rows.append(row);
    }
    return out;
}

struct SaveOutcome
{
    QString error;
    int line = 0;          // CSV line of the row at fault (row + 2), 0 when not about a row
    QString column;        // CSV column at fault
    QString value;
    QString why;
    int offers = 0;
};

SaveOutcome writeOffers(const QByteArray &csv, const QStringList &savedProviders,
                        const core::CustomOfferStoreFactory &stores)
{
    SaveOutcome out;
    if (!reference()) {
        out.error = reference().errorMessage();
        return out;
    }
    auto parsed = core::parseCustomOffersCsv(csv, QStringLiteral("editor"), reference().value().resolver());
    if (!parsed) {
        out.error = parsed.errorMessage();
        static const QRegularExpression where(QStringLiteral("^editor:(\\d+): column (\\w+) '(.*)' (.+)$"));
        if (const auto m = where.match(out.error); m.hasMatch()) {
            out.line = m.captured(1).toInt();
            out.column = m.captured(2);
            out.value = m.captured(3);
            out.why = m.captured(4);
        }
        return out;
    }
    auto store = stores();
    if (!store) {
        out.error = store.errorMessage();
        return out;
    }
    QMap<QString, core::ImportBatch> batches = std::move(parsed).value();
    for (const QString &p : savedProviders)
        batches[p]; // a provider whose rows were all deleted is written empty
    for (auto it = batches.begin(); it != batches.end(); ++it) {
        it.value().sourceNote = QStringLiteral("custom offers");
        it.value().complete = true;
        it.value().fetchedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
        it.value().effectiveDate = QDate::currentDate().toString(Qt::ISODate);
        auto counts = store.value()->replaceOffers(core::RefreshScope{it.key(), {}}, it.value());
        if (!counts) {
            out.error = counts.errorMessage();
            return out;
        }
        out.offers += int(it.value().offers.size());
    }
    return out;
}

} // namespace

CustomOffersDialog::CustomOffersDialog(core::CustomOfferStoreFactory stores, QStringList catalogProviders, QWidget *parent)
    : QDialog(parent), m_stores(std::move(stores)), m_catalogProviders(std::move(catalogProviders)),
      m_undo(new QUndoStack(this)), m_model(new CustomOffersModel(m_undo, this)), m_view(new QTableView(this)),
      m_gpuDelegate(new CompletingDelegate(m_view)),
      m_message(new QLabel(this)), m_add(new QPushButton(tr("&Add offer"), this)),
      m_remove(new QPushButton(tr("&Remove"), this)), m_import(new QPushButton(tr("&Import CSV…"), this)),
      m_save(new QPushButton(tr("&Save"), this))
{
    setWindowTitle(tr("Custom offers"));
    setObjectName(QStringLiteral("customOffersDialog"));
    auto *intro = new QLabel(tr("Your own prices: negotiated discounts, reserved capacity or hardware you run. "
                                "Give them a provider id of your own (for example acme-negotiated); they are "
                                "compared with the catalog like any other offer."),
                             this);
    intro->setWordWrap(true);

    m_view->setModel(m_model);
    m_view->setAccessibleName(tr("Custom offers"));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                            | QAbstractItemView::AnyKeyPressed);
    m_view->setItemDelegateForColumn(CustomOffersModel::Gpu, m_gpuDelegate);
    // Billing and upfront hold the CSV's ids but read as words and are picked from a list.
    ChoiceDelegate::Choices billing;
    for (core::Billing b : core::kBillings)
        billing.append({core::billingId(b), BillingNames::billing(b)});
    m_view->setItemDelegateForColumn(CustomOffersModel::Billing, new ChoiceDelegate(billing, m_view));
    m_view->setItemDelegateForColumn(CustomOffersModel::Upfront,
                                     new ChoiceDelegate({{QString(), BillingNames::upfront(QStringLiteral("none"))},
                                                         {QStringLiteral("partial"), BillingNames::upfront(QStringLiteral("partial"))},
                                                         {QStringLiteral("all"), BillingNames::upfront(QStringLiteral("all"))}},
                                                        m_view));

    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *undo = new QPushButton(tr("&Undo"), this);
    auto *redo = new QPushButton(tr("Re&do"), this);
    undo->setEnabled(false);
    redo->setEnabled(false);
    QAction *undoAction = m_undo->createUndoAction(this);
    QAction *redoAction = m_undo->createRedoAction(this);
    undoAction->setShortcut(QKeySequence::Undo);
    redoAction->setShortcut(QKeySequence::Redo);
    addAction(undoAction);
    addAction(redoAction);
    connect(m_undo, &QUndoStack::canUndoChanged, undo, &QPushButton::setEnabled);
    connect(m_undo, &QUndoStack::canRedoChanged, redo, &QPushButton::setEnabled);
    connect(undo, &QPushButton::clicked, m_undo, &QUndoStack::undo);
    connect(redo, &QPushButton::clicked, m_undo, &QUndoStack::redo);

    auto *tools = new QHBoxLayout;
    for (QPushButton *b : {m_add, m_remove, undo, redo, m_import})
        tools->addWidget(b);
    tools->addStretch(1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_save, QDialogButtonBox::ActionRole);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(tools);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_message);
    layout->addWidget(buttons);

    connect(m_add, &QPushButton::clicked, this, [this] {
        m_model->appendRows({CustomOffersModel::emptyRow()}, tr("Add offer"));
        const QModelIndex first = m_model->index(m_model->rowCount() - 1, CustomOffersModel::Provider);
        m_view->setCurrentIndex(first);
        m_view->edit(first);
    });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const QModelIndexList rows = m_view->selectionModel()->selectedRows();
        if (!rows.isEmpty())
            m_model->removeRowsAt(rows.constFirst().row(), 1);
    });
    connect(m_import, &QPushButton::clicked, this, &CustomOffersDialog::chooseCsv);
    connect(m_save, &QPushButton::clicked, this, &CustomOffersDialog::save);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(980, 460);
}

void CustomOffersDialog::setOffers(const QList<core::Offer> &offers)
{
    QList<CustomOffersModel::Row> rows;
    m_savedProviders.clear();
    for (const core::Offer &o : offers) {
        rows.append(CustomOffersModel::rowFromOffer(o));
        if (!m_savedProviders.contains(o.provider))
            m_savedProviders.append(o.provider);
    }
    m_model->setRows(rows);
}

void CustomOffersDialog::setGpuIds(const QStringList &ids)
{
    m_gpuDelegate->setCompletions(ids);
}

void CustomOffersDialog::showMessage(const QString &text, bool error)
{
    m_message->setText(text);
    showAsProblem(m_message, error);
}

void CustomOffersDialog::setBusy(bool busy)
{
    for (QPushButton *b : {m_add, m_remove, m_import, m_save})
        b->setEnabled(!busy);
}

void CustomOffersDialog::chooseCsv()
{
    auto *dialog = new QFileDialog(this, tr("Import custom offers"), QString(), tr("CSV files (*.csv);;All files (*)"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::ExistingFile);
    connect(dialog, &QFileDialog::fileSelected, this, &CustomOffersDialog::importCsv);
    dialog->open();
}

void CustomOffersDialog::importCsv(const QString &path)
{
    setBusy(true);
    showMessage(tr("Reading %1…").arg(QFileInfo(path).fileName()), false);
    auto *watcher = new QFutureWatcher<ImportOutcome>(this);
    connect(watcher, &QFutureWatcher<ImportOutcome>::finished, this, [this, watcher, path] {
        watcher->deleteLater();
        setBusy(false);
        const ImportOutcome out = watcher->result();
        if (!out.error.isEmpty()) {
            const QString message = tr("Nothing was imported. %1").arg(out.error);
            showMessage(message, true);
            Q_EMIT importFinished(false, message);
            return;
        }
        m_model->appendRows(out.rows, tr("Import %1").arg(QFileInfo(path).fileName()));
        const QString message = tr("Imported %1 offers from %2. Check them and press Save.")
                                    .arg(out.rows.size())
                                    .arg(QFileInfo(path).fileName());
        showMessage(message, false);
        Q_EMIT importFinished(true, message);
    });
    watcher->setFuture(QtConcurrent::run(readCustomCsv, path));
}

void CustomOffersDialog::save()
{
    m_model->setError(-1, -1, {});
    // A catalog provider's id would replace its public prices.
    for (int r = 0; r < m_model->rowCount(); ++r) {
        const QString provider = m_model->rows().at(r).at(CustomOffersModel::Provider).trimmed().toLower();
        if (m_catalogProviders.contains(provider)) {
            const QString message = tr("Row %1, Provider: '%2' is a catalog provider; give your own prices a provider "
                                       "id of their own, such as '%2-negotiated'.")
                                        .arg(r + 1)
                                        .arg(provider);
            m_model->setError(r, CustomOffersModel::Provider, message);
            m_view->setCurrentIndex(m_model->index(r, CustomOffersModel::Provider));
            showMessage(message, true);
            Q_EMIT saveFinished(false, message);
            return;
        }
    }
    setBusy(true);
    showMessage(tr("Saving…"), false);
    auto *watcher = new QFutureWatcher<SaveOutcome>(this);
    connect(watcher, &QFutureWatcher<SaveOutcome>::finished, this, [this, watcher] {
        watcher->deleteLater();
        setBusy(false);
        const SaveOutcome out = watcher->result();
        if (!out.error.isEmpty()) {
            QString message = tr("Not saved: %1").arg(out.error);
            const int column = CustomOffersModel::columnForCsvName(out.column);
            if (out.line >= 2 && column >= 0) {
                const int row = out.line - 2;
                message = tr("Row %1, %2: '%3' %4")
                              .arg(row + 1)
                              .arg(m_model->headerData(column, Qt::Horizontal).toString(), out.value, out.why);
                m_model->setError(row, column, message);
                m_view->setCurrentIndex(m_model->index(row, column));
            }
            showMessage(message, true);
            Q_EMIT saveFinished(false, message);
            return;
        }
        m_savedProviders.clear();
        for (const CustomOffersModel::Row &row : m_model->rows()) {
            const QString p = row.at(CustomOffersModel::Provider).trimmed().toLower();
            if (!m_savedProviders.contains(p))
                m_savedProviders.append(p);
        }
        m_undo->setClean();
        const QString message = tr("Saved %1 custom offers.").arg(out.offers);
        showMessage(message, false);
        Q_EMIT saveFinished(true, message);
        Q_EMIT offersSaved();
    });
    watcher->setFuture(QtConcurrent::run(writeOffers, m_model->toCsv(), m_savedProviders, m_stores));
}

} // namespace gpuplanner::ui
