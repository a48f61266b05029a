#include "ui/portfolio/RecordedPortfolio.h"

#include "core/cost/Money.h"

#include <QHeaderView>
#include <QTableWidget>

#include <algorithm>

namespace gpuplanner::ui {

namespace {

QTableWidgetItem *cell(const QString &text, bool number = false)
{
    auto *item = new QTableWidgetItem(text);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

QString RecordedPortfolio::headline(const core::PortfolioRecord &r)
{
    const QString cur = r.displayCurrency;
    QString text = tr("<b>Recorded plan of %1</b> (%2), not today's prices: expected cost <b>%3</b>.")
                       .arg(r.plannedAt.toString(QStringLiteral("yyyy-MM-dd")), r.identity().toHtmlEscaped(),
                            core::formatMoney(r.expectedCost, cur));
    text += QStringLiteral("<br>") + tr("All on-demand %1: this plan saved %2.")
                                          .arg(core::formatMoney(r.allOnDemandCost, cur), core::formatMoney(r.saving, cur));
    text += QStringLiteral("<br><small>")
        + tr("Recorded with GPU Planner %1. Utilisation, spend and the cost of being wrong are shown for today's plan only.")
              .arg(r.appVersion.toHtmlEscaped())
        + QStringLiteral("</small>");
    return text;
}

void RecordedPortfolio::fillPurchases(QTableWidget *table, const core::PortfolioRecord &r)
{
    const QString cur = r.displayCurrency;
    table->clear();
    table->setColumnCount(8);
    table->setHorizontalHeaderLabels({tr("#"), tr("Month"), tr("Provider"), tr("Commitment"), tr("What and for whom"),
                                      tr("Quantity"), tr("Unit price"), tr("Price source")});
    table->setRowCount(int(r.purchases.size()));
    for (int row = 0; row < r.purchases.size(); ++row) {
        const core::RecordedPurchase &p = r.purchases.at(row);
        table->setItem(row, 0, cell(QString::number(row + 1), true));
        table->setItem(row, 1, cell(p.month));
        table->setItem(row, 2, cell(p.provider));
        table->setItem(row, 3, cell(p.commitment));
        auto *name = cell(p.name);
        name->setToolTip(name->text()); // its column is capped
        table->setItem(row, 4, name);
        table->setItem(row, 5, cell(core::recordedQuantityText(p, cur), true));
        table->setItem(row, 6, cell(tr("%1/h").arg(core::formatMoney(p.unitPrice, cur)), true));
        auto *source = cell(core::sourceAndDate(p.source, p.date));
        source->setToolTip(source->text());
        table->setItem(row, 7, source);
    }
    table->resizeColumnsToContents();
    table->setColumnWidth(4, std::min(table->columnWidth(4), 360));
    // The last column to the table's edge again (as PortfolioWindow's tables).
    table->horizontalHeader()->setStretchLastSection(false);
    table->horizontalHeader()->setStretchLastSection(true);
}

} // namespace gpuplanner::ui
