#pragma once
// RecordedPortfolio: the plan a portfolio file records (its "priced_on"), as the portfolio window
// shows it when the user keeps it: a headline and the purchase plan, labelled as recorded on its
// day and catalog, never passed off as today's prices.

#include "core/portfolio/PortfolioRecord.h"

#include <QCoreApplication>
#include <QString>

class QTableWidget;

namespace gpuplanner::ui {

class RecordedPortfolio
{
    Q_DECLARE_TR_FUNCTIONS(RecordedPortfolio)

public:
    // "Recorded plan of 2026-11-02 (catalog …), not today's prices: expected cost …" (rich text).
    static QString headline(const core::PortfolioRecord &record);
    // One row per recorded purchase: month, provider, commitment, what and for whom, quantity,
    // unit price and its source and date.
    static void fillPurchases(QTableWidget *table, const core::PortfolioRecord &record);
};

} // namespace gpuplanner::ui
