#include "ui/compare/ComparisonPanel.h"
#include "ui/FocusIndicator.h"

#include "core/plan/OptionDetails.h"
#include "core/plan/PlanExplain.h"
#include "ui/catalog/BillingNames.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/CostBarsChart.h"
#include "ui/charts/CostTimeChart.h"
#include "ui/compare/ColumnFitter.h"
#include "ui/compare/ComparisonModel.h"
#include "ui/compare/ComparisonProxy.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

#include <set>

namespace gpuplanner::ui {

ComparisonPanel::ComparisonPanel(QWidget *parent)
    : QWidget(parent), m_model(new ComparisonModel(this)), m_proxy(new ComparisonProxy(this)),
      m_view(new QTableView(this)), m_scatter(new CostTimeChart(this)), m_bars(new CostBarsChart(this)),
      m_summary(new QLabel(this)), m_details(new QTextBrowser(this)), m_columnFitter(new ColumnFitter(m_view))
{
    m_proxy->setSourceModel(m_model);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(ComparisonModel::Rank, Qt::AscendingOrder); // the plan's ranking
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    // Tab leaves the table for the next control; the arrow keys move inside it.
    m_view->setTabKeyNavigation(false);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->setVisible(false);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    m_view->setWordWrap(false);
    m_view->setToolTip(tr("Options ranked by the plan; click a header to sort, right-click it to choose columns."));
    m_view->setAccessibleName(tr("Options"));

    m_summary->setObjectName(QStringLiteral("planSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    // Everything about the selected option; it scrolls when it is longer than the pane.
    m_details->setObjectName(QStringLiteral("optionDetails"));
    m_details->setReadOnly(true);
    m_details->setOpenLinks(false);
    m_details->setFrameShape(QFrame::NoFrame);
    showFocusFrame(m_details);
    m_details->setMinimumWidth(260);
    m_showRest.setSingleShot(true);
    m_showRest.setInterval(0);
    connect(&m_showRest, &QTimer::timeout, this, &ComparisonPanel::showRest);
    m_details->setAccessibleName(tr("Details of the selected option"));
    m_details->viewport()->setAutoFillBackground(false);
    // The details of an option run longer than the pane: a scroll bar that came and went with
    // each plan would lay the text out twice (without it, then with it).
    m_details->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);

    auto *top = new QWidget(this);
    auto *topLayout = new QVBoxLayout(top);
    m_topLayout = topLayout;
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_summary);
    topLayout->addWidget(createFilters());
    topLayout->addWidget(m_view, 1);

    auto *chartsSplitter = new QSplitter(Qt::Horizontal, this);
    chartsSplitter->addWidget(m_scatter);
    chartsSplitter->addWidget(m_bars);
    chartsSplitter->addWidget(m_details);
    chartsSplitter->setStretchFactor(0, 3);
    chartsSplitter->setStretchFactor(1, 3);
    chartsSplitter->setStretchFactor(2, 2);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(top);
    splitter->addWidget(chartsSplitter);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &ComparisonPanel::onTableSelection);
    connect(m_scatter, &CostTimeChart::pointClicked, this, &ComparisonPanel::selectId);
    connect(m_bars, &CostBarsChart::barClicked, this, &ComparisonPanel::selectId);
    connect(m_view->horizontalHeader(), &QHeaderView::customContextMenuRequested, this,
            [this](const QPoint &pos) { m_columnsMenu->popup(m_view->horizontalHeader()->mapToGlobal(pos)); });
    m_summary->setText(tr("Waiting for the catalog…"));
}

QWidget *ComparisonPanel::createFilters()
{
    auto *bar = new QWidget(this);
    auto *row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    m_usable = new QCheckBox(tr("Usable onl&y"), bar);
    m_usable->setChecked(true);
    m_usable->setToolTip(tr("Hide options that do not fit or break a hard limit; uncheck to see why they fail."));
    m_pareto = new QCheckBox(tr("Pareto front"), bar);
    m_pareto->setToolTip(tr("Only options no other option beats on both cost and time."));
    m_provider = new QComboBox(bar);
    m_provider->setAccessibleName(tr("Provider filter"));
    m_provider->setToolTip(tr("Show one provider's options."));
    m_provider->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_billing = new QComboBox(bar);
    m_billing->setAccessibleName(tr("Billing filter"));
    m_billing->setToolTip(tr("Show one billing model."));
    m_billing->addItem(tr("All billing"), -1);
    for (core::Billing b : core::kBillings)
        m_billing->addItem(BillingNames::billing(b), int(b));
    m_text = new QLineEdit(bar);
    m_text->setPlaceholderText(tr("Filter provider, instance, GPU, region"));
    m_text->setClearButtonEnabled(true);
    m_text->setToolTip(tr("Show options whose provider, instance, GPUs or region contain this text."));
    auto *textLabel = new QLabel(tr("Filter te&xt:"), bar);
    textLabel->setBuddy(m_text);
    m_columns = new QToolButton(bar);
    m_columns->setText(tr("Col&umns"));
    m_columns->setToolTip(tr("Choose the columns of the table."));
    m_columns->setPopupMode(QToolButton::InstantPopup);
    m_columnsMenu = new QMenu(m_columns);
    for (int c = 0; c < ComparisonModel::ColumnCount; ++c) {
        QAction *a = m_columnsMenu->addAction(ComparisonModel::columnTitle(c));
        a->setCheckable(true);
        const bool shown = !ComparisonModel::optionalColumn(c);
        a->setChecked(shown);
        m_view->setColumnHidden(c, !shown);
        connect(a, &QAction::toggled, this, [this, c](bool on) { m_view->setColumnHidden(c, !on); });
        if (c == ComparisonModel::CostPerMillionTokens)
            m_tokenCostColumn = a;
    }
    m_columns->setMenu(m_columnsMenu);
    // The cost per million tokens sits beside the hourly price, where a person compares prices.
    m_view->horizontalHeader()->moveSection(m_view->horizontalHeader()->visualIndex(ComparisonModel::CostPerMillionTokens),
                                            m_view->horizontalHeader()->visualIndex(ComparisonModel::PricePerHour) + 1);
    // Long instance names (datacrunch__8xH100_80GB__176__1480__SPOT) are elided, whole in their tooltip.
    m_columnFitter->setMaximumCharacters(ComparisonModel::Instance, 26);
    // The costs come before the GPU-hours, whose P10-P90 range makes them wide: on a laptop the
    // costs stay on screen. The best case sits beside the expected GPU-hours it is the floor of.
    QHeaderView *header = m_view->horizontalHeader();
    header->moveSection(header->visualIndex(ComparisonModel::GpuHours), header->visualIndex(ComparisonModel::CostP90));
    header->moveSection(header->visualIndex(ComparisonModel::BestCaseGpuHours),
                        header->visualIndex(ComparisonModel::GpuHours) + 1);

    row->addWidget(m_usable);
    row->addWidget(m_pareto);
    row->addWidget(m_provider);
    row->addWidget(m_billing);
    row->addWidget(textLabel);
    row->addWidget(m_text, 1);
    // What the filters and the sort do to the table is said next to them, with a way back.
    m_hidden = new QLabel(bar);
    m_clearFilters = new QToolButton(bar);
    m_clearFilters->setText(tr("Clear filters"));
    m_clearFilters->setToolTip(tr("Show every usable option again."));
    m_rankOrder = new QToolButton(bar);
    m_rankOrder->setText(tr("Rank order"));
    m_rankOrder->setToolTip(tr("Sort the table by the plan's ranking again (the recommendation first)."));
    row->addWidget(m_hidden);
    row->addWidget(m_clearFilters);
    row->addWidget(m_rankOrder);
    row->addWidget(m_columns);
    connect(m_clearFilters, &QToolButton::clicked, this, [this] {
        m_usable->setChecked(true);
        m_pareto->setChecked(false);
        m_provider->setCurrentIndex(0);
        m_billing->setCurrentIndex(0);
        m_text->clear();
    });
    connect(m_rankOrder, &QToolButton::clicked, this, [this] {
        m_view->sortByColumn(ComparisonModel::Rank, Qt::AscendingOrder);
        syncTableSelection();
    });
    connect(m_view->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, [this] { updateFilterState(); });

    connect(m_usable, &QCheckBox::toggled, this, [this](bool on) { m_proxy->setUsableOnly(on); syncTableSelection(); });
    connect(m_pareto, &QCheckBox::toggled, this, [this](bool on) { m_proxy->setParetoOnly(on); syncTableSelection(); });
    connect(m_provider, &QComboBox::currentIndexChanged, this, [this] {
        m_proxy->setProvider(m_provider->currentData().toString());
        syncTableSelection();
    });
    connect(m_billing, &QComboBox::currentIndexChanged, this, [this] {
        const int b = m_billing->currentData().toInt();
        m_proxy->setBilling(b < 0 ? std::nullopt : std::optional<core::Billing>(core::Billing(b)));
        syncTableSelection();
    });
    connect(m_text, &QLineEdit::textChanged, this, [this](const QString &t) {
        m_proxy->setText(t.trimmed());
        syncTableSelection();
    });
    return bar;
}

void ComparisonPanel::updateFilterState()
{
    const bool filtered = m_pareto->isChecked() || m_provider->currentIndex() > 0 || m_billing->currentIndex() > 0
                          || !m_text->text().trimmed().isEmpty() || !m_usable->isChecked();
    const PlanSnapshotPtr &s = m_model->snapshot();
    // Hidden by the filters the user set: the usable options (or all, with Usable only off) not shown.
    const int reachable = !s ? 0 : (m_usable->isChecked() ? s->result.usable : int(s->result.options.size()));
    const int hidden = std::max(0, reachable - m_proxy->rowCount());
    m_hidden->setText(filtered && hidden > 0 ? tr("%n option(s) hidden by filters", nullptr, hidden) : QString());
    m_hidden->setVisible(filtered && hidden > 0);
    m_clearFilters->setVisible(filtered);
    const QHeaderView *header = m_view->horizontalHeader();
    m_rankOrder->setVisible(header->sortIndicatorSection() != ComparisonModel::Rank
                            || header->sortIndicatorOrder() != Qt::AscendingOrder);
}

void ComparisonPanel::setBusy(bool busy)
{
    m_busy = busy;
    m_view->setCursor(busy ? Qt::BusyCursor : Qt::ArrowCursor);
}

void ComparisonPanel::setSnapshot(const PlanSnapshotPtr &snapshot)
{
    m_syncing = true;
    m_model->setSnapshot(snapshot);
    m_syncing = false;
    populateProviders();
    const PlanSnapshot &s = *m_model->snapshot(); // indexed (its option ids) by the model
    // A serving plan shows its cost per million tokens, the figure people compare with API prices.
    const bool serving = s.request.workload.kind == core::WorkloadKind::Inference;
    if (serving != m_servingShown && m_tokenCostColumn) {
        m_servingShown = serving;
        m_tokenCostColumn->setChecked(serving);
    }
    QString summary;
    if (!s.error.isEmpty()) {
        summary = tr("<b>No plan:</b> %1").arg(s.error.toHtmlEscaped());
    } else {
        // The whole project's figure beside the main run's, worded as the Timeline and the report word it.
        QString recommendation = s.recommendation.toHtmlEscaped();
        if (const QString project = core::projectTotalsLine(s.totals); !project.isEmpty())
            recommendation += QStringLiteral("</b><br><b>") + project.toHtmlEscaped();
        summary = tr("<b>%1</b><br>%2 usable of %3 options · planned in %4 ms")
                      .arg(recommendation)
                      .arg(s.result.usable)
                      .arg(s.result.options.size())
                      .arg(s.planMs, 0, 'f', 0);
    }
    if (summary != m_summary->text())
        m_summary->setText(summary);
    // Every plan starts on its recommendation: an edit that changes the answer shows the new one.
    m_selectedId = s.optionIdOfRow(s.result.recommended);
    m_columnFitter->fit(); // columns the user resized keep their width
    syncTableSelection();
    // The charts and the details follow once the event loop has turned: the table and summary
    // are painted first, and a key pressed meanwhile is answered between the two (laying out
    // and painting everything in one go held the window for more than a frame).
    m_restShown = 0;
    m_showRest.start();
}

void ComparisonPanel::showRest()
{
    // In two turns of the event loop, each laid out and painted before the next: the scatter,
    // then the bars and the details.
    if (m_restShown == 0) {
        m_restShown = 1;
        updateScatter();
        m_showRest.start();
        return;
    }
    updateBars();
    updateReasons();
    Q_EMIT planShown();
}

void ComparisonPanel::addBanner(QWidget *banner)
{
    m_topLayout->insertWidget(0, banner);
}

void ComparisonPanel::populateProviders()
{
    const QString current = m_provider->currentData().toString();
    const PlanSnapshotPtr &s = m_model->snapshot();
    const QList<std::pair<QString, QString>> providers = s ? s->providers : QList<std::pair<QString, QString>>();
    // The same providers as before (most edits): the list stays as it is, as the combo box's
    // size does (a list filled again would lay the panel out again).
    bool same = m_provider->count() == providers.size() + 1 && m_provider->itemText(0) == tr("All providers");
    for (qsizetype i = 0; same && i < providers.size(); ++i)
        same = m_provider->itemText(int(i + 1)) == providers.at(i).first && m_provider->itemData(int(i + 1)).toString() == providers.at(i).second;
    if (same)
        return;
    const QSignalBlocker block(m_provider);
    m_provider->clear();
    m_provider->addItem(tr("All providers"), QString());
    for (const auto &[name, id] : providers)
        m_provider->addItem(name, id);
    const int index = m_provider->findData(current);
    m_provider->setCurrentIndex(std::max(0, index));
    if (index < 0 && !current.isEmpty())
        m_proxy->setProvider(QString());
}

void ComparisonPanel::resetView()
{
    m_usable->setChecked(true);
    m_pareto->setChecked(false);
    m_provider->setCurrentIndex(0);
    m_billing->setCurrentIndex(0);
    m_text->clear();
    m_view->sortByColumn(ComparisonModel::Rank, Qt::AscendingOrder);
    m_selectedId.clear();
    m_columnFitter->forgetUserWidths();
    m_columnFitter->fit();
}

void ComparisonPanel::updateScatter()
{
    const PlanSnapshotPtr &snapshot = m_model->snapshot();
    QList<ScatterPoint> points;
    QString currency = QStringLiteral("USD");
    ScatterX across = ScatterX::Time;
    if (snapshot && snapshot->error.isEmpty()) {
        const PlanSnapshot &s = *snapshot;
        currency = s.request.displayCurrency;
        // Serving options all run the plan's serving months: what sets them apart is how fast
        // each answers, so the chart puts the time per output token across.
        across = ComparisonModel::serving(s) ? ScatterX::Latency : ScatterX::Time;
        for (int i = 0; i < s.result.usable; ++i) {
            const core::PlanOption &o = s.result.options[size_t(i)];
            const bool recommended = i == s.result.recommended;
            if (i < kScatterPoints || o.pareto || recommended) {
                const core::Offer &offer = s.offer(o);
                const QString name = QStringLiteral("%1 %2").arg(offer.providerLabel(), offer.instanceType);
                const double hours = o.timeP50 > 0 ? o.timeP50 : o.hours;
                const QString where = tr("%1\n%2 · %3 · %4 GPUs").arg(name, offer.region, ComparisonModel::billingText(o)).arg(o.gpus);
                if (across == ScatterX::Latency)
                    points.append({s.optionIdOfRow(i), double(o.tpotSeconds), o.cost, o.pareto, recommended,
                                   tr("%1\nCost %2 (P90 %3) · %4 per output token")
                                       .arg(where, core::formatMoney(o.cost, currency), core::formatMoney(o.costP90, currency),
                                            charts::latencyLabel(o.tpotSeconds))});
                else
                    points.append({s.optionIdOfRow(i), hours, o.cost, o.pareto, recommended,
                                   tr("%1\nCost %2 (P90 %3) · time %4")
                                       .arg(where, core::formatMoney(o.cost, currency), core::formatMoney(o.costP90, currency),
                                            core::durationText(hours))});
            }
        }
    }
    // A serving plan's latency target is drawn where it falls among the options.
    const double slo = snapshot && across == ScatterX::Latency ? snapshot->request.workload.inference.tpotTargetS : 0;
    m_scatter->setPoints(points, currency, across, slo);
    m_scatter->setSelectedId(m_selectedId);
}

void ComparisonPanel::updateBars()
{
    const PlanSnapshotPtr &snapshot = m_model->snapshot();
    QList<CostBar> bars;
    QString currency = QStringLiteral("USD");
    if (snapshot && snapshot->error.isEmpty()) {
        const PlanSnapshot &s = *snapshot;
        currency = s.request.displayCurrency;
        // The bars follow the table's ranking (the recommendation is 1) and are numbered with it.
        // Each reads as the shortest description that tells it from the others: its instance
        // type, then billing, region and provider only where another bar shares what comes before.
        const QList<int> ranked = ComparisonModel::rankedRows(s, kBars);
        QList<QStringList> parts;
        for (int i : ranked) {
            const core::PlanOption &o = s.result.options[size_t(i)];
            const core::Offer &offer = s.offer(o);
            parts.append({offer.instanceType, ComparisonModel::billingText(o), offer.region, offer.providerLabel()});
        }
        const auto shortLabel = [&parts](qsizetype k) {
            QStringList shown{parts.at(k).at(0)};
            QList<qsizetype> peers; // the bars this one is not yet told apart from
            for (qsizetype j = 0; j < parts.size(); ++j) {
                if (j != k && parts.at(j).at(0) == parts.at(k).at(0))
                    peers << j;
            }
            for (int part = 1; part < 4 && !peers.isEmpty(); ++part) {
                QList<qsizetype> same;
                for (qsizetype j : std::as_const(peers)) {
                    if (parts.at(j).at(part) == parts.at(k).at(part))
                        same << j;
                }
                if (same.size() == peers.size())
                    continue; // every peer shares it: it tells nothing apart
                shown << parts.at(k).at(part);
                peers = same;
            }
            return shown.join(QStringLiteral(" · "));
        };
        for (qsizetype k = 0; k < ranked.size(); ++k) {
            const int i = ranked.at(k);
            const core::PlanOption &o = s.result.options[size_t(i)];
            const core::Offer &offer = s.offer(o);
            const QString name = QStringLiteral("%1 %2").arg(offer.providerLabel(), offer.instanceType);
            // Numbered: the category axis merges equal labels, and two regions often share one.
            const QString whole = tr("%1. %2 · %3").arg(ComparisonModel::rankOf(s, i)).arg(name, ComparisonModel::billingText(o));
            // What tells the bars apart comes first (instance, billing, region), the provider last:
            // eight bars of one provider all read "Microsoft Azure …" once the axis elides them.
            const QString label = tr("%1. %2").arg(ComparisonModel::rankOf(s, i)).arg(shortLabel(k));
            const QString tip = tr("%1 in %2\nP50 %3, P90 %4")
                                    .arg(whole, offer.region, core::formatMoney(o.costP50 > 0 ? o.costP50 : o.cost, currency),
                                         core::formatMoney(o.costP90 > 0 ? o.costP90 : o.cost, currency));
            bars.append({s.optionIdOfRow(i), label, o.costP50 > 0 ? o.costP50 : o.cost, o.costP90 > 0 ? o.costP90 : o.cost,
                         i == s.result.recommended, tip});
        }
    }
    m_bars->setBars(bars, currency);
    m_bars->setSelectedId(m_selectedId);
}

void ComparisonPanel::updateReasons()
{
    const PlanSnapshotPtr &s = m_model->snapshot();
    const int row = m_model->rowOfId(m_selectedId);
    const core::PlanOption *o = m_model->option(row);
    if (!s || !o) {
        m_details->setHtml(tr("<i>Select an option in the table or a chart to see why it stands where it does.</i>"));
        return;
    }
    const core::Offer &offer = s->offer(*o);
    QString html = tr("<b>%1 %2</b> (%3, %4)").arg(offer.providerLabel().toHtmlEscaped(), offer.instanceType.toHtmlEscaped(),
                                                 offer.region.toHtmlEscaped(), ComparisonModel::billingText(*o));
    if (row == s->result.recommended)
        html += tr("<br><b>Recommended.</b>");
    // Why it stands where it does, then everything behind it: computed for the option selected.
    html += QStringLiteral("<ul style=\"margin-left:-20px\">");
    for (const QString &r : core::optionReasons(offer, s->request, *o))
        html += QStringLiteral("<li>%1</li>").arg(r.toHtmlEscaped());
    html += QStringLiteral("</ul>");
    for (const core::DetailSection &section : core::optionDetails(offer, s->gpuModel(offer.gpu), s->request, *o, s->calibration(offer.gpu), &s->offers)) {
        // Label above value: the pane is narrow, and a value such as the layout is long.
        html += QStringLiteral("<p style=\"margin-top:8px; margin-bottom:0px\"><b>%1</b></p>").arg(section.title.toHtmlEscaped());
        for (const core::DetailLine &line : section.lines)
            html += QStringLiteral("<p style=\"margin-top:2px; margin-bottom:0px\"><i>%1:</i> %2</p>")
                        .arg(line.label.toHtmlEscaped(), line.value.toHtmlEscaped());
    }
    m_details->setHtml(html);
}

const core::Offer *ComparisonPanel::selectedOffer() const
{
    const PlanSnapshotPtr &s = m_model->snapshot();
    const core::PlanOption *o = m_model->option(m_model->rowOfId(m_selectedId));
    return s && o ? &s->offer(*o) : nullptr;
}

void ComparisonPanel::onTableSelection()
{
    if (m_syncing)
        return;
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return;
    const QString id = rows.constFirst().data(ComparisonModel::OptionIdRole).toString();
    if (id == m_selectedId)
        return;
    m_selectedId = id;
    m_scatter->setSelectedId(id);
    m_bars->setSelectedId(id);
    updateReasons();
    Q_EMIT selectionChanged(id);
}

void ComparisonPanel::selectId(const QString &id)
{
    const bool changed = id != m_selectedId;
    m_selectedId = id;
    m_scatter->setSelectedId(id);
    m_bars->setSelectedId(id);
    syncTableSelection();
    updateReasons();
    if (changed)
        Q_EMIT selectionChanged(id);
}

void ComparisonPanel::syncTableSelection()
{
    updateFilterState(); // every filter change and re-plan comes through here
    const QModelIndex source = m_model->index(m_model->rowOfId(m_selectedId), 0);
    const QModelIndex index = m_proxy->mapFromSource(source);
    m_syncing = true;
    if (index.isValid()) {
        m_view->selectionModel()->setCurrentIndex(
            index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_view->scrollTo(index);
    } else {
        m_view->selectionModel()->clearSelection();
    }
    m_syncing = false;
}

} // namespace gpuplanner::ui
