#include "ui/portfolio/PortfolioWindow.h"

#include "core/cost/Money.h"
#include "core/portfolio/CommitmentOptimizer.h"
#include "core/portfolio/PortfolioFormat.h"
#include "core/portfolio/PortfolioPlan.h"
#include "core/plan/PricedOnFile.h"
#include "ui/charts/ChartStyle.h"
#include "ui/portfolio/PortfolioSinceBanner.h"
#include "ui/portfolio/RecordedPortfolio.h"

#include <QChart>
#include <QChartView>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLineSeries>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QValueAxis>
#include <QCategoryAxis>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace gpuplanner::ui {

namespace {

// The whole computation `portfolio plan` makes, on a worker thread; with the file's record, what
// moved since (as `portfolio plan --since`), and the record this plan would write (`--record`).
PortfolioOutcome solve(const core::Portfolio &portfolio, const core::PortfolioCatalog &catalog, const QString &path)
{
    core::PortfolioBasis basis;
    auto problem = core::buildPortfolioProblem(portfolio, catalog, &basis);
    if (!problem)
        return {{}, QStringLiteral("%1: %2").arg(path, problem.errorMessage()), {}, {}, {}};
    const core::CommitmentOptimizer optimizer(std::move(problem).value());
    auto plan = core::planPortfolio(optimizer, portfolio.sensitivityDemandDrop, portfolio.sensitivityPriceCut);
    if (!plan)
        return {{}, QStringLiteral("%1: %2").arg(path, plan.errorMessage()), {}, {}, {}};
    const QString name = portfolio.name.isEmpty() ? QFileInfo(path).fileName() : portfolio.name;
    PortfolioOutcome outcome{core::portfolioToJson(optimizer, plan.value(), name), {}, {}, {}, {}};
    const core::PortfolioFacts facts{optimizer, plan.value(), basis, catalog.offers};
    if (!portfolio.pricedOn.isEmpty()) {
        auto then = core::portfolioRecordFromJson(portfolio.pricedOn);
        if (!then)
            outcome.sinceError = then.errorMessage();
        else
            outcome.since = core::comparePortfolio(then.value(), facts);
    }
    outcome.record = core::recordPortfolio(facts);
    return outcome;
}

QTableWidget *makeTable(QWidget *parent, const QString &name)
{
    auto *table = new QTableWidget(parent);
    table->setObjectName(name);
    table->setAccessibleName(name);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->setVisible(false);
    table->horizontalHeader()->setStretchLastSection(true);
    // One line a cell: a text longer than its (capped) column ends in an ellipsis, its whole text in
    // the tooltip, where wrapping cut it mid-word or showed half a second line.
    table->setWordWrap(false);
    table->setTextElideMode(Qt::ElideRight);
    return table;
}

// Sizing a column by hand (resizeColumnsToContents, a cap) leaves the last one short of the
// table's edge until the window is next resized: stretched to the edge again now, never below the
// width just set (a table wider than its view keeps its scroll bar).
void stretchLastColumn(QTableWidget *table)
{
    table->horizontalHeader()->setStretchLastSection(false);
    table->horizontalHeader()->setStretchLastSection(true);
}

QTableWidgetItem *cell(const QString &text, bool number = false)
{
    auto *item = new QTableWidgetItem(text);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QString percent(double share)
{
    return QStringLiteral("%1%").arg(share * 100.0, 0, 'f', 0);
}

} // namespace

PortfolioWindow::PortfolioWindow(core::PortfolioCatalog catalog, QList<core::ModelPreset> presets, QWidget *parent)
    : QDialog(parent), m_catalog(std::move(catalog)), m_presets(std::move(presets)), m_file(new QLabel(this)),
      m_headline(new QLabel(this)), m_record(new QPushButton(tr("&Record these prices in the portfolio file"), this)),
      m_recordStatus(new QLabel(this)), m_undoRecord(new QPushButton(tr("Put &back the earlier record"), this)), m_since(new PortfolioSinceBanner(this)), m_busy(new QProgressBar(this)), m_tabs(new QTabWidget(this)),
      m_purchases(makeTable(this, tr("Purchase plan"))), m_utilization(new QChartView(this)),
      m_spend(makeTable(this, tr("Spend per provider and month"))), m_sensitivity(makeTable(this, tr("Cost of being wrong")))
{
    setObjectName(QStringLiteral("portfolioWindow"));
    setWindowTitle(tr("Portfolio"));
    m_headline->setWordWrap(true);
    m_headline->setTextFormat(Qt::RichText);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_record->setEnabled(false);
    m_record->setToolTip(tr("Write into the portfolio file what this plan was priced on (catalog identity, prices, "
                            "exchange rates, calibrations, purchases, totals), so that reopening it later says what "
                            "changed since."));
    m_recordStatus->setObjectName(QStringLiteral("portfolioRecordStatus"));
    m_recordStatus->setAccessibleName(tr("Recording the prices"));
    m_recordStatus->setWordWrap(true);
    m_recordStatus->setTextFormat(Qt::RichText);
    m_recordStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_recordStatus->hide();
    m_undoRecord->setToolTip(tr("Write the record this one replaced back into the portfolio file."));
    m_undoRecord->hide();
    connect(m_undoRecord, &QPushButton::clicked, this, &PortfolioWindow::putBackReplacedRecord);
    m_busy->setRange(0, 0);
    m_busy->setFormat(tr("Planning the workloads and solving the commitment plan…"));
    m_busy->setTextVisible(true);
    m_busy->hide();
    m_utilization->setRenderHint(QPainter::Antialiasing);
    m_utilization->setAccessibleName(tr("Expected utilisation per month"));
    m_tabs->addTab(m_purchases, tr("&Purchases"));
    m_tabs->addTab(m_utilization, tr("&Utilisation"));
    m_tabs->addTab(m_spend, tr("&Spend"));
    m_tabs->addTab(m_sensitivity, tr("Cost of being &wrong"));
    auto *openButton = new QPushButton(tr("&Open portfolio…"), this);
    connect(openButton, &QPushButton::clicked, this, &PortfolioWindow::chooseFile);
    connect(m_record, &QPushButton::clicked, this, &PortfolioWindow::recordPlan);
    connect(m_since, &PortfolioSinceBanner::keepChosen, this, &PortfolioWindow::showRecordedPlan);
    connect(m_since, &PortfolioSinceBanner::todayChosen, this, &PortfolioWindow::useTodaysPrices);
    auto *top = new QHBoxLayout;
    top->addWidget(m_file, 1);
    top->addWidget(m_record);
    top->addWidget(openButton);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    auto *status = new QHBoxLayout;
    status->addWidget(m_recordStatus, 1);
    status->addWidget(m_undoRecord);
    layout->addLayout(status);
    layout->addWidget(m_busy);
    layout->addWidget(m_since);
    layout->addWidget(m_headline);
    layout->addWidget(m_tabs, 1);
    m_file->setText(tr("No portfolio open: a portfolio file lists a team's scenarios over up to 36 months."));
    connect(&m_watcher, &QFutureWatcher<PortfolioOutcome>::finished, this, [this] { showOutcome(m_watcher.result()); });
    resize(1100, 700);
}

void PortfolioWindow::chooseFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open portfolio"), QString(),
                                                      tr("GPU Planner portfolios (*.json);;All files (*)"));
    if (!path.isEmpty())
        open(path);
}

void PortfolioWindow::open(const QString &path)
{
    m_file->setText(tr("Portfolio: %1").arg(QDir::toNativeSeparators(path)));
    m_path = path;
    m_record->setEnabled(false);
    m_recordStatus->hide();
    m_replaced.reset();
    m_undoRecord->hide();
    // Taken before the file is parsed: a change after it is one the plan on screen does not hold.
    auto fingerprint = core::fileFingerprint(path);
    m_fingerprint = fingerprint ? fingerprint.value() : QByteArray();
    auto portfolio = core::loadPortfolio(path, m_presets);
    if (!portfolio) {
        showOutcome({{}, portfolio.errorMessage(), {}, {}, {}});
        return;
    }
    m_busy->show();
    m_headline->clear();
    m_since->hide();
    m_watcher.setFuture(QtConcurrent::run(
        [portfolio = std::move(portfolio).value(), catalog = m_catalog, path] { return solve(portfolio, catalog, path); }));
}

void PortfolioWindow::showOutcome(const PortfolioOutcome &outcome)
{
    m_busy->hide();
    m_outcome = outcome;
    m_showingRecorded = false;
    setTodaysTabsEnabled(true);
    showSince(outcome);
    m_record->setEnabled(outcome.record.has_value());
    if (!outcome.error.isEmpty()) {
        m_headline->setText(tr("<b>No plan:</b> %1").arg(outcome.error.toHtmlEscaped()));
        for (QTableWidget *t : {m_purchases, m_spend, m_sensitivity})
            t->setRowCount(0);
        Q_EMIT solved();
        return;
    }
    showPlan(outcome.plan);
    Q_EMIT solved();
}

void PortfolioWindow::showPlan(const QJsonObject &p)
{
    const QString cur = p.value(QStringLiteral("currency")).toString();
    auto money = [&](const char *key) { return core::formatMoney(p.value(QLatin1String(key)).toDouble(), cur); };
    QStringList cases;
    for (const QJsonValue &c : p.value(QStringLiteral("demand_cases")).toArray()) {
        const QString id = c.toObject().value(QStringLiteral("id")).toString();
        const QString name = id == u"low" ? tr("low demand") : id == u"high" ? tr("high demand") : tr("expected demand");
        cases << tr("%1 %2").arg(name, core::formatMoney(c.toObject().value(QStringLiteral("cost")).toDouble(), cur));
    }
    QString text = tr("<b>%1</b>: expected cost <b>%2</b> (%3; worst case %4), commitments bought %5.")
                       .arg(p.value(QStringLiteral("name")).toString().toHtmlEscaped(), money("expected_cost"),
                            cases.join(QStringLiteral(", ")), money("worst_case_cost"), money("commitment_cost"));
    text += QStringLiteral("<br>") + tr("All on-demand %1: this plan saves %2.").arg(money("all_on_demand_cost"), money("saving_vs_all_on_demand"));
    const QJsonObject single = p.value(QStringLiteral("best_single_provider")).toObject();
    if (!single.isEmpty())
        text += u' ' + tr("Best single provider (%1) %2: this plan saves %3.")
                           .arg(single.value(QStringLiteral("provider")).toString(),
                                core::formatMoney(single.value(QStringLiteral("cost")).toDouble(), cur),
                                core::formatMoney(single.value(QStringLiteral("saving")).toDouble(), cur));
    const QJsonObject solver = p.value(QStringLiteral("solver")).toObject();
    text += QStringLiteral("<br><small>") + tr("Solved with %1 in %2 s (%3 solves).")
                                                 .arg(solver.value(QStringLiteral("name")).toString())
                                                 .arg(solver.value(QStringLiteral("seconds")).toDouble(), 0, 'f', 2)
                                                 .arg(solver.value(QStringLiteral("solves")).toInt())
            + QStringLiteral("</small>");
    m_headline->setText(text);
    fillPurchases(p);
    fillUtilization(p);
    fillSpend(p);
    fillSensitivity(p);
}

void PortfolioWindow::showSince(const PortfolioOutcome &outcome)
{
    if (!outcome.sinceError.isEmpty())
        m_since->showUnreadable(outcome.sinceError);
    else if (outcome.since)
        m_since->showSince(*outcome.since);
    else
        m_since->hide();
}

void PortfolioWindow::showRecordedPlan()
{
    if (!m_outcome.since)
        return;
    m_showingRecorded = true;
    const core::PortfolioRecord &then = m_outcome.since->then;
    m_headline->setText(RecordedPortfolio::headline(then));
    RecordedPortfolio::fillPurchases(m_purchases, then);
    // The record holds purchases and totals; the other tabs are today's plan's.
    setTodaysTabsEnabled(false);
    m_record->setEnabled(false);
    m_since->setKept(true);
}

void PortfolioWindow::useTodaysPrices()
{
    if (!m_outcome.record)
        return;
    m_showingRecorded = false;
    showPlan(m_outcome.plan);
    setTodaysTabsEnabled(true);
    m_record->setEnabled(true);
    m_since->setKept(false);
    recordPlan();
}

bool PortfolioWindow::recordPlan()
{
    if (!m_outcome.record || m_showingRecorded)
        return false;
    const core::PortfolioRecord &record = *m_outcome.record;
    auto written = core::writePricedOnIfUnchanged(m_path, core::portfolioRecordToJson(record), m_fingerprint);
    if (!written) {
        // The file is as it was (the write is atomic) and the plan stays on screen.
        m_recordStatus->setText(tr("<b>The prices were not recorded:</b> %1").arg(written.errorMessage().toHtmlEscaped()));
        m_recordStatus->show();
        return false;
    }
    m_fingerprint = written.value();
    m_recordStatus->setText(tr("Recorded in %1 what this plan was priced on (%2).")
                                .arg(QDir::toNativeSeparators(m_path).toHtmlEscaped(), record.identity().toHtmlEscaped()));
    m_recordStatus->show();
    // A record it replaced can be put back: nothing a click writes is lost.
    if (m_outcome.since)
        m_replaced = m_outcome.since->then;
    m_undoRecord->setVisible(m_replaced.has_value());
    // The file now records the plan on screen: the lines of what moved since the old record are moot.
    m_outcome.since.reset();
    m_since->hide();
    if (m_since->isAncestorOf(focusWidget()))
        m_tabs->setFocus();
    return true;
}

void PortfolioWindow::putBackReplacedRecord()
{
    if (!m_replaced)
        return;
    auto written = core::writePricedOnIfUnchanged(m_path, core::portfolioRecordToJson(*m_replaced), m_fingerprint);
    if (!written) {
        m_recordStatus->setText(tr("<b>The earlier record was not put back:</b> %1").arg(written.errorMessage().toHtmlEscaped()));
        return;
    }
    m_replaced.reset();
    m_undoRecord->hide();
    // Planned again against the record put back: the banner says again what moved since it.
    open(m_path);
}

void PortfolioWindow::setTodaysTabsEnabled(bool enabled)
{
    for (QWidget *tab : {static_cast<QWidget *>(m_utilization), static_cast<QWidget *>(m_spend), static_cast<QWidget *>(m_sensitivity)})
        m_tabs->setTabEnabled(m_tabs->indexOf(tab), enabled);
    if (!enabled)
        m_tabs->setCurrentWidget(m_purchases);
}

void PortfolioWindow::fillPurchases(const QJsonObject &p)
{
    const QString cur = p.value(QStringLiteral("currency")).toString();
    const QJsonArray list = p.value(QStringLiteral("purchases")).toArray();
    m_purchases->clear();
    m_purchases->setColumnCount(11);
    m_purchases->setHorizontalHeaderLabels({tr("#"), tr("Month"), tr("Provider"), tr("Commitment"), tr("Where"), tr("For"),
                                            tr("Quantity"), tr("Upfront"), tr("Per month"), tr("Whole term"), tr("Price source")});
    m_purchases->setRowCount(int(list.size()));
    for (int r = 0; r < list.size(); ++r) {
        const QJsonObject o = list.at(r).toObject();
        auto money = [&](const char *key) { return core::formatMoney(o.value(QLatin1String(key)).toDouble(), cur); };
        const QString quantity = o.contains(QStringLiteral("instances"))
            ? tr("%1 instance(s)").arg(o.value(QStringLiteral("instances")).toDouble())
            : tr("%1 per hour").arg(core::formatMoney(o.value(QStringLiteral("commit_per_hour")).toDouble(), cur));
        m_purchases->setItem(r, 0, cell(QString::number(o.value(QStringLiteral("commitment")).toInt()), true));
        m_purchases->setItem(r, 1, cell(o.value(QStringLiteral("month")).toString()));
        m_purchases->setItem(r, 2, cell(o.value(QStringLiteral("provider")).toString()));
        m_purchases->setItem(r, 3, cell(tr("%1 (break-even %2)").arg(o.value(QStringLiteral("label")).toString(),
                                                                     percent(o.value(QStringLiteral("break_even_utilization")).toDouble()))));
        m_purchases->setItem(r, 4, cell(QStringLiteral("%1 %2").arg(o.value(QStringLiteral("instance_type")).toString(),
                                                                   o.value(QStringLiteral("region")).toString())));
        m_purchases->setItem(r, 5, cell(o.value(QStringLiteral("for")).toString()));
        m_purchases->setItem(r, 6, cell(quantity, true));
        m_purchases->setItem(r, 7, cell(money("upfront_total"), true));
        m_purchases->setItem(r, 8, cell(money("per_month"), true));
        m_purchases->setItem(r, 9, cell(money("whole_term"), true));
        auto *source = cell(o.value(QStringLiteral("source")).toString());
        source->setToolTip(source->text());
        m_purchases->setItem(r, 10, source);
    }
    m_purchases->resizeColumnsToContents();
    m_purchases->setColumnWidth(10, std::min(m_purchases->columnWidth(10), 300));
    stretchLastColumn(m_purchases);
}

void PortfolioWindow::fillUtilization(const QJsonObject &p)
{
    auto *chart = new QChart;
    chart->setTitle(tr("Expected utilisation of each commitment per month"));
    const QJsonArray months = p.value(QStringLiteral("months")).toArray();
    auto *x = new QCategoryAxis;
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    for (int m = 0; m < months.size(); ++m) {
        if (m % std::max(1, int(months.size()) / 6) == 0)
            x->append(months.at(m).toString(), m);
    }
    x->setRange(0, std::max<qsizetype>(1, months.size() - 1));
    auto *y = new QValueAxis;
    y->setRange(0, 100);
    y->setLabelFormat(QStringLiteral("%d%%"));
    y->setTitleText(tr("Used (%)"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (const QJsonValue &v : p.value(QStringLiteral("utilization")).toArray()) {
        const QJsonObject u = v.toObject();
        auto *series = new QLineSeries;
        series->setName(tr("#%1").arg(u.value(QStringLiteral("commitment")).toInt()));
        const QJsonArray shares = u.value(QStringLiteral("utilization")).toArray();
        for (int m = 0; m < shares.size(); ++m) {
            if (!shares.at(m).isNull())
                series->append(m, shares.at(m).toDouble() * 100.0);
        }
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
    }
    chart->legend()->setAlignment(Qt::AlignBottom);
    charts::styleChart(chart, palette(), font());
    QChart *old = m_utilization->chart();
    m_utilization->setChart(chart);
    delete old;
}

void PortfolioWindow::fillSpend(const QJsonObject &p)
{
    const QString cur = p.value(QStringLiteral("currency")).toString();
    const QJsonObject byProvider = p.value(QStringLiteral("spend_by_provider")).toObject();
    QStringList months;
    for (const QJsonValue &m : p.value(QStringLiteral("months")).toArray())
        months << m.toString();
    months << tr("after the horizon");
    const QStringList providers = byProvider.keys();
    m_spend->clear();
    m_spend->setColumnCount(int(providers.size()) + 2);
    m_spend->setHorizontalHeaderLabels(QStringList{tr("Month")} + providers + QStringList{tr("Total")});
    m_spend->setRowCount(int(months.size()) + 1);
    std::vector<double> totals(std::size_t(providers.size()), 0.0);
    for (int r = 0; r < months.size(); ++r) {
        m_spend->setItem(r, 0, cell(months.at(r)));
        double row = 0;
        for (int c = 0; c < providers.size(); ++c) {
            const double v = byProvider.value(providers.at(c)).toArray().at(r).toDouble();
            row += v;
            totals[std::size_t(c)] += v;
            m_spend->setItem(r, c + 1, cell(core::formatMoney(v, cur), true));
        }
        m_spend->setItem(r, int(providers.size()) + 1, cell(core::formatMoney(row, cur), true));
    }
    // The totals as the plan states them (summed before rounding): the grand total is the expected cost.
    const int last = int(months.size());
    const QJsonObject providerTotals = p.value(QStringLiteral("spend_total_by_provider")).toObject();
    m_spend->setItem(last, 0, cell(tr("Total")));
    for (int c = 0; c < providers.size(); ++c)
        m_spend->setItem(last, c + 1, cell(core::formatMoney(providerTotals.value(providers.at(c)).toDouble(totals[std::size_t(c)]), cur), true));
    m_spend->setItem(last, int(providers.size()) + 1,
                     cell(core::formatMoney(p.value(QStringLiteral("expected_cost")).toDouble(), cur), true));
    m_spend->resizeColumnsToContents();
    stretchLastColumn(m_spend);
}

void PortfolioWindow::fillSensitivity(const QJsonObject &p)
{
    const QString cur = p.value(QStringLiteral("currency")).toString();
    const QJsonArray list = p.value(QStringLiteral("cost_of_being_wrong")).toArray();
    m_sensitivity->clear();
    m_sensitivity->setColumnCount(5);
    m_sensitivity->setHorizontalHeaderLabels(
        {tr("If"), tr("With this plan"), tr("Best plan had we known"), tr("Cost of being wrong"), tr("All on-demand")});
    m_sensitivity->setRowCount(int(list.size()));
    for (int r = 0; r < list.size(); ++r) {
        const QJsonObject o = list.at(r).toObject();
        auto money = [&](const char *key) { return core::formatMoney(o.value(QLatin1String(key)).toDouble(), cur); };
        m_sensitivity->setItem(r, 0, cell(o.value(QStringLiteral("label")).toString()));
        m_sensitivity->setItem(r, 1, cell(money("plan_cost"), true));
        m_sensitivity->setItem(r, 2, cell(money("reoptimised_cost"), true));
        m_sensitivity->setItem(r, 3, cell(money("cost_of_being_wrong"), true));
        m_sensitivity->setItem(r, 4, cell(money("all_on_demand_cost"), true));
    }
    m_sensitivity->resizeColumnsToContents();
    stretchLastColumn(m_sensitivity);
}

} // namespace gpuplanner::ui
