#pragma once
// PriceHistoryPanel: the price history of the offer selected in the offers table, read off the
// GUI thread through a repository opened on the worker, drawn by charts::PriceHistoryChart.

#include "core/catalog/CatalogRepository.h"

#include <QDate>
#include <QWidget>

class QLabel;

namespace gpuplanner::ui {

class OffersPanel;
namespace charts {
class PriceHistoryChart;
}

class PriceHistoryPanel : public QWidget
{
    Q_OBJECT

public:
    explicit PriceHistoryPanel(core::CatalogRepositoryFactory repositories, QWidget *parent = nullptr);

    // Shows the selected offer's history whenever the table's current row changes.
    void followSelection(OffersPanel *offers);
    void showOffer(const core::Offer &offer);
    void setToday(const QDate &today) { m_today = today; } // tests pin the step lines' end

    charts::PriceHistoryChart *chart() const { return m_chart; }
    QLabel *titleLabel() const { return m_title; }

Q_SIGNALS:
    void historyShown(const QString &instanceType, const QString &region, int points);

private:
    core::CatalogRepositoryFactory m_repositories;
    charts::PriceHistoryChart *m_chart;
    QLabel *m_title;
    QDate m_today;
    quint64 m_generation = 0;
};

} // namespace gpuplanner::ui
