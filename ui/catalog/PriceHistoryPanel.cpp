#include "ui/catalog/PriceHistoryPanel.h"

#include "ui/catalog/OffersPanel.h"
#include "ui/catalog/OffersFilterProxy.h"
#include "ui/catalog/OffersTableModel.h"
#include "ui/charts/PriceHistoryChart.h"

#include <QFutureWatcher>
#include <QItemSelectionModel>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace gpuplanner::ui {

namespace {

struct HistoryRead
{
    QList<core::PricePoint> points;
    QString error;
};

HistoryRead readHistory(const core::CatalogRepositoryFactory &factory, const QString &instanceType, const QString &region)
{
    HistoryRead read;
    auto repo = factory();
    if (!repo) {
        read.error = repo.errorMessage();
        return read;
    }
    auto history = repo.value()->priceHistory(instanceType, region);
    if (!history)
        read.error = history.errorMessage();
    else
        read.points = std::move(history).value();
    return read;
}

} // namespace

PriceHistoryPanel::PriceHistoryPanel(core::CatalogRepositoryFactory repositories, QWidget *parent)
    : QWidget(parent), m_repositories(std::move(repositories)), m_chart(new charts::PriceHistoryChart(this)),
      m_title(new QLabel(this))
{
    setObjectName(QStringLiteral("priceHistoryPanel"));
    m_title->setTextFormat(Qt::PlainText);
    m_title->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_chart, 1);
    m_title->setText(tr("Price history"));
    m_chart->showMessage(tr("Select an offer to see its price history"));
}

void PriceHistoryPanel::followSelection(OffersPanel *offers)
{
    QItemSelectionModel *selection = offers->view()->selectionModel();
    connect(selection, &QItemSelectionModel::currentRowChanged, this, [this, offers](const QModelIndex &current) {
        if (!current.isValid())
            return;
        const QModelIndex source = offers->proxy()->mapToSource(current);
        if (source.isValid())
            showOffer(offers->model()->offerAt(source.row()));
    });
}

void PriceHistoryPanel::showOffer(const core::Offer &offer)
{
    const quint64 generation = ++m_generation;
    m_title->setText(tr("Price history: %1 in %2 (%3)").arg(offer.instanceType, offer.region, offer.providerLabel()));
    m_chart->showMessage(tr("Loading…"));
    auto *watcher = new QFutureWatcher<HistoryRead>(this);
    const QString instanceType = offer.instanceType;
    const QString region = offer.region;
    connect(watcher, &QFutureWatcher<HistoryRead>::finished, this, [this, watcher, generation, instanceType, region] {
        watcher->deleteLater();
        if (generation != m_generation)
            return; // a later selection has replaced this one
        const HistoryRead read = watcher->result();
        if (!read.error.isEmpty()) {
            m_chart->showMessage(tr("Cannot read the price history: %1").arg(read.error));
            Q_EMIT historyShown(instanceType, region, 0);
            return;
        }
        m_chart->setHistory(read.points, m_today.isValid() ? m_today : QDate::currentDate());
        Q_EMIT historyShown(instanceType, region, m_chart->pointCount());
    });
    watcher->setFuture(QtConcurrent::run(readHistory, m_repositories, instanceType, region));
}

} // namespace gpuplanner::ui
